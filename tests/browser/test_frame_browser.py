"""Nothing over an entry: the page's frame (the status line at the top, where
the toast speaks, the badge of what waits above it, the record bar at the
foot) in every game.

A finger on a control of the next entry, at 0.3, 1.3 and 4 s after an entry
(while its toast and Undo speak), reaches that control and undoes nothing, at
the three sizes of phone, with and without text at 200 % (each a test of its
own); the frame never takes more than a third of the screen, and what it says
is on the screen, over no control. The finger is a touch (``page.touchscreen``), which
Chromium aims as it aims a finger, not a mouse."""

import datetime
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from bridge.models import Ruling
from mahjong.models import Hand as MahjongHand
from pad import services
from tests.browser.test_entry_queue_browser import mahjong_game, tws_game
from tests.browser.test_large_text_browser import LARGE_TEXT, two_way_street_fill
from tests.browser.test_site_browser import at_size  # noqa: F401
from tests.browser.test_two_way_street_browser import HANDS
from tests.conftest import record_outcomes
from two_way_street.models import Hand as TwsHand

SIZES = [(320, 568), (390, 844), (844, 390)]
MOMENTS = (0.3, 1.3, 4.0)  # seconds after the entry: the toast (6 s) speaks at each
FINGER = 30  # CSS px: a fingertip, about 8 mm

# Every control of the next entry (under ``root``) that can be seen, each
# scrolled into view as a finger's scroll or Tab brings it: for each, where a
# finger aims (its centre; a radio button or box drawn as its label, the
# label's), and a key to know it by. A closed section's insides are not
# drawn, and so not counted.
CONTROLS = """(root) => {
  const found = [];
  const selector = "input:not([type=hidden]), select, textarea, button, summary, a[href]";
  document.querySelectorAll(root).forEach((holder) => holder.querySelectorAll(selector).forEach((control, index) => {
    if (!control.checkVisibility() || control.disabled) return;
    let target = control;
    const box = control.getBoundingClientRect();
    if (control.labels && control.labels.length && (getComputedStyle(control).opacity === "0" || box.width <= 2)) target = control.labels[0];
    if (!target.getClientRects().length) return;
    found.push(target);
  }));
  window.frameControls = found;
  return found.length;
}"""

AIM = """(index) => {
  const target = window.frameControls[index];
  target.scrollIntoView({ block: "nearest", inline: "nearest" });
  const box = target.getBoundingClientRect();
  window.frameTapped = null;
  return { x: box.left + box.width / 2, y: box.top + box.height / 2,
           key: target.id || target.getAttribute("for") || target.textContent.trim().slice(0, 30) };
}"""

# Whether a tap has come, and what the finger reached: the control aimed at
# (or inside it), or its label's control.
TAPPED = "() => window.frameTapped !== null"
REACHED = """(index) => {
  const target = window.frameControls[index];
  const tapped = window.frameTapped;
  if (!tapped) return "nothing";
  const reached = target.contains(tapped) || (target.control && target.control === tapped)
    || (tapped.labels && [...tapped.labels].includes(target));
  return reached ? "" : `${tapped.tagName} ${tapped.id || tapped.textContent.trim().slice(0, 30)}`;
}"""

# Every tap is taken by the test before the page sees it: what it reached is
# noted, and nothing is recorded, ticked or opened by it.
CATCH_TAPS = """() => {
  window.addEventListener("click", (event) => {
    window.frameTapped = event.target;
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);
}"""

# The toast, where one speaks: whether it is shown.
TOAST_SHOWN = "() => { const toast = document.querySelector('[data-toast]'); return Boolean(toast && !toast.hidden && toast.checkVisibility()); }"

# The frame as it stands on the screen: the height each piece fixed (or held,
# sticky) to the screen takes of it, and the pieces of the frame that say
# something (the toast, the badge, a notice) and where they stand.
FRAME = """() => {
  const pieces = {};
  for (const piece of document.querySelectorAll(".status-bar, [data-toast], #queue-frame, .record-bar, .working-summary")) {
    if (!piece.checkVisibility()) continue;
    const style = getComputedStyle(piece);
    if (style.position !== "fixed" && style.position !== "sticky") continue;
    const box = piece.getBoundingClientRect();
    const stuck = style.position === "fixed" || Math.abs(box.top - parseFloat(style.top || 0)) < 1;
    if (!stuck) continue;
    pieces[piece.id || piece.className] = Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0));
  }
  return pieces;
}"""

