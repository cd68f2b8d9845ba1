"""Writes: a director's rulings, each the next numbered entry of the book of
its day, recorded once, undone, put back, changed and deleted under the book's
lock, each raising the book's revision (:mod:`scorepads.recording`)."""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from bridge import calculator, selectors
from bridge.models import (
    AUCTION_MAX_LENGTH,
    CONTRACT_MAX_LENGTH,
    DIRECTOR_MAX_LENGTH,
    EVENT_MAX_LENGTH,
    MAX_BOARD,
    NOTE_MAX_LENGTH,
    PAIR_MAX_LENGTH,
    SEATS,
    Ruling,
    RulingBook,
)
from scorepads import entries, limits
from scorepads.recording import Change, GameToChange, RecordingError, check_text, last_to_undo, lock, raise_revision


@dataclass(frozen=True)
class BookState:
    """A book as a service read or left it: its rulings in order, and the
    number last given (the next ruling's is one more)."""

    rulings: tuple[Ruling, ...]
    last_number: int


def _state(book: RulingBook, rulings) -> BookState:
    return BookState(tuple(rulings), book.last_number)


def checked_ruling(
    *,
    calculation: calculator.Calculation,
    inputs: Mapping[str, str],
    vulnerability: str,
    event: str,
    board: int,
    note: str,
    ns_pair: str = "",
    ew_pair: str = "",
    contract: str = "",
    declarer: str = "",
    auction: str = "",
    director: str = "",
) -> dict:
    """A ruling's fields as stored, checked: the calculation is run again
    first, and a ruling it refuses is refused (:class:`RecordingError` naming
    the input).

    The table as the director files it is optional: the pairs' (or teams')
    numbers, the contract and declarer as played, the auction, the director's
    name; each is refused, naming it, when too long or holding a control character.
    """
    event = event.strip()
    check_text(event, label="event")
    check_text(note, label="note", lines=True)
    if not event or len(event) > EVENT_MAX_LENGTH:
        raise RecordingError(f"the event is named in 1 to {EVENT_MAX_LENGTH} characters", field="event")
    if not 1 <= board <= MAX_BOARD:
        raise RecordingError(f"the board is a number from 1 to {MAX_BOARD}", field="board")
    if len(note) > NOTE_MAX_LENGTH:
        raise RecordingError(f"the note is at most {NOTE_MAX_LENGTH} characters", field="note")
    filed = _filed(
        ns_pair=ns_pair, ew_pair=ew_pair, contract=contract, declarer=declarer, auction=auction, director=director
    )
    stored = {name: inputs.get(name, "").strip() for name in calculation.inputs}
    # An optional input left blank (a weighted score's table result) is not stored.
    stored = {name: text for name, text in stored.items() if text or name not in calculation.optional}
    for name, text in stored.items():
        check_text(text, label=calculator.INPUTS[name].label, field=name, lines=True)
    try:
        calculator.calculate(calculation, stored, vulnerability)
    except calculator.ScoringError as error:
        raise RecordingError(str(error), field=error.field) from None
    return {
        "calculation": calculation.slug,
        "inputs": stored,
        "vulnerability": vulnerability,
        "event": event,
        "board": board,
        "note": note,
        **filed,
    }


def book_of_day(*, user, date: datetime.date, job=None) -> RulingBook:
    """``user``'s book of ``date``, read under its lock, made if there is none
    (hold the account's lock, which :func:`scorepads.limits.check_today`
    takes, so that two requests make one book). A book a restore is still
    writing is shown from now on, with the ruling recorded into it; ``job``:
    the restore writing a ruling, which marks as its own a book it makes
    (seen once the restore is done, gone if it fails)."""
    book = RulingBook.objects.select_for_update().filter(created_by=user, date=date).first()
    if book is None:
        book = RulingBook.objects.create(created_by=user, date=date, restoring=job)
    elif job is None and book.restoring_id is not None:
        RulingBook.objects.filter(pk=book.pk).update(restoring=None)
        book.restoring = None
    return book


def ruling_record(*, user, date: datetime.date, number: int | None = None, job=None, uid=None, **ruling) -> Ruling:
    """Record the next ruling of ``user``'s book of ``date`` (the book is made
    with the day's first ruling), checked as :func:`checked_ruling` checks it,
    unless the account has saved the day's most already (its registration's,
    :mod:`scorepads.limits`). ``number``: the number it must take (a Redo
    puts an undone ruling back as it was: refused, code ``taken``, once
    another took its place); ``uid``: its identity, when it has one (a
    restore's, a Redo's). The ruling's key (:mod:`scorepads.entries`) is kept
    with it. The book's revision is raised, and ``book.change`` says what it
    held before and after."""
    fields = checked_ruling(**ruling)
    with transaction.atomic():
        limits.check_today(user, Ruling)
        book = book_of_day(user=user, date=date, job=job)
        before = _state(book, selectors.book_rulings(book))
        next_number = book.last_number + 1
        if number is not None and number != next_number:
            raise RecordingError(
                f"ruling {number} cannot be put back: the next ruling is ruling {next_number}", code="taken"
            )
        saved = Ruling(book=book, number=next_number, **fields, **({"uid": uid} if uid else {}))
        saved.save()
        entries.keep_key()
        raise_revision(book, last_number=next_number)
        book.change = Change(before, _state(book, [*before.rulings, saved]), book.revision - 1)
    return saved


