"""Mah Jongg's games out and back: the spreadsheet, one row per player per
hand, with what was entered (the seat that won, each score as typed, the
winning hand in the notation and its winning tile: the hand can be rebuilt
from it), the hand's score, what the player paid or was paid in its
settlement and the running total, each game named by its uid, never a
database key (scorepads.exports streams it); and the
``mah-jongg/2`` file of the data download, which scorepads.restore reads back."""

from __future__ import annotations

from collections.abc import Iterator

from mahjong import services
from mahjong.display import sheet_display
from mahjong.game import HandEntry
from mahjong.models import Game
from scorepads import access, restore
from scorepads.exports import CsvExport, in_chunks, write_document

HEADER = [
    "game", "date", "finished", "hand", "round", "east", "winner", "winner seat", "self drawn", "winning hand",
    "winning tile", "seat", "player", "wind", "entered score", "score", "settlement", "total",
]


def rows(game):
    """The game's rows: a row per player per hand; a game with no hand yet, a row per player.
    ``entered score`` is the score as typed, empty for a winner whose hand is given."""
    stored = list(game.hands.all())
    sheet = sheet_display(game, list(game.players.all()), stored)
    start = [game.uid, game.date, sheet.finished]
    if not sheet.hands:
        for seat, name in enumerate(sheet.names, start=1):
            yield [*start, *([None] * 8), seat, name, None, None, None, None, 0]
    for hand, entered in zip(sheet.hands, stored, strict=True):
        for seat, line in enumerate(hand.lines, start=1):
            yield [
                *start, hand.number, hand.round, hand.east, hand.winner, entered.winner_seat, hand.self_drawn,
                entered.winning_hand, entered.winning_tile, seat, line.name, line.wind, entered.scores[seat - 1],
                line.score, line.net, line.total,
            ]


CSV_EXPORT = CsvExport(stem="mah-jongg-games", header=HEADER, rows=rows, prefetch=("players", "hands"))


# The file of the data download: mah-jongg/2 (scorepads.restore; mah-jongg/1, which kept no
# time of starting or recording, is still read).

FORMAT = "mah-jongg/2"
FORMAT_1 = "mah-jongg/1"
HAND_FIELDS = ("winner", "scores", "winning_hand", "winning_tile", "self_drawn")


def account_data(user, out) -> None:
    """The games ``user`` is a member of, as a ``mah-jongg/2`` document."""
    games = access.own(user, Game.objects.all(), members="members").order_by("date", "pk")
    write_document(out, FORMAT, (document_game(game) for game in in_chunks(games, ("players", "hands"))))


def document_game(game) -> dict:
    hands = [
        {
            "number": hand.number,
            "winner": hand.winner_seat,  # the seat, 1 to 4; null for a washout
            "scores": hand.scores,
            "winning_hand": hand.winning_hand,
            "winning_tile": hand.winning_tile,
            "self_drawn": hand.self_drawn,
        }
        for hand in game.hands.all()
    ]
    return restore.seated_game(game, hands)


def read_hand(fields: restore.Fields) -> dict:
    winner = fields.number("winner", None)
    if winner is not None and not 1 <= winner <= 4:
        raise fields.problem("winner", f"the seat that won is 1 to 4 (or null for a washout), not {winner}")
    scores = fields.list("scores")
    if not all(score is None or (isinstance(score, int) and not isinstance(score, bool)) for score in scores):
        raise fields.problem("scores", "each score must be a whole number (or null for a winner's hand given)")
    return {
        "entry": HandEntry(
            None if winner is None else winner - 1,
            tuple(scores),
            fields.text("winning_hand", ""),
            fields.text("winning_tile", ""),
            fields.get("self_drawn", bool, False, what="true or false"),
        )
    }


def read_game(where: str, game: object, version: str = FORMAT) -> dict:
    spec = restore.read_seated_game(where, game, (), HAND_FIELDS, read_hand, times=version != FORMAT_1)
    del spec["fields"]
    return spec


def read(document: object) -> list[dict]:
    version = restore.version_of(document, (FORMAT, FORMAT_1))
    return restore.read_each(restore.games_of(document, version), lambda where, game: read_game(where, game, version))


def write(spec: dict, user, job) -> Iterator[Game]:
    return restore.write_seated_game(spec, user, start=services.game_start, record=services.hand_record)


RESTORE = restore.Format(
    name=FORMAT, read=read, uid=lambda spec: spec["uid"], present=restore.members_present(Game), write=write
)
