"""The history browser in a real Chromium at a phone's size: filter, page, open
a game; the same without JavaScript; the partnership page, light and dark."""

import datetime
import os
import re

import pytest

from pad import rules, services
from pad.exchange import GameSpec
from pad.models import Game, Hand

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
    for _ in range(50):
        top = phone.locator("#game-results").bounding_box()["y"]
        if -2 <= top <= 100:
            break
        phone.wait_for_timeout(100)
    assert -2 <= top <= 100, top
