"""Accounts and sharing in a real Chromium at a phone's size: log in through the
login page, sign up, and watch a shared pad follow the game without an account."""

import json
import re
import zipfile

import pytest

from pad import services
from tests.conftest import record_outcomes

pytestmark = pytest.mark.browser


def assert_big_enough(page, selector):
    for element in page.locator(selector).all():
        box = element.bounding_box()
        if box:
            assert box["height"] >= 44, (selector, box)


def test_log_in_through_the_login_page_and_log_out(live_server, anonymous_phone, screenshot, game):
    phone = anonymous_phone
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    phone.wait_for_url(re.compile(r"/accounts/login/\?next="))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert_big_enough(phone, "input, button, .account-switch a")
    screenshot(phone, "login")
    phone.get_by_label("Username").fill("jon")
    phone.get_by_label("Password").fill("gorilla-pad-pass-1")
    phone.get_by_role("button", name="Log in").click()
    phone.wait_for_url(f"**/games/{game.pk}/")
    assert phone.locator(".user-name").inner_text() == "jon"
    phone.locator(".site-user > summary").click()  # the account menu: Your account, Log out
    assert_big_enough(phone, ".site-nav > a, .site-menu > summary, .site-user .menu-list a, .site-user button")
    screenshot(phone, "logged-in-pad", full_page=False)
    phone.get_by_role("button", name="Log out").click()
    phone.wait_for_url("**/accounts/login/")


def test_sign_up(live_server, anonymous_phone, screenshot, db, django_user_model):
    phone = anonymous_phone
    phone.goto(f"{live_server.url}/accounts/signup/")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert_big_enough(phone, "input, button")
    screenshot(phone, "signup")
    phone.get_by_label("Username").fill("ann")
    phone.get_by_label("Password", exact=True).fill("a long pass phrase 7")
    phone.get_by_label("Password confirmation").fill("a long pass phrase 7")
    phone.get_by_role("button", name="Sign up").click()
    phone.wait_for_selector("#start-heading")
    assert phone.locator(".user-name").inner_text() == "ann"
    assert django_user_model.objects.filter(username="ann").exists()


def test_a_shared_pad_follows_the_game(live_server, anonymous_phone, screenshot, game):
    record_outcomes(game, "MMIPM")
    services.game_share(game=game)
    phone = anonymous_phone
    phone.goto(f"{live_server.url}/share/{game.share_token}/")
    assert phone.locator("form").count() == 0
    assert phone.locator(".mark").count() == 5
    phone.evaluate("window.samePage = true")
    services.hand_record(game=game, number=6, outcome="P")
    phone.wait_for_selector(".next-hand:has-text('Hand 7:')", timeout=8_000)
    assert phone.evaluate("window.samePage") is True
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "shared-pad")
    services.game_stop_sharing(game=game)
    response = phone.goto(f"{live_server.url}/share/{game.share_token or 'x'}/")
    assert response.status == 404


def test_account_pages_fit_a_phone(live_server, phone, anonymous_phone, screenshot, game, user):
    """The account page, the password, deletion, reset and lockout pages at 390x844."""
    pages = {
        "account": "/accounts/",
        "password-change": "/accounts/password/",
        "account-delete": "/accounts/delete/",
    }
    for name, path in pages.items():
        phone.goto(f"{live_server.url}{path}")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390, name
        assert_big_enough(phone, ".account input, .account button")
        screenshot(phone, name)
    phone.goto(f"{live_server.url}/accounts/")
    with phone.expect_download() as download:
        phone.get_by_role("link", name="Download all your data").click()
    assert re.fullmatch(r"scorepads-jon-\d{4}-\d\d-\d\d\.zip", download.value.suggested_filename)
    with zipfile.ZipFile(download.value.path()) as archive:
        assert archive.namelist() == ["gorilla.json", "two-way-street.json", "mah-jongg.json", "bridge.json", "tally.json"]
        assert [g["date"] for g in json.loads(archive.read("gorilla.json"))["games"]] == [game.date.isoformat()]
    phone.context.clear_cookies()
    phone.goto(f"{live_server.url}/accounts/password/reset/")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "password-reset")
    phone.goto(f"{live_server.url}/accounts/login/")
    for _ in range(5):
        phone.get_by_label("Username").fill("jon")
        phone.get_by_label("Password").fill("wrong")
        phone.get_by_role("button", name="Log in").click()
        phone.wait_for_load_state()
        if phone.locator("#locked-heading").count():
            break
    assert phone.locator("#locked-heading").inner_text() == "Too many tries"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "locked-out")
