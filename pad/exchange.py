"""Games in and out as JSON, in the ``gorilla-pad/2`` format (``gorilla-pad/1``
is still read).

``gorilla-pad/2`` gives back everything a game holds: besides the partners,
date, notes and hands, when it was started and when it ended, the partner
chosen to deal first, the game its rematch is (by uid) and when each hand was
recorded; no database key. ``gorilla-pad/1`` carried the game's database
``id`` and none of those.

Reading checks the whole document before anything is written: every problem is
reported as :class:`ImportFileError` naming the game (by position, from 1), the
hand number and the field.
"""

from __future__ import annotations

import datetime
import itertools
import json
import uuid
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from django.db.models import F, QuerySet

from pad import rules
from pad.models import NAME_MAX_LENGTH, NOTES_MAX_LENGTH, Game, Hand
from pad.services import GameSpec, RecordingError, build_hand, check_text, games_import
from scorepads.restore import Format

FORMAT = "gorilla-pad/2"
FORMAT_1 = "gorilla-pad/1"  # still read: no times, first dealer or rematch; each game's database id

GAME_KEYS = {
    FORMAT: {"uid", "partnership", "date", "started_at", "finished_at", "first_dealer", "rematch", "notes", "hands", "pad"},
    FORMAT_1: {"id", "uid", "partnership", "date", "notes", "hands", "pad"},
}
HAND_KEYS_1 = {"number", "outcome", "dealer", "taker", "fates_point", "irregularity", "cards", "verdict_by"}
HAND_KEYS = {FORMAT: HAND_KEYS_1 | {"recorded_at"}, FORMAT_1: HAND_KEYS_1}


class ImportFileError(ValueError):
    """A document that cannot be imported; nothing of it has been written."""


def export_document(games: Iterable[Game]) -> dict:
    """The document for ``games`` (with their partnership and hands prefetched)."""
    return {"format": FORMAT, "games": [export_game(game) for game in games]}


EXPORT_CHUNK = 200  # games read from the database at a time by export_text


def export_text(games: QuerySet[Game]) -> Iterator[str]:
    """The document for ``games`` (a queryset with their partnership) as JSON
    text, piece by piece: a game at a time, read from the database
    ``EXPORT_CHUNK`` games at a time with their hands, so that exporting ten
    thousand games takes no more memory than exporting two hundred. The hands
    are read as rows (:class:`HandRow`), not built into models: that would be
    most of the time. It parses to what :func:`export_document` gives."""
    yield f'{{"format": {json.dumps(FORMAT)}, "games": ['
    read = with_rematch_uid(games).prefetch_related(None).iterator(chunk_size=EXPORT_CHUNK)
    first = True
    while chunk := list(itertools.islice(read, EXPORT_CHUNK)):
        hands = hand_rows([game.pk for game in chunk])
        for game in chunk:
            yield ("" if first else ", ") + json.dumps(export_game(game, hands[game.pk]), ensure_ascii=False)
            first = False
        del chunk, hands, game  # let the chunk go before the next is read: one chunk in memory, not two
    yield "]}"


HAND_FIELDS = (
    "number", "outcome", "dealer", "taker", "fates_point", "irregularity", "taker_cards", "giver_cards", "verdict_by",
    "recorded_at",
)


@dataclass(frozen=True, slots=True)
class HandRow:
    """A hand's stored fields as the export reads them, with what
    :class:`pad.models.Hand` offers it (``has_cards``, ``as_played``), made
    the same way."""

    number: int
    outcome: str
    dealer: str
    taker: str
    fates_point: bool
    irregularity: str
    taker_cards: str
    giver_cards: str
    verdict_by: str
    recorded_at: datetime.datetime

    @property
    def has_cards(self) -> bool:
        return bool(self.taker_cards)

    def as_played(self) -> rules.PlayedHand:
        return rules.PlayedHand(self.number, rules.Outcome(self.outcome), rules.Seat(self.dealer))


def hand_rows(game_ids: list[int]) -> defaultdict[int, list[HandRow]]:
    """The hands of the games ``game_ids``, in order, by game: one query."""
    rows = defaultdict(list)
    hands = Hand.objects.filter(game_id__in=game_ids).order_by("game_id", "number")
    for game_id, *fields in hands.values_list("game_id", *HAND_FIELDS):
        rows[game_id].append(HandRow(*fields))
    return rows


def with_rematch_uid(games: QuerySet[Game]) -> QuerySet[Game]:
    """``games``, each with the uid of its rematch (``rematch_uid``, None when
    none), read in the same query."""
    return games.annotate(rematch_uid=F("rematch__uid"))


def rematch_uid(game: Game) -> uuid.UUID | None:
    """The uid of the game's rematch: as read with :func:`with_rematch_uid`, or else looked up."""
    if hasattr(game, "rematch_uid"):
        return game.rematch_uid
    if game.rematch_id is None:
        return None
    return Game.objects.filter(pk=game.rematch_id).values_list("uid", flat=True).first()


