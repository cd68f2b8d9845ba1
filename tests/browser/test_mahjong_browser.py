"""Mah Jongg on a phone: a hand tapped on the tile grid and its score card, put
on the sheet; a four-player game of several hands with an undo and a change;
every writing button double-tapped; the pages at phone sizes, light and dark,
with no accessibility violation."""

import datetime

import pytest

from mahjong import services
from mahjong.game import HandEntry, play
from mahjong.models import Game, Hand
from scorepads.players import Seat
from tests.browser.test_accessibility_browser import AXE, violations
from tests.browser.test_pad_browser import settled
from tests.browser.test_table_browser import VIEWPORTS, assert_fits, assert_tap_targets, double_tap, tap_twice
from tests.browser.waits import htmx_at_rest
from tests.browser.words import BROKEN_WORDS

NAMES = ["Ann", "Ben", "Cat", "Dan"]
# Ben's winning hand, tapped tile by tile: the last tile tapped (9c) wins.
BEN_TILES = ["2c", "3c", "4c", "6c", "7c", "8c", "E", "E", "E", "Rd", "Rd", "Rd", "9c", "9c"]


def stored(page) -> list:
    page.wait_for_load_state("networkidle")  # the live server and the test share SQLite
    return [hand.entry for hand in Hand.objects.order_by("number")]


def standings(page) -> dict[str, int]:
    names = page.locator(".standing-name").all_inner_texts()
    totals = page.locator(".standing-total").all_inner_texts()
    return dict(zip(names, map(int, totals)))


def expected(entries) -> dict[str, int]:
    return dict(zip(NAMES, play(entries).totals))


def enter_scores(page, winner: str, scores: dict[str, int], form="next"):
    page.locator(f'label[for="{form}-winner-{winner}"]').tap()
    for seat, name in enumerate(NAMES, start=1):
        page.locator(f"#{form}-score-{seat}").fill(str(scores.get(name, "")))


def record(page, number):
    page.get_by_role("button", name=f"Record hand {number}").tap()
    page.wait_for_selector(f"text=Hand {number} recorded")
    settled(page)


