"""Joining a game with seats by consent, leaving it, and how much one account
may create: in every game with seats, Two Way Street and Mah Jongg alike."""

import datetime
import json
import re
from dataclasses import dataclass

import pytest
from django.test import Client
from django.urls import reverse

from bridge.models import Ruling
from mahjong import selectors as mahjong_selectors
from mahjong import services as mahjong_services
from scorepads import seating
from scorepads.players import Seat
from tests.bridge.test_pages import calculator_url, save_post
from tests.card_table.test_accounts import archive_of
from two_way_street import selectors as street_selectors
from two_way_street import services as street_services

DAY = datetime.date(2026, 7, 9)
HTMX = {"HTTP_HX_REQUEST": "true"}


@dataclass(frozen=True)
class Kind:
    """A game with seats, as these tests play it."""

    slug: str  # its file in the data download, its ``game`` in the history
    namespace: str
    seated: seating.Seated
    names: tuple[str, ...]
    form: dict  # the rest of its new-game form

    def start(self, user, accounts: dict[str, str]):
        seats = [Seat(name, accounts.get(name, "")) for name in self.names]
        if self.namespace == "two_way_street":
            return street_services.game_start(seats=seats, target=12, date=DAY, user=user)
        return mahjong_services.game_start(seats=seats, date=DAY, user=user)

    def url(self, name, game_id=None):
        return reverse(f"{self.namespace}:{name}", args=[] if game_id is None else [game_id])

    def new_game_post(self, **accounts):
        data = {"date": DAY.isoformat(), **self.form}
        data |= {f"name_{number}": name for number, name in enumerate(self.names, start=1)}
        return data | accounts

    @property
    def games(self):
        return self.seated.games.objects

    @property
    def players(self):
        return self.seated.players.objects


KINDS = [
    Kind("two-way-street", "two_way_street", street_selectors.SEATED, ("Ann", "Ben", "Cat"), {"target": "12"}),
    Kind("mah-jongg", "mahjong", mahjong_selectors.SEATED, ("Ann", "Ben", "Cat", "Dan"), {}),
]


@pytest.fixture(params=KINDS, ids=lambda kind: kind.namespace)
def kind(request):
    return request.param


@pytest.fixture
def ben(django_user_model):
    return django_user_model.objects.create_user(username="ben", password="bens pass phrase 1")


@pytest.fixture
def ben_client(ben):
    client = Client()
    client.force_login(ben)
    return client


@pytest.fixture
def offered(kind, user, ben):
    """Jon's game, Ben's account named for the seat of Ben."""
    return kind.start(user, {"Ben": "BEN"})


def ben_sees(kind, client, game) -> dict[str, bool]:
    """Where Ben finds the game: his front page's lists, his history, his data download."""
    front = client.get(reverse("front_page")).content.decode()
    row = kind.url("sheet", game.pk)
    history = client.get(reverse("game_list"), {"game": kind.slug}).content.decode()
    download = archive_of(client)[f"{kind.slug}.json"]
    return {
        "front page": f'href="{row}"' in front,
        "history": f'href="{row}"' in history,
        "download": any(exported["uid"] == str(game.uid) for exported in download["games"]),
        "sheet": client.get(row).status_code == 200,
    }


NOWHERE = {"front page": False, "history": False, "download": False, "sheet": False}
EVERYWHERE = {"front page": True, "history": True, "download": True, "sheet": True}


def seat_of_ben(kind, game):
    player = kind.players.get(game=game, name="Ben")
    return player.account_id, player.invited_id


# Invited, accepted, declined


def test_a_named_account_is_offered_the_seat_and_is_no_member_until_it_accepts(kind, offered, user, ben, ben_client):
    assert list(offered.members.all()) == [user]
    assert seat_of_ben(kind, offered) == (None, ben.pk)
    assert ben_sees(kind, ben_client, offered) == NOWHERE
    front = ben_client.get(reverse("front_page")).content.decode()
    accept, decline = kind.url("invitation_accept", offered.pk), kind.url("invitation_decline", offered.pk)
    assert f"jon invites you to {kind.seated.label} on 9 July 2026, as Ben, with " in front
    for url in (accept, decline):
        assert re.search(rf'<form method="post" action="{url}" data-settle><input type="hidden" name="csrfmiddlewaretoken"', front)

    response = ben_client.post(accept)
    assert response.status_code == 302 and response["Location"] == kind.url("sheet", offered.pk)
    assert set(offered.members.all()) == {user, ben}
    assert seat_of_ben(kind, offered) == (ben.pk, None)
    assert ben_sees(kind, ben_client, offered) == EVERYWHERE
    assert "invites you" not in ben_client.get(reverse("front_page")).content.decode()


