"""The lists of games across every game the app keeps pads for.

Each game's app registers a :class:`GameKind` when it is ready: how to read the
latest games a user may see, and the template of one row. The lists (the front
page's recent games) merge them, newest first, without knowing any game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameKind:
    label: str  # the game's name, as the lists show it
    recent: Callable[[Any, int], list]  # (user, limit) -> that user's latest games, newest first
    row_template: str  # one row of a list; it is given the game as `game`


@dataclass(frozen=True)
class Entry:
    kind: GameKind
    game: Any  # a scorepads.models.ScorePadGame with a `date`


_kinds: dict[str, GameKind] = {}


def register(kind: GameKind) -> None:
    _kinds[kind.label] = kind


def kinds() -> tuple[GameKind, ...]:
    return tuple(_kinds.values())


def recent_entries(user, limit: int = 10) -> list[Entry]:
    """The latest ``limit`` games ``user`` may see, of every kind, newest first."""
    entries = [Entry(kind, game) for kind in kinds() for game in kind.recent(user, limit)]
    entries.sort(key=lambda entry: (entry.game.date, entry.game.created_at), reverse=True)
    return entries[:limit]
