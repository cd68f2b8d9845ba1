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
import time
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from bridge.models import Ruling
from mahjong.models import Hand as MahjongHand
from pad import services
from tests.browser.test_entry_queue_browser import kept_for_offline, mahjong_game, tws_game
from tests.browser.test_large_text_browser import LARGE_TEXT, two_way_street_fill
from tests.browser.test_pad_browser import settled
from tests.browser.test_site_browser import at_size  # noqa: F401
from tests.browser.test_two_way_street_browser import HANDS
from tests.browser.waits import entries_answered, scripts_settled
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

# What the phone's queue holds and whether a service worker controls the
# page: said when a tap's request never comes.
QUEUE_STATE = """async () => ({
  taps: (await window.tapQueue.taps()).map((tap) => tap.state),
  controlled: Boolean(navigator.serviceWorker && navigator.serviceWorker.controller),
  online: navigator.onLine,
  version: document.getElementById("pad-meta") && document.getElementById("pad-meta").value,
  badge: document.getElementById("tap-badge") && document.getElementById("tap-badge").textContent,
})"""

# The longest the test waits for a tap's request to reach the page's route (s).
HELD_REQUEST_SECONDS = 30

# Once the page has drawn what it was given, and what that brought (two frames).
NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"

# The queue that draws what waits (static/scorepads/entry_queue.js), once it has run.
QUEUE_PAGE = "() => Boolean(window.entryQueue)"


@dataclass(frozen=True)
class Game:
    open: Callable  # (user, partnership) -> (address, how many entries the database holds)
    record: Callable  # the entry, made with a finger
    entry: str  # where the next entry's controls are
    kept: str  # what the badge calls one entry kept on the phone
    toast: bool = True
    record_next: Callable | None = None  # the next entry, made with a finger, which may be kept to send later


def gorilla_open(user, partnership):
    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    record_outcomes(game, "MMIPMMPMIM")
    return f"/games/{game.pk}/", lambda: game.hands.count()


def gorilla_record(page):
    page.get_by_role("button", name="Made").tap()
    page.wait_for_selector("#record-heading:text-is('Record hand 12')")
    page.wait_for_selector("[data-toast]:has-text('recorded')")


def gorilla_record_next(page):
    page.get_by_role("button", name="Made").tap()


def tws_open(user, partnership):
    game = tws_game(user)
    return f"/two-way-street/games/{game.pk}/", lambda: TwsHand.objects.filter(game=game).count()


def tws_record(page):
    two_way_street_fill(page, HANDS[0])
    page.get_by_role("button", name="Record hand 1").tap()
    page.wait_for_selector("[data-toast]:has-text('Hand 1 recorded')")


def tws_record_next(page):
    two_way_street_fill(page, HANDS[1])
    page.get_by_role("button", name="Record hand 2").tap()


def mahjong_open(user, partnership):
    game = mahjong_game(user)
    return f"/mah-jongg/games/{game.pk}/", lambda: MahjongHand.objects.filter(game=game).count()


def mahjong_record(page):
    page.locator('label[for="next-winner-none"]').tap()
    page.get_by_role("button", name="Record hand 1").tap()
    page.wait_for_selector("[data-toast]:has-text('Hand 1 recorded')")


def mahjong_record_next(page):
    page.locator('label[for="next-winner-none"]').tap()
    page.get_by_role("button", name="Record hand 2").tap()


def bridge_open(user, partnership):
    return "/bridge/pairs-weighted/", lambda: Ruling.objects.count()


def bridge_record(page):
    page.get_by_label("The other tables' NS scores").fill("+110 x5, +50 x3, -50 x2, -110 x2")
    weights = page.get_by_label("The adjusted outcomes (NS scores) with their weights")
    weights.fill("+110 60%, -50 40%")
    weights.press("Tab")
    page.wait_for_function("() => document.getElementById('working-announcer').textContent !== ''")


