"""Restoring the download of all one's data (:mod:`scorepads.account_data`)
into one's own account: the machinery, once.

The download is a ZIP archive with a JSON document for each kind of game,
``<slug>.json``, in the kind's own format (``gorilla-pad/2``,
``two-way-street/2``, ``mah-jongg/2``, ``bridge-rulings/2``: players by name,
hands by number, dates and times in ISO form, no database keys; each kind
still reads its ``/1``, which kept no time of starting or recording). Each kind gives its
:class:`Format`: how to read a document into checked games, and how to write
them. Each game carries a ``uid``; a game whose uid the account already holds
is not written again, so restoring the same file twice adds nothing the second
time.

A restore is all or nothing as the account sees it. The request reads and
checks every file whole, and the day's limits, and queues a
:class:`~scorepads.models.RestoreJob`; any problem, named by the file, the
game by position and the field, writes nothing. The task worker then writes
the games a batch at a time, each batch a short transaction of its own (no
other request waits long for the database), every game marked as the job's
(``restoring``) and so seen nowhere (:func:`scorepads.access.written`) until
the last batch is in, when the job shows them all at once. A problem found as
a game is written (a hand its game's rules refuse) removes everything the job
wrote. The job's page shows its progress and its result.

An account holds each uid once: a game restored carries the account it was
restored into (``restored_by``), unique with its uid, so that two restores of
one file at once add its games once.
"""

from __future__ import annotations

import datetime
import io
import json
import logging
import time
import uuid
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

from django.apps import apps
from django.conf import settings
from django.core.cache import caches
from django.db import IntegrityError, OperationalError, models, transaction
from django.db.models import Exists, F, OuterRef, Subquery
from django.utils import timezone
from django_tasks import task

from scorepads import access
from scorepads.models import RestoreJob
from scorepads.recording import RecordingError, lock_account

logger = logging.getLogger(__name__)

MAX_UPLOAD = 10 * 1024 * 1024  # the archive, as uploaded
MAX_UNCOMPRESSED = 50 * 1024 * 1024  # all its files, unpacked: no archive that unpacks into a bomb
MAX_FILES = 20


class RestoreError(ValueError):
    """A file that cannot be restored; nothing of it has been written. Its
    message names the file, the game by position and the field."""


@dataclass(frozen=True)
class Format:
    """How a kind's document is read and written back.

    ``read(document)`` checks a parsed document and gives its games (ValueError
    naming the game and field otherwise); ``uid(game)`` is a game's identity,
    None when the file gives none; ``present(user, uids)`` those of ``uids``
    the account holds already; ``write(game, user, job)`` writes one game into
    ``user``'s account for the restore ``job`` (RecordingError naming the field
    when it cannot), and marks as the job's (``restoring``) what it makes for
    the game beside it, a Gorilla partnership: the game itself the restore marks."""

    name: str  # "two-way-street/1"
    read: Callable[[object], list]
    uid: Callable[[Any], uuid.UUID | None]
    present: Callable[[Any, list[uuid.UUID]], set[uuid.UUID]]
    write: Callable[[Any, Any, RestoreJob], Any]
    noun: str = "game"  # what the file holds, in a message: "game 3", "ruling 3"


def restored_uid(uid: uuid.UUID | None, user) -> dict:
    """The fields of a new game that keep the ``uid`` it is restored with into
    ``user``'s account (none for a new game): the account holds it once."""
    return {} if uid is None else {"uid": uid, "restored_by": user}


# Reading a document: the parts every format shares.


def version_of(document: object, formats: tuple[str, ...]) -> str:
    """Which of a kind's ``formats`` (the newest first) ``document`` is written
    in: its own when it is one of them, else the newest (whose name
    :func:`games_of` then gives in its refusal)."""
    version = document.get("format") if isinstance(document, dict) else None
    return version if isinstance(version, str) and version in formats else formats[0]


def moment(value: datetime.datetime | None) -> str | None:
    """A stored time as a document writes it: ISO, with its time zone (null when none)."""
    return None if value is None else value.isoformat()


