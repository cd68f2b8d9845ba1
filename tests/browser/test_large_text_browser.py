"""Every game's page of entries at 320×568 with text at 200 %: nothing is wider
than the screen (the page never scrolls sideways), no word of an entry
control is broken or cut, the record bar's controls are on the screen, Tab
never lands on a control under a fixed bar nor in a faded toast, and a record
and a refusal are each said once.

The pages: Gorilla's pad, the Two Way Street and Mah Jongg sheets, the Mah
Jongg scorer of a game and the bridge calculator (which has no record bar: the
line of its result is kept at the top instead). Each page says once how it is
opened, what a successful entry is on it and what a refused one is
(:data:`PAGES`); the checks are the same for all."""

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from pad import services
from tests.browser.test_entry_queue_browser import mahjong_game, tws_game
from tests.browser.test_mahjong_browser import BEN_TILES
from tests.browser.test_pad_browser import settled
from tests.browser.test_site_browser import at_size  # noqa: F401
from tests.browser.test_two_way_street_browser import HANDS
from tests.conftest import record_outcomes

WIDTH, HEIGHT = 320, 568
# Text at 200 %, as the phone's setting makes it, on every page the phone opens:
# set before the page's own scripts measure the bars.
LARGE_TEXT = "document.addEventListener('DOMContentLoaded', () => { document.documentElement.style.fontSize = '200%'; });"
TAB_STEPS = 150

# The elements drawn past the screen's left or right edge: what would scroll
# sideways, or be cut off at the left. Not those an element around them clips
# (a table that scrolls in its own box, the words kept for a screen reader),
# nor those in a closed section, which are not drawn.
OFF_THE_SCREEN = """(width) => {
  const clipped = (element) => {
    for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
      if (getComputedStyle(node).overflowX !== "visible") return true;
    }
    return false;
  };
  const shut = (element) => {
    const details = element.closest("details:not([open])");
    return details !== null && !details.querySelector(":scope > summary").contains(element);
  };
  return [...document.querySelectorAll("body *")]
    .filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width && (box.left < -1 || box.right > width + 1) && !shut(element) && !clipped(element);
    })
    .slice(0, 10)
    .map((element) => `${element.tagName}.${element.className}: ${element.textContent.trim().slice(0, 30)}`);
}"""

# The words of every entry control (its label, legend, button, summary) and of
# each name in the standings that are not whole: broken across lines, or
# running over their control's edge. Not text the page cuts to one line on
# purpose (a tile's family, a hint under its face).
WORDS_NOT_WHOLE = r"""() => {
  const selector = "main h1, main h2, main label, main legend, main button, main summary, main a.tap, main .standing-name";
  const found = [];
  for (const control of document.querySelectorAll(selector)) {
    if (!control.getClientRects().length || control.closest(".visually-hidden")) continue;
    const box = control.getBoundingClientRect();
    const texts = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      const holder = getComputedStyle(text.parentElement);
      if (text.parentElement.closest(".visually-hidden") || (holder.whiteSpace === "nowrap" && holder.overflowX === "hidden")) continue;
      for (const word of text.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0.5);
        const lines = new Set(rects.map((rect) => Math.round(rect.top))).size;
        const over = rects.some((rect) => rect.left < box.left - 1 || rect.right > box.right + 1);
        if (lines > 1 || over) found.push(`${control.tagName} ${control.id}: "${word[0]}" ${lines > 1 ? "broken" : "over the edge"}`);
      }
    }
  }
  return found;
}"""

# Every control of the record bar (its "more" opened), each scrolled into view
# as a finger or Tab brings it: those not wholly on the screen then.
RECORD_BAR_OFF_SCREEN = """() => {
  const bar = document.querySelector(".record-bar");
  for (const details of bar.querySelectorAll("details")) details.open = true;
  const off = [];
  const controls = bar.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary");
  for (const control of controls) {
    if (!control.getClientRects().length) continue;
    control.scrollIntoView({ block: "nearest", inline: "nearest" });
    const box = control.getBoundingClientRect();
    if (box.left < -1 || box.top < -1 || box.right > innerWidth + 1 || box.bottom > innerHeight + 1) {
      off.push(`${control.id || control.textContent.trim()}: ${Math.round(box.left)},${Math.round(box.top)} to ${Math.round(box.right)},${Math.round(box.bottom)}`);
    }
  }
  return off;
}"""

