"""Mah Jongg games in the lists: the front page and the history browser, with
the other games, a filter by game and by player."""

import datetime
import re

import pytest
from django.urls import reverse

from mahjong import services
from scorepads.players import Seat
from tests.mahjong.conftest import BEN_WINS, record
from tests.names import bdi
from two_way_street import services as two_way_street

LIST_URL = reverse("game_list")


def rows(page: str) -> list[tuple[str, str]]:
    """The dates and players of the list, in order."""
    return re.findall(r'<time class="row-date" datetime="([\d-]+)">.*?<span class="row-partners">(.*?)</span>', page, re.S)


@pytest.fixture
def games(user, mahjong_game):
    """The Mah Jongg game of 9 July (one hand: Ben leads with 1200), another on
    7 July, and a Two Way Street game on 8 July."""
    record(mahjong_game, [BEN_WINS])
    services.game_start(seats=[Seat(name) for name in ("Émile", "Zoë", "Yan", "Xu")], date=datetime.date(2026, 7, 7), user=user)
    two_way_street.game_start(seats=[Seat("Pat"), Seat("Quin"), Seat("Rob")], target=12, date=datetime.date(2026, 7, 8), user=user)


def test_the_history_lists_mah_jongg_games_among_the_others_newest_first(client, games):
    page = client.get(LIST_URL).content.decode()
    assert rows(page) == [
        ("2026-07-09", bdi("Ann", "Ben", "Cat", "Dan")),
        ("2026-07-08", bdi("Pat", "Quin", "Rob")),
        ("2026-07-07", bdi("Émile", "Zoë", "Yan", "Xu")),
    ]
    assert "Mah Jongg · In progress, 1 hand" in page


def test_the_history_filters_by_game_and_by_player(client, games):
    page = client.get(LIST_URL + "?game=mah-jongg").content.decode()
    assert [players for _, players in rows(page)] == [bdi("Ann", "Ben", "Cat", "Dan"), bdi("Émile", "Zoë", "Yan", "Xu")]
    page = client.get(LIST_URL + "?game=mah-jongg&player=zoe").content.decode()
    assert [players for _, players in rows(page)] == [bdi("Émile", "Zoë", "Yan", "Xu")]


def test_a_stranger_lists_none_of_them(stranger_client, games):
    assert rows(stranger_client.get(LIST_URL).content.decode()) == []


def test_the_front_page_lists_and_offers_mah_jongg(client, games):
    page = client.get(reverse("front_page")).content.decode()
    assert "Mah Jongg · In progress, 1 hand" in page
    assert f'<a href="{reverse("mahjong:new")}">Mah Jongg</a>' in page


def test_the_history_runs_a_fixed_number_of_queries(client, user, django_assert_num_queries):
    for day in range(1, 13):
        services.game_start(seats=[Seat(name) for name in ("Ann", "Ben", "Cat", "Dan")], date=datetime.date(2026, 7, day), user=user)
    # The user (the session is cached); the count and the page of every game's list;
    # the Mah Jongg rows and their players; the partnerships (the page's filter and links).
    with django_assert_num_queries(1 + 2 + 2 + 2):
        page = client.get(LIST_URL).content.decode()
    assert len(rows(page)) == 12
