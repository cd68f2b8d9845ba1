"""The table (scorepads.table): every game's numbered entries go through one
Table, which each game plugs its rules and its display into."""

import datetime

import pytest
from django.urls import resolve, reverse

from scorepads.players import Seat
from scorepads.table import HANDS_HEADER, Table, TableDisplay, TableRules, registered
from tests.two_way_street.conftest import WORKED_HANDS
from tests.two_way_street.conftest import record as record_street
from two_way_street import services as street

HTMX = {"HX-Request": "true"}
TAPS = ("hand_record", "hand_undo", "hand_redo")
GAMES_AT_A_TABLE = {"gorilla", "two-way-street", "mah-jongg", "bridge", "tally"}  # Tally: the tests' own (tests/tally)
# Bridge records a ruling from its calculator, which finds the book from the
# ruling's date (tests/bridge/test_book.py): its book's taps are Undo and Redo.
TAPS_OF = {"bridge": ("hand_undo", "hand_redo")}


def test_every_game_at_a_table_registers_one():
    assert set(registered()) == GAMES_AT_A_TABLE


@pytest.mark.parametrize("slug", sorted(GAMES_AT_A_TABLE))
def test_each_registered_table_is_given_what_the_table_asks_of_a_game(slug):
    table = registered()[slug]
    assert isinstance(table, Table)
    assert isinstance(table.rules, TableRules)
    assert isinstance(table.display, TableDisplay)


def test_a_display_missing_what_the_table_asks_is_no_table_display():
    class PageWithoutWords:
        page_template = "page.html"
        page_fragment = "page"

        def display_at(self, game, state=None, *, version=None): ...

    assert not isinstance(PageWithoutWords(), TableDisplay)


@pytest.mark.parametrize("slug", sorted(GAMES_AT_A_TABLE))
def test_each_games_taps_are_the_tables_views(slug):
    table = registered()[slug]
    for tap in TAPS_OF.get(slug, TAPS):
        view = resolve(reverse(table.url_name(tap), args=[1])).func
        assert view.__wrapped__ == getattr(table, tap), tap
    page = resolve(reverse(table.url_name(table.page_name), args=[1])).func
    assert page.__wrapped__.__wrapped__ == table.page


def test_a_seated_taps_patch_carries_the_version_it_makes(client, user):
    game = street.game_start(
        seats=[Seat(name) for name in ("Ann", "Ben", "Cat", "Dan")], target=100, date=datetime.date(2026, 7, 9), user=user
    )
    record_street(game, WORKED_HANDS[:2])
    game.refresh_from_db()
    answer = client.post(
        reverse("two_way_street:hand_undo", args=[game.pk]),
        {"number": 2},
        headers={**HTMX, "X-Pad-Shown": str(game.revision)},
    )
    game.refresh_from_db()
    assert answer["X-Pad-Patch"] == f"{game.revision - 1} {game.revision}"
    assert answer["X-Pad-Version"] == str(game.revision)
    assert HANDS_HEADER not in answer  # a seated game's entries are kept on its form


def test_a_gorilla_taps_patch_carries_its_version_and_hands(client, game):
    game.refresh_from_db()
    answer = client.post(
        reverse("hand_record", args=[game.pk]),
        {"number": 1, "outcome": "M"},
        headers={**HTMX, "X-Pad-Shown": str(game.revision)},
    )
    game.refresh_from_db()
    assert answer["X-Pad-Patch"] == f"{game.revision - 1} {game.revision}"
    assert (answer["X-Pad-Version"], answer[HANDS_HEADER]) == (str(game.revision), "M")
    assert "Hand 1 · M recorded · Partnership" in answer.content.decode()