# Where focus is, once the browser has scrolled it into view: what it is, the
# fixed or sticky bars (the status line, the record bar, the calculator's
# result line) its box meets, and whether it is in the toast. A radio button
# drawn as its label (the toggles) shows its focus on the label: the label's
# box is the one compared.
FOCUS = """() => {
  const focused = document.activeElement;
  if (!focused || focused === document.body || focused === document.documentElement) return null;
  const hiddenUnder = focused.labels && focused.labels.length
    && (getComputedStyle(focused).opacity === "0" || focused.getBoundingClientRect().width <= 2);
  const box = (hiddenUnder ? focused.labels[0] : focused).getBoundingClientRect();
  const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const covering = [...document.querySelectorAll(".status-bar, .record-bar, .working-summary")]
    .filter((bar) => ["fixed", "sticky"].includes(getComputedStyle(bar).position) && bar.getClientRects().length)
    .filter((bar) => !bar.contains(focused) && meets(box, bar.getBoundingClientRect()))
    .map((bar) => `${bar.className} ${Math.round(bar.getBoundingClientRect().top)}-${Math.round(bar.getBoundingClientRect().bottom)}`);
  return {
    key: focused.id || `${focused.tagName} ${(focused.getAttribute("aria-label") || focused.textContent).trim().slice(0, 40)}`,
    box: `${Math.round(box.top)}-${Math.round(box.bottom)}`,
    covering,
    inToast: Boolean(focused.closest("[data-toast]")),
  };
}"""

# The controls a shown toast lies over: a tap meant for one of them would
# reach the toast (its Undo) or nothing.
TOAST_COVERS = """() => {
  const toast = document.querySelector("[data-toast]:not([hidden])");
  if (!toast) return [];
  const box = toast.getBoundingClientRect();
  const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  return [...document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary, label")]
    .filter((control) => !toast.contains(control) && control.checkVisibility())  // not in a closed section
    .filter((control) => meets(box, control.getBoundingClientRect()))
    .map((control) => (control.id || control.textContent).trim().slice(0, 40));
}"""

# The live regions a screen reader follows (the outermost, where one holds
# another), with what each holds.
LIVE_REGIONS = """() => {
  const selector = "[aria-live]:not([aria-live=off]), [role=status], [role=alert], [role=log], output";
  return [...document.querySelectorAll(selector)]
    .filter((region) => region.getClientRects().length && !region.parentElement.closest(selector))
    .map((region) => [region.id || region.className, region.textContent]);
}"""


def plain(text: str) -> str:
    """``text`` without the marks that isolate a name, its spaces run together."""
    return " ".join(text.replace("\u2068", "").replace("\u2069", "").split())


# What is done on each page: the address it opens (from the Gorilla ``game``
# and the ``user``), a successful entry and a refused one, each of which
# returns the message that is to be said.


def gorilla_address(game, user):
    record_outcomes(game, "MMIPMMPMIM")
    return f"/games/{game.pk}/"


def gorilla_record(page):
    page.get_by_role("button", name="Made").click()
    page.wait_for_selector("#record-heading:text-is('Record hand 12')")
    settled(page)
    return "Hand 11 · M recorded"


def gorilla_refuse(page):
    """Hand 11 sent again, as a resent request or a pad drawn before it carries it."""
    page.evaluate("document.querySelectorAll('#record-form .next-number').forEach((field) => { field.value = '11'; })")
    page.get_by_role("button", name="Lost, possible").click()
    page.wait_for_selector("[data-toast]:has-text('already on the pad')")
    settled(page)
    return "Hand 11 is already on the pad"


def two_way_street_address(game, user):
    return f"/two-way-street/games/{tws_game(user).pk}/"


def two_way_street_fill(page, hand):
    for seat, (tricks, direction, choice) in enumerate(hand, start=1):
        page.locator(f"#next-tricks-{seat}").fill(str(tricks))
        page.locator(f'label[for="next-direction-{seat}-{direction}"]').click()
        page.locator(f'label[for="next-choice-{seat}-{choice}"]').click()


def two_way_street_record(page):
    two_way_street_fill(page, HANDS[0])
    page.get_by_role("button", name="Record hand 1").click()
    page.wait_for_selector("[data-toast]:has-text('Hand 1 recorded')")
    settled(page)
    return "Hand 1 recorded"


def two_way_street_refuse(page):
    two_way_street_fill(page, HANDS[1])
    page.locator("#next-tricks-in-hand").fill("13")  # they add up to 12
    page.get_by_role("button", name="Record hand 2").click()
    page.wait_for_selector("[data-error-summary]")
    settled(page)
    return "The tricks add up to 12, but the hand had 13."


def mahjong_address(game, user):
    return f"/mah-jongg/games/{mahjong_game(user).pk}/"


def mahjong_record(page):
    page.locator('label[for="next-winner-none"]').click()
    page.get_by_role("button", name="Record hand 1").click()
    page.wait_for_selector("[data-toast]:has-text('Hand 1 recorded')")
    settled(page)
    return "Hand 1 recorded"


