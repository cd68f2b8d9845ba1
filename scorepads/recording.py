"""Writing to a game's pad: the rules every game's services follow.

A change holds the game's row lock for its transaction (:func:`lock`), checks
the entry's number against the pad (:func:`check_next_number`), saves the entry
so that a second save of the same number is refused whatever raced it
(:func:`save_once`), and raises the game's revision (:func:`raise_revision`).
A refused change raises :class:`RecordingError` and leaves the database as it was.
"""

from __future__ import annotations

import contextvars
import datetime
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import QuerySet

from scorepads import entries
from scorepads.models import NumberedEntry, ScorePadGame


class RecordingError(ValueError):
    """A refused change, with a message that says what is wrong.

    ``field`` names the field at fault, where there is one; ``code`` says what
    kind of refusal it is (``taken``: that number is already recorded; ``ahead``:
    an earlier one is missing; ``finished``: the game is over). ``hand`` is the
    number of the hand at fault when a restore reports it (None otherwise).
    """

    hand: int | None = None

    def __init__(self, message: str, *, field: str | None = None, code: str = "invalid") -> None:
        super().__init__(message)
        self.field = field
        self.code = code


# The invisible marks that change the direction of the text around them: a
# name holding one can show as another name, or reorder what follows it.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def check_text(
    text: str, *, label: str, field: str | None = None, lines: bool = False, max_length: int | None = None
) -> None:
    """Refuse control characters (PostgreSQL stores no NUL), lone surrogates
    and the bidirectional controls (U+202E and its kind), and, with
    ``max_length`` (the limit declared beside the field), a longer text.

    With ``lines`` a note may hold tabs and line breaks.
    """
    if max_length is not None and len(text) > max_length:
        raise RecordingError(
            f"the {label} {'are' if label.endswith('notes') else 'is'} {len(text):,} characters long:"
            f" at most {max_length:,} are kept",
            field=field or label,
        )
    allowed = "\t\n\r" if lines else ""
    for character in text:
        if unicodedata.category(character) in {"Cc", "Cs"} and character not in allowed:
            raise RecordingError(
                f"the {label} holds a control character ({ascii(character)}); "
                "use letters, digits and punctuation",
                field=field or label,
            )
        if character in BIDI_CONTROLS:
            raise RecordingError(
                f"the {label} holds an invisible text-direction control (U+{ord(character):04X}); "
                "use letters, digits and punctuation",
                field=field or label,
            )


_State = TypeVar("_State")


@dataclass(frozen=True)
class Change(Generic[_State]):
    """What a service that changed a game read under its lock and left:
    the game's entries as the game draws its pad from them, ``before`` and
    ``after`` the change, and the revision ``before`` carried. A service
    leaves it on the game it changed (``game.change``), and the answer to the
    tap draws only what changed (:mod:`scorepads.patches`), reading nothing again."""

    before: _State
    after: _State
    revision_before: int


@dataclass(frozen=True)
class SheetState:
    """A seated game's sheet as a service read or left it: its hands in
    order and when it ended (None while it goes on)."""

    hands: tuple
    finished_at: datetime.datetime | None

    @classmethod
    def of(cls, game: ScorePadGame, hands: Sequence) -> SheetState:
        return cls(tuple(hands), game.finished_at)


def sheet_left(game: ScorePadGame, before: SheetState, hands: Sequence) -> None:
    """Leave on ``game`` what a seated game's record or undo read under the
    lock (``before``) and left (``hands``), for the answer to the tap
    (``game.change``); call it once the change is stored."""
    game.change = Change(before, SheetState.of(game, hands), game.revision - 1)


@dataclass(frozen=True)
class GameToChange:
    """Game ``pk`` among ``games`` (those the user may change, with what the
    answer to the change needs loaded), which the service that changes it
    reads once, under its row lock (:func:`lock`): a tap reads its game once."""

    games: QuerySet
    pk: int


_Game = TypeVar("_Game", bound=ScorePadGame)


