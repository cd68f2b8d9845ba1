"""Two Way Street on a phone: a whole five-player game to 12 points, entered with
the steppers and toggles, with an undo and a change, followed live by a second
phone; the pages at phone sizes, and no accessibility violation."""

import pytest

from tests.browser.test_accessibility_browser import AXE, violations
from tests.browser.test_pad_browser import settled
from tests.browser.test_table_browser import VIEWPORTS, assert_fits, assert_tap_targets
from tests.browser.waits import POLL_BROUGHT, held_tap, holding_taps
from two_way_street import rules
from two_way_street.models import Game, Hand

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]
H, L, D, F = "high", "low", "declared", "forced"
HANDS = [
    [(4, H, D), (2, H, D), (1, L, D), (3, L, F), (1, H, D)],
    [(3, H, D), (0, L, D), (2, H, D), (4, L, D), (3, H, F)],
    [(5, H, D), (1, H, D), (0, L, F), (2, H, D), (3, L, D)],
]
CHANGED_HAND_1 = [(4, H, D), (3, H, D), (1, L, D), (3, L, F), (1, H, D)]
LAST_HAND = [(4, H, D), (0, H, D), (1, H, D), (5, L, D), (2, H, D)]


def enter_hand(page, entries, form="next"):
    """Each player's tricks by the stepper (from what the field shows), then the toggles."""
    for seat, (tricks, direction, choice) in enumerate(entries, start=1):
        field = page.locator(f"#{form}-tricks-{seat}")
        shown = int(field.input_value() or 0)
        sign = "+" if tricks > shown else "−"
        for _ in range(abs(tricks - shown)):
            page.locator(f'[data-for="{form}-tricks-{seat}"]', has_text=sign).tap()
        assert field.input_value() == str(tricks)
        page.locator(f'label[for="{form}-direction-{seat}-{direction}"]').tap()
        page.locator(f'label[for="{form}-choice-{seat}-{choice}"]').tap()


def record(page, number):
    page.get_by_role("button", name=f"Record hand {number}").tap()
    page.wait_for_selector(f"text=Hand {number} recorded")
    settled(page)


def standings(page) -> dict[str, int]:
    names = page.locator(".standing-name").all_inner_texts()
    totals = page.locator(".standing-total").all_inner_texts()
    return dict(zip(names, map(int, totals)))


def expected(hands) -> dict[str, int]:
    return dict(zip(NAMES, rules.game_state(hands, 12).totals))


def stored(page) -> list:
    page.wait_for_load_state("networkidle")  # the live server and the test share SQLite
    return [hand.results for hand in Hand.objects.order_by("number")]


def as_stored(hands):
    return [[list(entry) for entry in hand] for hand in hands]


