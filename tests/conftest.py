import datetime

import pytest

from pad import services


@pytest.fixture
def partnership(db):
    return services.partnership_get_or_create(odd_name="Jon", even_name="Richard")


@pytest.fixture
def game(partnership):
    """A game on an odd day: Jon, the odd partner, deals first."""
    return services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))


def record_outcomes(game, outcomes):
    """Record hands with the given outcomes (a string of M, P and I) after the existing ones."""
    start = game.hands.count() + 1
    for number, outcome in enumerate(outcomes, start=start):
        services.hand_record(game=game, number=number, outcome=outcome)