def ruling_undo_last(*, book: RulingBook | GameToChange, expected_number: int | None) -> Ruling:
    """Undo the book's newest ruling, which must be ruling ``expected_number``
    (code ``stale`` otherwise: the phone showed an older book): it goes, and
    its number is the next ruling's again. A book whose newest ruling was
    deleted has none to undo."""
    with transaction.atomic():
        book = lock(book, "last_number")
        rulings = selectors.book_rulings(book)
        before = _state(book, rulings)
        if not rulings or rulings[-1].number != book.last_number:
            raise RecordingError("there is no ruling to undo: the newest was deleted, or there is none")
        last = last_to_undo(rulings, expected_number, noun="ruling")
        Ruling.objects.filter(pk=last.pk).delete()
        entries.keep_key()
        raise_revision(book, last_number=last.number - 1)
        book.change = Change(before, _state(book, rulings[:-1]), book.revision - 1)
    return last


def undone_fields(ruling: Ruling) -> dict[str, Any]:
    """What records ``ruling`` again, as Redo keeps it (:mod:`scorepads.redo`)."""
    return {
        "number": ruling.number,
        "uid": str(ruling.uid),
        "date": ruling.book.date.isoformat(),
        **{name: getattr(ruling, name) for name in RECORDED_FIELDS},
    }


def ruling_put_back(*, user, fields: dict[str, Any]) -> Ruling:
    """Record again, as it was and with its number, the ruling an Undo took
    back (:func:`undone_fields`); refused, code ``taken``, once another ruling took its number."""
    calculation = calculator.calculation(fields["calculation"])
    if calculation is None:
        raise RecordingError(f"{fields['calculation']!r} is no calculation of the calculator")
    kept = {name: fields[name] for name in RECORDED_FIELDS if name != "calculation"}
    return ruling_record(
        user=user,
        date=datetime.date.fromisoformat(fields["date"]),
        number=fields["number"],
        uid=uuid.UUID(fields["uid"]),
        calculation=calculation,
        **kept,
    )


def ruling_change(*, book: RulingBook | GameToChange, number: int, date: datetime.date, **ruling) -> Ruling:
    """Change ruling ``number`` of the book to what is given, checked as a new
    ruling is; it keeps its number, its identity and its time of saving. A
    ruling stays in its book: another ``date`` is refused, naming the book's."""
    fields = checked_ruling(**ruling)
    with transaction.atomic():
        book = lock(book, "last_number", "date")
        if date != book.date:
            raise RecordingError(
                f"ruling {number} is in the rulings of {book.date.isoformat()}, and stays there: save a new"
                f" ruling for {date.isoformat()} instead",
                field="date",
            )
        rulings = selectors.book_rulings(book)
        before = _state(book, rulings)
        changed = next((ruling for ruling in rulings if ruling.number == number), None)
        if changed is None:
            raise RecordingError(f"there is no ruling {number} in the rulings of {book.date.isoformat()}")
        Ruling.objects.filter(pk=changed.pk).update(**fields)
        now = Ruling(
            pk=changed.pk, book=book, number=number, uid=changed.uid, created_at=changed.created_at, **fields
        )
        entries.keep_key()
        raise_revision(book)
        book.change = Change(
            before, _state(book, [now if ruling.pk == now.pk else ruling for ruling in rulings]), book.revision - 1
        )
    return now


# Each filed text: its label in a refusal, its longest, and whether it may hold line breaks.
FILED_TEXTS = {
    "ns_pair": ("NS pair or team", PAIR_MAX_LENGTH, False),
    "ew_pair": ("EW pair or team", PAIR_MAX_LENGTH, False),
    "contract": ("contract", CONTRACT_MAX_LENGTH, False),
    "auction": ("auction", AUCTION_MAX_LENGTH, True),
    "director": ("director's name", DIRECTOR_MAX_LENGTH, False),
}


def _filed(**texts: str) -> dict[str, str]:
    """The table as filed, checked: each text stripped, a line of the auction too."""
    filed = {}
    for name, (label, longest, lines) in FILED_TEXTS.items():
        text = texts[name]
        check_text(text, label=label, field=name, lines=lines)
        text = "\n".join(line.strip() for line in text.strip().splitlines()) if lines else text.strip()
        if len(text) > longest:
            raise RecordingError(f"the {label} is at most {longest} characters", field=name)
        filed[name] = text
    declarer = texts["declarer"]
    if declarer not in {"", *(seat for seat, _ in SEATS)}:
        raise RecordingError("the declarer is North, East, South or West (N, E, S, W)", field="declarer")
    filed["declarer"] = declarer
    return filed


RECORDED_FIELDS = (
    "calculation",
    "inputs",
    "vulnerability",
    "event",
    "board",
    "note",
    *FILED_TEXTS,
    "declarer",
)


def ruling_delete(*, user, ruling: Ruling) -> None:
    """Delete one of ``user``'s rulings. Its number is not given again (a
    printed ruling names it), and the others keep theirs; the book's revision
    is raised, for the pages showing it."""
    with transaction.atomic():
        book = RulingBook.objects.filter(pk=ruling.book_id, created_by=user).first()
        if book is None:
            return
        book = lock(book)
        if Ruling.objects.filter(pk=ruling.pk, book=book).delete()[0]:
            raise_revision(book)