def test_a_five_player_game_to_twelve_on_a_phone(live_server, phone, log_in, chromium, screenshot):
    phone.goto(f"{live_server.url}/two-way-street/")
    for number, name in enumerate(NAMES, start=1):
        phone.get_by_label(f"Player {number}", exact=True).fill(name)
    phone.get_by_label("Play to").fill("12")
    phone.get_by_role("button", name="Start the game").tap()
    phone.wait_for_selector("text=Record hand 1")
    game = Game.objects.get()
    assert [player.name for player in game.players.all()] == NAMES

    # A second phone of the same account follows the sheet.
    watcher = log_in(chromium.new_context(viewport=VIEWPORTS["390x844"], has_touch=True)).new_page()
    watcher.goto(phone.url)

    enter_hand(phone, HANDS[0])
    assert phone.locator("[data-trick-sum]").inner_text() == "Tricks entered: 11."
    screenshot(phone, "tws-390x844-hand-1-entered")
    record(phone, 1)
    assert standings(phone) == expected(HANDS[:1])
    watcher.wait_for_selector("text=Hand 2 next", timeout=8_000)
    assert standings(watcher) == expected(HANDS[:1])

    # Hand 2 entered wrongly, undone from the toast, entered again. The form
    # offers last hand's choices: Dan is still low and forced.
    assert phone.locator("#next-direction-4-low").is_checked()
    assert phone.locator("#next-choice-4-forced").is_checked()
    wrong = [(3, H, D), (1, L, D), (2, H, D), (4, L, D), (3, H, F)]
    enter_hand(phone, wrong)
    record(phone, 2)
    phone.locator("[data-toast]").get_by_role("button", name="Undo").tap()
    phone.wait_for_selector("text=Hand 2 undone")
    settled(phone)
    assert stored(phone) == as_stored(HANDS[:1])
    enter_hand(phone, HANDS[1])
    phone.locator("#next-tricks-in-hand").fill("13")  # the five take 12
    assert "off" in phone.locator("[data-trick-sum]").get_attribute("class")
    phone.locator("#next-tricks-in-hand").fill("")
    record(phone, 2)
    assert stored(phone) == as_stored(HANDS[:2])

    enter_hand(phone, HANDS[2])
    record(phone, 3)
    assert standings(phone) == expected(HANDS)
    assert phone.locator(".result").inner_text() == "\u2068Cat\u2069 wins with 13 points"
    assert "Two Way Street, " in phone.locator("#ratings-text").input_value()
    screenshot(phone, "tws-390x844-cat-wins")

    # A change to hand 1 rescores the sheet: nobody has 12 any more, the game goes on.
    phone.locator("summary", has_text="Hand 1 ·").tap()
    phone.get_by_role("link", name="Change hand 1").tap()
    phone.wait_for_selector("text=Save hand 1")
    enter_hand(phone, CHANGED_HAND_1, form="change")
    screenshot(phone, "tws-390x844-change")
    phone.get_by_role("button", name="Save hand 1").tap()
    phone.wait_for_selector("text=Hand 1 changed")
    changed = [CHANGED_HAND_1, *HANDS[1:]]
    assert standings(phone) == expected(changed)
    assert phone.get_by_role("button", name="Record hand 4").is_visible()

    enter_hand(phone, LAST_HAND)
    record(phone, 4)
    assert standings(phone) == expected([*changed, LAST_HAND])
    assert phone.locator(".result").inner_text() == "\u2068Ann\u2069 wins with 16 points"
    assert stored(phone) == as_stored([*changed, LAST_HAND])
    watcher.wait_for_selector("text=\u2068Ann\u2069 wins with 16 points", timeout=8_000)
    screenshot(phone, "tws-390x844-finished")
    watcher.context.close()

    # The game is in the lists, with the Gorilla games.
    phone.goto(f"{live_server.url}/games/?game=two-way-street")
    assert "Two Way Street · \u2068Ann\u2069 won with 16" in phone.locator(".history-list").inner_text()
    screenshot(phone, "tws-390x844-history")
    phone.goto(live_server.url)
    assert "Ann, Ben, Cat, Dan, Eve" in phone.locator(".game-list").inner_text()