def moment(value: datetime.datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def export_game(game: Game, hands: Sequence[Hand | HandRow] | None = None) -> dict:
    """A game of the document; its ``hands`` in order, or else its prefetched hands."""
    if hands is None:
        hands = sorted(game.hands.all(), key=lambda hand: hand.number)
    rematch = rematch_uid(game)
    return {
        "uid": str(game.uid),
        "partnership": {"odd": game.partnership.odd_name, "even": game.partnership.even_name},
        "date": game.date.isoformat(),
        "started_at": moment(game.created_at),
        "finished_at": moment(game.finished_at),
        "first_dealer": game.first_dealer,
        "rematch": None if rematch is None else str(rematch),
        "notes": game.notes,
        "hands": [export_hand(hand) for hand in hands],
        "pad": rules.compute_pad(hand.as_played() for hand in hands).to_dict(),
    }


def export_hand(hand: Hand | HandRow) -> dict:
    exported = {
        "number": hand.number,
        "outcome": hand.outcome,
        "dealer": hand.dealer,
        "taker": hand.taker,
        "fates_point": hand.fates_point,
        "recorded_at": moment(hand.recorded_at),
    }
    if hand.irregularity:
        exported["irregularity"] = hand.irregularity
    if hand.has_cards:
        exported["cards"] = {"taker": hand.taker_cards, "giver": hand.giver_cards}
    if hand.verdict_by:
        exported["verdict_by"] = hand.verdict_by
    return exported


def present(user, uids) -> set:
    """Those of ``uids`` the games of ``user``'s partnerships hold already."""
    return set(Game.objects.filter(partnership__members=user, uid__in=uids).values_list("uid", flat=True))


def restore_game(spec: GameSpec, user, job) -> list[Game]:
    """Write a game of a restore: a partnership it makes is the job's, as the game is."""
    return games_import(specs=[spec], user=user, restoring=job)



def read_document(document: object) -> list[GameSpec]:
    """Check a parsed JSON document and return its games, or raise ImportFileError."""
    if not isinstance(document, dict):
        raise ImportFileError("the file must hold a JSON object")
    version = document.get("format")
    if not isinstance(version, str) or version not in GAME_KEYS:
        raise ImportFileError(
            f'the file\'s "format" must be "{FORMAT}" (or "{FORMAT_1}"), not {document.get("format")!r}'
        )
    unknown = set(document) - {"format", "games"}
    if unknown:
        raise ImportFileError(f"unknown field {sorted(unknown)[0]!r} at the top of the file")
    games = document.get("games")
    if not isinstance(games, list):
        raise ImportFileError('the file\'s "games" must be a list')
    specs = [read_game(position, game, version) for position, game in enumerate(games, start=1)]
    by_uid = {spec.uid: spec for spec in specs if spec.uid is not None}
    for spec in specs:
        if spec.rematch is not None and spec.rematch in by_uid:
            by_uid[spec.rematch].rematch_of = spec.uid
    return specs


def read_game(position: int, game: object, version: str = FORMAT) -> GameSpec:
    where = f"game {position}"
    if not isinstance(game, dict):
        raise ImportFileError(f"{where}: must be an object")
    unknown = set(game) - GAME_KEYS[version]
    if unknown:
        raise ImportFileError(f"{where}, field {sorted(unknown)[0]!r}: unknown field")
    odd_name, even_name = read_partnership(where, game.get("partnership"))
    date = read_date(where, game.get("date"))
    notes = game.get("notes", "")
    if not isinstance(notes, str):
        raise ImportFileError(f"{where}, field 'notes': must be a string")
    read_text(f"{where}, field 'notes'", notes, lines=True, max_length=NOTES_MAX_LENGTH)
    hands = game.get("hands", [])
    if not isinstance(hands, list):
        raise ImportFileError(f"{where}, field 'hands': must be a list")
    if len(hands) > rules.MAX_HANDS:
        raise ImportFileError(
            f"{where}, field 'hands': a game holds at most {rules.MAX_HANDS} hands, not {len(hands)}"
        )
    first_dealer = game.get("first_dealer", "")
    if first_dealer not in ("", *(seat.value for seat in rules.Seat)):
        raise ImportFileError(
            f"{where}, field 'first_dealer': must be \"odd\", \"even\" or \"\" (as the date gives), not {first_dealer!r}"
        )
    spec = GameSpec(
        odd_name, even_name, date, notes, uid=read_uid(where, game),
        started_at=read_moment(where, game, "started_at"),
        finished_at=read_moment(where, game, "finished_at"),
        first_dealer=first_dealer,
        rematch=read_uid(where, game, "rematch"),
    )
    stand_in = Game(date=date, first_dealer=first_dealer)
    previous_dealer = None
    for number, hand in enumerate(hands, start=1):
        hand_where = f"{where}, hand {number}"
        built = read_hand(hand_where, stand_in, number, previous_dealer, hand, version)
        spec.hands.append(built)
        spec.recorded.append(read_moment(hand_where, hand, "recorded_at"))
        previous_dealer = rules.Seat(built.dealer)
    try:
        rules.compute_pad(hand.as_played() for hand in spec.hands)
    except rules.PadError as error:
        raise ImportFileError(f"{where}: {error}") from None
    return spec


def read_uid(where: str, game: dict, name: str = "uid") -> uuid.UUID | None:
    """The game's ``uid`` (optional: files written before games had one have
    none), or another game's named by its uid (``rematch``, null for none)."""
    if game.get(name) is None:
        return None
    try:
        return uuid.UUID(game[name])
    except (TypeError, ValueError, AttributeError):
        raise ImportFileError(f"{where}, field '{name}': {game[name]!r} is not a UUID") from None


def read_moment(where: str, value: dict, name: str) -> datetime.datetime | None:
    """A time of the document (``started_at``, ...): ISO, with its time zone; None when null or not given."""
    text = value.get(name)
    if text is None:
        return None
    try:
        read = datetime.datetime.fromisoformat(text)
    except (TypeError, ValueError):
        raise ImportFileError(f"{where}, field '{name}': {text!r} is not a time like 2026-07-09T21:30:00+00:00") from None
    if read.tzinfo is None:
        raise ImportFileError(f"{where}, field '{name}': {text!r} names no time zone")
    return read


def read_partnership(where: str, partnership: object) -> tuple[str, str]:
    if not isinstance(partnership, dict) or set(partnership) != {"odd", "even"}:
        raise ImportFileError(
            f'{where}, field \'partnership\': must be an object with "odd" and "even" names'
        )
    names = []
    for seat in ("odd", "even"):
        name = partnership[seat]
        if not isinstance(name, str) or not name.strip():
            raise ImportFileError(f"{where}, field 'partnership.{seat}': must be a non-empty name")
        if len(name.strip()) > NAME_MAX_LENGTH:
            raise ImportFileError(
                f"{where}, field 'partnership.{seat}': longer than {NAME_MAX_LENGTH} characters"
            )
        read_text(f"{where}, field 'partnership.{seat}'", name)
        names.append(name.strip())
    if names[0].casefold() == names[1].casefold():
        raise ImportFileError(f"{where}, field 'partnership': the partners need different names")
    return names[0], names[1]


def read_text(where: str, text: str, *, lines: bool = False, max_length: int | None = None) -> None:
    try:
        check_text(text, label="text", lines=lines, max_length=max_length)
    except RecordingError as error:
        raise ImportFileError(f"{where}: {error}") from None


def read_date(where: str, value: object) -> datetime.date:
    try:
        return datetime.date.fromisoformat(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ImportFileError(
            f"{where}, field 'date': {value!r} is not a date like 2026-07-09"
        ) from None


def read_hand(
    where: str, game: Game, number: int, previous_dealer: rules.Seat | None, hand: object, version: str = FORMAT
) -> Hand:
    if not isinstance(hand, dict):
        raise ImportFileError(f"{where}: must be an object")
    unknown = set(hand) - HAND_KEYS[version]
    if unknown:
        raise ImportFileError(f"{where}, field {sorted(unknown)[0]!r}: unknown field")
    if "number" in hand and hand["number"] != number:
        raise ImportFileError(
            f"{where}, field 'number': {hand['number']!r} is out of order, expected {number}"
        )
    if "outcome" not in hand:
        raise ImportFileError(f"{where}, field 'outcome': missing")
    for key, kind in (("fates_point", bool), ("irregularity", str), ("verdict_by", str)):
        if key in hand and not isinstance(hand[key], kind):
            raise ImportFileError(f"{where}, field '{key}': must be a {kind.__name__}")
    for key in ("outcome", "dealer", "taker"):
        if key in hand and not isinstance(hand[key], str):
            raise ImportFileError(f"{where}, field '{key}': must be a string")
    cards = hand.get("cards") or {}
    if not isinstance(cards, dict) or not set(cards) <= {"taker", "giver"} or not all(
        isinstance(value, str) for value in cards.values()
    ):
        raise ImportFileError(
            f'{where}, field \'cards\': must be an object with "taker" and "giver" strings'
        )
    try:
        return build_hand(
            game=game,
            number=number,
            outcome=hand["outcome"],
            previous_dealer=previous_dealer,
            dealer=hand.get("dealer"),
            taker=hand.get("taker"),
            fates_point=hand.get("fates_point", False),
            irregularity=hand.get("irregularity", ""),
            taker_cards=cards.get("taker", ""),
            giver_cards=cards.get("giver", ""),
            verdict_by=hand.get("verdict_by", ""),
        )
    except RecordingError as error:
        raise ImportFileError(f"{where}, field '{error.field}': {error}") from None


# The Gorilla file of the data download (scorepads.restore).
RESTORE = Format(name=FORMAT, read=read_document, uid=lambda spec: spec.uid, present=present, write=restore_game)