def games_of(document: object, format_name: str, key: str = "games") -> list:
    """The list of games of a document in ``format_name``; ValueError otherwise."""
    if not isinstance(document, dict):
        raise ValueError("the file must hold a JSON object")
    if document.get("format") != format_name:
        raise ValueError(f'the file\'s "format" must be "{format_name}", not {document.get("format")!r}')
    unknown = set(document) - {"format", key}
    if unknown:
        raise ValueError(f"unknown field {sorted(unknown)[0]!r} at the top of the file")
    games = document.get(key)
    if not isinstance(games, list):
        raise ValueError(f'the file\'s "{key}" must be a list')
    return games


class Fields:
    """A game's (or a hand's) object of a document, read field by field; every
    problem names ``where`` and the field."""

    def __init__(self, where: str, value: object, known: Iterable[str]):
        if not isinstance(value, dict):
            raise ValueError(f"{where}: must be an object")
        unknown = set(value) - set(known)
        if unknown:
            raise ValueError(f"{where}, field {sorted(unknown)[0]!r}: unknown field")
        self.where, self.value = where, value

    def problem(self, name: str, text: str) -> ValueError:
        return ValueError(f"{self.where}, field '{name}': {text}")

    def get(self, name: str, kind: type | tuple, default: Any = ..., *, what: str) -> Any:
        if name not in self.value:
            if default is ...:
                raise self.problem(name, "missing")
            return default
        value = self.value[name]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            raise self.problem(name, f"must be {what}, not {value!r}")
        return value

    def text(self, name: str, default: Any = ...) -> str:
        return self.get(name, str, default, what="a string")

    def number(self, name: str, default: Any = ...) -> int | None:
        return self.get(name, (int, type(None)) if default is None else int, default, what="a whole number")

    def list(self, name: str, default: Any = ...) -> list:
        return self.get(name, list, default, what="a list")

    def date(self, name: str) -> datetime.date:
        value = self.value.get(name)
        try:
            return datetime.date.fromisoformat(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise self.problem(name, f"{value!r} is not a date like 2026-07-09") from None

    def moment(self, name: str) -> datetime.datetime | None:
        value = self.value.get(name)
        if value is None:
            return None
        try:
            moment = datetime.datetime.fromisoformat(value)
        except (TypeError, ValueError):
            raise self.problem(name, f"{value!r} is not a time like 2026-07-09T21:30:00+00:00") from None
        if moment.tzinfo is None:
            raise self.problem(name, f"{value!r} names no time zone")
        return moment

    def uid(self, name: str = "uid") -> uuid.UUID | None:
        if name not in self.value:
            return None
        try:
            return uuid.UUID(self.value[name])
        except (TypeError, ValueError, AttributeError):
            raise self.problem(name, f"{self.value[name]!r} is not a UUID") from None


def read_each(games: list, read_game: Callable[[str, object], Any], noun: str = "game") -> list:
    """Each game read by ``read_game(where, game)``, ``where`` naming it by
    position from 1 ("game 3"); ValueError naming the problem of every game
    that cannot be read (the first ten)."""
    read, problems = [], []
    for position, game in enumerate(games, start=1):
        try:
            read.append(read_game(f"{noun} {position}", game))
        except ValueError as error:
            problems.append(str(error))
    if problems:
        more = f"; and {len(problems) - 10} more" if len(problems) > 10 else ""
        raise ValueError("; ".join(problems[:10]) + more)
    return read


# Restoring an archive.


def read_archive(file: BinaryIO, kinds: Iterable) -> list[tuple[Any, str, list]]:
    """The games of each file of the archive, checked: (kind, file name,
    games), or RestoreError listing every problem, each naming its file."""
    by_file = {f"{kind.slug}.json": kind for kind in kinds if kind.restore is not None}
    try:
        archive = zipfile.ZipFile(file)
    except (zipfile.BadZipFile, OSError, EOFError):
        raise RestoreError("the file is not a ZIP archive: restore the data.zip your account page downloads") from None
    with archive:
        members = [info for info in archive.infolist() if not info.is_dir()]
        if len(members) > MAX_FILES:
            raise RestoreError(f"the archive holds {len(members)} files: a data download holds at most {MAX_FILES}")
        if sum(info.file_size for info in members) > MAX_UNCOMPRESSED:
            raise RestoreError(f"the archive unpacks to more than {MAX_UNCOMPRESSED // (1024 * 1024)} MB: nothing was read")
        problems, read = [], []
        budget = MAX_UNCOMPRESSED  # what may still be unpacked: the sizes an archive declares may lie
        for info in members:
            kind = by_file.get(info.filename)
            if kind is None:
                known = ", ".join(sorted(by_file))
                problems.append(f"{info.filename}: not a file of a data download (its files are {known})")
                continue
            try:
                with archive.open(info) as member:
                    raw = member.read(budget + 1)
                if len(raw) > budget:
                    raise RestoreError(f"the archive unpacks to more than {MAX_UNCOMPRESSED // (1024 * 1024)} MB: nothing was read")
                budget -= len(raw)
                document = json.loads(raw.decode("utf-8"))
                read.append((kind, info.filename, kind.restore.read(document)))
            except RestoreError:
                raise
            except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError) as error:
                problems.append(f"{info.filename}: cannot be unpacked ({error})")
            except UnicodeDecodeError:
                problems.append(f"{info.filename}: is not UTF-8 text")
            except RecursionError:
                problems.append(f"{info.filename}: its JSON is nested too deeply")
            except ValueError as error:  # json.JSONDecodeError is one
                problems.append(f"{info.filename}: {error}")
        if not read and not problems:
            raise RestoreError("the archive holds no games' file: restore the data.zip your account page downloads")
        if problems:
            raise RestoreError("; ".join(problems))
        return read