@pytest.mark.parametrize("size", ["320x568", "390x844", "844x390"])
def test_the_sheet_fits_a_phone(live_server, chromium, log_in, user, size, screenshot):
    import datetime

    from two_way_street import services
    from two_way_street.services import Seat

    game = services.game_start(
        seats=[Seat(name) for name in [*NAMES, "Florentyna-Margarethe"]],
        target=12, date=datetime.date(2026, 7, 9), user=user,
    )
    for number, hand in enumerate(HANDS[:2], start=1):
        services.hand_record(game=game, number=number, results=[*hand, (1, H, D)])
    page = log_in(chromium.new_context(viewport=VIEWPORTS[size], has_touch=True, is_mobile=True)).new_page()
    page.goto(f"{live_server.url}/two-way-street/games/{game.pk}/")
    assert_fits(page, size, page.get_by_role("button", name="Record hand 3"))
    assert_tap_targets(page.locator(".step").all()[:4])
    screenshot(page, f"tws-{size}-sheet", full_page=False)
    screenshot(page, f"tws-{size}-sheet-full")
    page.goto(f"{live_server.url}/two-way-street/")
    screenshot(page, f"tws-{size}-new")
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_two_way_street_pages_have_no_accessibility_violation(live_server, chromium, log_in, user, scheme):
    if not AXE.exists():
        pytest.fail("axe-core is missing: `make test` installs it (tests/browser/js)")
    import datetime

    from two_way_street import services
    from two_way_street.services import Seat

    game = services.game_start(seats=[Seat(name) for name in NAMES], target=12, date=datetime.date(2026, 7, 9), user=user)
    for number, hand in enumerate(HANDS, start=1):
        services.hand_record(game=game, number=number, results=hand)
    page = log_in(chromium.new_context(viewport=VIEWPORTS["390x844"], has_touch=True, color_scheme=scheme)).new_page()
    found = {}
    for path in ("/two-way-street/", f"/two-way-street/games/{game.pk}/", f"/two-way-street/games/{game.pk}/hands/1/"):
        page.goto(live_server.url + path)
        for details in page.locator("details").all():
            details.evaluate("element => element.open = true")
        if problems := violations(page):
            found[path] = problems
    services.hand_undo_last(game=game)
    page.goto(f"{live_server.url}/two-way-street/games/{game.pk}/")
    if problems := violations(page):
        found["the sheet of a game in progress"] = problems
    page.context.close()
    assert found == {}


def test_a_double_tap_changes_the_sheet_once(live_server, phone, tap_gaps):
    """Every button that writes, tapped twice at the same spot from almost at
    once to almost a second apart: one game, one hand, one undo, one change."""
    from tests.browser.test_table_browser import double_tap, tap_twice

    for gap in tap_gaps:
        phone.goto(f"{live_server.url}/two-way-street/")
        for number, name in enumerate(NAMES[:3], start=1):
            phone.get_by_label(f"Player {number}", exact=True).fill(name)
        games = Game.objects.count()
        tap_twice(phone, phone.get_by_role("button", name="Start the game"), gap)
        assert Game.objects.count() == games + 1, f"Start the game, taps {gap} ms apart"
    game = Game.objects.order_by("-pk").first()
    phone.goto(f"{live_server.url}/two-way-street/games/{game.pk}/")
    hand = [(1, H, D), (1, H, D), (0, H, D)]  # 2, 2, 0 a hand: four hands end nothing
    for number, gap in enumerate(tap_gaps, start=1):
        enter_hand(phone, hand)
        double_tap(phone, phone.get_by_role("button", name=f"Record hand {number}"), gap)
        assert len(stored(phone)) == number, f"Record, taps {gap} ms apart"
    for left, gap in zip((3, 2), tap_gaps[::2]):
        double_tap(phone, phone.locator(".corrections button"), gap)
        assert len(stored(phone)) == left, f"Undo, taps {gap} ms apart"
    for gap in tap_gaps:
        phone.goto(f"{live_server.url}/two-way-street/games/{game.pk}/hands/1/")
        revision = Game.objects.get(pk=game.pk).revision
        tricks = int(phone.locator("#change-tricks-1").input_value())
        phone.locator('[data-for="change-tricks-1"]', has_text="+").tap()
        tap_twice(phone, phone.get_by_role("button", name="Save hand 1"), gap)
        assert Game.objects.get(pk=game.pk).revision == revision + 1, f"Save, taps {gap} ms apart"
        assert stored(phone)[0][0][0] == tricks + 1


