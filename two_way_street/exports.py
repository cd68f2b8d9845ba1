"""Two Way Street's games out and back: the spreadsheet, one row per player
per hand as the sheet works it out with the running total, each game named by
its uid, never a database key (scorepads.exports streams it); and the ``two-way-street/2`` file of the
data download, which scorepads.restore reads back."""

from __future__ import annotations

from collections.abc import Iterator

from scorepads import access, restore
from scorepads.exports import CsvExport, in_chunks, write_document
from two_way_street import services
from two_way_street.display import sheet_display
from two_way_street.models import Game

HEADER = [
    "game", "date", "target", "hand", "case", "penalty", "tricks in hand", "seat", "player",
    "tricks", "high or low", "declared or forced", "n", "raw", "refined", "multiplier", "score", "total",
    "winner",
]


def rows(game):
    """The game's rows: a row per player per hand; a game with no hand yet, a row per player."""
    players = list(game.players.all())
    sheet = sheet_display(game, players, list(game.hands.all()))
    winners = {standing.seat for standing in sheet.standings if standing.wins}
    start = [game.uid, game.date, game.target]
    if not sheet.hands:
        for seat, name in enumerate(sheet.names, start=1):
            yield [*start, None, None, None, None, seat, name, *([None] * 7), 0, seat in winners]
    for hand in sheet.hands:
        for seat, line in enumerate(hand.lines, start=1):
            yield [
                *start, hand.number, hand.case, hand.penalty, hand.tricks_in_hand, seat, line.name,
                line.tricks, line.direction, line.choice, line.n, line.raw, line.refined, line.multiplier,
                line.final, line.total, seat in winners,
            ]


CSV_EXPORT = CsvExport(stem="two-way-street-games", header=HEADER, rows=rows, prefetch=("players", "hands"))


# The file of the data download: two-way-street/2 (scorepads.restore; two-way-street/1, which kept no
# time of starting or recording, is still read).

FORMAT = "two-way-street/2"
FORMAT_1 = "two-way-street/1"


def account_data(user, out) -> None:
    """The games ``user`` is a member of, as a ``two-way-street/2`` document."""
    games = access.own(user, Game.objects.all(), members="members").order_by("date", "pk")
    write_document(out, FORMAT, (document_game(game) for game in in_chunks(games, ("players", "hands"))))


def document_game(game) -> dict:
    hands = [
        {"number": hand.number, "results": hand.results, "tricks_in_hand": hand.tricks_in_hand}
        for hand in game.hands.all()
    ]
    return restore.seated_game(game, hands, target=game.target)


def read_hand(fields: restore.Fields) -> dict:
    return {"results": fields.list("results"), "tricks_in_hand": fields.number("tricks_in_hand", None)}


def read_game(where: str, game: object, version: str = FORMAT) -> dict:
    spec = restore.read_seated_game(
        where, game, ("target",), ("results", "tricks_in_hand"), read_hand, times=version != FORMAT_1
    )
    spec["target"] = spec.pop("fields").number("target")
    return spec


def read(document: object) -> list[dict]:
    version = restore.version_of(document, (FORMAT, FORMAT_1))
    return restore.read_each(restore.games_of(document, version), lambda where, game: read_game(where, game, version))


def write(spec: dict, user, job) -> Iterator[Game]:
    return restore.write_seated_game(spec, user, start=services.game_start, record=services.hand_record, target=spec["target"])


RESTORE = restore.Format(
    name=FORMAT, read=read, uid=lambda spec: spec["uid"], present=restore.members_present(Game), write=write
)
