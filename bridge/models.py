"""A director's saved rulings, each a numbered entry of the director's book of
the day's rulings: the board, the calculation and what was typed.

The figures and the working are never stored: they are calculated again from
the stored inputs by :mod:`bridge.calculator` wherever a ruling is shown, so the
page, the list and the PDF cannot disagree.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import dateformat

from bridge.calculator import CALCULATIONS
from scorepads.models import ScorePadGame
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


def book_title(date) -> str:
    """A book as its page, its lists and its messages name it, its day as a
    director says it: "Rulings, Saturday 28 November 2026"."""
    return f"Rulings, {dateformat.format(date, 'l j F Y')}"


class RulingBook(ScorePadGame):
    """A director's book of one day's rulings: the game the table serves
    (:mod:`bridge.table`), its rulings its numbered entries. An account holds
    one book a date, made with the day's first ruling."""

    # The book is its director's alone: deleting the account deletes it, and its rulings.
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bridge_ruling_books"
    )
    date = models.DateField()
    # The number last given to a ruling: the next ruling is one more. A
    # deleted ruling's number is never given again (a printed ruling names
    # it); an undone one's is, since Undo takes it back as if never recorded.
    last_number = models.PositiveIntegerField(default=0, editable=False)

    class Meta(ScorePadGame.Meta):
        ordering = ["-date", "-id"]
        constraints = [
            *ScorePadGame.Meta.constraints,
            # One book a day, a restore's too: a restore writes into the book it finds.
            models.UniqueConstraint(fields=["created_by", "date"], name="bridge_rulingbook_one_a_day"),
        ]

    def __str__(self) -> str:
        return book_title(self.date)


class Ruling(models.Model):
    """Ruling ``number`` of its book, numbered 1, 2, ... in the order saved.
    (Not a :class:`scorepads.models.NumberedEntry`: its time of saving is its
    ``created_at``, as the day's limit and the restore read it.)"""

    book = models.ForeignKey(RulingBook, on_delete=models.CASCADE, related_name="rulings")
    number = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    # The ruling's identity in every copy of it: written in the data download
    # and matched on a restore, so that restoring the same file twice adds it once.
    uid = models.UUIDField(default=uuid.uuid4, editable=False)
    # The restore still writing this ruling: seen nowhere until it is done
    # (scorepads.ScorePadGame.restoring says the same of a game).
    restoring = models.ForeignKey(
        "scorepads.RestoreJob", on_delete=models.CASCADE, null=True, blank=True, editable=False, related_name="+"
    )
    # When a restore wrote it (its ``created_at`` is when it was first saved):
    # the day's limit counts it that day (scorepads.ScorePadGame.restored_at).
    restored_at = models.DateTimeField(null=True, blank=True, editable=False)
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
        ordering = ["book", "number"]
        constraints = [
            models.UniqueConstraint(fields=["book", "number"], name="bridge_ruling_unique_number_per_book"),
            models.CheckConstraint(condition=Q(number__gte=1), name="bridge_ruling_number_positive"),
            models.UniqueConstraint(fields=["book", "uid"], name="bridge_ruling_uid_once_per_book"),
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
        return f"Ruling {self.number} · {isolate(self.event)}, board {self.board}"

    @property
    def game(self) -> RulingBook:
        """The ruling's book, as the table names an entry's game."""
        return self.book

