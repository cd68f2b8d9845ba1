"""Reads: Mah Jongg games with what the pages need, in a fixed number of queries."""

from __future__ import annotations

from typing import NamedTuple

from mahjong import game as rules
from mahjong.models import Game, Hand, Player, entry_of
from scorepads import seating
from scorepads.seated_reads import SeatedReads

# Joining by invitation and leaving (scorepads.seating).
SEATED = seating.Seated(label="Mah Jongg", players=Player, urls="mahjong")


class HandInPlay(NamedTuple):
    """A hand's number and entry, as the sheet and :mod:`mahjong.game` take
    them: read without making a model (a tap reads every hand of its game)."""

    number: int
    entry: rules.HandEntry


def hands_in_play(game: Game) -> list[HandInPlay]:
    """The hands of ``game`` in order, as the rules take them."""
    rows = Hand.objects.filter(game_id=game.pk).order_by("number").values_list("number", *Hand.ENTRY_FIELDS)
    return [HandInPlay(number, entry_of(*fields)) for number, *fields in rows]


READS = SeatedReads(Game, Player, Hand)
games_visible_to = READS.visible_to
game_for = READS.game_for
game_to_play = READS.game_to_play
sheet_revision = READS.sheet_revision
recent_games = READS.recent_games
last_players = READS.last_players
games_in_history = READS.games_in_history
history_rows = READS.history_rows
