"""The site around the games in a real Chromium: the skip link, a slim header
at 320 px, the toast that covers no control and is gone once faded, the fixed
bars at large text and under Tab, a refused form's error summary, the history
at 320 px without sideways scrolling; screenshots of the site's pages."""

import datetime
import os

import pytest

from pad import services
from pad.models import Game
from scorepads import registry
from tests.browser.waits import entries_answered, scripts_settled
from tests.card_table.test_history import save_ruling
from tests.conftest import record_outcomes

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

pytestmark = pytest.mark.browser

SIZES = {"320x568": (320, 568), "390x844": (390, 844), "844x390": (844, 390)}
LONG_NAME = "Maximilian-Alexander von Hohenzollern-Sigmaringen"


@pytest.fixture
def at_size(chromium, log_in):
    """A logged-in phone of the given size and colour scheme."""
    contexts = []

    def open_phone(width, height, scheme="light"):
        context = chromium.new_context(
            viewport={"width": width, "height": height}, device_scale_factor=2, has_touch=True, is_mobile=True,
            color_scheme=scheme,
        )
        contexts.append(context)
        log_in(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield open_phone
    for context in contexts:
        context.close()


def no_sideways_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_skip_link_is_the_first_tab_and_leads_to_the_page(live_server, phone, game):
    for url in ("/", f"/games/{game.pk}/", "/games/"):
        phone.goto(live_server.url + url)
        phone.keyboard.press("Tab")
        link = phone.locator(".skip-link")
        assert phone.evaluate("document.activeElement.className") == "skip-link", url
        box = link.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 844, url  # shown when focused
        phone.keyboard.press("Enter")
        assert phone.evaluate("document.activeElement.id") == "main", url
        phone.keyboard.press("Tab")
        assert phone.evaluate("document.getElementById('main').contains(document.activeElement)"), url


@pytest.mark.parametrize("size", SIZES)
def test_the_header_is_one_slim_line(live_server, at_size, game, size):
    width, height = SIZES[size]
    page = at_size(width, height)
    for url in ("/", "/games/", "/accounts/", f"/games/{game.pk}/"):
        page.goto(live_server.url + url)
        header = page.locator(".site-header").bounding_box()
        assert header["height"] <= 52, (url, header)
        for element in page.locator(".site-header a:visible, .site-header summary").all():
            box = element.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (url, element.evaluate("e => e.outerHTML.slice(0, 200)"), box)
            assert box["height"] >= 44
        assert no_sideways_scroll(page), url
    # New game offers every game; the account menu logs out.
    page.locator(".new-game-menu summary").click()
    assert page.locator(".new-game-menu li a").all_inner_texts() == [kind.label for kind in registry.kinds()]
    menu = page.locator(".new-game-menu .menu-list").bounding_box()
    assert menu["x"] >= 0 and menu["x"] + menu["width"] <= width
    # One menu open at a time: the account menu opened closes New game, which it would lie over.
    page.locator(".site-user summary").click()
    assert page.locator(".site-user .menu-list").is_visible()
    assert not page.locator(".new-game-menu .menu-list").is_visible()
    page.locator(".new-game-menu summary").click()
    assert not page.locator(".site-user .menu-list").is_visible()


def test_a_tap_on_a_field_under_the_toast_reaches_the_field_and_the_faded_toast_takes_no_focus(live_server, phone, game):
    record_outcomes(game, "MM")
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    phone.get_by_role("button", name="Made").click()
    phone.wait_for_selector(".next-hand:has-text('Hand 4:')")
    entries_answered(phone)  # the toast comes with the answer; the next hand is drawn at the tap
    toast = phone.locator("[data-toast]")
    assert toast.is_visible()
    # Open the rest of the bar ("Gorilla it out · more"), as a player does within seconds.
    phone.locator("#record-more > summary").click()
    field = phone.locator("#irregularity")
    field.wait_for(state="visible")
    scripts_settled(phone)  # the toast moves above the opened bar
    box, toast_box = field.bounding_box(), toast.bounding_box()
    assert box["y"] >= toast_box["y"] + toast_box["height"] or box["y"] + box["height"] <= toast_box["y"], (box, toast_box)
    # A tap on the right of the field reaches the field, and no hand is undone.
    phone.touchscreen.tap(box["x"] + box["width"] - 10, box["y"] + box["height"] / 2)
    assert phone.evaluate("document.activeElement.id") == "irregularity"
    assert Game.objects.get(pk=game.pk).hands.count() == 3
    # Wherever the toast shows, a tap beside its own button passes through it.
    middle = toast.locator(".message > span").bounding_box()
    under = phone.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('[data-toast]') === null",
        [middle["x"] + 5, middle["y"] + middle["height"] / 2],
    )
    assert under
    # Faded, the toast is hidden: Tab never lands on its Undo, a screen reader never reads it.
    phone.wait_for_function("() => document.querySelector('[data-toast]').hidden")
    assert phone.evaluate("getComputedStyle(document.querySelector('[data-toast]')).display") == "none"
    phone.locator("body").focus()
    for _ in range(40):
        phone.keyboard.press("Tab")
        assert not phone.evaluate("Boolean(document.activeElement.closest('[data-toast]'))")


