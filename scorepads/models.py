"""Abstract models every game's pad extends: the game, and its numbered entries
(a hand, a deal, a round), each recorded once."""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q

SHARE_TOKEN_MAX_LENGTH = 64
# The longest name of a player in a seat (Two Way Street, Mah Jongg).
SEAT_NAME_MAX_LENGTH = 60


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
    # The account whose request made the last change to what the pad shows
    # (scorepads.recording.raise_revision): the other phone's pad names it
    # when the change moves what was being entered there. None for a change
    # no account made (an import, a restore) or an account since deleted.
    changed_by = account_field("+", editable=False)
    # The account a restore (or an import) wrote this game into with the uid of
    # its file: an account holds each restored uid once, however many restores
    # of one file run at once (the constraint below). None for a game started here.
    restored_by = account_field("+", editable=False)
    # The restore still writing this game (scorepads.restore): until it is
    # done, the game is seen nowhere (scorepads.access), and it goes if the
    # restore fails. None once written, and for every other game.
    restoring = models.ForeignKey(
        "scorepads.RestoreJob", on_delete=models.CASCADE, null=True, blank=True, editable=False, related_name="+"
    )
    # When a restore wrote this game into the account (its ``created_at`` is
    # when it was started, as its file says): the day's limits count it on the
    # day it was restored (scorepads.limits). None for a game started here.
    restored_at = models.DateTimeField(null=True, blank=True, editable=False)

    # Not stored: what the service that just changed this game read under its
    # lock and left (a scorepads.recording.Change), for the answer to the tap.
    change: Any = None

    class Meta:
        abstract = True
        constraints = [
            models.UniqueConstraint(
                fields=["share_token"], condition=~Q(share_token=""), name="%(app_label)s_%(class)s_share_token_unique"
            ),
            models.UniqueConstraint(fields=["restored_by", "uid"], name="%(app_label)s_%(class)s_restored_once"),
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
    is who asked for it: the limits on printing count by it. ``task`` is the
    id of the task worker's task that prepares it (none when it was rendered
    in the request): while that task waits or runs, the PDF is being prepared.
    ``cost``, of a PDF queued for the worker, is what it costs to print
    (scorepads.printing.print_cost), which sets its turn (scorepads.printing.in_turn)."""

    key = models.CharField(max_length=200, unique=True)
    requester = models.CharField(max_length=80)
    path = models.CharField(max_length=2000)  # the address asked for, which the worker renders
    task = models.UUIDField(null=True, blank=True)
    cost = models.PositiveIntegerField(default=0)  # cells (print_cost); 0 when rendered in the request
    requested_at = models.DateTimeField(auto_now_add=True)
    ready_at = models.DateTimeField(null=True, blank=True)
    failed = models.BooleanField(default=False)
    content = models.BinaryField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["requester", "requested_at"], name="printedpdf_requester")]

    def __str__(self) -> str:
        return self.key


class RestoreJob(models.Model):
    """A data download being restored into an account (scorepads.restore):
    checked whole in the request, then written by the task worker a batch at
    a time. ``archive`` is the file as uploaded, kept until the restore ends."""

    class State(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    archive = models.BinaryField(null=True, blank=True)
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    games = models.PositiveIntegerField(default=0)  # the games (and rulings) the archive holds
    written = models.PositiveIntegerField(default=0)  # written so far
    already = models.PositiveIntegerField(default=0)  # held by the account already
    problem = models.TextField(blank=True, default="")  # why it failed, naming the file, game and field
    created_at = models.DateTimeField(auto_now_add=True)
    changed_at = models.DateTimeField(auto_now=True)  # its last batch: a restore whose worker died stops changing

    class Meta:
        indexes = [models.Index(fields=["user", "created_at"], name="restorejob_user_created")]

    def __str__(self) -> str:
        return f"restore {self.pk} of {self.user_id}: {self.state}"

    @property
    def ended(self) -> bool:
        return self.state in (self.State.DONE, self.State.FAILED)

    @property
    def result(self) -> str:
        """What it did: "3 games restored, 1 already here." (so far, while it runs)."""
        return f"{self.written} {'game' if self.written == 1 else 'games'} restored, {self.already} already here."

    @property
    def seen(self) -> int:
        """The games gone through so far, written or held already."""
        return self.written + self.already


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


class SeatedGame(ScorePadGame):
    """A game with players in seats and numbered hands on a sheet (Two Way
    Street, Mah Jongg). A subclass's ``Meta`` takes :func:`seated_game_meta`;
    its ``Player`` extends :class:`SeatedPlayer`."""

    date = models.DateField()
    # The accounts that may see and change the game: whoever started it and the
    # players linked to an account.
    members = models.ManyToManyField(settings.AUTH_USER_MODEL, related_name="%(app_label)s_games", blank=True)
    created_by = account_field("%(app_label)s_games_started")
    # The summary of the sheet, for the lists: written only by the game's
    # services, after every change to the game's hands.
    hand_count = models.PositiveSmallIntegerField(default=0, editable=False)
    totals = models.JSONField(default=list, editable=False)  # one total per seat

    class Meta(ScorePadGame.Meta):
        abstract = True
        ordering = ["-date", "-id"]

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    @property
    def names(self) -> list[str]:
        """The players' names in seat order (from the players as loaded)."""
        # ``players`` is the reverse relation of the concrete subclass's Player,
        # which django-stubs cannot see from this abstract base.
        return [player.name for player in self.players.all()]  # type: ignore[attr-defined]


