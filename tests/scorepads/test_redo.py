"""Redo, every game's (scorepads.redo): the hand an undo removed is kept for
the phone that undid it, offered beside "Hand N undone" while it can go back
as the next hand, and put back as it was, recorded as any hand is."""

import datetime
from types import SimpleNamespace

import pytest
from django.urls import reverse

from mahjong import services as mahjong
from mahjong.models import Game as MahjongGame
from pad.models import Game as GorillaGame
from scorepads import redo
from scorepads.players import Seat
from tests.mahjong.conftest import BEN_WINS, BEN_WINS_AGAIN
from tests.mahjong.conftest import record as record_mahjong
from tests.two_way_street.conftest import WORKED_HANDS
from tests.two_way_street.conftest import record as record_street
from two_way_street import services as street
from two_way_street.models import Game as StreetGame

HTMX = {"HX-Request": "true"}
PLAYERS = [Seat(name) for name in ("Ann", "Ben", "Cat", "Dan")]


def street_game(user):
    game = street.game_start(seats=PLAYERS, target=100, date=datetime.date(2026, 7, 9), user=user)
    return record_street(game, WORKED_HANDS[:2])


def mahjong_game(user):
    game = mahjong.game_start(seats=PLAYERS, date=datetime.date(2026, 7, 9), user=user)
    return record_mahjong(game, [BEN_WINS_AGAIN, BEN_WINS])  # hand 2 with its notation, drawn from the wall


def stored(game) -> list[tuple]:
    """Every hand of ``game`` as stored, field by field."""
    fields = [field.attname for field in game.hands.model._meta.concrete_fields if field.name not in {"id", "recorded_at"}]
    return list(game.hands.order_by("number").values_list(*fields))


SEATED = {"two-way-street": (street_game, "two_way_street"), "mah-jongg": (mahjong_game, "mahjong")}


@pytest.fixture(params=SEATED, ids=list(SEATED))
def seated(request, user):
    start, urls = SEATED[request.param]
    game = start(user)
    return SimpleNamespace(
        game=game,
        undo=reverse(f"{urls}:hand_undo", args=[game.pk]),
        redo=reverse(f"{urls}:hand_redo", args=[game.pk]),
    )


def test_a_seated_hand_undone_is_put_back_as_it_was(client, seated):
    before = stored(seated.game)
    undone = client.post(seated.undo, {"number": 2}, headers=HTMX).content.decode()
    assert "Hand 2 undone" in undone and ">Redo</button>" in undone
    assert len(stored(seated.game)) == 1
    put_back = client.post(seated.redo, {"number": 2}, headers=HTMX).content.decode()
    assert "Hand 2 put back" in put_back and ">Undo</button>" in put_back
    assert stored(seated.game) == before
    again = client.post(seated.redo, {"number": 2}, headers=HTMX).content.decode()  # a double tap
    assert redo.NOTHING_TO_REDO in again
    assert stored(seated.game) == before


def test_a_redo_after_another_hand_took_its_place_is_refused(client, seated):
    assert ">Redo</button>" in client.post(seated.undo, {"number": 2}, headers=HTMX).content.decode()
    # The other phone records hand 2 meanwhile: this phone's Redo has no place to go.
    if isinstance(seated.game, StreetGame):
        record_street(seated.game, WORKED_HANDS[2:3], start=2)
    else:
        record_mahjong(seated.game, [BEN_WINS_AGAIN], start=2)
    after_other = stored(seated.game)
    refused = client.post(seated.redo, {"number": 2}, headers=HTMX).content.decode()
    assert "Hand 2 is already on the pad" in refused
    assert stored(seated.game) == after_other


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ({"number": 2}, redo.NOTHING_TO_REDO),  # nothing was undone
        ({}, redo.NOTHING_TO_REDO),
        ({"number": "x" * 5000}, redo.NOTHING_TO_REDO),
    ],
)
def test_a_redo_with_nothing_to_put_back_changes_nothing(client, seated, data, said):
    before = stored(seated.game)
    answer = client.post(seated.redo, data, headers=HTMX)
    assert answer.status_code == 200 and said in answer.content.decode()
    assert stored(seated.game) == before


def test_a_redo_naming_another_hand_changes_nothing(client, seated):
    client.post(seated.undo, {"number": 2}, headers=HTMX)
    before = stored(seated.game)
    answer = client.post(seated.redo, {"number": 3}, headers=HTMX).content.decode()
    assert redo.CHANGED_SINCE in answer
    assert stored(seated.game) == before


def test_a_stranger_s_redo_is_a_404_and_changes_nothing(client, stranger_client, seated):
    client.post(seated.undo, {"number": 2}, headers=HTMX)
    before = stored(seated.game)
    assert stranger_client.post(seated.redo, {"number": 2}, headers=HTMX).status_code == 404
    assert stored(seated.game) == before


def test_a_hand_kept_for_one_kind_of_game_is_never_offered_to_another_with_the_same_id():
    request = SimpleNamespace(session={})
    redo.keep(request, GorillaGame(pk=7), {"number": 3, "outcome": "M"})
    for other in (StreetGame(pk=7), MahjongGame(pk=7), GorillaGame(pk=8)):
        assert redo.offered(request, other, 3) is None
        assert redo.to_put_back(request, other, 3) == (None, redo.NOTHING_TO_REDO)
    assert redo.offered(request, GorillaGame(pk=7), 3) == {"number": 3, "outcome": "M"}
    assert redo.offered(request, GorillaGame(pk=7), 4) is None  # another hand is next now
    assert redo.offered(request, GorillaGame(pk=7), None) is None  # the game is over
    assert redo.to_put_back(request, GorillaGame(pk=7), 4) == (None, redo.CHANGED_SINCE)
