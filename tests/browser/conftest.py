"""Browser tests: Debian's Chromium driven by Playwright, at a phone's size.

Screenshots go to ``test-artifacts/`` (ignored by git) to be looked at.
"""

import inspect
import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

# Playwright's sync API runs an event loop in this thread; the ORM calls made by
# the tests themselves are still plain synchronous calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}
# The longest a test waits for a state of a page (Playwright's expect) before it
# fails: with the machine's cores busy, a few answers in a row take seconds.
expect.set_options(timeout=20_000)


# A test that taps so many milliseconds apart (tests/browser/test_table_browser.py)
# measures the page's timing: `make test` runs it alone, after the tests spread
# over several workers, so that no other browser shares the machine's cores.
TIMED_TAPS = ("tap_gaps", "tap_twice", "double_tap")

# A second tap within this long of the first is the second of a double tap,
# dropped (static/scorepads/table.js, SETTLE_MS).
SETTLE_MS = 1000
# The gaps between a double tap's two taps, as shares of the time a machine
# leaves for them within SETTLE_MS: from taps almost at once to almost a second apart.
GAP_SHARES = (0.05, 0.3, 0.6, 0.9)
# The least time left for the gaps (ms): a machine slower than that cannot make a double tap.
LEAST_ROOM_MS = 400

# The longest a PDF may take to be made and to come (ms): WeasyPrint takes
# seconds on a busy machine.
PDF_MS = 60_000


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)
            function = getattr(item, "function", None)
            if function is not None and any(name in inspect.getsource(function) for name in TIMED_TAPS):
                item.add_marker(pytest.mark.serial)


@pytest.fixture(scope="session")
def chromium():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail("Chromium is missing: `make test` installs Debian's chromium package")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


# Every click the page sees, noted with the time it came and stopped there:
# the taps that measure the machine change nothing.
NOTE_CLICKS = """() => {
  window.clicksSeen = [];
  window.addEventListener("click", (event) => {
    window.clicksSeen.push(performance.now());
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);
}"""


@pytest.fixture(scope="session")
def tap_gaps(chromium, live_server) -> tuple[int, ...]:
    """The gaps (ms) of the double taps the tests make, fitted to this machine.

    Two taps sent at once reach a page some time apart: a few milliseconds on
    an idle machine, a hundred and more when its cores are busy. That stretch,
    the longest of a few double taps on a page of the site, is taken twice
    (once for the taps, once for the unevenness of a busy machine) from the
    page's SETTLE_MS, and the gaps are GAP_SHARES of what is left: the longest
    gap, as the page sees it, is still a double tap's."""
    context = chromium.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.evaluate(NOTE_CLICKS)
    box = page.locator("h1").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    stretches = []
    for _ in range(5):
        page.touchscreen.tap(x, y)
        page.touchscreen.tap(x, y)
        page.wait_for_function("() => window.clicksSeen.length === 2")
        first, second = page.evaluate("window.clicksSeen.splice(0)")
        stretches.append(second - first)
    context.close()
    stretch = max(stretches)
    room = SETTLE_MS - 2 * stretch
    if room < LEAST_ROOM_MS:
        pytest.fail(f"two taps sent at once reach a page {stretch:.0f} ms apart on this machine: no double tap fits in {SETTLE_MS} ms")
    return tuple(round(share * room) for share in GAP_SHARES)


@pytest.fixture
def log_in(live_server, user):
    """Log a browser context in as ``user``: a session made by the test client,
    its cookie given to the browser (the login page itself has its own test)."""

    def add_session(context):
        from django.test import Client

        client = Client()
        client.force_login(user)
        context.add_cookies(
            [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
        )
        return context

    return add_session


@pytest.fixture
def anonymous_phone(chromium):
    """A fresh page the size of a phone (390x844), with touch, logged in as nobody."""
    context = chromium.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def phone(anonymous_phone, log_in):
    """As ``anonymous_phone``, logged in as the ``user`` fixture (Jon)."""
    log_in(anonymous_phone.context)
    return anonymous_phone


@pytest.fixture
def screenshot():
    """Save a full-page screenshot of a page as test-artifacts/NAME.png, one
    image pixel a CSS pixel: the layout as the phone draws it, at a quarter of
    the pixels a twice-dense screen has to encode (the suite takes hundreds)."""
    ARTIFACTS.mkdir(exist_ok=True)

    def take(page, name, full_page=True):
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page, scale="css")
        return path

    return take
