"""Partnerships, their games and the hands of each game.

The database holds what must always be true of a hand (one per number per game,
outcomes only M/P/I, a Fates' point only as I, ...); the pad itself is computed
from the hands by :mod:`pad.rules`, never stored.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from pad import rules, statistics
from scorepads.models import SHARE_TOKEN_MAX_LENGTH, NumberedEntry, ScorePadGame, account_field

NAME_MAX_LENGTH = 60
IRREGULARITY_MAX_LENGTH = 200
CARDS_MAX_LENGTH = 120
NOTES_MAX_LENGTH = 2000  # a game's notes: printed under its pad


class Partnership(models.Model):
    """Two partners who play together against the Fates."""

    odd_name = models.CharField(
        "odd partner", max_length=NAME_MAX_LENGTH, help_text="The partner who learned the game first."
    )
    even_name = models.CharField("even partner", max_length=NAME_MAX_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)
    # The accounts that may see and change the partnership's games: one or two
    # (pad.services.invitation_accept refuses a third). None for games imported
    # without an owner: only staff see those.
    members = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="partnerships", blank=True)
    created_by = account_field("partnerships_created")
    # The restore that made this partnership for the games it is writing
    # (scorepads.restore): seen nowhere until it is done, and gone with its
    # games if it fails. None for every other partnership, and from the moment
    # a game is started in it here (pad.services.partnership_get_or_create).
    restoring = models.ForeignKey(
        "scorepads.RestoreJob", on_delete=models.CASCADE, null=True, blank=True, editable=False, related_name="+"
    )

    class Meta:
        ordering = ["odd_name", "even_name"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(odd_name="") & ~Q(even_name=""), name="partnership_names_present"
            ),
            models.CheckConstraint(
                condition=~Q(odd_name__iexact=models.F("even_name")),
                name="partnership_partners_differ",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.odd_name} & {self.even_name}"

    def name_of(self, seat: rules.Seat) -> str:
        return self.odd_name if seat is rules.Seat.ODD else self.even_name

    @property
    def names(self) -> dict[rules.Seat, str]:
        """Each partner's name by seat, as the pad and the statistics name them."""
        return {seat: self.name_of(seat) for seat in rules.Seat}


MAX_MEMBERS = 2


class Invitation(models.Model):
    """A one-time link that makes whoever opens it (logged in) a member of the
    partnership. The token is random (``secrets.token_urlsafe``): it must be
    looked up and marked used anyway, so signing it would add nothing."""

    token = models.CharField(max_length=SHARE_TOKEN_MAX_LENGTH, unique=True)
    partnership = models.ForeignKey(Partnership, on_delete=models.CASCADE, related_name="invitations")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations_sent"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    used_at = models.DateTimeField(null=True, blank=True)
    used_by = account_field("invitations_used")
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"invitation to {self.partnership}"

    @property
    def open(self) -> bool:
        return self.used_at is None and self.revoked_at is None


