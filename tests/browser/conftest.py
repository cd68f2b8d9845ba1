"""Browser tests: Debian's Chromium driven by Playwright, at a phone's size.

Screenshots go to ``test-artifacts/`` (ignored by git) to be looked at.
"""

import inspect
import os
import shutil
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; the ORM calls made by
# the tests themselves are still plain synchronous calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}


# A test that taps so many milliseconds apart (tests/browser/test_table_browser.py)
# measures the page's timing: `make test` runs it alone, after the tests spread
# over several workers, so that no other browser shares the machine's cores.
TIMED_TAPS = ("GAPS_MS", "tap_twice", "double_tap")


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
    """Save a full-page screenshot of a page as test-artifacts/NAME.png."""
    ARTIFACTS.mkdir(exist_ok=True)

    def take(page, name, full_page=True):
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return take