#: The longest one check of an archive may take before another of the same
#: account may start (a worker that died while checking holds the turn no longer).
CHECK_TURN_SECONDS = 120


def check_turn_taken(user) -> bool:
    """Take ``user``'s turn to have an archive checked: False while another
    request of the same account is checking one. Checking the largest archive
    takes seconds of a web worker, so an account holds at most one worker at a
    time with its restores, whatever it sends at once (the throttles' cache:
    an ``add`` that one request alone wins, in every worker)."""
    return caches[settings.RATELIMIT_USE_CACHE].add(check_turn_key(user), True, timeout=CHECK_TURN_SECONDS)


def check_turn_given_back(user) -> None:
    caches[settings.RATELIMIT_USE_CACHE].delete(check_turn_key(user))


def check_turn_key(user) -> str:
    return f"restore-check-{user.pk}"


def restore_start(*, user, file: BinaryIO, kinds: Iterable) -> RestoreJob:
    """Check the archive ``file`` whole and queue its restore into ``user``'s
    account: the job the task worker writes it by (:func:`restore_replay`).
    RestoreError, nothing written, when a file cannot be read or a game is
    wrong in any way that can be seen without writing it, or when the games the
    account does not hold yet would take it past a day's limit."""
    content = file.read(MAX_UPLOAD + 1)
    if len(content) > MAX_UPLOAD:
        raise RestoreError(f"the file is larger than {MAX_UPLOAD // (1024 * 1024)} MB")
    read = read_archive(io.BytesIO(content), kinds)
    problems = []
    for kind, name, games in read:
        if kind.daily_limit is not None:
            held = kind.restore.present(user, [uid for game in games if (uid := kind.restore.uid(game)) is not None])
            new = sum(1 for game in games if kind.restore.uid(game) not in held)
            if refusal := kind.daily_limit.refusal(user, new):
                problems.append(f"{name}: {refusal}")
    if problems:
        raise RestoreError("; ".join(problems))
    with transaction.atomic():
        job = RestoreJob.objects.create(user=user, archive=content, games=sum(len(games) for _, _, games in read))
        restore_replay.enqueue(job.pk)  # with the job: the worker finds both, or neither
    return job