# Where a piece of the frame that speaks (the toast, the badge, a notice)
# stands, as the page is: whether it is wholly on the screen, and the
# controls it lies over (whose centre, where a finger aims, it covers).
SPEAKS = """(selector) => {
  const piece = document.querySelector(selector);
  if (!piece || !piece.checkVisibility()) return null;
  const box = piece.getBoundingClientRect();
  const over = [...document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary, label")]
    .filter((control) => !piece.contains(control) && control.checkVisibility())
    .filter((control) => {
      const { left, top, width, height } = control.getBoundingClientRect();
      const x = left + width / 2, y = top + height / 2;
      if (x < box.left || x > box.right || y < box.top || y > box.bottom || y < 0 || y > innerHeight) return false;
      const found = document.elementFromPoint(x, y);
      return found !== null && piece.contains(found);
    })
    .map((control) => (control.id || control.textContent).trim().slice(0, 40));
  return { onScreen: box.top >= -1 && box.bottom <= innerHeight + 1 && box.height > 0, over };
}"""

# The scripts that draw what waits, where the page loads them only when they
# are needed (Gorilla's pad: static/pad/pad.js).
QUEUE_PAGE = """async () => {
  if (window.queuePage) return;
  const source = document.querySelector("meta[name=offline-scripts]").content.split(" ").find((each) => each.includes("queue_page"));
  await new Promise((done) => { const script = document.createElement("script"); script.src = source; script.onload = done; document.head.append(script); });
}"""


@dataclass(frozen=True)
class Game:
    open: Callable  # (user, partnership) -> (address, how many entries the database holds)
    record: Callable  # the entry, made with a finger
    entry: str  # where the next entry's controls are
    toast: bool = True


def gorilla_open(user, partnership):
    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    record_outcomes(game, "MMIPMMPMIM")
    return f"/games/{game.pk}/", lambda: game.hands.count()


def gorilla_record(page):
    page.get_by_role("button", name="Made").tap()
    page.wait_for_selector("#record-heading:text-is('Record hand 12')")
    page.wait_for_selector("[data-toast]:has-text('recorded')")


def tws_open(user, partnership):
    game = tws_game(user)
    return f"/two-way-street/games/{game.pk}/", lambda: TwsHand.objects.filter(game=game).count()


def tws_record(page):
    two_way_street_fill(page, HANDS[0])
    page.get_by_role("button", name="Record hand 1").tap()
    page.wait_for_selector("[data-toast]:has-text('Hand 1 recorded')")


def mahjong_open(user, partnership):
    game = mahjong_game(user)
    return f"/mah-jongg/games/{game.pk}/", lambda: MahjongHand.objects.filter(game=game).count()


def mahjong_record(page):
    page.locator('label[for="next-winner-none"]').tap()
    page.get_by_role("button", name="Record hand 1").tap()
    page.wait_for_selector("[data-toast]:has-text('Hand 1 recorded')")


def bridge_open(user, partnership):
    return "/bridge/pairs-weighted/", lambda: Ruling.objects.count()


def bridge_record(page):
    page.get_by_label("The other tables' NS scores").fill("+110 x5, +50 x3, -50 x2, -110 x2")
    weights = page.get_by_label("The adjusted outcomes (NS scores) with their weights")
    weights.fill("+110 60%, -50 40%")
    weights.press("Tab")
    page.wait_for_function("() => document.getElementById('working-announcer').textContent !== ''")


GAMES = {
    "gorilla": Game(gorilla_open, gorilla_record, "#record-bar"),
    "two-way-street": Game(tws_open, tws_record, "#hand-entry"),
    "mah-jongg": Game(mahjong_open, mahjong_record, "#hand-entry"),
    "bridge": Game(bridge_open, bridge_record, ".calculator-form", toast=False),
}


def open_page(at_size, live_server, user, partnership, name, width, height, large, clock=False):  # noqa: F811
    """The game's page at the size; with ``clock``, the page's clock is the
    test's to pause and run on (Playwright's ``page.clock``)."""
    page = at_size(width, height)
    if clock:
        page.clock.install()
    if large:
        page.context.add_init_script(LARGE_TEXT)
    address, count = GAMES[name].open(user, partnership)
    page.goto(f"{live_server.url}{address}")
    page.wait_for_load_state("networkidle")
    return page, count


def pause_the_clock(page):
    """Stop the page's clock now, or as near now as a busy machine lets the
    order come (a clock is paused at a time still to come: a little ahead,
    more if that time has passed before the order came)."""
    ahead_ms = 50
    while True:
        try:
            page.clock.pause_at((page.evaluate("Date.now()") + ahead_ms) / 1000)  # in seconds
            return
        except PlaywrightError as error:
            if "past" not in str(error):
                raise
            ahead_ms *= 2