def mahjong_refuse(page):
    page.locator('label[for="next-winner-2"]').click()  # Ben won, and nobody's score is given
    page.get_by_role("button", name="Record hand 2").click()
    page.wait_for_selector("[data-error-summary]")
    settled(page)
    return plain(page.locator("[data-error-summary] li").first.inner_text())


def scorer_address(game, user):
    return f"/mah-jongg/scorer/?game={mahjong_game(user).pk}"


def scorer_record(page):
    page.wait_for_selector("[data-tile-grid]:not([hidden])")
    for tile in BEN_TILES:
        page.locator(f'[data-tile="{tile}"]').click()
    page.locator('label[for="own-S"]').click()
    page.locator('label[for="last-wall"]').click()
    page.wait_for_selector(".card-score >> text=300")
    page.wait_for_load_state("networkidle")
    return "Score 300: 38 × 2³ = 304, rounded to 300."


def scorer_refuse(page):
    page.locator('[data-tile="E"]').click()  # a fourth East: 15 tiles, which form nothing
    page.wait_for_selector("#score-card .message.warning")
    page.wait_for_load_state("networkidle")
    return plain(page.locator("#score-card .message.warning").first.inner_text())


def bridge_address(game, user):
    return "/bridge/pairs-weighted/"


def bridge_record(page):
    page.get_by_label("The other tables' NS scores").fill("+110 x5, +50 x3, -50 x2, -110 x2")
    weights = page.get_by_label("The adjusted outcomes (NS scores) with their weights")
    weights.fill("+110 60%, -50 40%")
    weights.press("Tab")
    page.wait_for_function("() => document.getElementById('working-announcer').textContent !== ''")
    return "Working: NS 13.8 MP · EW 10.2 MP."


def bridge_refuse(page):
    weights = page.get_by_label("The adjusted outcomes (NS scores) with their weights")
    weights.fill("+110 60%, -50 30%")
    weights.press("Tab")
    page.wait_for_function("() => document.getElementById('working-announcer').textContent.startsWith('No working')")
    return "The weights add up to 90%"


@dataclass(frozen=True)
class EntryPage:
    address: Callable
    record: Callable
    refuse: Callable
    announcer: str  # the live region that says what an entry did
    toast: bool  # an entry is shown in a toast, which fades


PAGES = {
    "gorilla": EntryPage(gorilla_address, gorilla_record, gorilla_refuse, "#pad-announcer", toast=True),
    "two-way-street": EntryPage(two_way_street_address, two_way_street_record, two_way_street_refuse, "#pad-announcer", toast=True),
    "mah-jongg": EntryPage(mahjong_address, mahjong_record, mahjong_refuse, "#pad-announcer", toast=True),
    "mah-jongg-scorer": EntryPage(scorer_address, scorer_record, scorer_refuse, "#card-status", toast=False),
    "bridge": EntryPage(bridge_address, bridge_record, bridge_refuse, "#working-announcer", toast=False),
}
WITH_A_RECORD_BAR = [name for name in PAGES if name != "bridge"]


def hand_list_address(game, user):
    record_outcomes(game, "MMIPMMPMIM")
    return f"/games/{game.pk}/hands/all/"


def history_address(game, user):
    record_outcomes(game, "MMIPMMPMIM")
    return "/games/"


def partnership_address(game, user):
    record_outcomes(game, "MMMMIIIPPPIMMMMIMM")  # won: the page has its results and statistics
    services.game_rematch(game=game, date=game.date)
    return f"/partnerships/{game.partnership_id}/"


# The pages read rather than entered on (or entered on without a record bar),
# with the address each opens: they too fit the screen with their words whole.
READING_PAGES = {
    "gorilla-hand-list": hand_list_address,
    "history": history_address,
    "partnership": partnership_address,
    "bridge-teams-serious-error": lambda game, user: "/bridge/teams-serious-error/",
}
ADDRESSES = {name: entry.address for name, entry in PAGES.items()} | READING_PAGES


def open_with_large_text(at_size, live_server, address):  # noqa: F811
    """A 320×568 phone with text at 200 %, logged in, on ``address``."""
    page = at_size(WIDTH, HEIGHT)
    page.context.add_init_script(LARGE_TEXT)
    page.goto(f"{live_server.url}{address}")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.documentElement.style.fontSize") == "200%"
    return page


def tab_through(page) -> list[dict]:
    """Tab from the top of the page until focus wraps round (or TAB_STEPS):
    where focus was at each step, as :data:`FOCUS` says."""
    page.evaluate("window.scrollTo(0, 0)")
    page.locator(".skip-link").focus()  # the page's first stop, wherever focus was
    steps = [page.evaluate(FOCUS)]
    for _ in range(TAB_STEPS):
        page.keyboard.press("Tab")
        where = page.evaluate(FOCUS)
        if where is None or where["key"] == steps[0]["key"]:
            return steps
        steps.append(where)
    raise AssertionError(f"Tab never came round in {TAB_STEPS} steps: {[step['key'] for step in steps[-5:]]}")


