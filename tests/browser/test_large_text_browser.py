"""Every game's page of entries at 320×568 with text at 200 %: nothing is wider
than the screen (the page never scrolls sideways), with every section of the
page opened and each menu of the header too."""

import pytest

from tests.browser.test_entry_queue_browser import mahjong_game, tws_game
from tests.browser.test_site_browser import at_size  # noqa: F401
from tests.conftest import record_outcomes

WIDTH, HEIGHT = 320, 568
# Text at 200 %, as the phone's setting makes it, on every page the phone opens:
# set before the page's own scripts measure the bars.
LARGE_TEXT = "document.addEventListener('DOMContentLoaded', () => { document.documentElement.style.fontSize = '200%'; });"

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


def gorilla_address(game, user):
    record_outcomes(game, "MMIPMMPMIM")
    return f"/games/{game.pk}/"


ADDRESSES = {
    "gorilla": gorilla_address,
    "two-way-street": lambda game, user: f"/two-way-street/games/{tws_game(user).pk}/",
    "mah-jongg": lambda game, user: f"/mah-jongg/games/{mahjong_game(user).pk}/",
    "mah-jongg-scorer": lambda game, user: f"/mah-jongg/scorer/?game={mahjong_game(user).pk}",
    "bridge": lambda game, user: "/bridge/pairs-weighted/",
}


def open_with_large_text(at_size, live_server, address):  # noqa: F811
    """A 320×568 phone with text at 200 %, logged in, on ``address``."""
    page = at_size(WIDTH, HEIGHT)
    page.context.add_init_script(LARGE_TEXT)
    page.goto(f"{live_server.url}{address}")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.documentElement.style.fontSize") == "200%"
    return page


def fits_the_screen(page, what: str) -> None:
    off = page.evaluate(OFF_THE_SCREEN, WIDTH)
    assert off == [], what
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH, what


@pytest.mark.parametrize("page_of", ADDRESSES)
def test_large_text_never_scrolls_sideways(live_server, at_size, game, user, page_of, screenshot):  # noqa: F811
    page = open_with_large_text(at_size, live_server, ADDRESSES[page_of](game, user))
    fits_the_screen(page, "as it opens")
    screenshot(page, f"large-text-{page_of}-320x568", full_page=False)
    # Every section of the page opened (the record bar's "more", another
    # calculation, ...), then each menu of the header.
    page.evaluate("document.querySelectorAll('main details').forEach((details) => { details.open = true; })")
    fits_the_screen(page, "every section opened")
    screenshot(page, f"large-text-{page_of}-320x568-opened")
    for number, menu in enumerate(page.locator(".site-menu").all()):
        page.evaluate("document.querySelectorAll('.site-menu').forEach((details) => { details.open = false; })")
        menu.evaluate("(details) => { details.open = true; }")
        page.evaluate("window.scrollTo(0, 0)")
        fits_the_screen(page, menu.locator("summary").inner_text())
        screenshot(page, f"large-text-{page_of}-320x568-menu-{number + 1}", full_page=False)