def test_declining_keeps_the_game_for_the_others_with_the_name_in_the_seat(kind, offered, user, client, ben, ben_client):
    response = ben_client.post(kind.url("invitation_decline", offered.pk))
    assert response.status_code == 302 and response["Location"] == reverse("front_page")
    assert "You declined" in ben_client.get(reverse("front_page")).content.decode()
    assert seat_of_ben(kind, offered) == (None, None)
    assert kind.players.get(game=offered, seat=2).name == "Ben"
    assert list(offered.members.all()) == [user]
    assert ben_sees(kind, ben_client, offered) == NOWHERE
    assert client.get(kind.url("sheet", offered.pk)).status_code == 200
    # Declined, the seat is no longer offered: accepting now finds nothing.
    assert ben_client.post(kind.url("invitation_accept", offered.pk)).status_code == 302  # this browser's own answer
    other_phone = Client()
    other_phone.force_login(ben)
    assert other_phone.post(kind.url("invitation_accept", offered.pk)).status_code == 404
    assert list(offered.members.all()) == [user]


def test_leaving_keeps_the_game_for_the_others_with_the_name_in_the_seat(kind, offered, user, client, ben, ben_client):
    ben_client.post(kind.url("invitation_accept", offered.pk))
    assert ben_sees(kind, ben_client, offered) == EVERYWHERE
    assert "Leave this game" in ben_client.get(kind.url("sheet", offered.pk)).content.decode()

    response = ben_client.post(kind.url("game_leave", offered.pk))
    assert response.status_code == 302 and response["Location"] == reverse("front_page")
    assert "You left the" in ben_client.get(reverse("front_page")).content.decode()
    assert list(offered.members.all()) == [user]
    assert seat_of_ben(kind, offered) == (None, None)
    assert kind.players.get(game=offered, seat=2).name == "Ben"
    assert ben_sees(kind, ben_client, offered) == NOWHERE
    assert client.get(kind.url("sheet", offered.pk)).status_code == 200
    assert f'href="{kind.url("sheet", offered.pk)}"' in client.get(reverse("front_page")).content.decode()


def test_the_leave_control_is_shown_to_members_only(kind, offered, user, client, ben, ben_client, django_user_model):
    staff = django_user_model.objects.create_user(username="sue", password="sues pass phrase 1", is_staff=True)
    staff_client = Client()
    staff_client.force_login(staff)
    sheet, leave = kind.url("sheet", offered.pk), kind.url("game_leave", offered.pk)
    response = staff_client.get(sheet)
    assert response.status_code == 200 and "Leave this game" not in response.content.decode()
    assert f'action="{leave}"' not in response.content.decode()
    assert f'action="{leave}"' in client.get(sheet).content.decode()
    offered.members.add(staff)
    assert f'action="{leave}"' in staff_client.get(sheet).content.decode()


def test_the_starter_may_leave_and_the_last_member_to_leave_deletes_the_game(kind, offered, user, client, ben, ben_client):
    ben_client.post(kind.url("invitation_accept", offered.pk))
    client.post(kind.url("game_leave", offered.pk))
    assert list(offered.members.all()) == [ben]
    assert kind.players.filter(game=offered).count() == len(kind.names)
    response = ben_client.post(kind.url("game_leave", offered.pk))
    assert response.status_code == 302
    assert not kind.games.filter(pk=offered.pk).exists() and not kind.players.filter(game_id=offered.pk).exists()
    assert "nobody else was in it, so it is deleted" in ben_client.get(reverse("front_page")).content.decode()


def test_a_game_left_with_a_seat_still_offered_is_deleted_and_the_offer_with_it(kind, offered, client, ben_client):
    client.post(kind.url("game_leave", offered.pk))
    assert not kind.games.filter(pk=offered.pk).exists()
    assert "invites you" not in ben_client.get(reverse("front_page")).content.decode()


# A double tap, a stranger, a forged form