GAMES = {
    "gorilla": Game(gorilla_open, gorilla_record, "#record-bar", "tap", record_next=gorilla_record_next),
    "two-way-street": Game(tws_open, tws_record, "#hand-entry", "hand", record_next=tws_record_next),
    "mah-jongg": Game(mahjong_open, mahjong_record, "#hand-entry", "hand", record_next=mahjong_record_next),
    "bridge": Game(bridge_open, bridge_record, ".calculator-form", "ruling", toast=False),
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


def after_an_entry(at_size, live_server, user, partnership, name):  # noqa: F811
    """At every size of phone, with and without text at 200 %: the game's page
    just after an entry made with a finger, with what names the setting and
    how many entries the database holds."""
    for width, height in SIZES:
        for large in (False, True):
            page, count = open_page(at_size, live_server, user, partnership, name, width, height, large)
            GAMES[name].record(page)
            entries_answered(page)
            yield f"{width}x{height}{' at 200 %' if large else ''}", page, count
            page.context.close()


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
    page.evaluate(NEXT_FRAME)
    toast = page.evaluate(SPEAKS, "[data-toast]")
    screenshot(page, f"frame-{name}-{width}x{height}-toast", full_page=False)
    assert toast == {"onScreen": True, "over": []}
    check("after it, the toast speaking")
    # The badge of entries waiting, and (Gorilla) the notice of an entry the other phone moved on.
    drawn_to_stand(page, {"count": 2})
    # Said, the badge is on the screen: held to its top, or (the bars in the
    # page's flow) brought there, beside the toast.
    assert page.evaluate(SPEAKS, "#tap-badge") == {"onScreen": True, "over": []}
    if name == "gorilla":
        page.locator("#record-form").scroll_into_view_if_needed()
        page.evaluate("""() => { const notice = document.querySelector('[data-entry-moved]');
            notice.textContent = notice.dataset.movedOn; notice.hidden = false; }""")
    check("with the badge")
    badge = page.evaluate(SPEAKS, "#tap-badge")
    assert badge["over"] == []
    if not page.evaluate("document.documentElement.classList.contains('bars-in-flow')"):
        assert badge["onScreen"]  # held to the screen's top, wherever the page is scrolled
    if name == "gorilla":
        notice = page.evaluate(SPEAKS, "[data-entry-moved]")
        assert notice["over"] == []
        if page.evaluate("getComputedStyle(document.querySelector('.record-bar')).position") == "fixed":
            assert notice["onScreen"]  # in the bar, never drawn past the screen's top
    screenshot(page, f"frame-{name}-{width}x{height}-badge", full_page=False)


def a_poll_with_nothing_new(response):
    """The pad's poll (every 3 s) answered: nothing new (204)."""
    return response.request.method == "GET" and "hx-request" in response.request.headers and response.status == 204


@pytest.mark.parametrize("name", ["gorilla", "two-way-street", "mah-jongg"])
def test_the_badge_stays_on_the_screen_when_the_pad_is_polled(
    live_server, at_size, user, partnership, name  # noqa: F811
):
    """At 320x568 with text at 200 % (the bars in the page's flow) the badge
    said after an entry stands on the screen beside the toast, below the
    record bar: the pad's poll, answered with nothing new, swaps nothing, and
    the badge stays where it is, not sent to the page's top."""
    page, _ = open_page(at_size, live_server, user, partnership, name, 320, 568, True)
    GAMES[name].record(page)
    entries_answered(page)
    drawn_to_stand(page, {"count": 2})
    assert page.evaluate("document.documentElement.classList.contains('bars-in-flow')")
    assert page.evaluate(SPEAKS, "#tap-badge") == {"onScreen": True, "over": []}
    with page.expect_response(a_poll_with_nothing_new):
        pass
    scripts_settled(page)
    assert page.evaluate(SPEAKS, "#tap-badge") == {"onScreen": True, "over": []}


# Whether the badge and the toast lie over one another, at each place the page
# can be scrolled to: the places where they do.
BADGE_OVER_TOAST = """() => {
  const badge = document.getElementById("queue-frame"), toast = document.querySelector("[data-toast]");
  const over = [];
  const end = document.documentElement.scrollHeight - innerHeight;
  for (let place = 0; place <= end + 10; place += 10) {
    window.scrollTo({ top: place, behavior: "instant" });
    const one = badge.getBoundingClientRect(), other = toast.getBoundingClientRect();
    if (one.height && other.height && other.bottom > one.top && other.top < one.bottom) over.push(place);
  }
  return over;
}"""


def badge_and_toast_apart(page, setting):
    """The badge and, while it speaks, the toast: both on the screen as the
    page stands, over no control, and apart wherever the page is scrolled."""
    page.evaluate(NEXT_FRAME)
    assert page.evaluate(SPEAKS, "#tap-badge") == {"onScreen": True, "over": []}, setting
    # Where the toast stands, if it still speaks: asked once, since its time
    # (six seconds) may end between two questions on a busy machine.
    toast = page.evaluate(SPEAKS, "[data-toast]")
    if toast is not None:
        assert toast == {"onScreen": True, "over": []}, setting
        assert page.evaluate(BADGE_OVER_TOAST) == [], setting


@pytest.mark.parametrize("size", [(320, 568), (390, 844)])
@pytest.mark.parametrize("name", ["gorilla", "two-way-street", "mah-jongg"])
def test_the_badge_of_what_waits_and_the_toast_never_lie_over_one_another(
    live_server, at_size, user, partnership, name, size, screenshot  # noqa: F811
):
    """At 200 % text, the bars in the page's flow: a hand recorded, then the
    phone offline (its toast still speaking), then the next entry kept on the
    phone. However the page is scrolled, the badge and the toast stand
    apart, and both are on the screen as the page stands after each."""
    game = GAMES[name]
    width, height = size
    page, _ = open_page(at_size, live_server, user, partnership, name, width, height, True)
    kept_for_offline(page)
    game.record(page)
    settled(page)
    page.context.set_offline(True)
    expect(page.locator("#tap-badge")).to_have_text("Offline")
    assert page.evaluate("document.documentElement.classList.contains('bars-in-flow')")
    assert page.evaluate(TOAST_SHOWN)
    screenshot(page, f"frame-{name}-{width}x{height}-large-offline", full_page=False)
    badge_and_toast_apart(page, "offline")
    game.record_next(page)
    expect(page.locator("#tap-badge")).to_have_text(f"1 {game.kept} waiting, kept on this phone")
    screenshot(page, f"frame-{name}-{width}x{height}-large-waiting", full_page=False)
    badge_and_toast_apart(page, "an entry waiting")


# The badge drawn as the page's script draws it for what waits.
DRAW_BADGE = "(waits) => window.entryQueue.drawBadge({ offline: true, lastSent: 0, ...waits }, () => {})"


@pytest.mark.parametrize("name", GAMES)
def test_the_badge_says_plainly_what_waits_and_it_fits_the_narrowest_phone_at_200_percent(
    live_server, at_size, user, partnership, name, screenshot  # noqa: F811
):
    """One entry and several, in the game's own word (a tap, a hand, a
    ruling), kept on the phone or being sent, or held for the player's
    choice: said in words, wholly on the screen at 320 px with text at 200 %,
    each word whole, over no control."""
    kept = GAMES[name].kept
    page, _ = open_page(at_size, live_server, user, partnership, name, 320, 568, True)
    page.wait_for_function(QUEUE_PAGE)
    said = {}
    for online in (True, False):
        if not online:
            page.context.set_offline(True)
            expect(page.locator("#tap-badge")).to_have_text("Offline")  # the page's own word, drawn first
        for waits in ({"count": 1}, {"count": 3}, {"count": 2, "held": True}):
            drawn_to_stand(page, waits)
            text = page.locator("#tap-badge").inner_text()
            said[(online, waits["count"], waits.get("held", False))] = text
            assert page.evaluate(SPEAKS, "#tap-badge") == {"onScreen": True, "over": []}, text
            assert page.evaluate("(badge) => badge.scrollWidth <= badge.clientWidth", page.locator("#tap-badge").element_handle()), text
    assert said == {
        (False, 1, False): f"1 {kept} waiting, kept on this phone",
        (False, 3, False): f"3 {kept}s waiting, kept on this phone",
        (False, 2, True): f"Your choice above · 2 more {kept}s waiting",
        (True, 1, False): f"Sending 1 {kept} kept on this phone",
        (True, 3, False): f"Sending 3 {kept}s kept on this phone",
        (True, 2, True): f"Your choice above · 2 more {kept}s waiting",
    }
    drawn_to_stand(page, {"count": 1})
    screenshot(page, f"frame-{name}-320x568-large-badge-words", full_page=False)


# A conflict with the other phone, as the page's script draws it
# (static/scorepads/entry_queue.js): in the page's
# flow at its top, a message and its choices.
DRAW_CONFLICT = """() => {
  const box = window.entryQueue.element("tap-conflicts", "tap-conflicts messages", "alert");
  box.replaceChildren();
  const message = box.appendChild(document.createElement("div"));
  message.className = "message warning";
  message.appendChild(document.createElement("p")).textContent = "Hand 2 from this phone was not recorded: the other phone recorded it first";
  const choices = message.appendChild(document.createElement("p"));
  choices.className = "conflict-choices";
  for (const [label, look] of [["Record it as hand 3", "made"], ["Put it back in the form", "secondary"], ["Drop it", "secondary"]]) {
    const button = choices.appendChild(document.createElement("button"));
    button.type = "button";
    button.className = `tap ${look}`;
    button.textContent = label;
  }
  box.hidden = false;
  window.entryQueue.standClear();
}"""

# Whether the badge (and a conflict's choices) the test drew last still stand.
STANDS = """() => {
  const badge = document.getElementById("tap-badge"), box = document.getElementById("tap-conflicts");
  const drawn = window.frameDrawn;
  return Boolean(drawn && (drawn.said === null || (badge && !badge.hidden && badge.textContent === drawn.said))
    && (!drawn.conflict || (box && !box.hidden && box.querySelector(".conflict-choices"))));
}"""

# The badge (and, with ``conflict``, a conflict's choices) drawn by the test,
# once they stand. The page's queue may still be finishing what the entry set
# off (it reads the phone's store, which takes its time on a busy phone), and
# then draws the badge as its store has it: nothing waits, no badge. So the
# test's are drawn again until they have stood for two frames.
DRAWN_TO_STAND = f"""async ({{ waits, conflict }}) => {{
  const drawBadge = {DRAW_BADGE}, drawConflict = {DRAW_CONFLICT};
  for (let tries = 0; tries < 100; tries += 1) {{
    if (waits) drawBadge(waits);
    if (conflict) drawConflict();
    window.frameDrawn = {{ said: waits ? document.getElementById("tap-badge").textContent : null, conflict }};
    await ({NEXT_FRAME})();
    if (({STANDS})()) return;
  }}
  throw new Error("the page drew its own badge over the test's, again and again");
}}"""


def drawn_to_stand(page, waits, conflict=False):
    """The badge saying ``waits`` (None: no badge drawn) and, with
    ``conflict``, a conflict's choices, drawn by the test and standing."""
    page.wait_for_function(QUEUE_PAGE)
    page.evaluate(DRAWN_TO_STAND, {"waits": waits and {"held": False, **waits}, "conflict": conflict})


# The controls of the frame (the toast's Undo, a conflict's choices) that
# stand less than a finger's breadth from another control of the page: as the
# page stands, then with each control brought onto the screen as a finger's
# scroll or Tab brings it (scrolled into view, clear of what is held to the
# screen). Each control as a finger finds it (a radio button or box drawn as
# its label), counted where it is on the screen and a finger can reach it.
TOO_NEAR = """(finger) => {
  const selector = "input:not([type=hidden]), select, textarea, button, summary, a[href]";
  const frame = () => [...document.querySelectorAll("[data-toast]:not(.faded), #tap-conflicts")].filter((piece) => piece.checkVisibility());
  const targets = [...document.querySelectorAll(selector)].filter((control) => control.checkVisibility() && !control.disabled).map((control) => {
    const box = control.getBoundingClientRect();
    const drawn = control.labels && control.labels.length && (getComputedStyle(control).opacity === "0" || box.width <= 2);
    return drawn ? control.labels[0] : control;
  });
  const reachable = (target) => {
    const box = target.getBoundingClientRect();
    if (!box.width || !box.height || box.bottom <= 0 || box.top >= innerHeight) return false;
    const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1), y = Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1);
    const found = document.elementFromPoint(x, y);
    return found !== null && (target.contains(found) || found.contains(target) || (target.control && target.control === found));
  };
  const name = (control) => control.id || control.getAttribute("for") || control.textContent.trim().slice(0, 30);
  const apart = (one, two) => {
    const a = one.getBoundingClientRect(), b = two.getBoundingClientRect();
    return Math.hypot(Math.max(0, a.left - b.right, b.left - a.right), Math.max(0, a.top - b.bottom, b.top - a.bottom));
  };
  const near = new Set();
  const measure = (when, only) => {
    const pieces = frame();
    const seen = targets.filter(reachable);
    for (const piece of pieces) {
      for (const own of seen.filter((control) => piece.contains(control))) {
        for (const other of seen.filter((control) => !piece.contains(control))) {
          if (only && only !== own && only !== other) continue;
          const gap = apart(own, other);
          if (gap < finger) near.add(`${when}: ${name(own)} ${Math.round(gap)} px from ${name(other)}`);
        }
      }
    }
  };
  measure("as it stands", null);
  for (const target of targets) {
    target.scrollIntoView({ block: "nearest", inline: "nearest" });
    measure(`${name(target)} brought to the screen`, target);
  }
  return [...near];
}"""


# The controls too near the frame's (TOO_NEAR), measured in the same moment
# as the badge and the conflict drawn by the test are seen to stand (null if
# the page's queue has drawn its own over them since).
NEAR_AS_DRAWN = f"(finger) => ({STANDS})() ? ({TOO_NEAR})(finger) : null"


@pytest.mark.parametrize("name", GAMES)
def test_every_control_of_the_frame_stands_a_finger_from_every_control_of_the_page(
    live_server, at_size, user, partnership, name, screenshot  # noqa: F811
):
    """After an entry, its toast speaking, the badge saying what waits and a
    conflict with the other phone shown, at every size of phone, with and
    without text at 200 %: the toast's Undo and the conflict's choices each
    stand a finger's breadth (8 mm) or more from every other control, as the
    page stands after the entry and with each control brought to the screen."""
    game = GAMES[name]
    near = []
    for setting, page, _ in after_an_entry(at_size, live_server, user, partnership, name):
        found = None
        while found is None:
            drawn_to_stand(page, {"held": True, "count": 1}, conflict=True)
            if game.toast:
                assert page.evaluate(TOAST_SHOWN), setting
            found = page.evaluate(NEAR_AS_DRAWN, FINGER)
        near += [f"{setting}, {pair}" for pair in found]
        page.locator("#tap-conflicts").scroll_into_view_if_needed()
        screenshot(page, f"frame-{name}-{setting.replace(' at 200 %', '-large')}-conflict", full_page=False)
    assert near == [], "\n".join(near)


def test_undo_brought_to_the_screen_stands_a_finger_above_the_record_bar_held_to_it(
    live_server, at_size, user, partnership  # noqa: F811
):
    """On a small phone, the bars held to the screen (nothing waits) and a
    conflict shown above the pad, the toast lies below the screen: brought
    up to it, its Undo stands a finger's breadth above the record bar and its
    "Gorilla it out · more", not just clear of the bar."""
    page, _ = open_page(at_size, live_server, user, partnership, "gorilla", 320, 568, False)
    GAMES["gorilla"].record(page)
    entries_answered(page)
    drawn_to_stand(page, None, conflict=True)
    assert not page.evaluate("() => document.documentElement.classList.contains('bars-in-flow')")
    page.evaluate("() => window.scrollTo({ top: 0, behavior: 'instant' })")
    assert page.evaluate(TOO_NEAR, FINGER) == []

# The newest row of the pad (Gorilla's newest mark, given by the pad as
# data-newest; a seated game's newest hand on its sheet): "" when it is on
# the screen and nothing lies over it (what is drawn at its middle, the part
# of it on the screen, is the row), else what is wrong.
NEWEST_SEEN = """() => {
  const pad = document.getElementById("pad");
  const row = pad.querySelector(pad.dataset.newest || "#sheet-rows tr:last-child");
  if (!row) return "no row";
  const box = row.getBoundingClientRect();
  const x = (Math.max(box.left, 0) + Math.min(box.right, innerWidth)) / 2, y = box.top + box.height / 2;
  if (y < 0 || y > innerHeight) return `off the screen (${Math.round(box.top)} of ${innerHeight})`;
  const found = document.elementFromPoint(x, y);
  return found && row.contains(found) ? "" : `under ${found ? found.className || found.tagName : "nothing"}`;
}"""

# The page has brought the newest row of the pad as it now is (static/scorepads/table.js
# says so once it has: data-newest-shown, the version of the pad brought).
NEWEST_BROUGHT = """() => {
  const pad = document.getElementById("pad"), meta = document.getElementById("pad-meta");
  return Boolean(pad && meta && pad.dataset.newestShown === meta.value);
}"""

TWELVE = ["Made", "Lost, impossible"] * 6  # twelve hands, the game even all along


def gorilla_entries(page, address, user, partnership):
    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    page.goto(f"{address}/games/{game.pk}/")
    for number, outcome in enumerate(TWELVE, start=1):
        page.get_by_role("button", name=outcome).tap()
        page.wait_for_selector(f"#record-heading:text-is('Record hand {number + 1}')")
        yield number
        settled(page)


def seated_entries(open_game, fill):
    def entries(page, address, user, partnership):
        page.goto(f"{address}{open_game(user)}")
        for number in (1, 2, 3):
            fill(page, number)
            page.get_by_role("button", name=f"Record hand {number}").tap()
            try:
                page.wait_for_selector(f"[data-toast]:has-text('Hand {number} recorded')")
            except PlaywrightTimeoutError:
                raise AssertionError(
                    f"hand {number}: no toast said it was recorded; the phone's queue: {page.evaluate(QUEUE_STATE)}"
                    f", the toast: {page.locator('[data-toast]').all_inner_texts()}"
                ) from None
            yield number
            settled(page)
    return entries


def tws_fill(page, number):
    two_way_street_fill(page, HANDS[number - 1])


def mahjong_fill(page, number):
    page.locator('label[for="next-winner-none"]').tap()


ENTRIES = {
    "gorilla": gorilla_entries,
    "two-way-street": seated_entries(lambda user: f"/two-way-street/games/{tws_game(user).pk}/", tws_fill),
    "mah-jongg": seated_entries(lambda user: f"/mah-jongg/games/{mahjong_game(user).pk}/", mahjong_fill),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ENTRIES)
def test_the_newest_row_is_on_the_screen_after_each_entry(
    chromium, log_in, live_server, user, partnership, name, size, screenshot
):
    """After each entry made from the bar (twelve of Gorilla's taps, three
    seated hands), at every size of phone: the pad's newest row is on the
    screen, and no piece of the frame lies over it."""
    width, height = size
    context = log_in(chromium.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=2, has_touch=True, is_mobile=True,
    ))
    page = context.new_page()
    unseen = []
    for number in ENTRIES[name](page, live_server.url, user, partnership):
        # The entry answered, and the newest row of the pad it drew brought.
        entries_answered(page)
        page.wait_for_function(NEWEST_BROUGHT)
        seen = page.evaluate(NEWEST_SEEN)
        if seen:
            unseen.append(f"entry {number}: {seen}")
    screenshot(page, f"frame-{name}-{width}x{height}-newest", full_page=False)
    context.close()
    assert unseen == [], "\n".join(unseen)