def restore_of(user, job_id: int) -> RestoreJob | None:
    """The restore ``job_id`` if it is ``user``'s, without its archive; None
    otherwise. One being written whose worker stopped (no batch for
    ``RESTORE_STALE``) is handed to the worker again, which fails it and
    removes what it wrote."""
    job = RestoreJob.objects.defer("archive").filter(pk=job_id, user=user).first()
    if job is not None and job.state == RestoreJob.State.RUNNING and job.changed_at < timezone.now() - settings.RESTORE_STALE:
        if RestoreJob.objects.filter(pk=job.pk, state=RestoreJob.State.RUNNING, changed_at=job.changed_at).update(
            problem=INTERRUPTED, changed_at=timezone.now()
        ):
            restore_replay.enqueue(job.pk)
    return job


INTERRUPTED = "it was interrupted before it ended; restore the file again"


@task()
def restore_replay(job_id: int) -> None:
    """The task worker's restore: the archive read again, then written a batch
    at a time (:func:`write_batch`), its games seen by nobody until the last
    batch is in, when they are all shown at once (:func:`restore_done`). On any
    problem what was written goes (:func:`restore_failed`), as it does for a
    restore whose worker stopped (:func:`restore_of`)."""
    from scorepads import registry

    job = RestoreJob.objects.filter(pk=job_id).first()
    if job is None or job.ended:
        return
    if job.state == RestoreJob.State.RUNNING:
        if job.problem == INTERRUPTED:
            restore_failed(job, INTERRUPTED)
        return  # another worker is writing it
    if not RestoreJob.objects.filter(pk=job.pk, state=RestoreJob.State.QUEUED).update(state=RestoreJob.State.RUNNING):
        return  # taken by another worker at the same instant
    try:
        replay = Replay(job, read_archive(io.BytesIO(bytes(job.archive or b"")), registry.kinds()))
        while write_batch(replay):
            # Room for the others: SQLite's waiting writers poll for the lock
            # (every 100 ms once they have waited a while), and would rarely
            # find it free between two batches that follow each other at once.
            time.sleep(settings.RESTORE_BATCH_PAUSE)
    except RestoreError as error:
        restore_failed(job, str(error))
    except Exception:
        logger.exception("restore %s failed", job.pk)
        restore_failed(job, "something went wrong while it was written; nothing of yours was changed")
    else:
        restore_done(job)


class Replay:
    """The games of a checked archive written into the job's account a step
    at a time: a game's start, then each of its hands (a kind whose ``write``
    gives an iterator of the game written, :func:`write_seated_game`), or a
    game whole (a kind whose ``write`` gives the game, or a list of it). A game
    the account holds is counted and skipped. Each game is marked as the job's
    (``restoring``) in the step that writes it."""

    def __init__(self, job: RestoreJob, read: list[tuple[Any, str, list]]):
        self.job, self.steps = job, 0
        self.games = ((kind.restore, name, position, game) for kind, name, games in read for position, game in enumerate(games, start=1))
        self.writing: Iterator | None = None  # the rest of the game being written
        self.current: tuple[Format, str, int] | None = None

    def step(self) -> bool:
        """Take one step (in the caller's transaction); False when all is written."""
        self.steps += 1
        if self.writing is not None:
            try:
                next(self.writing)
            except StopIteration:
                self.writing = None
                self.job.written += 1
            except (RecordingError, ValueError) as error:
                raise self.problem(error) from None
            return True
        item = next(self.games, None)
        if item is None:
            return False
        form, name, position, game = item
        self.current = (form, name, position)
        user, uid = self.job.user, form.uid(game)
        if uid is not None and form.present(user, [uid]):
            self.job.already += 1
            return True
        try:
            with transaction.atomic():
                rows = iter(rows_written(form.write(game, user, self.job)))
                row = next(rows, None)
                # Marked only when made now: a format may give the row it found
                # the uid in (restored before, or being restored), and may write
                # the game's own times, so its created_at does not tell.
                if row is not None and type(row)._default_manager.filter(
                    pk=row.pk, restoring=None, restored_at=None
                ).update(restoring=self.job, restored_at=timezone.now()):
                    row.restoring = self.job  # the game's own services save it by field: this stays
                else:
                    row = None
        except IntegrityError:
            # Another restore of the same file wrote it at the same instant: the
            # account holds each uid once (the game's constraint).
            if uid is None or not form.present(user, [uid]):
                raise
            row = None
        except (RecordingError, ValueError) as error:
            raise self.problem(error) from None
        if row is None:
            self.job.already += 1
        else:
            self.writing = rows
        return True

    def problem(self, error: Exception) -> RestoreError:
        assert self.current is not None
        form, name, position = self.current
        return RestoreError(f"{name}: {form.noun} {position}{where_in(error)}: {error}")


