"""The history browser in a real Chromium at a phone's size: filter, page, open
a game; the same without JavaScript; the partnership page, light and dark."""

import datetime
import os
import re

import pytest

from pad import rules, services
from pad.exchange import GameSpec
from pad.models import Game, Hand
from scorepads import registry

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytestmark = pytest.mark.browser

WON, LOST = "MMMMMMMMMIPM", "IIPMIIIPIMII"


def seed(user, odd_name, even_name, count, start, pattern):
    """``count`` games of a partnership, one a day from ``start``, outcomes cycling
    through ``pattern`` (W won, L lost, G going on)."""
    specs = []
    for day in range(count):
        date = start + datetime.timedelta(days=day)
        outcomes = {"W": WON, "L": LOST, "G": "MPI"}[pattern[day % len(pattern)]]
        spec = GameSpec(odd_name, even_name, date, "")
        dealer = rules.first_dealer(date)
        for number, outcome in enumerate(outcomes, start=1):
            spec.hands.append(Hand(number=number, outcome=outcome, dealer=dealer.value, taker=dealer.other.value))
            dealer = dealer.other
        specs.append(spec)
    services.games_create_in_bulk(specs=specs, user=user)


@pytest.fixture
def history(user):
    seed(user, "Ann", "Bo", 40, datetime.date(2024, 3, 1), "WWLWG")
    seed(user, "Carla", "Dev", 20, datetime.date(2025, 6, 1), "LWL")
    return Game.objects.all()


def rows(page):
    return page.locator("#game-results .history-row")


def assert_big_enough(page, selector):
    for element in page.locator(selector).all():
        box = element.bounding_box()
        if box:  # visible
            assert box["height"] >= 44, (selector, box)


def test_filter_page_and_open_a_game(live_server, phone, screenshot, history):
    phone.goto(f"{live_server.url}/games/")
    assert rows(phone).count() == 25
    assert "60 games" in phone.locator(".found").inner_text()
    screenshot(phone, "history-list", full_page=False)
    phone.evaluate("window.samePage = true")  # gone if anything below reloads the page

    # Search by name: the list follows as one types, and the address bar keeps up.
    phone.get_by_label("Search").fill("ann")
    phone.wait_for_url(re.compile(r"/games/\?player=ann$"))
    phone.wait_for_selector(".found:has-text('40 games')")

    # Then only the games they won.
    phone.locator(".filter-more summary").click()
    phone.get_by_label("Result").select_option("won")
    phone.wait_for_url(re.compile(r"/games/\?player=ann&result=won$"))
    phone.wait_for_selector(".found:has-text('24 games')")
    assert rows(phone).count() == 24
    assert all("Won" in text for text in rows(phone).locator(".row-result").all_inner_texts())
    screenshot(phone, "history-filtered", full_page=False)

    # Paging keeps the filter.
    phone.get_by_label("Result").select_option("")
    phone.wait_for_selector(".found:has-text('40 games')")
    phone.get_by_role("link", name="Older ›").click()
    phone.wait_for_url(re.compile(r"/games/\?player=ann&page=2$"))
    phone.wait_for_selector(".found:has-text('page 2 of 2')")
    assert rows(phone).count() == 15
    assert phone.evaluate("window.samePage") is True
    assert phone.locator("[id=game-results]").count() == 1  # swapped in, not nested
    assert phone.locator("#results-status").inner_text() == "40 games, page 2 of 2"
    screenshot(phone, "history-page-2")

    for selector in (".history-row", ".pager-link", ".filter-more summary", "#id_player",
                     "#id_result", ".filter-button", ".history-downloads a"):
        assert_big_enough(phone, selector)
    # Nothing wider than the phone.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390

    first = rows(phone).first
    href = first.get_attribute("href")
    game_id = int(re.fullmatch(r"/games/(\d+)/", href).group(1))
    assert Game.objects.get(pk=game_id).partnership.odd_name == "Ann"
    first.click()
    phone.wait_for_url(f"**/games/{game_id}/")
    screenshot(phone, "history-opened-game", full_page=False)

    # Back to the list where it was.
    phone.go_back()
    phone.wait_for_url(re.compile(r"/games/\?player=ann&page=2$"))
    phone.wait_for_selector(".found:has-text('page 2 of 2')")