def seated_game_rules(prefix: str, max_hands: int) -> dict:
    """The indexes and constraints of a seated game's table, named with
    ``prefix``: its ``Meta`` takes them (``Meta = ...`` keyword arguments)."""
    return {
        "indexes": [models.Index(fields=["date", "id"], name=f"{prefix}_game_date_id")],
        "constraints": [
            *ScorePadGame.Meta.constraints,
            models.CheckConstraint(condition=Q(hand_count__lte=max_hands), name=f"{prefix}_game_hand_count_within_limit"),
        ],
    }


class SeatedPlayer(models.Model):
    """A seat at a seated game's table: the player's name, and their account
    once they have joined. ``game`` is the game of the subclass's own app."""

    # "Game" is the subclass's own app's model, resolved when the concrete model
    # is made; django-stubs looks it up in this abstract base's app and fails.
    game = models.ForeignKey("Game", on_delete=models.CASCADE, related_name="players")  # type: ignore[misc]
    seat = models.PositiveSmallIntegerField()  # 1, 2, ... in the order of play
    name = models.CharField(max_length=SEAT_NAME_MAX_LENGTH)
    account = account_field("%(app_label)s_seats")
    # The account this seat was offered to, until it accepts (it becomes the
    # seat's ``account`` and a member) or declines (scorepads.seating).
    invited = account_field("%(app_label)s_invitations")

    class Meta:
        abstract = True
        ordering = ["game", "seat"]

    def __str__(self) -> str:
        return self.name


def seat_constraints(prefix: str, max_seat: int) -> list:
    """The constraints of a seated game's players, named with ``prefix``."""
    return [
        models.UniqueConstraint(fields=["game", "seat"], name=f"{prefix}_player_unique_seat"),
        models.CheckConstraint(condition=Q(seat__gte=1, seat__lte=max_seat), name=f"{prefix}_player_seat_valid"),
        models.CheckConstraint(condition=~Q(name=""), name=f"{prefix}_player_name_present"),
        models.CheckConstraint(
            condition=Q(account__isnull=True) | Q(invited__isnull=True), name=f"{prefix}_player_joined_or_invited"
        ),
    ]


class SeatedHand(NumberedEntry):
    """A hand of a seated game's sheet; ``game`` is the game of the subclass's own app."""

    # "Game": the subclass's own app's model, which django-stubs cannot resolve
    # from this abstract base (see SeatedPlayer.game).
    game = models.ForeignKey("Game", on_delete=models.CASCADE, related_name="hands")  # type: ignore[misc]

    class Meta(NumberedEntry.Meta):
        abstract = True

    def __str__(self) -> str:
        return f"hand {self.number} of {self.game}"


def hand_constraints(prefix: str, max_hands: int) -> list:
    """The constraints of a seated game's hands, named with ``prefix``."""
    return [
        *NumberedEntry.Meta.constraints,
        models.CheckConstraint(condition=Q(number__lte=max_hands), name=f"{prefix}_hand_number_within_limit"),
    ]


class EntryKey(models.Model):
    """The key a phone gave an entry it sent (a hand, a ruling), stored in the
    transaction that stored the entry (:mod:`scorepads.entries`): the same
    entry sent again, its answer lost or sent from the phone's queue, is
    answered as done and stored once. An undone entry keeps its key: sent
    again, it is not recorded a second time. Keys are kept
    ``ENTRY_KEY_KEEP_DAYS`` days (``manage.py prune``)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # The game the entry was sent to (scorepads.entries.sent_to): a key is the account's and the game's.
    sent_to = models.CharField(max_length=200, default="")
    key = models.UUIDField()
    stored_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "sent_to", "key"], name="entrykey_unique_per_user_and_game")
        ]

    def __str__(self) -> str:
        return str(self.key)


class InvitationBlock(models.Model):
    """An account (``account``) that takes no more invitations to games with
    seats from another (``blocked``): the blocked account's new games name it
    as a plain name, as if no account had that user name (:mod:`scorepads.seating`)."""

    account = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    blocked = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["account", "blocked"], name="invitationblock_unique_pair")]

    def __str__(self) -> str:
        return f"{self.account} blocks {self.blocked}"
