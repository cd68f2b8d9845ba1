"""A director's saved rulings: the board, the calculation and what was typed.

The figures and the working are never stored: they are calculated again from
the stored inputs by :mod:`bridge.calculator` wherever a ruling is shown, so the
page, the list and the PDF cannot disagree.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from bridge.calculator import CALCULATIONS
from scorepads.names import isolate

EVENT_MAX_LENGTH = 100
NOTE_MAX_LENGTH = 2000
MAX_BOARD = 999
# What a director files beside the figures: the pairs' (or teams') numbers,
# the contract as played, the auction and the director's name.
PAIR_MAX_LENGTH = 20
CONTRACT_MAX_LENGTH = 20
AUCTION_MAX_LENGTH = 500
DIRECTOR_MAX_LENGTH = 100
SEATS = [("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")]


class Ruling(models.Model):
    # A ruling is its director's alone: deleting the account deletes it.
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bridge_rulings")
    created_at = models.DateTimeField(auto_now_add=True)
    # The key the calculator's form carries: a resent or double-tapped save
    # finds the ruling it made instead of making a second.
    save_key = models.UUIDField(editable=False)
    # The restore still writing this ruling: seen nowhere until it is done
    # (scorepads.ScorePadGame.restoring says the same of a game).
    restoring = models.ForeignKey(
        "scorepads.RestoreJob", on_delete=models.CASCADE, null=True, blank=True, editable=False, related_name="+"
    )
    # When a restore wrote it (its ``created_at`` is when it was first saved):
    # the day's limit counts it that day (scorepads.ScorePadGame.restored_at).
    restored_at = models.DateTimeField(null=True, blank=True, editable=False)
    date = models.DateField()
    event = models.CharField(max_length=EVENT_MAX_LENGTH)
    board = models.PositiveSmallIntegerField()
    note = models.TextField(blank=True, max_length=NOTE_MAX_LENGTH, help_text="The director's note.")
    calculation = models.CharField(max_length=40, choices=[(slug, c.heading) for slug, c in CALCULATIONS.items()])
    # What was typed for each input the calculation reads, and the board's
    # vulnerability ("" when not given).
    inputs = models.JSONField()
    vulnerability = models.CharField(max_length=8, blank=True, default="")
    # The table, as the director files it; each optional ("" when not given).
    ns_pair = models.CharField(max_length=PAIR_MAX_LENGTH, blank=True, default="", help_text="NS's pair or team number.")
    ew_pair = models.CharField(max_length=PAIR_MAX_LENGTH, blank=True, default="", help_text="EW's pair or team number.")
    contract = models.CharField(max_length=CONTRACT_MAX_LENGTH, blank=True, default="", help_text="As played.")
    declarer = models.CharField(max_length=1, blank=True, default="", choices=SEATS)
    auction = models.TextField(max_length=AUCTION_MAX_LENGTH, blank=True, default="")
    director = models.CharField(max_length=DIRECTOR_MAX_LENGTH, blank=True, default="", help_text="As printed.")

    class Meta:
        ordering = ["-date", "-id"]
        indexes = [models.Index(fields=["date", "id"], name="bridge_ruling_date_id")]
        constraints = [
            models.UniqueConstraint(fields=["created_by", "save_key"], name="bridge_ruling_saved_once"),
            models.CheckConstraint(
                condition=Q(board__gte=1, board__lte=MAX_BOARD), name="bridge_ruling_board_valid"
            ),
            models.CheckConstraint(
                condition=Q(calculation__in=list(CALCULATIONS)), name="bridge_ruling_calculation_known"
            ),
            models.CheckConstraint(
                condition=Q(declarer__in=["", *(seat for seat, _ in SEATS)]), name="bridge_ruling_declarer_seat"
            ),
        ]

    def __str__(self) -> str:
        return f"{isolate(self.event)}, board {self.board} ({self.date.isoformat()})"