def fixed_bar_covers_focus(page):
    return page.evaluate(
        """() => {
          const focused = document.activeElement;
          const bar = document.querySelector('.record-bar');
          if (!focused || !bar || bar.contains(focused) || focused === document.body) return false;
          if (getComputedStyle(bar).position !== 'fixed') return false;
          const a = focused.getBoundingClientRect(), b = bar.getBoundingClientRect();
          return a.bottom > b.top && a.top < b.bottom && a.height > 0;
        }"""
    )


def test_tabbing_never_focuses_a_control_under_the_fixed_bar(live_server, at_size, game):
    record_outcomes(game, "MMIPMMPMIM")
    for width, height in SIZES.values():
        page = at_size(width, height)
        page.goto(f"{live_server.url}/games/{game.pk}/hands/all/")
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.locator("body").focus()
        for _ in range(60):
            page.keyboard.press("Tab")
            assert not fixed_bar_covers_focus(page), (width, height, page.evaluate("document.activeElement.outerHTML.slice(0, 120)"))


def test_with_large_text_the_bars_stay_in_the_page_and_every_control_is_reachable(live_server, at_size, game, screenshot):
    record_outcomes(game, "MMI")
    page = at_size(320, 568)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert page.evaluate("getComputedStyle(document.querySelector('.record-bar')).position") == "fixed"
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    page.wait_for_function("() => document.documentElement.classList.contains('bars-in-flow')")
    assert page.evaluate("getComputedStyle(document.querySelector('.record-bar')).position") == "static"
    for name in ("Made", "Lost, possible", "Lost, impossible"):
        button = page.get_by_role("button", name=name)
        button.scroll_into_view_if_needed()
        box = button.bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= 568, (name, box)
        assert 0 <= box["x"] and box["x"] + box["width"] <= 320, (name, box)
    screenshot(page, "site-large-text-pad-320", full_page=False)
    # Back to the phone's own size, the bar is fixed under the thumb again.
    page.evaluate("document.documentElement.style.fontSize = ''")
    page.wait_for_function("() => !document.documentElement.classList.contains('bars-in-flow')")


def test_a_refused_start_form_moves_focus_to_its_summary_linked_to_the_fields(live_server, phone, db):
    phone.goto(live_server.url)
    phone.get_by_label("Even partner").fill("Richard")
    phone.get_by_role("button", name="Start the game").click()
    phone.wait_for_selector("[data-error-summary]")
    # The summary is on the page before the site's script has run: wait for the focus to move.
    phone.wait_for_function("() => document.activeElement.hasAttribute('data-error-summary')")
    link = phone.locator("[data-error-summary] a").first
    assert "Enter a name" in link.inner_text()
    link.click()
    assert phone.evaluate("document.activeElement.id") == "id_odd_name"
    assert phone.locator("#id_even_name").input_value() == "Richard"


@pytest.fixture
def varied_history(user):
    partnership = services.partnership_get_or_create(odd_name=LONG_NAME, even_name="Pat", user=user)
    for day in range(1, 4):
        game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, day))
        record_outcomes(game, "MMIPMMPMIM")
    save_ruling(user, "example 2", event="Teams KO — a long event name of the autumn congress", board=21)
    save_ruling(user, "example 1", event="Club pairs", board=121)


def test_the_history_at_320_does_not_scroll_sideways(live_server, at_size, varied_history):
    page = at_size(320, 568)
    page.goto(f"{live_server.url}/games/")
    assert page.locator(".history-row").count() == 5
    assert no_sideways_scroll(page)
    for row in page.locator(".history-list > li").all():
        box = row.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 320, box
    # The names are never cut short: every partner's name shows whole, wrapped if it must.
    shown = page.locator(".row-partners").first.bounding_box()
    assert shown["width"] > 100
    cut = "[...document.querySelectorAll('.row-partners')].filter((names) => names.scrollWidth > names.clientWidth).length"
    assert page.evaluate(cut) == 0


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_of_the_site_at_every_size(live_server, at_size, screenshot, varied_history, scheme):
    for size, (width, height) in SIZES.items():
        page = at_size(width, height, scheme)
        for name, url in (("front", "/"), ("history", "/games/"), ("account", "/accounts/")):
            page.goto(live_server.url + url)
            assert no_sideways_scroll(page), (size, name)
            screenshot(page, f"site-{name}-{size}-{scheme}", full_page=False)