def test_filters_and_paging_without_javascript(live_server, chromium, screenshot, history, log_in):
    context = log_in(chromium.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False))
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/games/?date_from=2026-02-30")
        assert "is not a date" in page.locator(".message.warning").inner_text()
        page.locator(".filter-more summary").click()
        page.get_by_label("Result").select_option("lost")
        page.get_by_label("Search").fill("carla")
        page.get_by_role("button", name="Show games").click()
        page.wait_for_url(re.compile(r"player=carla"))
        assert "result=lost" in page.url
        assert "13 games" in page.locator(".found").inner_text()
        screenshot(page, "history-no-javascript", full_page=False)
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_partnership_page(live_server, chromium, screenshot, history, scheme, log_in):
    context = log_in(
        chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, color_scheme=scheme)
    )
    page = context.new_page()
    try:
        partnership = Game.objects.filter(partnership__odd_name="Ann").first().partnership
        page.goto(f"{live_server.url}/partnerships/{partnership.pk}/")
        assert page.locator("h1").inner_text() == "Ann & Bo"
        chart = page.locator(".results-chart svg")
        assert chart.get_attribute("role") == "img"
        assert page.locator(".results-chart rect").count() == 32  # 40 games, 8 in progress
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert_big_enough(page, ".partnership-actions a")
        assert_big_enough(page, ".best-worst a")
        screenshot(page, f"history-partnership-{scheme}")
        page.get_by_role("link", name="Their games (40)").click()
        page.wait_for_url(re.compile(rf"/games/\?partnership={partnership.pk}$"))
        assert "40 games" in page.locator(".found").inner_text()
    finally:
        context.close()


def test_back_and_forward_keep_the_filters_in_step_with_the_list(live_server, phone, history):
    """The controls always say what the list holds: after Back, Forward and a
    reload, and paging brings the top of the new page into view."""
    phone.goto(f"{live_server.url}/games/")
    phone.locator(".filter-more summary").click()
    phone.get_by_label("Result").select_option("won")
    phone.wait_for_selector(".found:has-text('31 games')")
    phone.locator("#id_partnership").select_option(label="Ann & Bo")
    phone.wait_for_selector(".found:has-text('24 games')")
    partnership = phone.locator("#id_partnership").input_value()

    phone.go_back()
    phone.wait_for_selector(".found:has-text('31 games')")
    assert phone.locator("#id_result").input_value() == "won"
    assert phone.locator("#id_partnership").input_value() == ""
    phone.go_back()
    phone.wait_for_selector(".found:has-text('60 games')")
    assert phone.locator("#id_result").input_value() == ""
    phone.go_forward()
    phone.wait_for_selector(".found:has-text('31 games')")
    assert phone.locator("#id_result").input_value() == "won"
    phone.go_forward()
    phone.wait_for_selector(".found:has-text('24 games')")
    assert phone.locator("#id_partnership").input_value() == partnership
    # The next change sends the filters shown, and a reload shows them again.
    phone.locator("#id_date_from").fill("2024-03-10")
    phone.wait_for_url(re.compile(r"date_from=2024-03-10"))
    assert "result=won" in phone.url and f"partnership={partnership}" in phone.url
    phone.reload()
    assert phone.locator("#id_result").input_value() == "won"
    assert phone.locator("#id_date_from").input_value() == "2024-03-10"

    # Paging from the bottom of a page shows the top of the next.
    phone.goto(f"{live_server.url}/games/")
    phone.get_by_role("link", name="Older ›").scroll_into_view_if_needed()
    phone.get_by_role("link", name="Older ›").click()
    phone.wait_for_selector(".found:has-text('page 2 of 3')")
    # htmx scrolls as the new page settles, a moment after it is shown.
    phone.wait_for_function(
        "() => { const top = document.getElementById('game-results').getBoundingClientRect().top; return -2 <= top && top <= 100; }"
    )


