"""A double tap on the buttons that change who is in a game, and on the
account page's Restore, at 390x844 on a touch phone: one effect, whatever the
gap between the taps, and a page that makes sense after it (no error page)."""

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse

from scorepads.players import Seat
from tests.browser.test_seating_browser import phone_of
from tests.browser.test_table_browser import tap_twice
from two_way_street import services as street
from two_way_street.models import Game, Hand, Player

DAY = datetime.date(2026, 7, 9)


@pytest.fixture
def gaps(tap_gaps) -> tuple[int, ...]:
    """The shortest, a middling and the longest gap (ms) of this machine's double taps."""
    return (tap_gaps[0], tap_gaps[1], tap_gaps[-1])


@pytest.fixture
def ann(django_user_model):
    return django_user_model.objects.create_user(username="ann", password="anns pass phrase 1")


@pytest.fixture
def ben(django_user_model):
    return django_user_model.objects.create_user(username="ben", password="bens pass phrase 1")


@pytest.fixture
def ben_phone(chromium, live_server, ben):
    page = phone_of(chromium, live_server, ben, "390x844")
    yield page
    page.context.close()


def offered(ann, ben_joins=False) -> Game:
    """A Two Way Street game Ann starts, seat 2 offered to Ben (or his, if ``ben_joins``)."""
    game = street.game_start(seats=[Seat("Ann", "ann"), Seat("Ben", "ben"), Seat("Cat")], target=12, date=DAY, user=ann)
    if ben_joins:
        Player.objects.filter(game=game, seat=2).update(account=game.players.get(seat=2).invited, invited=None)
        game.members.add(game.players.get(seat=2).account)
    return game


def pages_shown(page) -> dict:
    """From now on, the forms the phone sends and the statuses of the pages it
    is shown, as lists that fill."""
    shown = {"posts": [], "statuses": []}
    page.on("request", lambda request: request.method == "POST" and shown["posts"].append(request.url))
    page.on(
        "response",
        lambda response: response.request.resource_type == "document" and shown["statuses"].append(response.status),
    )
    return shown


def assert_sensible(page, shown, gap, lands_on=None):
    """One form sent (the second tap is dropped, or lands on the answer's page
    on nothing that sends one) and no error page. ``lands_on``: the address
    the answer goes to, waited for (the old page's network may be idle while
    the browser still follows the answer's redirect)."""
    if lands_on:
        page.wait_for_url(lands_on)
    page.wait_for_load_state("networkidle")  # the live server and the test share SQLite
    assert len(shown["posts"]) == 1, f"taps {gap} ms apart: forms sent {shown['posts']}"
    assert shown["statuses"] and all(status < 400 for status in shown["statuses"]), f"taps {gap} ms apart: {shown}"
    assert page.locator("h1").count() == 1, f"taps {gap} ms apart: a page with one heading"


def test_a_double_tap_on_accept_joins_once(ann, ben, ben_phone, live_server, screenshot, gaps):
    for gap in gaps:
        game = offered(ann)
        ben_phone.goto(live_server.url)
        shown = pages_shown(ben_phone)
        tap_twice(ben_phone, ben_phone.get_by_role("button", name="Accept"), gap)
        assert_sensible(ben_phone, shown, gap, lands_on=f"{live_server.url}/two-way-street/games/{game.pk}/")
        assert ben_phone.url == f"{live_server.url}/two-way-street/games/{game.pk}/", gap
        assert list(game.members.order_by("username")) == [ann, ben], gap
        assert [(p.account, p.invited) for p in Player.objects.filter(game=game, seat=2)] == [(ben, None)], gap
        assert Hand.objects.filter(game=game).count() == 0, (
            f"taps {gap} ms apart: the second tap records nothing on the sheet"
        )
    screenshot(ben_phone, "taps-390x844-accept", full_page=False)


def test_a_double_tap_on_decline_declines_once(ann, ben, ben_phone, live_server, screenshot, gaps):
    for gap in gaps:
        game = offered(ann)
        ben_phone.goto(live_server.url)
        shown = pages_shown(ben_phone)
        tap_twice(ben_phone, ben_phone.get_by_role("button", name="Decline"), gap)
        assert_sensible(ben_phone, shown, gap)
        assert ben_phone.url == f"{live_server.url}/", gap
        assert list(game.members.all()) == [ann], gap
        assert [(p.name, p.account, p.invited) for p in Player.objects.filter(game=game, seat=2)] == [
            ("Ben", None, None)
        ], gap
        assert Game.objects.filter(members=ben).count() == 0 and Player.objects.filter(invited=ben).count() == 0, gap
    screenshot(ben_phone, "taps-390x844-decline", full_page=False)


def test_a_double_tap_on_leave_leaves_once(ann, ben, ben_phone, live_server, screenshot, gaps):
    for gap in gaps:
        game = offered(ann, ben_joins=True)
        ben_phone.goto(f"{live_server.url}/two-way-street/games/{game.pk}/")
        leave = ben_phone.locator(".leave-game")
        leave.locator("summary").tap()
        button = leave.get_by_role("button", name="Leave this game")
        button.evaluate("button => button.scrollIntoView({block: 'center'})")  # clear of the Record bar
        shown = pages_shown(ben_phone)
        tap_twice(ben_phone, button, gap)
        assert_sensible(ben_phone, shown, gap, lands_on=f"{live_server.url}/")
        assert ben_phone.url == f"{live_server.url}/", gap
        assert list(game.members.all()) == [ann], gap
        assert [(p.name, p.account) for p in Player.objects.filter(game=game, seat=2)] == [("Ben", None)], gap
        assert Game.objects.filter(pk=game.pk).exists(), gap
    screenshot(ben_phone, "taps-390x844-leave", full_page=False)


def test_a_double_tap_on_restore_restores_the_games_once(ben, ben_phone, live_server, screenshot, tmp_path, gaps):
    games = [offered(ben) for _ in range(2)]  # Ben's own two games, Ann's seat a name
    uids = {game.uid for game in games}
    client = Client()
    client.force_login(ben)
    archive = tmp_path / "data.zip"
    archive.write_bytes(b"".join(client.get(reverse("account_archive")).streaming_content))
    for gap in gaps:
        Game.objects.all().delete()
        ben_phone.goto(f"{live_server.url}/accounts/")
        ben_phone.get_by_label("Your data download (data.zip)").set_input_files(str(archive))
        shown = pages_shown(ben_phone)
        tap_twice(ben_phone, ben_phone.get_by_role("button", name="Restore"), gap)
        assert_sensible(ben_phone, shown, gap, lands_on=re.compile(r".*/accounts/restore/\d+/$"))
        # The restore's page, which the task worker (at once in the tests) has answered.
        assert sorted(Game.objects.values_list("uid", flat=True)) == sorted(uids), f"taps {gap} ms apart"
        assert ben_phone.locator(".restore-progress").inner_text().startswith(
            "Your data is restored. 2 games restored, 0 already here."
        ), gap
    screenshot(ben_phone, "taps-390x844-restore", full_page=False)
