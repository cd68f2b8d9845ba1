"""Mah Jongg games, their four players and their hands.

A hand stores what was entered (the winner, the scores typed in, the winner's
hand in the notation); every score, settlement and total on the sheet is
computed from the hands by :mod:`mahjong.game`, never stored. The game keeps a
short summary of its sheet (the totals) for the lists, written by the services
after every change.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from mahjong import display
from mahjong import game as rules
from scorepads.models import NumberedEntry, ScorePadGame, account_field

NAME_MAX_LENGTH = 60


class Game(ScorePadGame):
    date = models.DateField()
    # The accounts that may see and change the game: whoever started it and the
    # players linked to an account.
    members = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="mahjong_games", blank=True)
    created_by = account_field("mahjong_games_started")
    # The summary of the sheet, for the lists: written only by
    # mahjong.services, after every change to the game's hands.
    hand_count = models.PositiveSmallIntegerField(default=0, editable=False)
    totals = models.JSONField(default=list, editable=False)  # one total per player

    class Meta(ScorePadGame.Meta):
        ordering = ["-date", "-id"]
        indexes = [models.Index(fields=["date", "id"], name="mahjong_game_date_id")]
        constraints = [
            *ScorePadGame.Meta.constraints,
            models.CheckConstraint(
                condition=Q(hand_count__lte=rules.MAX_HANDS), name="mahjong_game_hand_count_within_limit"
            ),
        ]

    def __str__(self) -> str:
        return f"Mah Jongg on {self.date.isoformat()}"

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    @property
    def names(self) -> list[str]:
        """The players' names in playing order (from the players as loaded)."""
        return [player.name for player in self.players.all()]

    @property
    def list_status(self) -> str:
        """The game in a list, in a few words (needs the players loaded)."""
        return display.list_status(self.names, self.totals, self.finished, self.hand_count)


class Player(models.Model):
    """A seat at the table: the player's name, and their account once they have joined."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField()  # 1 to 4 in playing order; seat 1 is East in hand 1
    name = models.CharField(max_length=NAME_MAX_LENGTH)
    account = account_field("mahjong_seats")
    # The account this seat was offered to, until it accepts (it becomes the
    # seat's ``account`` and a member) or declines (scorepads.seating).
    invited = account_field("mahjong_invitations")

    class Meta:
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="mahjong_player_unique_seat"),
            models.CheckConstraint(
                condition=Q(seat__gte=1, seat__lte=rules.PLAYERS), name="mahjong_player_seat_valid"
            ),
            models.CheckConstraint(condition=~Q(name=""), name="mahjong_player_name_present"),
            models.CheckConstraint(
                condition=Q(account__isnull=True) | Q(invited__isnull=True), name="mahjong_player_joined_or_invited"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Hand(NumberedEntry):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    # The seat (1 to 4) that went Mah Jongg; empty for a washout.
    winner_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # One score per seat, in seat order, as typed in; the winner's is null when
    # their hand is given below (it is then scored from the hand).
    scores = models.JSONField()
    winning_hand = models.CharField(max_length=rules.HAND_TEXT_MAX_LENGTH, blank=True, default="")
    winning_tile = models.CharField(max_length=8, blank=True, default="")
    self_drawn = models.BooleanField(default=False)

    class Meta(NumberedEntry.Meta):
        constraints = [
            *NumberedEntry.Meta.constraints,
            models.CheckConstraint(condition=Q(number__lte=rules.MAX_HANDS), name="mahjong_hand_number_within_limit"),
            models.CheckConstraint(
                condition=Q(winner_seat__isnull=True) | Q(winner_seat__gte=1, winner_seat__lte=rules.PLAYERS),
                name="mahjong_hand_winner_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of {self.game}"

    @property
    def entry(self) -> rules.HandEntry:
        """The hand as :mod:`mahjong.game` plays it."""
        return rules.HandEntry(
            winner=None if self.winner_seat is None else self.winner_seat - 1,
            scores=tuple(self.scores),
            winning_hand=self.winning_hand,
            winning_tile=self.winning_tile,
            self_drawn=self.self_drawn,
        )