def rows_written(result) -> Iterable:
    """What a format's ``write`` gave, as an iterable of the game written: None
    (nothing written), the game, a list of it, or an iterator giving it at each step."""
    if result is None:
        return ()
    if isinstance(result, models.Model):
        return (result,)
    return result


def write_batch(replay: Replay) -> bool:
    """Write the next steps of ``replay`` in a transaction of their own, at most
    ``RESTORE_BATCH_STEPS`` of them and for at most ``RESTORE_BATCH_SECONDS``,
    so that no other request waits long for the database; whether any are left.
    The account's row is locked first: one account's batches (of two restores
    at once, or a new game's count against the day's limit) take turns. When
    the database is locked before the batch began, it is tried again, at most
    ``RESTORE_BATCH_ATTEMPTS`` times."""
    job = replay.job
    for attempt in range(1, settings.RESTORE_BATCH_ATTEMPTS + 1):
        steps_before = replay.steps
        try:
            with transaction.atomic():
                lock_account(job.user_id)
                ends = time.monotonic() + settings.RESTORE_BATCH_SECONDS
                more = True
                while more and replay.steps - steps_before < settings.RESTORE_BATCH_STEPS and time.monotonic() < ends:
                    more = replay.step()
                RestoreJob.objects.filter(pk=job.pk).update(
                    written=job.written, already=job.already, changed_at=timezone.now()
                )
            return more
        except OperationalError as error:
            if replay.steps != steps_before or attempt == settings.RESTORE_BATCH_ATTEMPTS or "locked" not in str(error):
                raise
            logger.warning("restore %s: the database was locked, batch tried again (%s)", job.pk, attempt)
    return True  # not reached: the last attempt returns or raises


def models_restored() -> list[type[models.Model]]:
    """The models whose rows a restore writes, hidden until it ends: those with
    a ``restoring`` field, each before those its rows need (a Gorilla game
    before its partnership), the order a failed restore's rows go in."""
    restored = [
        model for model in apps.get_models() if any(field.name == "restoring" for field in model._meta.concrete_fields)
    ]
    return sorted(restored, key=lambda model: any(needing(model, other) for other in restored))


def games_holding(model: type[models.Model]) -> list:
    """The foreign keys of ``model`` to a game kept on a pad (one with a
    ``revision``, :class:`scorepads.models.ScorePadGame`): what holds its rows."""
    from scorepads.models import ScorePadGame

    return [
        field
        for field in model._meta.concrete_fields
        if field.many_to_one and isinstance(field.related_model, type) and issubclass(field.related_model, ScorePadGame)
    ]


def needing_relations(model: type[models.Model]) -> list:
    """The foreign keys to ``model`` whose rows keep the row they point at from being deleted."""
    return [
        relation
        for relation in model._meta.related_objects
        if getattr(relation, "on_delete", None) in (models.PROTECT, models.RESTRICT)
    ]


def needing(model: type[models.Model], other: type[models.Model]) -> bool:
    """Whether rows of ``other`` keep rows of ``model`` from being deleted."""
    return any(relation.related_model is other for relation in needing_relations(model))


