"""Joining a game by invitation on a phone: Ann starts a Two Way Street game
naming Ben's account; Ben finds the invitation on his front page, accepts, and
later leaves the game, which stays with Ann."""

import pytest

from tests.browser.test_accessibility_browser import AXE, violations
from tests.browser.test_table_browser import VIEWPORTS, assert_fits, assert_tap_targets
from two_way_street.models import Game, Player


def phone_of(chromium, live_server, account, size):
    """A phone of ``size`` logged in as ``account`` (a session made by the test client)."""
    from django.test import Client

    client = Client()
    client.force_login(account)
    context = chromium.new_context(viewport=VIEWPORTS[size], has_touch=True, is_mobile=True)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


@pytest.mark.parametrize("size", ["320x568", "390x844"])
def test_ben_accepts_ann_s_invitation_then_leaves(chromium, live_server, django_user_model, screenshot, size):
    if not AXE.exists():
        pytest.fail("axe-core is missing: `make test` installs it (tests/browser/js)")
    ann = django_user_model.objects.create_user(username="ann", password="anns pass phrase 1")
    ben = django_user_model.objects.create_user(username="ben", password="bens pass phrase 1")

    ann_phone = phone_of(chromium, live_server, ann, size)
    ann_phone.goto(f"{live_server.url}/two-way-street/")
    for number, name in enumerate(["Ann", "Ben", "Cat"], start=1):
        ann_phone.get_by_label(f"Player {number}", exact=True).fill(name)
    ann_phone.get_by_label("Account of player 2").fill("ben")
    ann_phone.get_by_label("Date").fill("2026-07-09")
    ann_phone.get_by_role("button", name="Start the game").click()
    ann_phone.wait_for_url("**/two-way-street/games/*/")
    game = Game.objects.get()
    assert list(game.members.all()) == [ann]
    assert ann_phone.locator(".toast").get_by_text("The accounts you named are invited").is_visible()

    ben_phone = phone_of(chromium, live_server, ben, size)
    ben_phone.goto(live_server.url)
    invitation = ben_phone.locator(".seat-invitation")
    assert invitation.inner_text().startswith("ann invites you to Two Way Street on 9 July 2026, as Ben, with Ann and Cat.")
    accept, decline = ben_phone.get_by_role("button", name="Accept"), ben_phone.get_by_role("button", name="Decline")
    assert_fits(ben_phone, size, accept)
    assert_tap_targets([accept, decline])
    assert violations(ben_phone) == []
    screenshot(ben_phone, f"seating-{size}-invitation", full_page=False)

    accept.tap()
    ben_phone.wait_for_url(f"**/two-way-street/games/{game.pk}/")
    assert set(game.members.all()) == {ann, ben}
    assert Player.objects.get(game=game, seat=2).account == ben

    assert ben_phone.locator(".toast").get_by_text("You joined this Two Way Street game.").is_visible()
    ben_phone.wait_for_selector(".toast.faded", state="attached")  # out of the way after a few seconds
    ben_phone.wait_for_selector(".toast", state="hidden")  # then gone, once faded
    leave = ben_phone.locator(".leave-game")
    leave.locator("summary").tap()
    button = leave.get_by_role("button", name="Leave this game")
    button.evaluate("button => button.scrollIntoView({block: 'center'})")  # clear of the Record bar
    box, bar = button.bounding_box(), ben_phone.locator(".record-bar").bounding_box()
    assert box["y"] + box["height"] <= bar["y"], "the page scrolls the Leave button clear of the Record bar"
    assert_fits(ben_phone, size)
    assert_tap_targets([leave.locator("summary"), button])
    screenshot(ben_phone, f"seating-{size}-leave", full_page=False)
    button.tap()
    ben_phone.wait_for_url(f"{live_server.url}/")
    assert ben_phone.get_by_text("You left the Two Way Street game").is_visible()
    ben_phone.wait_for_load_state("networkidle")  # the live server and the test share SQLite
    assert list(game.members.all()) == [ann]
    assert Player.objects.get(game=game, seat=2).name == "Ben" and Player.objects.get(game=game, seat=2).account is None
    assert ben_phone.locator(f'a[href="/two-way-street/games/{game.pk}/"]').count() == 0

    ann_phone.reload()
    assert ann_phone.get_by_role("heading", name="Two Way Street").is_visible()
    ann_phone.context.close()
    ben_phone.context.close()