def start_game(page, live_server):
    page.goto(f"{live_server.url}/mah-jongg/")
    for number, name in enumerate(NAMES, start=1):
        page.get_by_label(f"Player {number}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_selector("text=Record hand 1")


def test_a_hand_on_the_tile_grid_and_a_game_of_several_hands(live_server, phone, log_in, chromium, screenshot):
    start_game(phone, live_server)
    game = Game.objects.get()
    assert game.names == NAMES

    # The hand tapped on the grid: the notation and the winning tile follow the taps.
    phone.get_by_role("link", name="Score a hand on the tile grid").tap()
    phone.wait_for_selector("[data-tile-grid]:not([hidden])")
    for tile in BEN_TILES:
        phone.locator(f'[data-tile="{tile}"]').tap()
    assert phone.locator("#id_hand").input_value() == "23467899c E E E Rd Rd Rd"
    assert phone.locator("#id_winning_tile").input_value() == "9c"
    assert phone.locator('[data-tile="E"] [data-count]').inner_text() == "3"
    phone.locator('label[for="own-S"]').tap()  # Ben is South in hand 1
    phone.locator('label[for="last-wall"]').tap()
    phone.wait_for_selector(".card-score >> text=300")
    card = phone.locator("#score-card").inner_text()
    assert "concealed pung of East wind" in card and "pung of Red dragon (lucky: a dragon)" in card
    assert "38 × 2³ = 304, rounded to 300" in card
    screenshot(phone, "mahjong-390x844-scorer-card")

    # A fourth East makes 15 tiles, which form nothing; a fifth is refused on
    # the grid; taking back the fourth makes the hand whole again.
    phone.locator('[data-tile="E"]').tap()
    phone.wait_for_selector("#score-card .message.warning >> text=15 concealed tiles")
    phone.locator('[data-tile="E"]').tap()
    assert "only 4 of that tile" in phone.locator("[data-tally]").inner_text()
    phone.get_by_role("button", name="Take back the last tile").tap()
    phone.wait_for_selector(".card-score >> text=300")

    # The card goes to the sheet: the winner and the hand filled in, the losers' scores typed.
    phone.get_by_role("link", name="Put it on the sheet for hand 1").tap()
    phone.wait_for_selector("text=Record hand 1")
    assert phone.locator("#next-winner-2").is_checked()
    enter_scores(phone, "2", {"Ann": 10, "Cat": 20, "Dan": 0})
    record(phone, 1)
    hand_1 = HandEntry(1, (10, None, 20, 0), "23467899c EEE RdRdRd", "9c", True)
    assert stored(phone) == [hand_1]
    assert standings(phone) == expected([hand_1]) == {"Ann": -600, "Ben": 1200, "Cat": -260, "Dan": -340}
    assert "East round, \u2068Ben\u2069 is East" in phone.locator(".status-line").inner_text()

    # A second phone of the same account follows the sheet.
    watcher = log_in(chromium.new_context(viewport=VIEWPORTS["390x844"], has_touch=True)).new_page()
    watcher.goto(phone.url.split("#")[0].split("?")[0])

    # Hand 2 entered wrongly, undone from the toast, entered again.
    enter_scores(phone, "3", {"Ann": 10, "Ben": 40, "Cat": 30, "Dan": 8})
    record(phone, 2)
    phone.locator("[data-toast]").get_by_role("button", name="Undo").tap()
    phone.wait_for_selector("text=Hand 2 undone")
    settled(phone)
    assert stored(phone) == [hand_1]
    enter_scores(phone, "2", {"Ann": 10, "Ben": 40, "Cat": 0, "Dan": 8})
    screenshot(phone, "mahjong-390x844-hand-2-entered")
    record(phone, 2)
    hand_2 = HandEntry(1, (10, 40, 0, 8))
    watcher.wait_for_selector("text=Hand 3 next", timeout=8_000)
    assert standings(watcher) == expected([hand_1, hand_2])
    watcher.context.close()

    # Hand 3: a washout; hand 4: Cat's hand typed in the notation, with a melded pung.
    phone.locator('label[for="next-winner-none"]').tap()
    record(phone, 3)
    hand_3 = HandEntry(None, (0, 0, 0, 0))
    enter_scores(phone, "3", {"Ann": 4, "Ben": 0, "Dan": 12})
    phone.locator("summary", has_text="The winner's hand").tap()
    phone.locator("#next-hand").fill("123b 456b 789b [555d] 11c")
    phone.locator("#next-tile").fill("1c")
    record(phone, 4)
    hand_4 = HandEntry(2, (4, 0, None, 12), "123456789b 11c [555d]", "1c", False)
    assert stored(phone) == [hand_1, hand_2, hand_3, hand_4]
    assert standings(phone) == expected([hand_1, hand_2, hand_3, hand_4])
    screenshot(phone, "mahjong-390x844-four-hands")

    # A change to hand 3 (Dan won it after all) plays hand 4 again with the deal that follows.
    phone.locator("summary", has_text="Hand 3 ·").tap()
    phone.get_by_role("link", name="Change hand 3").tap()
    phone.wait_for_selector("text=Save hand 3")
    enter_scores(phone, "4", {"Ann": 0, "Ben": 0, "Cat": 0, "Dan": 30}, form="change")
    screenshot(phone, "mahjong-390x844-change")
    phone.get_by_role("button", name="Save hand 3").tap()
    phone.wait_for_selector("text=Hand 3 changed")
    hand_3 = HandEntry(3, (0, 0, 0, 30))
    assert stored(phone) == [hand_1, hand_2, hand_3, hand_4]
    assert standings(phone) == expected([hand_1, hand_2, hand_3, hand_4])

    # The game is in the lists with the other games.
    phone.goto(f"{live_server.url}/games/?game=mah-jongg")
    assert "Mah Jongg · In progress, 4 hands" in phone.locator(".history-list").inner_text()


def a_game(user, hands=2):
    game = services.game_start(seats=[Seat(name) for name in NAMES], date=datetime.date(2026, 7, 9), user=user)
    entries = [HandEntry(1, (10, None, 20, 0), "EEE RdRdRd 234c 678c 99c", "9c", True), HandEntry(1, (10, 40, 0, 8))]
    for number, entry in enumerate(entries[:hands], start=1):
        services.hand_record(game=game, number=number, entry=entry)
    return game


@pytest.mark.parametrize("size", ["320x568", "390x844", "844x390"])
def test_the_pages_fit_a_phone(live_server, chromium, log_in, user, size, screenshot):
    game = a_game(user)
    page = log_in(chromium.new_context(viewport=VIEWPORTS[size], has_touch=True, is_mobile=True)).new_page()
    page.goto(f"{live_server.url}/mah-jongg/games/{game.pk}/")
    assert_fits(page, size, page.get_by_role("button", name="Record hand 3"))
    assert_tap_targets(page.locator(".winner-options label").all())
    screenshot(page, f"mahjong-{size}-sheet", full_page=False)
    screenshot(page, f"mahjong-{size}-sheet-full")
    page.goto(f"{live_server.url}/mah-jongg/scorer/?game={game.pk}&hand=EEE+RdRdRd+234c+678c+99c&winning_tile=9c&own_wind=W&prevailing_wind=E&last_tile=wall")
    page.wait_for_selector("[data-tile-grid]:not([hidden])")
    assert_fits(page, size, page.get_by_role("link", name="Put it on the sheet for hand 3"))
    assert_tap_targets(page.locator(".tile").all(), width=24)  # nine to a row: WCAG's 24 px across
    # Each tile's face and family whole on the tile: none wider than the tile's inside.
    too_wide = """[...document.querySelectorAll('.tile')].flatMap((tile) =>
        [...tile.querySelectorAll('.tile-face, .tile-family')]
          .filter((part) => part.scrollWidth > tile.clientWidth || part.scrollWidth > part.clientWidth)
          .map((part) => part.textContent))"""
    assert page.evaluate(too_wide) == [], size
    screenshot(page, f"mahjong-{size}-scorer", full_page=False)
    screenshot(page, f"mahjong-{size}-scorer-full")
    page.goto(f"{live_server.url}/mah-jongg/")
    screenshot(page, f"mahjong-{size}-new")
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_mah_jongg_pages_have_no_accessibility_violation(live_server, chromium, log_in, user, scheme, screenshot):
    if not AXE.exists():
        pytest.fail("axe-core is missing: `make test` installs it (tests/browser/js)")
    game = a_game(user)
    page = log_in(chromium.new_context(viewport=VIEWPORTS["390x844"], has_touch=True, color_scheme=scheme)).new_page()
    found = {}
    for path in (
        "/mah-jongg/",
        f"/mah-jongg/games/{game.pk}/",
        f"/mah-jongg/games/{game.pk}/hands/1/",
        f"/mah-jongg/scorer/?game={game.pk}&hand=EEE+RdRdRd+234c+678c+99c&winning_tile=9c&own_wind=S&prevailing_wind=E&last_tile=wall",
        "/mah-jongg/scorer/?hand=EEE&winning_tile=E&own_wind=E&prevailing_wind=E&last_tile=wall",
    ):
        page.goto(live_server.url + path)
        for details in page.locator("details").all():
            details.evaluate("element => element.open = true")
        if problems := violations(page):
            found[path] = problems
    screenshot(page, f"mahjong-390x844-scorer-refusal-{scheme}")
    page.goto(f"{live_server.url}/mah-jongg/games/{game.pk}/")
    screenshot(page, f"mahjong-390x844-sheet-{scheme}")
    page.context.close()
    assert found == {}


def test_a_double_tap_changes_the_sheet_once(live_server, phone, tap_gaps):
    """Every button that writes, tapped twice at the same spot from almost at
    once to almost a second apart: one game, one hand, one undo, one change."""
    for gap in tap_gaps:
        games = Game.objects.count()
        phone.goto(f"{live_server.url}/mah-jongg/")
        for number, name in enumerate(NAMES, start=1):
            phone.get_by_label(f"Player {number}", exact=True).fill(name)
        tap_twice(phone, phone.get_by_role("button", name="Start the game"), gap)
        assert Game.objects.count() == games + 1, f"Start the game, taps {gap} ms apart"
    game = Game.objects.order_by("-pk").first()
    phone.goto(f"{live_server.url}/mah-jongg/games/{game.pk}/")
    for number, gap in enumerate(tap_gaps, start=1):
        phone.locator('label[for="next-winner-none"]').tap()
        double_tap(phone, phone.get_by_role("button", name=f"Record hand {number}"), gap)
        assert len(stored(phone)) == number, f"Record, taps {gap} ms apart"
    for left, gap in zip((3, 2), tap_gaps[::2]):
        double_tap(phone, phone.locator(".corrections button"), gap)
        assert len(stored(phone)) == left, f"Undo, taps {gap} ms apart"
    for gap in tap_gaps:
        phone.goto(f"{live_server.url}/mah-jongg/games/{game.pk}/hands/1/")
        revision = Game.objects.get(pk=game.pk).revision
        tap_twice(phone, phone.get_by_role("button", name="Save hand 1"), gap)
        assert Game.objects.get(pk=game.pk).revision == revision + 1, f"Save, taps {gap} ms apart"


def test_after_scoring_on_the_grid_the_next_step_is_under_the_thumb(live_server, phone, user):
    game = a_game(user, hands=0)
    phone.goto(f"{live_server.url}/mah-jongg/scorer/?game={game.pk}")
    phone.wait_for_selector("[data-tile-grid]:not([hidden])")
    bar = phone.locator(".record-bar")
    assert bar.inner_text().strip() == "Score the hand"
    # The grid is one Tab stop; the arrow keys move inside it.
    assert phone.locator(".tile[tabindex='0']").count() == 1
    phone.locator('[data-tile="1b"]').focus()
    phone.keyboard.press("ArrowRight")
    assert phone.evaluate("document.activeElement.dataset.tile") == "2b"
    phone.keyboard.press("ArrowDown")
    assert phone.evaluate("document.activeElement.dataset.tile") == "2c"
    assert phone.locator(".tile[tabindex='0']").count() == 1
    for tile in BEN_TILES:
        phone.locator(f'[data-tile="{tile}"]').tap()
    phone.locator('label[for="own-S"]').tap()
    phone.locator('label[for="last-wall"]').tap()
    phone.wait_for_selector(".card-score >> text=300")
    htmx_at_rest(phone)  # the taps' last answers
    # The fixed bar now offers the next step, in view; the card says how the tile came.
    step = bar.get_by_role("link", name="Put it on the sheet for hand 1")
    box = step.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 844
    assert "Score the hand" not in bar.inner_text()
    assert "The winning tile was drawn from the wall" in phone.locator("#score-card").inner_text()
    # Said once, in the region that was there before the card.
    assert phone.locator("#card-status").inner_text().startswith("Score 300: 38 × 2³ = 304, rounded to 300.")
    # Typing says nothing until the field is left.
    said = phone.locator("#card-status").inner_text()
    phone.locator("#id_hand").fill("EEE RdRdRd 234c 678c 9")
    phone.wait_for_selector("#score-card .message.warning")
    assert phone.locator("#card-status").inner_text() == said
    phone.locator("#id_hand").fill("EEE RdRdRd 234c 678c 99c")
    phone.wait_for_selector(".card-score >> text=300")
    phone.get_by_role("link", name="Put it on the sheet for hand 1").tap()
    phone.wait_for_selector("text=Record hand 1")
    assert phone.locator("#next-winner-2").is_checked()
    enter_scores(phone, "2", {"Ann": 10, "Cat": 20, "Dan": 0})
    record(phone, 1)
    assert "Hand 1 recorded: Ben won 300 · \u2068Ben\u2069 leads with 1200" in phone.locator("[data-toast]").inner_text()


@pytest.mark.parametrize("size", ["320x568", "390x844", "844x390"])
def test_no_entry_control_is_under_a_fixed_bar(live_server, chromium, log_in, user, size):
    from tests.browser.test_two_way_street_browser import covered_controls

    game = a_game(user)
    page = log_in(chromium.new_context(viewport=VIEWPORTS[size], has_touch=True, is_mobile=True)).new_page()
    page.goto(f"{live_server.url}/mah-jongg/games/{game.pk}/")
    page.locator("#next-winning-hand").evaluate("element => element.open = true")
    controls = "#hand-entry input:not([type=hidden]):not([type=radio]), #hand-entry label, #hand-entry summary, #hand-entry a"
    assert covered_controls(page, controls) == []
    page.goto(f"{live_server.url}/mah-jongg/scorer/?game={game.pk}")
    page.wait_for_selector("[data-tile-grid]:not([hidden])")
    assert covered_controls(page, ".scorer-form button, .scorer-form input[type=text], .scorer-form label") == []
    # The tile grid and the sheet's grid fit the narrowest phone.
    assert page.locator(".tile-grid").bounding_box()["width"] <= VIEWPORTS[size]["width"]
    page.context.close()


def test_a_refused_hand_keeps_everything_typed(live_server, phone, user):
    game = a_game(user, hands=0)
    phone.goto(f"{live_server.url}/mah-jongg/games/{game.pk}/")
    enter_scores(phone, "2", {"Ann": 10, "Ben": 600, "Cat": 20, "Dan": 0})  # Ben's 600 is past the limit
    phone.locator("#next-score-2").evaluate("element => element.removeAttribute('max')")
    phone.get_by_role("button", name="Record hand 1").tap()
    summary = phone.locator("[data-error-summary]")
    # The focus moves to it once the new sheet is in place.
    phone.wait_for_function("() => document.activeElement && document.activeElement.matches('[data-error-summary]')")
    assert summary.locator('a[href="#next-score-2"]').count() == 1
    assert phone.locator("#next-winner-2").is_checked()
    assert [phone.locator(f"#next-score-{seat}").input_value() for seat in range(1, 5)] == ["10", "600", "20", "0"]
    assert stored(phone) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["320x568", "390x844", "844x390"])
