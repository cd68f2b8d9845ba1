import datetime

import pytest

from two_way_street import services
from two_way_street.services import Seat

# The worked game of RULES.md: four hands, Ann wins 14 to Ben's and Dan's 12.
WORKED_HANDS = [
    [(5, "high", "declared"), (3, "high", "forced"), (2, "low", "declared"), (0, "low", "forced")],
    [(4, "high", "declared"), (3, "low", "declared"), (3, "high", "forced"), (5, "low", "declared")],
    [(3, "high", "declared"), (1, "high", "declared"), (6, "low", "declared"), (4, "high", "declared")],
    [(2, "high", "declared"), (5, "high", "declared"), (1, "high", "declared"), (6, "low", "declared")],
]


@pytest.fixture
def street(user):
    """A Two Way Street game of four players to 12, started by ``user``."""
    return services.game_start(
        seats=[Seat(name) for name in ("Ann", "Ben", "Cat", "Dan")],
        target=12,
        date=datetime.date(2026, 7, 9),
        user=user,
    )


def record(game, hands, start: int = 1):
    for number, results in enumerate(hands, start=start):
        services.hand_record(game=game, number=number, results=results)
    game.refresh_from_db()
    return game
