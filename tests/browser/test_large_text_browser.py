"""Every game's page at 320×568 with text at 200 %: nothing is wider than the
screen (the page never scrolls sideways) and the fixed bars give way."""

import pytest

from tests.browser.test_entry_queue_browser import mahjong_game, tws_game
from tests.browser.test_site_browser import at_size  # noqa: F401
from tests.conftest import record_outcomes

# The elements whose right edge is past the screen's: what would scroll sideways.
WIDER_THAN_THE_SCREEN = """(width) => Array.from(document.querySelectorAll('body *'))
  .filter((element) => { const box = element.getBoundingClientRect(); return box.width && box.right > width + 1; })
  .slice(0, 10).map((element) => `${element.tagName}.${element.className}`)"""


@pytest.mark.parametrize("page_of", ["gorilla", "two-way-street", "mah-jongg", "mah-jongg-scorer", "bridge"])
def test_large_text_never_scrolls_sideways(live_server, at_size, game, user, page_of, screenshot):  # noqa: F811
    record_outcomes(game, "MMIPMMPMIM")
    address = {
        "gorilla": lambda: f"/games/{game.pk}/",
        "two-way-street": lambda: f"/two-way-street/games/{tws_game(user).pk}/",
        "mah-jongg": lambda: f"/mah-jongg/games/{mahjong_game(user).pk}/",
        "mah-jongg-scorer": lambda: f"/mah-jongg/scorer/?game={mahjong_game(user).pk}",
        "bridge": lambda: "/bridge/pairs-weighted/",
    }[page_of]()
    page = at_size(320, 568)
    page.goto(f"{live_server.url}{address}")
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    page.wait_for_timeout(300)  # the bars' check runs on resize
    assert page.evaluate("document.documentElement.scrollWidth") <= 320, page.evaluate(WIDER_THAN_THE_SCREEN, 320)
    screenshot(page, f"large-text-{page_of.replace(' ', '-')}-320x568", full_page=False)