def covered_controls(page, controls: str) -> list[str]:
    """Every control ``controls`` (a CSS selector) of the page, each scrolled
    into view as a browser brings a control into view (a Tab, a link to it):
    those whose box then meets a fixed or sticky bar's (the record bar, the
    status line), named by id or text."""
    return page.evaluate(
        """(selector) => {
        const bars = [...document.querySelectorAll(".record-bar, .status-bar")]
          .filter((bar) => ["fixed", "sticky"].includes(getComputedStyle(bar).position));
        const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        const covered = [];
        for (const control of document.querySelectorAll(selector)) {
          if (!control.getClientRects().length || control.closest(".record-bar")) continue;
          control.scrollIntoView({ block: "nearest" });
          const box = control.getBoundingClientRect();
          for (const bar of bars) {
            if (meets(box, bar.getBoundingClientRect())) covered.push(control.id || control.textContent.trim());
          }
        }
        return covered;
    }""",
        controls,
    )


def two_way_street_game(user, names=NAMES, hands=()):
    import datetime

    from two_way_street import services
    from two_way_street.services import Seat

    game = services.game_start(seats=[Seat(name) for name in names], target=12, date=datetime.date(2026, 7, 9), user=user)
    for number, hand in enumerate(hands, start=1):
        services.hand_record(game=game, number=number, results=hand)
    return game


@pytest.mark.parametrize("size", ["320x568", "390x844", "844x390"])
def test_no_entry_control_is_under_a_fixed_bar(live_server, chromium, log_in, user, size):
    game = two_way_street_game(user)
    page = log_in(chromium.new_context(viewport=VIEWPORTS[size], has_touch=True, is_mobile=True)).new_page()
    page.goto(f"{live_server.url}/two-way-street/games/{game.pk}/")
    controls = "#hand-entry button, #hand-entry input:not([type=hidden]):not([type=radio]), #hand-entry .toggle label"
    assert page.locator("#hand-entry .step").count() == 2 * len(NAMES)
    assert covered_controls(page, controls) == []
    # The record bar and the first screen's controls do not meet either: a tap
    # at Ben's "+" reaches it, and records nothing.
    page.evaluate("window.scrollTo(0, 0)")
    plus = page.locator('[data-for="next-tricks-2"]', has_text="+")
    plus.scroll_into_view_if_needed()
    plus.tap()
    assert page.locator("#next-tricks-2").input_value() == "1"
    assert stored(page) == []
    page.context.close()


def test_a_refused_hand_keeps_everything_typed(live_server, phone, user):
    game = two_way_street_game(user)
    phone.goto(f"{live_server.url}/two-way-street/games/{game.pk}/")
    enter_hand(phone, HANDS[0])
    phone.locator("#next-tricks-in-hand").fill("13")  # they add up to 11
    phone.get_by_role("button", name="Record hand 1").tap()
    summary = phone.locator("[data-error-summary]")
    # The focus moves to it once the new sheet is in place.
    phone.wait_for_function("() => document.activeElement && document.activeElement.matches('[data-error-summary]')")
    assert "Tricks in this hand: The tricks add up to 11, but the hand had 13." in summary.inner_text()
    assert "The tricks add up to 11" in phone.locator("#next-tricks-in-hand-error").inner_text()
    for seat, (tricks, direction, choice) in enumerate(HANDS[0], start=1):
        assert phone.locator(f"#next-tricks-{seat}").input_value() == str(tricks)
        assert phone.locator(f"#next-direction-{seat}-{direction}").is_checked()
        assert phone.locator(f"#next-choice-{seat}-{choice}").is_checked()
    assert stored(phone) == []
    # The summary's link leads to the field; corrected, the hand is recorded as typed.
    summary.get_by_role("link").tap()
    assert phone.evaluate("document.activeElement.id") == "next-tricks-in-hand"
    phone.locator("#next-tricks-in-hand").fill("11")
    settled(phone)
    record(phone, 1)
    assert stored(phone) == as_stored(HANDS[:1])


