"""Tally's games as the tests make them."""

import datetime

from scorepads.players import Seat
from tests.tally import services


def game_of(user, players=("Ann", "Ben"), hands=()):
    """A game of ``user``'s with these players (names, or seats), these hands recorded (each a score per player)."""
    seats = [player if isinstance(player, Seat) else Seat(player) for player in players]
    game = services.game_start(seats=seats, date=datetime.date(2026, 7, 9), user=user)
    for number, scores in enumerate(hands, start=1):
        services.hand_record(game=game, number=number, scores=scores)
    return game