def test_screenshots_of_the_scorer_and_the_sheet(live_server, chromium, log_in, user, size, scheme, screenshot):
    game = a_game(user)
    context = chromium.new_context(viewport=VIEWPORTS[size], has_touch=True, is_mobile=True, color_scheme=scheme)
    page = log_in(context).new_page()
    page.goto(f"{live_server.url}/mah-jongg/games/{game.pk}/")
    screenshot(page, f"seated-mj-{size}-{scheme}-sheet", full_page=False)
    screenshot(page, f"seated-mj-{size}-{scheme}-sheet-full")
    page.goto(f"{live_server.url}/mah-jongg/scorer/?game={game.pk}&hand=EEE+RdRdRd+234c+678c+99c&winning_tile=9c&own_wind=W&prevailing_wind=E&last_tile=discard")
    page.wait_for_selector("[data-tile-grid]:not([hidden])")
    screenshot(page, f"seated-mj-{size}-{scheme}-scorer", full_page=False)
    screenshot(page, f"seated-mj-{size}-{scheme}-scorer-full")
    context.close()




@pytest.mark.parametrize("size", ["320x568", "390x844"])
def test_the_score_grid_fits_a_narrow_phone(live_server, chromium, log_in, user, size, screenshot):
    names = ["Florentyna", "Bartholomew", "Cat", "Maximiliane"]
    game = services.game_start(seats=[Seat(name) for name in names], date=datetime.date(2026, 7, 9), user=user)
    for number in range(1, 9):  # limit hands, the winner moving round: totals in the thousands
        scores = [0, 0, 0, 0]
        scores[number % 4] = 500
        services.hand_record(game=game, number=number, entry=HandEntry(number % 4, tuple(scores)))
    page = log_in(chromium.new_context(viewport=VIEWPORTS[size], has_touch=True, is_mobile=True)).new_page()
    page.goto(f"{live_server.url}/mah-jongg/games/{game.pk}/")
    grid = page.locator(".mj-grid").bounding_box()
    scroller = page.locator(".sheet-grid .grid-scroll")
    assert scroller.evaluate("element => element.scrollWidth <= element.clientWidth"), f"the grid is {grid['width']} px wide"
    assert grid["x"] >= 0 and grid["x"] + grid["width"] <= VIEWPORTS[size]["width"]
    # Each cell's wind and gain stay in their column, never run on into the next one's.
    assert page.evaluate("[...document.querySelectorAll('.mj-grid td')].filter((cell) => cell.scrollWidth > cell.clientWidth).length") == 0
    # The winner's choices keep each name whole ("Bartholomew"), two to a row.
    assert [label.evaluate(BROKEN_WORDS) for label in page.locator(".winner-options label").all()] == [[]] * 5
    screenshot(page, f"seated-mj-{size}-long-names", full_page=True)
    page.context.close()