def test_the_other_phone_recording_first_keeps_this_phones_entry(live_server, phone, user):
    from two_way_street import services

    game = two_way_street_game(user)
    phone.goto(f"{live_server.url}/two-way-street/games/{game.pk}/")
    enter_hand(phone, HANDS[1])
    services.hand_record(game=Game.objects.get(pk=game.pk), number=1, results=HANDS[0])  # Ben's phone
    notice = phone.locator(".entry-notice")
    notice.wait_for(timeout=8000)  # the next poll
    assert notice.inner_text() == "Hand 1 was recorded on another phone; your entry is now hand 2: check it, then record it."
    assert phone.locator("#pad-announcer").inner_text() == notice.inner_text()
    for seat, (tricks, direction, choice) in enumerate(HANDS[1], start=1):
        assert phone.locator(f"#next-tricks-{seat}").input_value() == str(tricks)
        assert phone.locator(f"#next-direction-{seat}-{direction}").is_checked()
        assert phone.locator(f"#next-choice-{seat}-{choice}").is_checked()
    record(phone, 2)
    assert stored(phone) == as_stored(HANDS[:2])


@pytest.mark.parametrize("size", ["320x568", "390x844"])
def test_a_hands_table_keeps_names_whole_on_a_narrow_phone(live_server, chromium, log_in, user, size):
    game = two_way_street_game(user, names=[*NAMES[:4], "Florentyna"], hands=HANDS[:1])
    page = log_in(chromium.new_context(viewport=VIEWPORTS[size], has_touch=True, is_mobile=True)).new_page()
    page.goto(f"{live_server.url}/two-way-street/games/{game.pk}/")
    page.locator(".hand-detail summary").first.tap()
    names = page.locator(".hand-table tbody th")
    for index in range(names.count()):
        box = names.nth(index).bounding_box()
        assert box["height"] < 40, f"{names.nth(index).inner_text()!r} takes {box['height']} px"
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[size]["width"]
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["320x568", "390x844", "844x390"])
def test_screenshots_of_the_sheet(live_server, chromium, log_in, user, size, scheme, screenshot):
    game = two_way_street_game(user, hands=HANDS[:2])
    context = chromium.new_context(viewport=VIEWPORTS[size], has_touch=True, is_mobile=True, color_scheme=scheme)
    page = log_in(context).new_page()
    page.goto(f"{live_server.url}/two-way-street/games/{game.pk}/")
    screenshot(page, f"seated-tws-{size}-{scheme}-sheet", full_page=False)
    page.locator("#next-tricks-in-hand").fill("20")
    page.get_by_role("button", name="Record hand 3").tap()
    page.locator("[data-error-summary]").wait_for()
    page.locator(".hand-detail summary").first.evaluate("element => element.parentElement.open = true")
    screenshot(page, f"seated-tws-{size}-{scheme}-refused-full")
    context.close()


def test_a_poll_answered_while_a_hand_is_on_its_way_leaves_the_sheet_to_the_hands_answer(live_server, phone, user):
    """Hand 1 reaches the server and the sheet's poll is answered with the
    sheet it made before the hand's own answer comes: the poll's sheet is not
    swapped in under the hand, whose answer then lands with its toast, and
    hand 2 goes at once, as any hand does."""
    game = two_way_street_game(user)
    held = holding_taps(phone, f"{live_server.url}/two-way-street/games/{game.pk}/")
    version = phone.locator("#pad-meta").get_attribute("value")
    enter_hand(phone, HANDS[0])
    phone.get_by_role("button", name="Record hand 1").tap()
    answer = held_tap(phone, held).fetch()  # recorded; its answer held back
    assert stored(phone) == as_stored(HANDS[:1])
    phone.wait_for_function(POLL_BROUGHT)  # the sheet as hand 1 made it
    assert phone.locator("#pad-meta").get_attribute("value") == version  # not swapped in under the hand
    held.pop().fulfill(response=answer)
    phone.wait_for_selector("[data-toast]:has-text('Hand 1 recorded')")
    settled(phone)
    enter_hand(phone, HANDS[1])
    phone.get_by_role("button", name="Record hand 2").tap()
    held_tap(phone, held).continue_()  # sent by the page itself, not kept for later
    phone.wait_for_selector("[data-toast]:has-text('Hand 2 recorded')")
    assert stored(phone) == as_stored(HANDS[:2])