@pytest.mark.parametrize("size", SIZES)
def test_the_newest_mark_is_on_the_screen_while_its_tap_is_on_its_way(
    chromium, log_in, live_server, user, partnership, size
):
    """Gorilla's pad draws a tap at once, as waiting, before its answer comes:
    with each answer held back until the tap is drawn, the newest mark is on
    the screen, above the record bar, as soon as the tap is (the ninth starts
    a row of its own, which would lie under the bar)."""
    width, height = size
    context = log_in(chromium.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=2, has_touch=True, is_mobile=True,
    ))
    page = context.new_page()
    held = []
    page.route("**/*", lambda route: held.append(route) if route.request.method == "POST" else route.continue_())
    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    page.goto(f"{live_server.url}/games/{game.pk}/")
    unseen = []
    for number, outcome in enumerate(TWELVE[:9], start=1):
        page.get_by_role("button", name=outcome).tap()
        page.wait_for_selector(f"#pad.has-waiting #record-heading:text-is('Record hand {number + 1}')")
        seen = page.evaluate(NEWEST_SEEN)
        if seen:
            unseen.append(f"tap {number}: {seen}")
        # The tap's request held back: the route takes it while the test
        # waits on the page, for as long as a state may take (never for ever).
        given_up = time.monotonic() + HELD_REQUEST_SECONDS
        while not held:
            assert time.monotonic() < given_up, (
                f"tap {number}: its request never reached the page's route; the phone's queue: {page.evaluate(QUEUE_STATE)}"
            )
            page.evaluate(NEXT_FRAME)
        held.pop().continue_()
        entries_answered(page)
        settled(page)
    context.close()
    assert unseen == [], "\n".join(unseen)
