"""Reads: Tally's games with what its pages need, the kit's reads of every
seated game (scorepads.seated_reads), by the names the kit looks for here
(``game_for``, ``recent_games``, ``history_rows``...)."""

from __future__ import annotations

from scorepads import seating
from scorepads.seated_reads import SeatedReads
from tests.tally.models import Game, Hand, Player

SEATED = seating.Seated(label="Tally", players=Player, urls="tally")
READS = SeatedReads(Game, Player, Hand)


def __getattr__(name: str):
    return getattr(READS, name)