@pytest.mark.parametrize("action", ["invitation_accept", "invitation_decline", "game_leave"])
def test_a_second_tap_changes_nothing_and_shows_no_error(kind, offered, ben, ben_client, action):
    if action == "game_leave":
        ben_client.post(kind.url("invitation_accept", offered.pk))

    def state():
        return (
            sorted(kind.seated.games.members.through.objects.values_list("user_id", flat=True)),
            list(kind.players.order_by("pk").values("account", "invited", "name")),
        )

    before = state()
    first = ben_client.post(kind.url(action, offered.pk))
    after_one = state()
    second = ben_client.post(kind.url(action, offered.pk))
    assert after_one != before and state() == after_one
    assert first.status_code == second.status_code == 302
    assert ben_client.get(second["Location"]).status_code == 200


@pytest.mark.parametrize("action", ["invitation_accept", "invitation_decline", "game_leave"])
def test_a_stranger_finds_no_invitation_and_changes_nothing(kind, offered, stranger_client, action):
    before = list(kind.players.order_by("pk").values()), list(offered.members.all())
    for extra in ({}, HTMX):
        assert stranger_client.post(kind.url(action, offered.pk), **extra).status_code == 404
        assert stranger_client.get(kind.url(action, offered.pk), **extra).status_code == 405
    assert stranger_client.post(kind.url(action, 10**9)).status_code == 404
    assert (list(kind.players.order_by("pk").values()), list(offered.members.all())) == before


def test_answering_needs_the_forms_csrf_token(kind, offered, ben):
    careful = Client(enforce_csrf_checks=True)
    careful.force_login(ben)
    assert careful.post(kind.url("invitation_accept", offered.pk)).status_code == 403
    assert seat_of_ben(kind, offered) == (None, ben.pk)


def test_the_front_page_lists_its_invitations_in_a_fixed_number_of_queries(
    kind, user, ben, ben_client, django_assert_max_num_queries
):
    for _ in range(5):
        kind.start(user, {"Ben": "ben"})
    with django_assert_max_num_queries(40) as counted:
        page = ben_client.get(reverse("front_page")).content.decode()
    assert page.count("jon invites you") == 5
    kind.start(user, {"Ben": "ben"})
    with django_assert_max_num_queries(len(counted.captured_queries)):
        assert ben_client.get(reverse("front_page")).content.decode().count("jon invites you") == 6


# The same answer for every user name


def comparable(text: str, game_ids) -> str:
    """A page without what differs between two posts: the games' ids, the
    typed user name, the form's CSRF token."""
    for game_id in game_ids:
        text = text.replace(f"/games/{game_id}/", "/games/N/").replace(f"?game={game_id}", "?game=N")
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", text)
    text = re.sub(r'x-csrftoken": "[^"]+"', "", text)
    return text.replace("ben", "NAME").replace("nobody", "NAME")


def test_the_form_answers_alike_whether_or_not_the_account_exists(kind, client, ben):
    pages = []
    for typed in ("ben", "nobody"):
        response = client.post(kind.url("new"), kind.new_game_post(account_2=typed))
        assert response.status_code == 302
        pages.append((response, client.get(response["Location"]).content.decode()))
    (first, first_page), (second, second_page) = pages
    ids = list(kind.games.values_list("pk", flat=True))
    assert comparable(first["Location"], ids) == comparable(second["Location"], ids)
    assert "The accounts you named are invited" in first_page
    assert comparable(first_page, ids) == comparable(second_page, ids)
    # A refused form too: the same words, whoever the user name is.
    refused = []
    for typed in ("ben", "nobody"):
        response = client.post(kind.url("new"), kind.new_game_post(account_2=typed, account_3=typed.upper()))
        refused.append((response.status_code, comparable(response.content.decode().replace(typed.upper(), "NAME"), ids)))
    assert refused[0] == refused[1] and refused[0][0] == 400
    assert "is named for player 2 too" in refused[0][1]


def test_nothing_else_tells_whether_the_user_name_was_an_accounts(kind, user, client, ben):
    """Neither the next game's defaults nor the starter's data download say
    whether a seat's user name is an account's, until that account joins."""
    starts = []
    for typed in ("ben", "nobody"):
        kind.start(user, {"Ben": typed})
        new_page = client.get(kind.url("new")).content.decode()
        download = archive_of(client)[f"{kind.slug}.json"]
        offered = re.findall(r'name="account_\d+" id="id_account_\d+" value="([^"]*)"', new_page)
        starts.append((offered, download["games"][-1]["players"]))
        assert '"account"' not in json.dumps(download) and '"invited"' not in json.dumps(download)
    assert starts[0] == starts[1]
    assert starts[0][0][:2] == ["", ""] and starts[0][1][1] == "Ben"
    # Once Ben has joined, his game offers his account again.
    game = kind.start(user, {"Ben": "ben"})
    seating.invitation_accept(seated=kind.seated, game_id=game.pk, user=ben)
    assert 'name="account_2" id="id_account_2" value="ben"' in client.get(kind.url("new")).content.decode()


