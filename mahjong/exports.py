"""Mah Jongg's spreadsheet: one row per player per hand, with the hand's
score, what the player paid or was paid in its settlement and the running
total (scorepads.exports streams it)."""

from __future__ import annotations

from mahjong.display import sheet_display
from scorepads.exports import CsvExport

HEADER = [
    "game", "date", "finished", "hand", "round", "east", "winner", "self drawn", "seat", "player", "wind",
    "score", "settlement", "total",
]


def rows(game):
    """The game's rows: a row per player per hand; a game with no hand yet, a row per player."""
    sheet = sheet_display(game, list(game.players.all()), list(game.hands.all()))
    start = [game.pk, game.date, sheet.finished]
    if not sheet.hands:
        for seat, name in enumerate(sheet.names, start=1):
            yield [*start, None, None, None, None, None, seat, name, None, None, None, 0]
    for hand in sheet.hands:
        for seat, line in enumerate(hand.lines, start=1):
            yield [
                *start, hand.number, hand.round, hand.east, hand.winner, hand.self_drawn, seat, line.name,
                line.wind, line.score, line.net, line.total,
            ]


CSV_EXPORT = CsvExport(stem="mah-jongg-games", header=HEADER, rows=rows, prefetch=("players", "hands"))
