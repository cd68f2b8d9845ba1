"""A tap costs the same queries however long the game: recording the next hand
of every game with hands, as a phone's tap sends it (htmx), at 10 hands and at
199 (the last hand the pad takes is the 200th)."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from mahjong import services as mahjong
from mahjong.game import HandEntry
from pad import rules as gorilla_rules
from scorepads.players import Seat
from tests.conftest import record_outcomes
from two_way_street import rules as street_rules
from two_way_street import services as street

HTMX = {"HTTP_HX_REQUEST": "true"}
SHORT, LONG = 10, gorilla_rules.MAX_HANDS - 1


def queries_of(client, url, data, game) -> tuple[int, int]:
    """The answer's status and the queries of a tap recording hand ``data["number"]``
    of ``game``, which the test checks was recorded."""
    with CaptureQueriesContext(connection) as captured:
        response = client.post(url, data, **HTMX)
    assert game.hands.count() == data["number"], response.content.decode()[:2000]
    return response.status_code, len(captured.captured_queries)


def gorilla_tap(client, partnership, hands: int) -> tuple[int, int]:
    from pad import services

    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    record_outcomes(game, ("MI" * hands)[:hands])  # level all the way: the game goes on
    return queries_of(client, reverse("hand_record", args=[game.pk]), {"number": hands + 1, "outcome": "M"}, game)


def street_tap(client, user, hands: int) -> tuple[int, int]:
    game = street.game_start(
        seats=[Seat(name) for name in ("Ann", "Ben", "Cat", "Dan")],
        target=street_rules.MAX_TARGET, date=datetime.date(2026, 7, 9), user=user,
    )
    low_hand = [(0, "low", "declared")] * 4  # nobody scores: the game goes on
    for number in range(1, hands + 1):
        street.hand_record(game=game, number=number, results=low_hand)
    data = {"number": hands + 1, "tricks_in_hand": ""}
    for seat in range(1, 5):
        data |= {f"tricks_{seat}": 0, f"direction_{seat}": "low", f"choice_{seat}": "declared"}
    return queries_of(client, reverse("two_way_street:hand_record", args=[game.pk]), data, game)


def mahjong_tap(client, user, hands: int) -> tuple[int, int]:
    game = mahjong.game_start(seats=[Seat(name) for name in ("Ann", "Ben", "Cat", "Dan")],
                              date=datetime.date(2026, 7, 9), user=user)
    for number in range(1, hands + 1):  # East wins every hand: East stays East and the game goes on
        mahjong.hand_record(game=game, number=number, entry=HandEntry(0, (40, 0, 0, 0), "", "", False))
    data = {"number": hands + 1, "winner": "1", "winning_hand": "", "winning_tile": "", "last_tile": "discard",
            "score_1": "40", "score_2": "0", "score_3": "0", "score_4": "0"}
    return queries_of(client, reverse("mahjong:hand_record", args=[game.pk]), data, game)


@pytest.mark.parametrize("tap", ["gorilla", "two-way-street", "mah-jongg"])
def test_recording_hand_200_costs_the_queries_of_hand_11(client, user, partnership, tap):
    def measured(hands):
        if tap == "gorilla":
            return gorilla_tap(client, partnership, hands)
        if tap == "two-way-street":
            return street_tap(client, user, hands)
        return mahjong_tap(client, user, hands)

    short_status, short_queries = measured(SHORT)
    long_status, long_queries = measured(LONG)
    assert short_status == long_status == 200
    assert long_queries == short_queries, (short_queries, long_queries)