def test_the_new_game_form_is_throttled(kind, client, settings, rate_window_held):
    settings.NEW_GAME_RATE = "3/h"
    for _ in range(3):
        assert client.post(kind.url("new"), kind.new_game_post(account_2="nobody")).status_code == 302
    before = kind.games.count(), kind.players.count()
    response = client.post(kind.url("new"), kind.new_game_post(account_2="ben"))
    assert response.status_code == 429
    assert "Too many new games from this account" in response.content.decode()
    assert client.post(kind.url("new"), kind.new_game_post(), **HTMX).status_code == 200
    assert (kind.games.count(), kind.players.count()) == before == (3, 3 * len(kind.names))


# How much one account creates in a day


LIMITS = {"two_way_street": "TWO_WAY_STREET_GAMES_PER_DAY", "mahjong": "MAH_JONGG_GAMES_PER_DAY"}


def test_an_account_starts_at_most_the_days_limit_of_games(kind, user, client, stranger_client, settings):
    setattr(settings, LIMITS[kind.namespace], 2)
    for _ in range(2):
        assert client.post(kind.url("new"), kind.new_game_post()).status_code == 302
    before = kind.games.count(), kind.players.count(), kind.seated.games.members.through.objects.count()
    for extra, status in (({}, 400), (HTMX, 200)):
        response = client.post(kind.url("new"), kind.new_game_post(account_2="stranger"), **extra)
        assert response.status_code == status
        page = response.content.decode()
        assert f"You have started 2 {kind.seated.label} games today, and an account may start at most 2 a day" in page
        assert 'value="Ann"' in page  # the form, as it was typed
    assert (kind.games.count(), kind.players.count(), kind.seated.games.members.through.objects.count()) == before
    # Another account has its own count.
    assert stranger_client.post(kind.url("new"), kind.new_game_post()).status_code == 302


def test_games_of_an_earlier_day_do_not_count(kind, user, client, settings):
    setattr(settings, LIMITS[kind.namespace], 1)
    earlier = kind.start(user, {})
    kind.games.filter(pk=earlier.pk).update(created_at=earlier.created_at - datetime.timedelta(days=1))
    assert client.post(kind.url("new"), kind.new_game_post()).status_code == 302
    assert client.post(kind.url("new"), kind.new_game_post()).status_code == 400


def test_an_account_saves_at_most_the_days_limit_of_rulings(client, settings):
    settings.BRIDGE_RULINGS_PER_DAY = 2
    posts = [save_post() for _ in range(3)]
    for slug, data in posts[:2]:
        assert client.post(calculator_url(slug), data).status_code == 302
    slug, data = posts[2]
    for extra, status in (({}, 400), (HTMX, 200)):
        response = client.post(calculator_url(slug), data, **extra)
        assert response.status_code == status
        assert "You have saved 2 rulings today, and an account may save at most 2 a day" in response.content.decode()
    assert Ruling.objects.count() == 2
    # A ruling saved already, sent again with its key (a double tap), is the one
    # saved: answered as done, no refusal, no third row.
    slug, data = posts[0]
    again = client.post(calculator_url(slug), data)
    assert (again.status_code, again["X-Entry"]) == (204, "done")
    assert Ruling.objects.count() == 2


# Invitations bounded: a cap per account, pages, declining all from one account and blocking it


def test_an_account_holding_the_most_invitations_is_invited_no_more_and_the_sender_is_told(
    kind, client, user, ben, settings
):
    settings.PENDING_INVITATIONS_PER_ACCOUNT = 3
    other = KINDS[1] if kind is KINDS[0] else KINDS[0]
    kind.start(user, {"Ben": "ben"})
    kind.start(user, {"Ben": "ben"})
    other.start(user, {"Ben": "ben"})  # every kind's invitations count
    games = kind.games.count()
    response = client.post(kind.url("new"), kind.new_game_post(account_2="ben"))
    assert response.status_code == 400
    page = response.content.decode()
    assert "ben has 3 invitations waiting for an answer, the most an account may have" in page
    assert kind.games.count() == games  # nothing written
    assert seating.pending_invitations(ben) == 3
    # Without naming Ben's account, the game starts.
    assert client.post(kind.url("new"), kind.new_game_post()).status_code == 302


