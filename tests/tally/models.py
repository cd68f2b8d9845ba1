"""Tally's games, players and hands on the kit's seated models."""

from __future__ import annotations

from django.db import models

from scorepads import models as seated
from tests.tally import rules

GAME_RULES = seated.seated_game_rules("tally", rules.HANDS)


class Game(seated.SeatedGame):
    class Meta(seated.SeatedGame.Meta):
        indexes = GAME_RULES["indexes"]
        constraints = GAME_RULES["constraints"]

    def __str__(self) -> str:
        return f"Tally on {self.date.isoformat()}"


class Player(seated.SeatedPlayer):
    class Meta(seated.SeatedPlayer.Meta):
        constraints = seated.seat_constraints("tally", rules.MAX_PLAYERS)


class Hand(seated.SeatedHand):
    scores = models.JSONField()  # one whole number per player, in seat order

    class Meta(seated.SeatedHand.Meta):
        constraints = seated.hand_constraints("tally", rules.HANDS)
