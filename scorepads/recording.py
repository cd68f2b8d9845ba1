"""Writing to a game's pad: the rules every game's services follow.

A change holds the game's row lock for its transaction (:func:`lock`), checks
the entry's number against the pad (:func:`check_next_number`), saves the entry
so that a second save of the same number is refused whatever raced it
(:func:`save_once`), and raises the game's revision (:func:`raise_revision`).
A refused change raises :class:`RecordingError` and leaves the database as it was.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TypeVar

from django.db import IntegrityError, transaction

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


def check_text(text: str, *, label: str, field: str | None = None, lines: bool = False) -> None:
    """Refuse control characters (PostgreSQL stores no NUL), lone surrogates
    and the bidirectional controls (U+202E and its kind).

    With ``lines`` a note may hold tabs and line breaks.
    """
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


def lock(game: ScorePadGame, *fields: str) -> None:
    """Lock the game's row for this transaction. ``game`` takes the stored
    values of its revision and of ``fields``: those only a holder of the lock
    changes, so they are current from here on."""
    names = ("revision", *fields)
    values = type(game)._default_manager.select_for_update().values_list(*names).get(pk=game.pk)
    for name, value in zip(names, values):
        setattr(game, name, value)


def raise_revision(game: ScorePadGame, **changes) -> None:
    """Store ``changes`` to the game's fields with its revision raised by one
    (hold the lock)."""
    game.revision += 1
    for name, value in changes.items():
        setattr(game, name, value)
    type(game)._default_manager.filter(pk=game.pk).update(revision=game.revision, **changes)


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


_Entry = TypeVar("_Entry", bound=NumberedEntry)


def last_to_undo(entries: Sequence[_Entry], expected_number: int | None) -> _Entry:
    """The last of ``entries`` (in order, read under the lock), which an undo
    removes; refused when there is none, and (code ``stale``) when it is not
    entry ``expected_number``: the phone was showing an older pad."""
    if not entries:
        raise RecordingError("there is no hand to undo")
    last = entries[-1]
    if expected_number is not None and last.number != expected_number:
        raise RecordingError(
            f"hand {expected_number} is no longer the last hand: the last is hand {last.number}", code="stale"
        )
    return last


def save_once(entry: NumberedEntry) -> None:
    """Save a new entry, with the key the phone gave it (:mod:`scorepads.entries`);
    refused (code ``taken``) when its number is already recorded, whichever
    request got there first, or when its key is."""
    try:
        with transaction.atomic():
            entry.save()
            entries.keep_key()
    except IntegrityError:
        raise RecordingError(f"hand {entry.number} has already been recorded", code="taken") from None