def restore_done(job: RestoreJob) -> None:
    """Show the job's games, all at once, and keep its result. A row another
    restore is still writing that a row now shown needs (the partnership
    another restore made, in which this one wrote games) is shown with it. A
    game already shown that holds rows shown now (a bridge book, its rulings
    restored into it) has its revision raised, so its open page brings them."""
    with transaction.atomic():
        for model in models_restored():
            shown_now = model._default_manager.filter(restoring=job)
            for game in games_holding(model):
                held = shown_now.values(game.attname)
                game.related_model._default_manager.filter(pk__in=held).update(revision=F("revision") + 1)
            shown_now.update(restoring=None)
        for model in models_restored():
            for relation in needing_relations(model):
                shown = access.written(relation.related_model._default_manager.filter(**{relation.field.name: OuterRef("pk")}))
                model._default_manager.exclude(restoring=None).filter(Exists(shown)).update(restoring=None)
        RestoreJob.objects.filter(pk=job.pk).update(
            state=RestoreJob.State.DONE, archive=None, written=job.written, already=job.already, changed_at=timezone.now()
        )


def restore_failed(job: RestoreJob, problem: str) -> None:
    """Remove what the job wrote, a batch at a time, and keep why it failed.
    Each batch locks the account, as the batches of its other restores and
    the start of a Gorilla game do, so that none of them writes into a row as
    it goes; a row the job made that rows it did not write still need is
    handed on (:func:`needed_rows_handed_on`)."""
    for model in models_restored():
        more = True
        while more:
            with transaction.atomic():
                lock_account(job.user_id)
                needed_rows_handed_on(model, job)
                pks = list(model._default_manager.filter(restoring=job).values_list("pk", flat=True)[:DELETE_BATCH])
                model._default_manager.filter(pk__in=pks).delete()
                more = len(pks) == DELETE_BATCH
    RestoreJob.objects.filter(pk=job.pk).update(
        state=RestoreJob.State.FAILED, archive=None, written=0, problem=problem, changed_at=timezone.now()
    )


def needed_rows_handed_on(model: type[models.Model], job: RestoreJob) -> None:
    """The rows of ``model`` the job made that rows it did not write still need
    (another restore's games in a partnership this one made) are not deleted:
    each passes to the restore writing a row that needs it, or is shown at once
    when one of those is shown. The job's own rows that needed them are gone
    by then (:func:`models_restored` gives their models first)."""
    for relation in needing_relations(model):
        need = relation.related_model._default_manager.filter(**{relation.field.name: OuterRef("pk")})
        mark = None  # rows no restore writes: shown now
        if relation.related_model in models_restored():
            mark = Subquery(need.order_by(F("restoring").asc(nulls_first=True)).values("restoring")[:1])
        model._default_manager.filter(restoring=job).filter(Exists(need)).update(restoring=mark)


DELETE_BATCH = 50  # games of a failed restore deleted in one transaction


def where_in(error: Exception) -> str:
    """", hand 3, field 'results'" for a RecordingError naming a hand and field."""
    parts = []
    if hand := getattr(error, "hand", None):
        parts.append(f", hand {hand}")
    if field := getattr(error, "field", None):
        parts.append(f", field '{field}'")
    return "".join(parts)


# Games with seats (Two Way Street, Mah Jongg): their players by name.


SEATED_GAME_FIELDS = ("uid", "date", "finished_at", "players", "hands")
# What the second version of a seated game's format adds: when the game was
# started, and when each hand was recorded.
STARTED, RECORDED = "started_at", "recorded_at"


def seated_game(game, hands: list[dict], **fields) -> dict:
    """A game with seats as its document writes it (its players and hands
    loaded): its uid, date, when it was started and ended, its players' names
    in seat order, the game's own ``fields`` and its ``hands`` (each a dict,
    numbered from 1, in the order of ``game.hands``, to which the time each
    was recorded is added)."""
    recorded = [hand.recorded_at for hand in game.hands.all()]
    return {
        "uid": str(game.uid),
        "date": game.date.isoformat(),
        STARTED: moment(game.created_at),
        "finished_at": moment(game.finished_at),
        "players": [player.name for player in game.players.all()],
        **fields,
        "hands": [{**hand, RECORDED: moment(at)} for hand, at in zip(hands, recorded, strict=True)],
    }


