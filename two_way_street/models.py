"""Two Way Street games, their players and their hands.

A hand stores what was entered for each player (tricks, high or low, declared
or forced); every score on the sheet is computed from the hands by
:mod:`two_way_street.rules`, never stored. The game keeps a short summary of
its sheet (the totals, the winner) for the lists, written by the services after
every change.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from scorepads.models import NumberedEntry, ScorePadGame, account_field
from two_way_street import display, rules

NAME_MAX_LENGTH = 60


class Game(ScorePadGame):
    date = models.DateField()
    target = models.PositiveSmallIntegerField(help_text="The points the game is played to.")
    # The accounts that may see and change the game: whoever started it and the
    # players linked to an account.
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="two_way_street_games", blank=True
    )
    created_by = account_field("two_way_street_games_started")
    # The summary of the sheet, for the lists: written only by
    # two_way_street.services, after every change to the game's hands.
    hand_count = models.PositiveSmallIntegerField(default=0, editable=False)
    totals = models.JSONField(default=list, editable=False)  # one total per seat
    winner_seat = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)

    class Meta(ScorePadGame.Meta):
        ordering = ["-date", "-id"]
        indexes = [models.Index(fields=["date", "id"], name="tws_game_date_id")]
        constraints = [
            *ScorePadGame.Meta.constraints,
            models.CheckConstraint(
                condition=Q(target__gte=1, target__lte=rules.MAX_TARGET), name="tws_game_target_valid"
            ),
            models.CheckConstraint(
                condition=Q(hand_count__lte=rules.MAX_HANDS), name="tws_game_hand_count_within_limit"
            ),
        ]

    def __str__(self) -> str:
        return f"Two Way Street to {self.target} on {self.date.isoformat()}"

    @property
    def finished(self) -> bool:
        return self.winner_seat is not None

    @property
    def names(self) -> list[str]:
        """The players' names in seat order (from the players as loaded)."""
        return [player.name for player in self.players.all()]

    @property
    def list_status(self) -> str:
        """The game in a list, in a few words (needs the players loaded)."""
        return display.list_status(self.names, self.totals, self.winner_seat, self.hand_count)


class Player(models.Model):
    """A seat at the game's table: the player's name, and their account once they have joined."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField()  # 1, 2, ... in the order of play
    name = models.CharField(max_length=NAME_MAX_LENGTH)
    account = account_field("two_way_street_seats")
    # The account this seat was offered to, until it accepts (it becomes the
    # seat's ``account`` and a member) or declines (scorepads.seating).
    invited = account_field("two_way_street_invitations")

    class Meta:
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="tws_player_unique_seat"),
            models.CheckConstraint(
                condition=Q(seat__gte=1, seat__lte=rules.MAX_PLAYERS), name="tws_player_seat_valid"
            ),
            models.CheckConstraint(condition=~Q(name=""), name="tws_player_name_present"),
            models.CheckConstraint(
                condition=Q(account__isnull=True) | Q(invited__isnull=True), name="tws_player_joined_or_invited"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Hand(NumberedEntry):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    # One [tricks, "high" | "low", "declared" | "forced"] per player, in seat
    # order, as two_way_street.rules.score_hand takes them.
    results = models.JSONField()
    # The number of tricks in the hand, when the players gave it: the tricks
    # entered add up to it.
    tricks_in_hand = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta(NumberedEntry.Meta):
        constraints = [
            *NumberedEntry.Meta.constraints,
            models.CheckConstraint(
                condition=Q(number__lte=rules.MAX_HANDS), name="tws_hand_number_within_limit"
            ),
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of {self.game}"
