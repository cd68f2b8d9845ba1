"""Abstract models every game's pad extends: the game, and its numbered entries
(a hand, a deal, a round), each recorded once."""

from __future__ import annotations

import uuid

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
    # The game's identity in every copy of it: written in its exports and
    # matched on a restore, so that restoring the same file twice adds the
    # game once (scorepads.restore). Not unique: two accounts may each hold
    # a copy of the same game.
    uid = models.UUIDField(default=uuid.uuid4, editable=False, db_index=True)

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


class PrintedPdf(models.Model):
    """A printed PDF, kept in the database where every worker finds it. Its
    ``key`` names everything the PDF shows (a game's id and revision, the page
    size ...); ``content`` is empty while the task worker prepares it.
    ``requester`` ("user:<id>", or "ip:<address>" for a shared pad's visitor)
    is who asked for it: the limits on printing count by it."""

    key = models.CharField(max_length=200, unique=True)
    requester = models.CharField(max_length=80)
    path = models.CharField(max_length=2000)  # the address asked for, which the worker renders
    requested_at = models.DateTimeField(auto_now_add=True)
    ready_at = models.DateTimeField(null=True, blank=True)
    failed = models.BooleanField(default=False)
    content = models.BinaryField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["requester", "requested_at"], name="printedpdf_requester")]

    def __str__(self) -> str:
        return self.key


class PdfRequestCount(models.Model):
    """How many requests to PDF addresses a requester made in one minute
    (``window``, its start): the rate limit on PDF addresses (scorepads.printing)."""

    requester = models.CharField(max_length=80)
    window = models.DateTimeField()
    count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["requester", "window"], name="pdfrequestcount_unique")]

    def __str__(self) -> str:
        return f"{self.requester} {self.window:%H:%M}: {self.count}"


def each_game_its_uid(app_label: str, model_name: str = "Game"):
    """The migration step that gives every game already kept a ``uid`` of its
    own (adding the field gave them all the same one)."""
    from django.db import migrations

    def fill(apps, schema_editor):
        games = apps.get_model(app_label, model_name)
        for pk in games.objects.values_list("pk", flat=True).iterator():
            games.objects.filter(pk=pk).update(uid=uuid.uuid4())

    return migrations.RunPython(fill, migrations.RunPython.noop, elidable=True)


class EntryKey(models.Model):
    """The key a phone gave an entry it sent (a hand, a ruling), stored in the
    transaction that stored the entry (:mod:`scorepads.entries`): the same
    entry sent again, its answer lost or sent from the phone's queue, is
    answered as done and stored once. An undone entry keeps its key: sent
    again, it is not recorded a second time."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.UUIDField()
    stored_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="entrykey_unique_per_user")]

    def __str__(self) -> str:
        return str(self.key)
