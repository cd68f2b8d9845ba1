"""Two Way Street games in the lists: the front page and the history browser,
with the Gorilla games, and a filter by game."""

import datetime

import pytest
from django.urls import reverse

from pad import services as gorilla
from tests.names import bdi, fsi
from tests.two_way_street.conftest import WORKED_HANDS, record
from two_way_street import services
from two_way_street.services import Seat

LIST_URL = reverse("game_list")


@pytest.fixture
def both(user, street):
    """A Gorilla game on 8 July and the Two Way Street game on 9 July, with one
    more Two Way Street game on 7 July."""
    partnership = gorilla.partnership_get_or_create(odd_name="Jon", even_name="Richard", user=user)
    gorilla.game_start(partnership=partnership, date=datetime.date(2026, 7, 8))
    record(street, WORKED_HANDS)
    services.game_start(
        seats=[Seat("Émile"), Seat("Zoë"), Seat("Yan")], target=25, date=datetime.date(2026, 7, 7), user=user
    )


def rows(page: str) -> list[str]:
    """The dates and games of the list, in order."""
    import re

    return re.findall(r'<time class="row-date" datetime="([\d-]+)">.*?<span class="row-partners">(.*?)</span>', page, re.S)


def test_the_history_lists_every_game_newest_first(client, both):
    page = client.get(LIST_URL).content.decode()
    assert [date for date, _ in rows(page)] == ["2026-07-09", "2026-07-08", "2026-07-07"]
    assert f"Two Way Street · {fsi('Ann')} won with 14" in page
    assert "Two Way Street · In progress, 0 hands" in page
    assert "3 games" in page


def test_the_history_filters_by_game(client, both):
    page = client.get(LIST_URL + "?game=two-way-street").content.decode()
    assert [date for date, _ in rows(page)] == ["2026-07-09", "2026-07-07"]
    assert "Gorilla games:" not in page  # the CSV and JSON downloads are Gorilla's
    page = client.get(LIST_URL + "?game=gorilla").content.decode()
    assert [date for date, _ in rows(page)] == ["2026-07-08"]


def test_the_history_finds_a_player_of_either_game_ignoring_accents_and_case(client, both):
    page = client.get(LIST_URL + "?player=emile").content.decode()
    assert [date for date, _ in rows(page)] == ["2026-07-07"]
    page = client.get(LIST_URL + "?player=ÉMILE").content.decode()
    assert [date for date, _ in rows(page)] == ["2026-07-07"]
    page = client.get(LIST_URL + "?player=jon").content.decode()
    assert [date for date, _ in rows(page)] == ["2026-07-08"]


def test_a_gorilla_filter_with_another_game_is_left_out_and_said(client, both, user):
    partnership = gorilla.partnership_get_or_create(odd_name="Jon", even_name="Richard", user=user)
    page = client.get(LIST_URL + f"?game=two-way-street&partnership={partnership.pk}").content.decode()
    assert "Only Gorilla games have a partnership." in page
    assert [date for date, _ in rows(page)] == ["2026-07-09", "2026-07-07"]


def test_an_unknown_game_is_said_and_every_game_listed(client, both):
    page = client.get(LIST_URL + "?game=chess").content.decode()
    assert "“chess” is not a game this app keeps." in page
    assert len(rows(page)) == 3


def test_a_stranger_lists_none_of_them(stranger_client, both):
    assert rows(stranger_client.get(LIST_URL).content.decode()) == []


@pytest.mark.parametrize("count", [3, 12])
def test_the_merged_history_runs_a_fixed_number_of_queries(client, user, count, django_assert_max_num_queries):
    partnership = gorilla.partnership_get_or_create(odd_name="Jon", even_name="Richard", user=user)
    for day in range(1, count + 1):
        gorilla.game_start(partnership=partnership, date=datetime.date(2026, 7, day))
        services.game_start(
            seats=[Seat("Ann"), Seat("Ben"), Seat("Cat")], target=12, date=datetime.date(2026, 7, day), user=user
        )
    # + the session and the user: the count, the page, each game's rows (Two Way
    # Street's with its players), the partnerships (the filter's and the links')
    with django_assert_max_num_queries(7 + 2):
        page = client.get(LIST_URL).content.decode()
    assert len(rows(page)) == 2 * count


def test_the_front_page_lists_two_way_street_games(client, both):
    page = client.get(reverse("front_page")).content.decode()
    assert bdi("Ann", "Ben", "Cat", "Dan") in page
    assert f"Two Way Street · {fsi('Ann')} won with 14" in page


def test_the_front_page_offers_a_two_way_street_game(client, db):
    page = client.get(reverse("front_page")).content.decode()
    assert f'<a href="{reverse("two_way_street:new")}">Two Way Street</a>' in page


def test_the_search_takes_several_players_names(client, both):
    page = client.get(LIST_URL + "?game=two-way-street&player=ann+dan").content.decode()
    assert [partners for _, partners in rows(page)] == [bdi("Ann", "Ben", "Cat", "Dan")]
    page = client.get(LIST_URL + "?game=two-way-street&player=ann+zo").content.decode()
    assert rows(page) == []
