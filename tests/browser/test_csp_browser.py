"""The Content-Security-Policy in a real Chromium: the pages work under it (htmx
included) and the browser reports no violation while they are used."""

import re

import pytest

from tests.browser.waits import entries_answered, htmx_at_rest
from tests.conftest import record_outcomes

pytestmark = pytest.mark.browser


@pytest.fixture
def violations(phone):
    """Every console message or page error that mentions the CSP, as it comes."""
    seen = []

    def note(text):
        if "Content Security Policy" in text or "Content-Security-Policy" in text:
            seen.append(text)

    phone.on("console", lambda message: note(message.text))
    phone.on("pageerror", lambda error: note(str(error)))
    return seen


def test_the_listener_sees_a_violation(live_server, phone, violations, game):
    """A control: an inline script injected into the page is refused and reported."""
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    with phone.expect_console_message(lambda message: "Content Security Policy" in message.text):
        phone.evaluate(
            """() => {
                const script = document.createElement("script");
                script.textContent = "window.inlineRan = true";
                document.body.append(script);
            }"""
        )
    assert phone.evaluate("window.inlineRan") is None
    assert violations


def test_pages_work_under_the_policy(live_server, phone, screenshot, violations, game):
    response = phone.goto(f"{live_server.url}/games/{game.pk}/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    phone.evaluate("window.samePage = true")
    phone.get_by_role("button", name="Made").click()  # through htmx
    phone.wait_for_selector(".next-hand:has-text('Hand 2:')")
    entries_answered(phone)  # the mark is drawn at once: then its answer comes
    assert phone.evaluate("window.samePage") is True
    assert game.hands.count() == 1
    record_outcomes(game, "M")

    phone.goto(f"{live_server.url}/games/{game.pk}/gorilla/")
    for card in ["7H", "6H", "5D"]:
        phone.locator(f'[data-card="{card}"]').click()
    for card in ["QH", "JH", "6D"]:
        phone.locator(f'[data-card="{card}"]').click()
        phone.locator(f'[data-card="{card}"]').click()
    phone.get_by_role("button", name="Gorilla it out").click()
    phone.wait_for_selector("#analysis .verdict")
    phone.get_by_role("button", name="Record hand 3 as I").click()
    phone.wait_for_url(f"**/games/{game.pk}/")
    assert game.hands.count() == 3

    phone.get_by_role("link", name="All 3 hands: change an outcome").click()
    phone.get_by_role("link", name="solver's verdict").click()
    phone.wait_for_url(f"**/games/{game.pk}/hands/3/")

    phone.goto(f"{live_server.url}/games/")
    phone.locator("#id_player").fill("Jon")
    phone.wait_for_url(re.compile(r"player=Jon"))  # the filter answers through htmx
    htmx_at_rest(phone)
    assert phone.locator("#game-results .history-row").count() == 1

    response = phone.goto(f"{live_server.url}/partnerships/{game.partnership.pk}/")
    assert response.status == 200
    assert "Richard" in phone.locator("main").inner_text()
    screenshot(phone, "csp-partnership")
    assert violations == []