def tap_each_control(page, setting, moment, controls, missed):
    """A finger on each control of the next entry, each scrolled into view
    first, as a finger brings it: those it did not reach go in ``missed``."""
    reached = ""
    for index in range(controls):
        aim = page.evaluate(AIM, index)
        page.touchscreen.tap(aim["x"], aim["y"])
        try:
            page.wait_for_function(TAPPED, timeout=2_000)
        except PlaywrightTimeoutError:
            pass  # no tap came: REACHED says so
        reached = page.evaluate(REACHED, index)
        if reached:
            missed.append(f"{setting}, {moment} s: {aim['key']} reached {reached}")


# Each game at each size, with and without large text, a test of its own, so
# that they spread over the workers. The moments after the entry are the
# page's own: its clock (which times the toast, its Undo and the pad's
# settling) is paused when the entry is drawn and run on to each moment, and
# stands still while the finger taps, however long a busy machine takes.
@pytest.mark.parametrize("large", [False, True], ids=["text-100", "text-200"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{width}x{height}" for width, height in SIZES])
@pytest.mark.parametrize("name", GAMES)
def test_a_finger_on_the_next_entry_reaches_it_while_the_toast_speaks(
    live_server, at_size, user, partnership, name, size, large  # noqa: F811
):
    game = GAMES[name]
    width, height = size
    setting = f"{width}x{height}{' at 200 %' if large else ''}"
    page, count = open_page(at_size, live_server, user, partnership, name, width, height, large, clock=True)
    game.record(page)
    pause_the_clock(page)
    entries = count()
    page.evaluate(CATCH_TAPS)
    controls = page.evaluate(CONTROLS, game.entry)
    assert controls >= 3, setting
    missed = []
    passed = 0.0
    for moment in MOMENTS:
        page.clock.run_for(round((moment - passed) * 1000))
        passed = moment
        if game.toast:  # the toast and its Undo speak while the finger comes
            assert page.evaluate(TOAST_SHOWN), (setting, moment)
        tap_each_control(page, setting, moment, controls, missed)
    if game.toast:
        assert page.evaluate(TOAST_SHOWN), (setting, "the toast was gone before the last tap")
    assert count() == entries, setting  # nothing undone, nothing recorded
    assert missed == []


def frame_share(page) -> float:
    pieces = page.evaluate(FRAME)
    return sum(pieces.values()) / page.evaluate("innerHeight"), pieces


@pytest.mark.parametrize("size", [(320, 568), (844, 390)])
@pytest.mark.parametrize("name", ["gorilla", "two-way-street", "mah-jongg"])
def test_the_frame_takes_a_third_of_the_screen_at_most_and_what_it_says_is_on_it(
    live_server, at_size, user, partnership, name, size, screenshot  # noqa: F811
):
    game = GAMES[name]
    width, height = size
    page, _ = open_page(at_size, live_server, user, partnership, name, width, height, True)

    def check(when):
        for scroll in ("0", "document.documentElement.scrollHeight / 2", "document.documentElement.scrollHeight"):
            page.evaluate(f"window.scrollTo(0, {scroll})")
            share, pieces = frame_share(page)
            assert share <= 1 / 3, (when, scroll, pieces)

    check("before the first entry")
    game.record(page)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    toast = page.evaluate(SPEAKS, "[data-toast]")
    screenshot(page, f"frame-{name}-{width}x{height}-toast", full_page=False)
    assert toast == {"onScreen": True, "over": []}
    check("after it, the toast speaking")
    # The badge of entries waiting, and (Gorilla) the notice of an entry the other phone moved on.
    page.evaluate(QUEUE_PAGE)
    page.evaluate("window.queuePage.drawBadge({ held: false, count: 2, problem: '', offline: true, lastSent: 0 }, () => {})")
    if name == "gorilla":
        page.locator("#record-form").scroll_into_view_if_needed()
        page.evaluate("""() => { const notice = document.querySelector('[data-entry-moved]');
            notice.textContent = notice.dataset.movedOn; notice.hidden = false; }""")
    page.wait_for_selector("#tap-badge:not([hidden])")
    check("with the badge")
    badge = page.evaluate(SPEAKS, "#tap-badge")
    assert badge == {"onScreen": True, "over": []}
    if name == "gorilla":
        notice = page.evaluate(SPEAKS, "[data-entry-moved]")
        assert notice["over"] == []
        if page.evaluate("getComputedStyle(document.querySelector('.record-bar')).position") == "fixed":
            assert notice["onScreen"]  # in the bar, never drawn past the screen's top
    screenshot(page, f"frame-{name}-{width}x{height}-badge", full_page=False)