# Every kind of game in one list, at a phone's size and at a desktop's

LONG_EVENT = "Spring Congress Swiss Teams Championship, Qualifying Round Three — Session Two, Tables 1 to 14"
UNBROKEN_EVENT = "Voorjaarsviertallencompetitiekampioenschapswedstrijdenreeks"
LONG_NAME = "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaf"  # 60 letters, the most a name has


@pytest.fixture
def every_kind(user):
    """Gorilla, Two Way Street and Mah Jongg games and bridge rulings, with long
    names and events and large figures ("+18.5 IMP", from a +1430)."""

    from bridge import calculator
    from bridge import services as bridge
    from mahjong import services as mahjong
    from scorepads.players import Seat
    from two_way_street import services as two_way_street

    seed(user, "Anneliese-Marguerite", "Bartholomew Fitzwilliam", 3, datetime.date(2026, 11, 1), "WLG")
    seed(user, LONG_NAME, "Hubert", 2, datetime.date(2026, 10, 1), "WL")
    two_way_street.game_start(
        seats=[Seat(name) for name in ("Maximiliana", "Bartholomew", "Constantinos", "Dorothea", "Evangelina")],
        target=25, date=datetime.date(2026, 11, 5), user=user,
    )
    mahjong.game_start(
        seats=[Seat(name) for name in ("Wilhelmina", "Xenophon", "Yolanda", "Zachariah")],
        date=datetime.date(2026, 11, 6), user=user,
    )
    for event, board, slug, inputs in (
        ("Teams KO — example 2", 21, "teams-weighted", {"weights": "-650 1/3, +300 2/3", "other_room": "+620"}),
        (LONG_EVENT, 999, "teams-weighted", {"weights": "+1430 1/2, -100 1/2", "other_room": "-1430"}),
        (UNBROKEN_EVENT, 7, "teams-serious-error",
         {"other_room": "+420", "normal": "+420", "expected": "+200 1/3, +500 2/3", "table": "-750", "offenders": "EW"}),
        ("Club pairs", 3, "pairs-weighted", {"field": "+1430\n+1430\n+680\n-100\n-200", "weights": "+1430 60%, -100 40%"}),
    ):
        bridge.ruling_record(
            user=user, calculation=calculator.CALCULATIONS[slug], inputs=inputs,
            vulnerability="", event=event, board=board, date=datetime.date(2026, 11, 20), note="",
        )


def violations(page) -> list[str]:
    from tests.browser.test_accessibility_browser import AXE, violations

    if not AXE.exists():
        pytest.fail("axe-core is missing: `make test` installs it (tests/browser/js)")
    return violations(page)


def scrolls_sideways(page) -> bool:
    """Whether the page is wider than the window. A phone's browser widens its
    window (innerWidth) to a page too wide, so the window must also be as wide
    as the phone."""
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    return width > inner or inner > page.viewport_size["width"]


def overflowing(page, selector) -> list[str]:
    """The texts of the elements matching ``selector`` whose content is wider than
    they are (cut off, or running out of them)."""
    return page.eval_on_selector_all(
        selector, "elements => elements.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.trim())"
    )


def outside_their_cards(page) -> list[str]:
    """Texts of a row that reach beyond the row's right edge."""
    return page.eval_on_selector_all(
        ".history-list > li",
        """items => items.flatMap(item => {
            const right = item.getBoundingClientRect().right;
            return [...item.querySelectorAll('.row-line > *, .row-pdf a')]
                .filter(e => e.getBoundingClientRect().right > right + 0.5).map(e => e.textContent.trim());
        })""",
    )