def said(page, message: str) -> dict[str, int]:
    """How many times each live region holding ``message`` holds it."""
    counts = {name: plain(text).count(message) for name, text in page.evaluate(LIVE_REGIONS)}
    return {name: count for name, count in counts.items() if count}


def fits_the_screen(page, what: str) -> None:
    off = page.evaluate(OFF_THE_SCREEN, WIDTH)
    assert off == [], what
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH, what


@pytest.mark.parametrize("page_of", ADDRESSES)
def test_large_text_never_scrolls_sideways(live_server, at_size, game, user, page_of, screenshot):  # noqa: F811
    page = open_with_large_text(at_size, live_server, ADDRESSES[page_of](game, user))
    screenshot(page, f"large-text-{page_of}-320x568", full_page=False)
    fits_the_screen(page, "as it opens")
    # Every section of the page opened (the record bar's "more", another
    # calculation, ...), then each menu of the header.
    page.evaluate("document.querySelectorAll('main details').forEach((details) => { details.open = true; })")
    screenshot(page, f"large-text-{page_of}-320x568-opened")
    fits_the_screen(page, "every section opened")
    for number, menu in enumerate(page.locator(".site-menu").all()):
        page.evaluate("document.querySelectorAll('.site-menu').forEach((details) => { details.open = false; })")
        menu.evaluate("(details) => { details.open = true; }")
        page.evaluate("window.scrollTo(0, 0)")
        fits_the_screen(page, menu.locator("summary").inner_text())
        screenshot(page, f"large-text-{page_of}-320x568-menu-{number + 1}", full_page=False)


@pytest.mark.parametrize("page_of", ADDRESSES)
def test_large_text_keeps_every_word_of_an_entry_control_whole(live_server, at_size, game, user, page_of):  # noqa: F811
    page = open_with_large_text(at_size, live_server, ADDRESSES[page_of](game, user))
    page.evaluate("document.querySelectorAll('main details').forEach((details) => { details.open = true; })")
    assert page.evaluate(WORDS_NOT_WHOLE) == []


@pytest.mark.parametrize("page_of", WITH_A_RECORD_BAR)
def test_large_text_keeps_the_record_bar_on_the_screen(live_server, at_size, game, user, page_of):  # noqa: F811
    entry = PAGES[page_of]
    page = open_with_large_text(at_size, live_server, entry.address(game, user))
    assert page.evaluate(RECORD_BAR_OFF_SCREEN) == []
    entry.record(page)  # and after an entry (the scorer's bar then offers the next step)
    assert page.evaluate(RECORD_BAR_OFF_SCREEN) == []


@pytest.mark.parametrize("page_of", PAGES)
def test_large_text_tab_never_lands_under_a_fixed_bar(live_server, at_size, game, user, page_of):  # noqa: F811
    page = open_with_large_text(at_size, live_server, PAGES[page_of].address(game, user))
    covered = [step for step in tab_through(page) if step["covering"]]
    assert covered == []


@pytest.mark.parametrize("page_of", PAGES)
def test_large_text_an_entry_and_a_refusal_are_said_once_and_tab_passes_the_faded_toast(
    live_server, at_size, game, user, page_of, screenshot  # noqa: F811
):
    entry = PAGES[page_of]
    page = open_with_large_text(at_size, live_server, entry.address(game, user))
    page.evaluate(f"document.querySelector('{entry.announcer}').dataset.before = 'yes'")
    for act in (entry.record, entry.refuse):
        message = act(page)
        # Said once, in the region that was there before, and in no other.
        assert said(page, message) == {entry.announcer[1:]: 1}, (message, page.evaluate(LIVE_REGIONS))
        assert page.locator(entry.announcer).get_attribute("data-before") == "yes"
        screenshot(page, f"large-text-{page_of}-320x568-{act.__name__}", full_page=False)
        fits_the_screen(page, act.__name__)  # the toast with its Undo too
        assert page.evaluate(TOAST_COVERS) == [], act.__name__
        assert page.evaluate(WORDS_NOT_WHOLE) == []
        if act is entry.record:  # the pads show it in their toast; the scorer and the calculator have none
            assert page.locator("[data-toast]:not([hidden])").count() == int(entry.toast)
        if page.locator("[data-toast]:not([hidden])").count():  # faded: hidden, and inert meanwhile
            page.wait_for_function("() => document.querySelector('[data-toast]').hidden", timeout=8_000)
            assert page.evaluate("document.querySelector('[data-toast]').inert")
        # Tab through the page as it now is: never into the toast, never under a fixed bar.
        steps = tab_through(page)
        assert [step for step in steps if step["inToast"]] == []
        assert [step for step in steps if step["covering"]] == []