class Game(ScorePadGame):
    class GamePride(models.TextChoices):
        PROUD = "1", "1"
        RESPONSIBLE = "0", "0"
        NEVER_RESPONSIBLE = "?", "?"
        NOT_OVER = "", "-"

    partnership = models.ForeignKey(Partnership, on_delete=models.PROTECT, related_name="games")
    date = models.DateField()
    notes = models.TextField(blank=True, max_length=NOTES_MAX_LENGTH)
    # The game the partners started when this one was over: both phones go there.
    rematch = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, editable=False,
        related_name="rematch_of",
    )
    first_dealer = models.CharField(
        max_length=4,
        choices=[(seat.value, f"{seat.value.title()} partner") for seat in rules.Seat],
        blank=True,
        help_text="Who dealt the first hand, when not the partner the date gives.",
    )
    # The summary of the game's pad, for the history browser: written only by
    # pad.services._refresh_game_state from pad.summaries.game_summary, after
    # every change to the game's hands. The defaults are those of a game with
    # no hand yet. The counts among them (pad.statistics.STORED_COUNTS) are
    # added below the class, one field each.
    partnership_score = models.PositiveSmallIntegerField(default=0, editable=False)
    fates_score = models.PositiveSmallIntegerField(default=0, editable=False)
    result = models.CharField(
        max_length=4,
        choices=[(result.value, result.label) for result in rules.Result],
        blank=True,
        default="",
        editable=False,
    )
    game_pride = models.CharField(
        max_length=1, choices=GamePride.choices, blank=True, default="", editable=False
    )
    # The hand from which the game was theirs to win (rules.responsible_from), if any.
    responsible_from_hand = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    # The stored counts, whose fields are added below the class: declared here
    # by their type alone, which makes no field, for the code that reads them.
    hand_count: int
    made_count: int
    possible_count: int
    impossible_count: int
    odd_dealt: int
    odd_makeable: int
    even_dealt: int
    even_makeable: int
    longest_made_run: int

    class Meta(ScorePadGame.Meta):
        ordering = ["-date", "-id"]
        indexes = [
            models.Index(fields=["partnership", "date"]),
            models.Index(fields=["date", "id"], name="game_date_id"),
            models.Index(fields=["result", "date"], name="game_result_date"),
        ]
        constraints = [
            *ScorePadGame.Meta.constraints,
            models.CheckConstraint(
                condition=Q(first_dealer__in=["", "odd", "even"]), name="game_first_dealer_valid"
            ),
            models.CheckConstraint(
                condition=Q(result__in=[result.value for result in rules.Result]),
                name="game_result_valid",
            ),
            models.CheckConstraint(
                condition=Q(game_pride__in=["", "1", "0", "?"]), name="game_pride_valid"
            ),
            models.CheckConstraint(
                condition=Q(
                    hand_count=models.F("partnership_score") + models.F("fates_score"),
                    partnership_score=models.F("made_count"),
                    fates_score=models.F("possible_count") + models.F("impossible_count"),
                )
                & Q(hand_count=models.F("odd_dealt") + models.F("even_dealt")),
                name="game_summary_counts_add_up",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.partnership} on {self.date.isoformat()}"

    @property
    def first_dealer_seat(self) -> rules.Seat:
        """Who deals hand 1: as chosen at the start, or else as the date says."""
        if self.first_dealer:
            return rules.Seat(self.first_dealer)
        return rules.first_dealer(self.date)

    @property
    def result_of_game(self) -> rules.Result:
        return rules.Result(self.result)


for _count in statistics.STORED_COUNTS:
    Game.add_to_class(_count.field, models.PositiveSmallIntegerField(default=0, editable=False))


class Hand(NumberedEntry):
    class Outcome(models.TextChoices):
        MADE = rules.Outcome.MADE, "Made"
        POSSIBLE = rules.Outcome.POSSIBLE, "Possible"
        IMPOSSIBLE = rules.Outcome.IMPOSSIBLE, "Impossible"

    class Seat(models.TextChoices):
        ODD = rules.Seat.ODD, "Odd partner"
        EVEN = rules.Seat.EVEN, "Even partner"

    class VerdictBy(models.TextChoices):
        PLAYERS = "players", "Entered by the players"
        SOLVER = "solver", "Given by the solver"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    outcome = models.CharField(max_length=1, choices=Outcome.choices)
    dealer = models.CharField(max_length=4, choices=Seat.choices)
    taker = models.CharField(max_length=4, choices=Seat.choices)
    fates_point = models.BooleanField("Fates' point", default=False)
    irregularity = models.CharField(max_length=IRREGULARITY_MAX_LENGTH, blank=True)
    taker_cards = models.CharField(max_length=CARDS_MAX_LENGTH, blank=True)
    giver_cards = models.CharField(max_length=CARDS_MAX_LENGTH, blank=True)
    verdict_by = models.CharField(max_length=7, choices=VerdictBy.choices, blank=True)

    class Meta(NumberedEntry.Meta):
        constraints = [
            *NumberedEntry.Meta.constraints,
            models.CheckConstraint(
                condition=Q(number__lte=rules.MAX_HANDS), name="hand_number_within_limit"
            ),
            models.CheckConstraint(condition=Q(outcome__in=["M", "P", "I"]), name="hand_outcome_valid"),
            models.CheckConstraint(condition=Q(dealer__in=["odd", "even"]), name="hand_dealer_valid"),
            models.CheckConstraint(condition=Q(taker__in=["odd", "even"]), name="hand_taker_valid"),
            models.CheckConstraint(
                condition=Q(fates_point=False) | Q(outcome="I"), name="hand_fates_point_is_impossible"
            ),
            models.CheckConstraint(
                condition=Q(irregularity="") | ~Q(outcome="M"), name="hand_irregularity_is_lost"
            ),
            models.CheckConstraint(
                condition=Q(taker_cards="", giver_cards="") | (~Q(taker_cards="") & ~Q(giver_cards="")),
                name="hand_cards_both_or_neither",
            ),
            models.CheckConstraint(
                condition=Q(verdict_by__in=["", "players", "solver"]), name="hand_verdict_by_valid"
            ),
            models.CheckConstraint(
                condition=~Q(verdict_by="solver") | (~Q(taker_cards="") & ~Q(outcome="M")),
                name="hand_solver_verdict_has_cards",
            ),
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of {self.game}: {self.outcome}"

    def as_played(self) -> rules.PlayedHand:
        return rules.PlayedHand(self.number, rules.Outcome(self.outcome), rules.Seat(self.dealer))

    @property
    def has_cards(self) -> bool:
        return bool(self.taker_cards)
