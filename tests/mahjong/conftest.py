import datetime

import pytest

from mahjong import services
from mahjong.game import HandEntry
from scorepads.players import Seat

NAMES = ["Ann", "Ben", "Cat", "Dan"]
# Hand 1: Ben (South) goes Mah Jongg by drawing the 9 of characters: 300.
BEN_WINS = HandEntry(1, (10, None, 20, 0), "EEE RdRdRd 234c 678c 99c", "9c", True)
# Hand 2: Ben, now East, wins with 40 typed in.
BEN_WINS_AGAIN = HandEntry(1, (10, 40, 0, 8))
WASHOUT = HandEntry(None, (0, 0, 0, 0))


@pytest.fixture
def mahjong_game(user):
    """A Mah Jongg game of Ann, Ben, Cat and Dan, started by ``user``."""
    return services.game_start(seats=[Seat(name) for name in NAMES], date=datetime.date(2026, 7, 9), user=user)


def record(game, entries, start: int = 1):
    for number, entry in enumerate(entries, start=start):
        services.hand_record(game=game, number=number, entry=entry)
    game.refresh_from_db()
    return game