def test_the_front_page_shows_invitations_a_page_at_a_time(kind, user, ben, ben_client, settings, django_assert_max_num_queries):
    settings.PENDING_INVITATIONS_PER_ACCOUNT = 100
    per_page = seating.INVITATIONS_PER_PAGE
    for _ in range(per_page * 2 + 5):
        kind.start(user, {"Ben": "ben"})
    with django_assert_max_num_queries(40) as counted:
        first = ben_client.get(reverse("front_page")).content.decode()
    assert first.count("jon invites you") == per_page
    assert "Page 1 of 3" in first and 'href="?invitations=2"' in first
    with django_assert_max_num_queries(len(counted.captured_queries)):
        last = ben_client.get(reverse("front_page"), {"invitations": "3"}).content.decode()
    assert last.count("jon invites you") == 5 and "Page 3 of 3" in last
    for beyond in ("99", "0", "x", "9" * 30):  # no such page: the nearest, never an error
        response = ben_client.get(reverse("front_page"), {"invitations": beyond})
        assert response.status_code == 200 and response.content.decode().count("jon invites you") in (per_page, 5)
    # Every invitation once, newest first, across the pages.
    shown = [
        int(game_id)
        for number in (1, 2, 3)
        for game_id in re.findall(
            r"/games/(\d+)/accept/", ben_client.get(reverse("front_page"), {"invitations": number}).content.decode()
        )
    ]
    assert sorted(shown, reverse=True) == shown == list(kind.games.order_by("-created_at").values_list("pk", flat=True))


def test_declining_all_from_an_account_leaves_the_others_invitations(kind, user, ben, ben_client, stranger):
    from_jon = [kind.start(user, {"Ben": "ben"}) for _ in range(3)]
    from_stranger = kind.start(stranger, {"Ben": "ben"})
    response = ben_client.post(reverse("invitations_decline_from", args=[user.pk]))
    assert response.status_code == 302 and response["Location"] == reverse("front_page")
    assert "You declined 3 invitations from jon." in ben_client.get(reverse("front_page")).content.decode()
    assert [seat_of_ben(kind, game) for game in from_jon] == [(None, None)] * 3
    assert seat_of_ben(kind, from_stranger) == (None, ben.pk)
    # Not blocked: Jon's next game invites Ben again.
    assert seat_of_ben(kind, kind.start(user, {"Ben": "ben"})) == (None, ben.pk)


def test_a_blocked_account_invites_no_more_and_is_told_nothing_of_it(kind, client, user, ben, ben_client):
    kind.start(user, {"Ben": "ben"})
    ben_client.post(reverse("invitations_decline_from", args=[user.pk]), {"block": "yes"})
    assert seating.pending_invitations(ben) == 0
    # Jon's new game names Ben's account: the same answer as for a user name that is no account's.
    pages = []
    for typed in ("ben", "nobody"):
        response = client.post(kind.url("new"), kind.new_game_post(account_2=typed))
        assert response.status_code == 302
        pages.append((response, client.get(response["Location"]).content.decode()))
    (first, first_page), (second, second_page) = pages
    ids = list(kind.games.values_list("pk", flat=True))
    assert comparable(first_page, ids) == comparable(second_page, ids)
    assert seating.pending_invitations(ben) == 0  # a name only
    assert "jon invites you" not in ben_client.get(reverse("front_page")).content.decode()
    # Ben's account page lists the block and lifts it.
    account_page = ben_client.get(reverse("account")).content.decode()
    assert "Unblock jon" in account_page
    assert ben_client.post(reverse("invitation_unblock", args=[user.pk])).status_code == 302
    assert "Unblock jon" not in ben_client.get(reverse("account")).content.decode()
    assert seat_of_ben(kind, kind.start(user, {"Ben": "ben"})) == (None, ben.pk)


def test_declining_from_no_such_account_is_a_404_and_changes_nothing(offered, ben, ben_client):
    assert ben_client.post(reverse("invitations_decline_from", args=[999_999]), {"block": "yes"}).status_code == 404
    assert ben_client.post(reverse("invitation_unblock", args=[999_999])).status_code == 404
    assert seating.pending_invitations(ben) == 1
