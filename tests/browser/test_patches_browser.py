"""A pad patched tap by tap (scorepads.patches) is the pad drawn whole: after
every tap of a game, in every game, the phone's pad is the one a fresh page of
the same game shows, but for the toast that says what this phone did."""

import datetime

import pytest

from mahjong import services as mahjong
from scorepads.players import Seat
from tests.browser.conftest import SETTLE_MS
from tests.browser.test_frame_browser import pause_the_clock
from tests.browser.waits import HTMX_AT_REST
from tests.browser.words import BROKEN_WORDS
from tests.conftest import record_outcomes
from tests.mahjong.conftest import BEN_WINS
from tests.mahjong.conftest import record as record_mahjong
from tests.two_way_street.conftest import WORKED_HANDS
from tests.two_way_street.conftest import record as record_street
from two_way_street import services as street

PLAYERS = [Seat(name) for name in ("Ann", "Ben", "Cat", "Dan")]

# The pad as it shows, compared: what only this phone's own taps leave (the
# toast, the settling, focus, what the player opened, the masked CSRF tokens)
# taken out.
NORMAL = """(pad) => {
  const copy = pad.cloneNode(true);
  for (const toast of copy.querySelectorAll("[data-toast]")) { toast.replaceChildren(); toast.removeAttribute("hidden"); }
  // What the phone adds to a form as it sends it, the drawing's no part: the CSRF token, the entry's key.
  for (const token of copy.querySelectorAll("input[name=csrfmiddlewaretoken], input[name=entry_key]")) token.remove();
  for (const element of [copy, ...copy.querySelectorAll("*")]) {
    for (const name of ["data-fading", "data-newest-shown", "inert", "style", "tabindex", "open"]) element.removeAttribute(name);
    element.classList.remove("settling", "faded", "htmx-settling", "htmx-added", "htmx-request", "htmx-swapping");
    if (!element.classList.length) element.removeAttribute("class");
  }
  return copy.outerHTML.replace(/>\\s+</g, "><").replace(/\\s+/g, " ");
}"""


class Table:
    """A phone tapping on a pad, and a fresh page of the same pad to compare it with."""

    def __init__(self, phone, url):
        self.phone, self.url = phone, url
        self.fresh = phone.context.new_page()
        self.patches = 0
        phone.on("response", self.count)
        # Its polls hear that its pad is current (204): the pad changes by its
        # own taps alone, and no poll crosses a tap (the clock run on after a
        # pause calls the polls it held back at once).
        phone.route(lambda address: "version=" in address, lambda route: route.fulfill(status=204))
        phone.clock.install()  # running as the real one, but for a tap whose toast is tapped next
        phone.goto(url)

    def count(self, response):
        if response.request.method == "POST" and response.headers.get("x-pad-patch"):
            self.patches += 1

    def tap(self, control, toast_next=None, last=False):
        """Tap ``control`` and compare the pad patched with a fresh one. With
        ``toast_next`` (a control of the toast the answer brings, tapped
        next), the page's clock stands from the answer on but for the pad's
        settling: the toast speaks on however long the comparing takes. The
        ``last`` tap leaves the clock standing: its toast is looked at next."""
        before = self.patches
        with self.phone.expect_response(lambda response: response.request.method == "POST"):
            control.click()
        if toast_next is not None:
            self.phone.wait_for_function(HTMX_AT_REST)  # the answer drawn
            toast_next.wait_for()
            pause_the_clock(self.phone)
            self.phone.clock.run_for(SETTLE_MS + 100)
        self.phone.wait_for_function("() => !document.querySelector('#pad.settling')")
        assert self.patches == before + 1, "the tap was answered with the whole pad"
        self.same_as_fresh()
        if toast_next is not None and not last:
            self.phone.clock.resume()

    def same_as_fresh(self):
        self.fresh.goto(self.url)
        patched = self.phone.locator("#pad").evaluate(NORMAL)
        drawn = self.fresh.locator("#pad").evaluate(NORMAL)
        if patched != drawn:
            at = next(index for index, (one, other) in enumerate(zip(patched, drawn)) if one != other)
            pytest.fail(f"patched: …{patched[max(0, at - 200):at + 200]}…\nwhole:   …{drawn[max(0, at - 200):at + 200]}…")


# The lines a button's words take on the screen.
LINES_OF_WORDS = """(button) => {
  const range = document.createRange();
  range.selectNodeContents(button);
  return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
}"""



