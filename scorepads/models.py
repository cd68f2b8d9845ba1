"""Abstract models every game's pad extends: the game, and its numbered entries
(a hand, a deal, a round), each recorded once."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

SHARE_TOKEN_MAX_LENGTH = 64


def account_field(related_name: str, **options) -> models.ForeignKey:
    """A link to an account that may be missing: who started something, or a
    player's own account. Deleting the account keeps the row, without the link."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name=related_name,
        **options,
    )


class ScorePadGame(models.Model):
    """A game kept on a pad. Its ``revision`` counts the changes to what the pad
    shows: the services raise it in the same transaction as the change
    (:func:`scorepads.recording.raise_revision`), and an open pad polls with the
    revision it shows and is sent nothing while it is current."""

    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The read-only share link's token (scorepads.sharing); blank when the game
    # is not shared.
    share_token = models.CharField(
        max_length=SHARE_TOKEN_MAX_LENGTH, blank=True, default="", editable=False
    )
    revision = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        abstract = True
        constraints = [
            models.UniqueConstraint(
                fields=["share_token"], condition=~Q(share_token=""), name="%(app_label)s_%(class)s_share_token_unique"
            ),
        ]


class NumberedEntry(models.Model):
    """One entry of a game's pad, numbered 1, 2, ... in the order played; the
    database holds one entry per number per game. A subclass adds its ``game``
    foreign key and what the entry records."""

    number = models.PositiveSmallIntegerField()
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="%(app_label)s_%(class)s_unique_number_per_game"),
            models.CheckConstraint(condition=Q(number__gte=1), name="%(app_label)s_%(class)s_number_positive"),
        ]
