"""Two Way Street games, their players and their hands.

A hand stores what was entered for each player (tricks, high or low, declared
or forced); every score on the sheet is computed from the hands by
:mod:`two_way_street.rules`, never stored. The game keeps a short summary of
its sheet (the totals, the winner) for the lists, written by the services after
every change.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from scorepads import models as seated
from two_way_street import display, rules

NAME_MAX_LENGTH = seated.SEAT_NAME_MAX_LENGTH
GAME_RULES = seated.seated_game_rules("tws", rules.MAX_HANDS)


class Game(seated.SeatedGame):
    target = models.PositiveSmallIntegerField(help_text="The points the game is played to.")
    winner_seat = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)

    class Meta(seated.SeatedGame.Meta):
        indexes = GAME_RULES["indexes"]
        constraints = [
            *GAME_RULES["constraints"],
            models.CheckConstraint(
                condition=Q(target__gte=1, target__lte=rules.MAX_TARGET), name="tws_game_target_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"Two Way Street to {self.target} on {self.date.isoformat()}"

    @property
    def finished(self) -> bool:
        """Over once somebody won (the services also stamp ``finished_at`` then)."""
        return self.winner_seat is not None

    @property
    def list_status(self) -> str:
        """The game in a list, in a few words (needs the players loaded)."""
        return display.list_status(self.names, self.totals, self.winner_seat, self.hand_count)


class Player(seated.SeatedPlayer):
    class Meta(seated.SeatedPlayer.Meta):
        constraints = seated.seat_constraints("tws", rules.MAX_PLAYERS)


class Hand(seated.SeatedHand):
    # One [tricks, "high" | "low", "declared" | "forced"] per player, in seat
    # order, as two_way_street.rules.score_hand takes them.
    results = models.JSONField()
    # The number of tricks in the hand, when the players gave it: the tricks
    # entered add up to it.
    tricks_in_hand = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta(seated.SeatedHand.Meta):
        constraints = seated.hand_constraints("tws", rules.MAX_HANDS)