def at_phone_sizes(phone, screenshot, name):
    """The patched pad as the phone shows it after its last tap (its toast
    held, the page's clock standing), at each size, to be looked at; the
    toast's Undo or Redo one word on one line, and no word of the record
    bar's buttons broken, at every size."""
    undo = phone.locator(".toast button")
    for width, height in ((320, 568), (390, 844), (844, 390)):
        phone.set_viewport_size({"width": width, "height": height})
        assert undo.evaluate(LINES_OF_WORDS) == 1, (width, height)
        screenshot(phone, f"patched-{name}-{width}x{height}", full_page=False)
        for button in phone.locator(".record-bar button").all():
            assert button.evaluate(BROKEN_WORDS) == [], (width, height, button.inner_text())
    phone.set_viewport_size({"width": 390, "height": 844})


def test_a_gorilla_pad_patched_tap_by_tap_is_the_pad_drawn_whole(live_server, phone, game, screenshot):
    record_outcomes(game, "MIMPMIIM")  # 4-4: the game goes on past 8-8 soon
    table = Table(phone, f"{live_server.url}/games/{game.pk}/")
    button = phone.get_by_role
    for name in ("Made", "Lost, possible", "Lost, impossible", "Made", "Made"):
        table.tap(button("button", name=name, exact=False).first)
    phone.locator("#record-more summary").click()
    table.tap(button("button", name="Fates' point (I)"))
    assert phone.locator("#record-more").get_attribute("open") is not None  # the tap leaves it open
    phone.locator("#irregularity").fill("card exposed")
    table.tap(button("button", name="Lost to an irregularity (I)"), toast_next=phone.locator(".toast button", has_text="Undo"))
    table.tap(phone.locator(".toast button", has_text="Undo"), toast_next=phone.locator(".toast button", has_text="Redo"))
    table.tap(phone.locator(".toast button", has_text="Redo"))
    table.tap(phone.locator(".corrections button"))
    phone.locator("#dealer-took").check()
    table.tap(button("button", name="Made", exact=False).first)
    for _ in range(4):  # to the end of the game
        if not phone.locator(".record-bar").count():
            break
        table.tap(button("button", name="Made", exact=False).first)
    assert phone.locator(".finished-actions button", has_text="Rematch").is_visible()
    table.tap(phone.locator(".corrections button"), toast_next=phone.locator(".toast button"), last=True)  # undone, and the game reopened
    assert phone.locator(".record-bar").is_visible()
    at_phone_sizes(phone, screenshot, "gorilla")


def test_a_two_way_street_sheet_patched_tap_by_tap_is_the_sheet_drawn_whole(live_server, phone, user, screenshot):
    game = street.game_start(seats=PLAYERS, target=100, date=datetime.date(2026, 7, 9), user=user)
    record_street(game, WORKED_HANDS[:1])
    table = Table(phone, f"{live_server.url}/two-way-street/games/{game.pk}/")
    for number in (2, 3):
        phone.locator("#next-tricks-1").fill("3")
        phone.locator("#next-tricks-2").fill("2")
        last = number == 3  # its toast's Undo is tapped next
        table.tap(
            phone.get_by_role("button", name=f"Record hand {number}"),
            toast_next=phone.locator(".toast button", has_text="Undo") if last else None,
        )
    table.tap(phone.locator(".toast button", has_text="Undo"), toast_next=phone.locator(".toast button", has_text="Redo"))
    table.tap(phone.locator(".toast button", has_text="Redo"))
    table.tap(phone.locator(".corrections button"), toast_next=phone.locator(".toast button"), last=True)
    at_phone_sizes(phone, screenshot, "two-way-street")


def test_a_mah_jongg_sheet_patched_tap_by_tap_is_the_sheet_drawn_whole(live_server, phone, user, screenshot):
    game = mahjong.game_start(seats=PLAYERS, date=datetime.date(2026, 7, 9), user=user)
    record_mahjong(game, [BEN_WINS])
    table = Table(phone, f"{live_server.url}/mah-jongg/games/{game.pk}/")
    for number in (2, 3):
        phone.locator('label[for="next-winner-2"]').click()
        for seat, score in ((1, "10"), (2, "40"), (3, "0"), (4, "8")):
            phone.locator(f"#next-score-{seat}").fill(score)
        last = number == 3  # its toast's Undo is tapped next
        table.tap(
            phone.get_by_role("button", name=f"Record hand {number}"),
            toast_next=phone.locator(".toast button", has_text="Undo") if last else None,
        )
    table.tap(phone.locator(".toast button", has_text="Undo"), toast_next=phone.locator(".toast button", has_text="Redo"))
    table.tap(phone.locator(".toast button", has_text="Redo"))
    table.tap(phone.locator(".corrections button"), toast_next=phone.locator(".toast button"), last=True)
    at_phone_sizes(phone, screenshot, "mah-jongg")
