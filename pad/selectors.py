"""Reads: games with what the pages need, in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from pad import rules
from pad.models import Game, Hand


@dataclass(frozen=True)
class GameSummary:
    game: Game
    pad: rules.Pad


def games_with_hands() -> QuerySet[Game]:
    return Game.objects.select_related("partnership").prefetch_related(
        Prefetch("hands", queryset=Hand.objects.order_by("number"))
    )


def pad_of(game: Game) -> rules.Pad:
    """The pad of a game whose hands are loaded (or will be, in one query)."""
    return rules.compute_pad(hand.as_played() for hand in game.hands.all())


def game_summaries() -> list[GameSummary]:
    """Every game, newest first, with its pad."""
    return [GameSummary(game, pad_of(game)) for game in games_with_hands()]
