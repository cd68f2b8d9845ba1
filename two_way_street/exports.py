"""Two Way Street's spreadsheet: one row per player per hand, as the sheet
works it out, with the running total (scorepads.exports streams it)."""

from __future__ import annotations

from scorepads.exports import CsvExport
from two_way_street.display import sheet_display

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
    start = [game.pk, game.date, game.target]
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
