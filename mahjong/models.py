"""Mah Jongg games, their four players and their hands.

A hand stores what was entered (the winner, the scores typed in, the winner's
hand in the notation); every score, settlement and total on the sheet is
computed from the hands by :mod:`mahjong.game`, never stored. The game keeps a
short summary of its sheet (the totals) for the lists, written by the services
after every change.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from mahjong import display
from mahjong import game as rules
from scorepads import models as seated

NAME_MAX_LENGTH = seated.SEAT_NAME_MAX_LENGTH
GAME_RULES = seated.seated_game_rules("mahjong", rules.MAX_HANDS)


class Game(seated.SeatedGame):
    class Meta(seated.SeatedGame.Meta):
        indexes = GAME_RULES["indexes"]
        constraints = GAME_RULES["constraints"]

    def __str__(self) -> str:
        return f"Mah Jongg on {self.date.isoformat()}"

    @property
    def list_status(self) -> str:
        """The game in a list, in a few words (needs the players loaded)."""
        return display.list_status(self.names, self.totals, self.finished, self.hand_count)


class Player(seated.SeatedPlayer):
    """Seat 1 is East in hand 1."""

    class Meta(seated.SeatedPlayer.Meta):
        constraints = seated.seat_constraints("mahjong", rules.PLAYERS)


class Hand(seated.SeatedHand):
    # The seat (1 to 4) that went Mah Jongg; empty for a washout.
    winner_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # One score per seat, in seat order, as typed in; the winner's is null when
    # their hand is given below (it is then scored from the hand).
    scores = models.JSONField()
    winning_hand = models.CharField(max_length=rules.HAND_TEXT_MAX_LENGTH, blank=True, default="")
    winning_tile = models.CharField(max_length=8, blank=True, default="")
    self_drawn = models.BooleanField(default=False)

    class Meta(seated.SeatedHand.Meta):
        constraints = [
            *seated.hand_constraints("mahjong", rules.MAX_HANDS),
            models.CheckConstraint(
                condition=Q(winner_seat__isnull=True) | Q(winner_seat__gte=1, winner_seat__lte=rules.PLAYERS),
                name="mahjong_hand_winner_valid",
            ),
        ]

    #: The fields that hold what was entered: what :mod:`mahjong.game` plays.
    ENTRY_FIELDS = ("winner_seat", "scores", "winning_hand", "winning_tile", "self_drawn")

    @property
    def entry(self) -> rules.HandEntry:
        """The hand as :mod:`mahjong.game` plays it."""
        return entry_of(*(getattr(self, name) for name in self.ENTRY_FIELDS))


def entry_of(winner_seat: int | None, scores, winning_hand: str, winning_tile: str, self_drawn: bool) -> rules.HandEntry:
    """A hand as :mod:`mahjong.game` plays it, from its fields as stored (:attr:`Hand.ENTRY_FIELDS`)."""
    return rules.HandEntry(
        winner=None if winner_seat is None else winner_seat - 1,
        scores=tuple(scores),
        winning_hand=winning_hand,
        winning_tile=winning_tile,
        self_drawn=self_drawn,
    )
