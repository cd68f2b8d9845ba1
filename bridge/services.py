"""Writes: saving a director's ruling, exactly once."""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Mapping

from django.db import IntegrityError, transaction

from bridge import calculator
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
)
from scorepads import entries, limits
from scorepads.recording import RecordingError, check_text


def ruling_save(
    *,
    user,
    save_key: uuid.UUID,
    calculation: calculator.Calculation,
    inputs: Mapping[str, str],
    vulnerability: str,
    event: str,
    board: int,
    date: datetime.date,
    note: str,
    ns_pair: str = "",
    ew_pair: str = "",
    contract: str = "",
    declarer: str = "",
    auction: str = "",
    director: str = "",
) -> Ruling:
    """Save a ruling; the calculation is run again first, and a ruling it
    refuses is not saved (:class:`RecordingError` naming the input).

    ``save_key`` is the calculator form's: saving the same ruling again with
    the same key (a double tap, a resent request) gives the ruling saved the
    first time. A different ruling from the same form (the director went back,
    changed the board and saved again) is saved as a new one, unless the
    account has saved the day's most already (its registration's, :mod:`scorepads.limits`).

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
    ruling = Ruling(
        created_by=user,
        save_key=save_key,
        calculation=calculation.slug,
        inputs=stored,
        vulnerability=vulnerability,
        event=event,
        board=board,
        date=date,
        note=note,
        **filed,
    )
    for _ in range(2):
        saved = Ruling.objects.filter(created_by=user, save_key=ruling.save_key).first()
        if saved is not None:
            if _same(saved, ruling):
                entries.keep_key(found=True)
                return saved
            ruling.save_key = uuid.uuid4()
        try:
            with transaction.atomic():
                limits.check_today(user, Ruling)
                ruling.save()
                entries.keep_key()
            return ruling
        except IntegrityError:  # a request that raced this one saved the key first
            continue
    raise RecordingError("the ruling could not be saved: try again")


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
    "date",
    "note",
    *FILED_TEXTS,
    "declarer",
)


def _same(saved: Ruling, ruling: Ruling) -> bool:
    return all(getattr(saved, name) == getattr(ruling, name) for name in RECORDED_FIELDS)


def ruling_delete(*, user, ruling: Ruling) -> None:
    """Delete one of ``user``'s rulings."""
    Ruling.objects.filter(pk=ruling.pk, created_by=user).delete()