@pytest.mark.parametrize(
    ("width", "height", "scheme"), [(390, 844, "light"), (390, 844, "dark"), (320, 568, "light"), (320, 568, "dark")]
)
def test_every_kind_of_game_fits_a_phone(live_server, chromium, screenshot, every_kind, log_in, width, height, scheme):
    context = log_in(
        chromium.new_context(
            viewport={"width": width, "height": height}, device_scale_factor=2, has_touch=True, is_mobile=True,
            color_scheme=scheme,
        )
    )
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/games/")
        assert rows(page).count() == 11
        screenshot(page, f"history-every-kind-{width}x{height}-{scheme}")
        text = rows(page).all_inner_texts()
        assert any("Teams KO — example 2, board 21" in row for row in text)
        assert any("NS team +18.5 IMP · EW team −18.5 IMP" in row for row in text)
        assert not scrolls_sideways(page), page.evaluate("document.documentElement.scrollWidth")
        assert outside_their_cards(page) == []
        # A ruling's event is shown whole, on as many lines as it takes.
        assert overflowing(page, ".is-ruling .row-partners") == []
        assert violations(page) == []
        # The PDF links of each row: A4 and US Letter, each a target to tap.
        for link in page.locator(".row-pdf a").all():
            box = link.bounding_box()
            assert box["height"] >= 32 and box["width"] >= 44, box
        # The page of the partnership whose name is one word of 60 letters.
        partnership = Game.objects.filter(partnership__odd_name=LONG_NAME).first().partnership
        page.goto(f"{live_server.url}/partnerships/{partnership.pk}/")
        screenshot(page, f"history-partnership-long-name-{width}x{height}-{scheme}")
        assert not scrolls_sideways(page)
        assert overflowing(page, "h1, h2, .tile dt") == []
    finally:
        context.close()


def test_at_a_desktops_width_a_ruling_shows_its_event_and_the_headings_fit(live_server, chromium, screenshot, every_kind, log_in, user):
    context = log_in(chromium.new_context(viewport={"width": 1200, "height": 800}))
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/games/")
        screenshot(page, "history-every-kind-1200x800")
        assert not scrolls_sideways(page)
        ruling = page.locator(".history-row", has_text="board 21")
        title = ruling.locator(".row-partners")
        assert title.inner_text() == "Teams KO — example 2, board 21"
        assert overflowing(page, ".is-ruling .row-partners") == [] and overflowing(page, "h1, h2") == []
        assert title.bounding_box()["width"] >= 200
        assert outside_their_cards(page) == []

        # A partnership's page, its heading a name of 60 letters in one word.
        partnership = Game.objects.filter(partnership__odd_name=LONG_NAME).first().partnership
        page.goto(f"{live_server.url}/partnerships/{partnership.pk}/")
        screenshot(page, "history-partnership-1200x800")
        assert not scrolls_sideways(page)
        assert overflowing(page, "h1, h2, .partnership-header, .partnership-header *, .tile dt") == []
        heading = page.locator("h1").bounding_box()
        assert heading["x"] + heading["width"] <= page.locator("main").bounding_box()["x"] + page.locator("main").bounding_box()["width"]
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_new_account_is_shown_how_to_start_each_game(live_server, chromium, screenshot, log_in, user, scheme):
    context = log_in(chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, color_scheme=scheme))
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/games/")
        screenshot(page, f"history-new-account-390x844-{scheme}", full_page=False)
        assert "No games yet." in page.locator("#game-results").inner_text()
        assert page.locator(".start-links a").all_inner_texts() == [kind.label for kind in registry.kinds()]
        assert page.locator(".history-downloads").count() == 0
        assert_big_enough(page, ".start-links a")
        assert not scrolls_sideways(page)
        assert violations(page) == []
        page.get_by_role("link", name="Two Way Street").click()
        page.wait_for_url(f"{live_server.url}/two-way-street/")

        # A search that finds nothing says so, with the way back.
        page.goto(f"{live_server.url}/games/?player=nobody")
        assert "No games match these filters." in page.locator("#game-results").inner_text()
        page.get_by_role("link", name="Clear the filters").click()
        page.wait_for_url(f"{live_server.url}/games/")
        assert page.get_by_label("Search").input_value() == ""
    finally:
        context.close()