def lock(game: _Game | GameToChange, *fields: str) -> _Game:
    """Lock the game's row for this transaction, and return the game, current
    from here on. A :class:`GameToChange` is read whole under the lock
    (refused, code ``unknown``, when the user may change no such game); a game
    already read takes the stored values of its revision and of ``fields``:
    those only a holder of the lock changes."""
    if isinstance(game, GameToChange):
        found = game.games.select_for_update(of=("self",)).filter(pk=game.pk).first()
        if found is None:
            raise RecordingError("there is no such game", code="unknown")
        return found
    names = ("revision", *fields)
    values = type(game)._default_manager.select_for_update().values_list(*names).get(pk=game.pk)
    for name, value in zip(names, values):
        setattr(game, name, value)
    return game


def raise_revision(game: ScorePadGame, **changes) -> None:
    """Store ``changes`` to the game's fields with its revision raised by one
    (hold the lock), and the account whose request changes it
    (``changed_by``: :class:`ChangesByMiddleware`)."""
    game.revision += 1
    changes["changed_by_id"] = changing_account()
    for name, value in changes.items():
        setattr(game, name, value)
    type(game)._default_manager.filter(pk=game.pk).update(revision=game.revision, **changes)


# The account a request changes games for: set for each request by
# ChangesByMiddleware, read when a game's revision is raised; none outside a
# request (an import, a restore from the command line).
_changing: contextvars.ContextVar[Callable[[], int | None] | None] = contextvars.ContextVar("changing", default=None)


def changing_account() -> int | None:
    """The id of the account whose request is changing games, if any."""
    account = _changing.get()
    return account() if account is not None else None


class ChangesByMiddleware:
    """Each game a request changes records the request's account as the one
    that changed it last (``ScorePadGame.changed_by``). The user is read only
    when a game is changed."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        token = _changing.set(lambda: request.user.pk if request.user.is_authenticated else None)
        try:
            return self.get_response(request)
        finally:
            _changing.reset(token)


def check_next_number(number: int, *, next_number: int | None, finished_at: int) -> None:
    """Refuse entry ``number`` unless it is the pad's next one. ``next_number``
    is None once the game is over (after entry ``finished_at``)."""
    if next_number is None:
        raise RecordingError(f"the game is over: it ended at hand {finished_at}", code="finished")
    if number != next_number:
        raise RecordingError(
            f"hand {number} cannot be recorded: the next hand is hand {next_number}",
            code="taken" if number < next_number else "ahead",
        )


class _Numbered(Protocol):
    @property
    def number(self) -> int: ...


_Entry = TypeVar("_Entry", bound=_Numbered)


def last_to_undo(entries: Sequence[_Entry], expected_number: int | None, *, noun: str = "hand") -> _Entry:
    """The last of ``entries`` (in order, read under the lock), which an undo
    removes; refused when there is none, and (code ``stale``) when it is not
    entry ``expected_number``: the phone was showing an older pad. ``noun``:
    what the game calls an entry ("ruling")."""
    if not entries:
        raise RecordingError(f"there is no {noun} to undo")
    last = entries[-1]
    if expected_number is not None and last.number != expected_number:
        raise RecordingError(
            f"{noun} {expected_number} is no longer the last {noun}: the last is {noun} {last.number}", code="stale"
        )
    return last


def save_once(entry: NumberedEntry) -> None:
    """Save a new entry, with the key the phone gave it (:mod:`scorepads.entries`);
    refused (code ``taken``) when its number is already recorded, whichever
    request got there first, or when its key is. Called under the game's lock,
    after the number was checked, so a refusal here is a race the lock did not
    see: the transaction it is in is then rolled back whole (no savepoint of
    its own, which every tap would pay for)."""
    try:
        with transaction.atomic(savepoint=False):
            entry.save()
            entries.keep_key()
    except IntegrityError:
        raise RecordingError(f"hand {entry.number} has already been recorded", code="taken") from None


def lock_account(user_id: int) -> None:
    """Lock the account's row for this transaction, so that one account's
    writes that count or share its rows (the day's limits, its PDFs asked
    for, its restores' batches, a Gorilla partnership made) go one after the
    other (on SQLite, whose ``IMMEDIATE`` transactions lock the database as
    they begin, there is nothing more to lock)."""
    list(get_user_model().objects.select_for_update().filter(pk=user_id).values_list("pk", flat=True))