def read_seated_game(
    where: str,
    game: object,
    fields: Iterable[str],
    hand_fields: Iterable[str],
    read_hand: Callable[[Fields], dict],
    *,
    times: bool = True,
) -> dict:
    """A game with seats of a document, checked as far as its shape: its
    common fields, and each hand (with ``hand_fields``) by ``read_hand``
    (a hand's ``number`` must be its position); with ``times`` (the second
    version of a format), when the game was started and each hand recorded.
    The game's own ``fields`` are left to the caller: the result's ``fields``
    reads them."""
    read = Fields(where, game, (*SEATED_GAME_FIELDS, *fields, *((STARTED,) if times else ())))
    players = read.list("players")
    for seat, name in enumerate(players, start=1):
        if not isinstance(name, str) or not name.strip():
            raise read.problem("players", f"player {seat} must be a non-empty name, not {name!r}")
    hands, recorded = [], []
    for number, hand in enumerate(read.list("hands", []), start=1):
        hand_where = f"{where}, hand {number}"
        read_fields = Fields(hand_where, hand, ("number", *hand_fields, *((RECORDED,) if times else ())))
        if read_fields.value.get("number", number) != number:
            raise read_fields.problem("number", f"{read_fields.value['number']!r} is out of order, expected {number}")
        hands.append(read_hand(read_fields))
        recorded.append(read_fields.moment(RECORDED))
    return {
        "uid": read.uid(),
        "date": read.date("date"),
        STARTED: read.moment(STARTED),
        "finished_at": read.moment("finished_at"),
        "players": players,
        "hands": hands,
        "recorded": recorded,
        "fields": read,
    }


def seats_of(names: list[str], user) -> list:
    """The seats of a restored game: the user takes the seat that bears their
    user name (any case), the others are plain names; no account is invited."""
    from scorepads.players import Seat

    username = user.get_username().casefold()
    taken = False
    seats = []
    for name in names:
        mine = not taken and name.strip().casefold() == username
        taken = taken or mine
        seats.append(Seat(name, account=user.get_username() if mine else ""))
    return seats


def with_hand(number: int, error: RecordingError) -> RecordingError:
    """``error`` naming hand ``number`` (scorepads.restore reports it)."""
    error.hand = number
    return error


def times_as_written(game, spec: dict) -> None:
    """A restored seated game keeps the times its document gives: when it was
    started, when it ended (recording its hands again did both now) and when
    each hand was recorded."""
    if spec.get(STARTED) is not None:
        type(game).objects.filter(pk=game.pk).update(created_at=spec[STARTED])
    if spec["finished_at"] is not None:
        type(game).objects.filter(pk=game.pk, finished_at__isnull=False).update(finished_at=spec["finished_at"])
    if any(at is not None for at in spec.get("recorded", ())):
        hands = list(game.hands.order_by("number"))
        for hand, at in zip(hands, spec["recorded"], strict=False):
            hand.recorded_at = at or hand.recorded_at
        type(hands[0]).objects.bulk_update(hands, ["recorded_at"])


def members_present(game_model) -> Callable[[Any, Iterable], set]:
    """A seated game's ``Format.present``: the uids among ``uids`` of games ``user`` is a member of."""

    def present(user, uids) -> set:
        return set(game_model.objects.filter(members=user, uid__in=uids).values_list("uid", flat=True))

    return present


def write_seated_game(
    spec: dict, user, *, start: Callable[..., Any], record: Callable[..., Any], **fields
) -> Iterator[Any]:
    """Write a checked seated game step by step, giving the game after each
    (a restore commits between steps: :class:`Replay`): ``start`` (the game's
    ``game_start``) with its players (the user in their own seat), date, uid
    and ``fields``, then each hand through ``record`` (its ``hand_record``),
    which checks it as a tap would; the game keeps the times its document gives
    (:func:`times_as_written`)."""
    game = start(
        seats=seats_of(spec["players"], user), date=spec["date"], user=user, restored=spec["uid"] or uuid.uuid4(), **fields
    )
    yield game
    for number, hand in enumerate(spec["hands"], start=1):
        try:
            record(game=game, number=number, **hand)
        except RecordingError as error:
            raise with_hand(number, error) from None
        yield game
    times_as_written(game, spec)
