"""Tally's games out and back: its spreadsheet (a row per player per hand)
and the ``tally/1`` file of the data download, which the restore reads back."""

from __future__ import annotations

from collections.abc import Iterator

from scorepads import access, restore
from scorepads.exports import CsvExport, in_chunks, write_document
from tests.tally import services
from tests.tally.display import sheet_display
from tests.tally.models import Game

HEADER = ["game", "date", "hand", "seat", "player", "score", "total"]


def rows(game):
    sheet = sheet_display(game, list(game.players.all()), list(game.hands.all()))
    for hand in sheet.hands:
        for seat, (name, score, total) in enumerate(zip(sheet.names, hand.scores, hand.totals), start=1):
            yield [game.uid, game.date, hand.number, seat, name, score, total]


CSV_EXPORT = CsvExport(stem="tally-games", header=HEADER, rows=rows, prefetch=("players", "hands"))

FORMAT = "tally/1"


def account_data(user, out) -> None:
    games = access.own(user, Game.objects.all(), members="members").order_by("date", "pk")
    write_document(out, FORMAT, (restore.seated_game(game, [{"number": hand.number, "scores": hand.scores} for hand in game.hands.all()]) for game in in_chunks(games, ("players", "hands"))))


def read(document: object) -> list[dict]:
    version = restore.version_of(document, (FORMAT,))
    return restore.read_each(
        restore.games_of(document, version),
        lambda where, game: restore.read_seated_game(where, game, (), ("scores",), lambda fields: {"scores": fields.list("scores")}),
    )


def write(spec: dict, user, job) -> Iterator[Game]:
    return restore.write_seated_game(spec, user, start=services.game_start, record=services.hand_record)


RESTORE = restore.Format(name=FORMAT, read=read, uid=lambda spec: spec["uid"], present=restore.members_present(Game), write=write)
