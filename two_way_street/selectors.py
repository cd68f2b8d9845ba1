"""Reads: Two Way Street games with what the pages need, in a fixed number of queries."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from django.db.models import Prefetch, QuerySet

from scorepads import access, history, players, seating
from two_way_street.models import Game, Hand, Player

# Joining by invitation and leaving (scorepads.seating).
SEATED = seating.Seated(label="Two Way Street", players=Player, urls="two_way_street")


class HandInPlay(NamedTuple):
    """A hand as the sheet and the rules take it: what was entered, read
    without making a model of it (a tap reads every hand of its game)."""

    number: int
    results: list
    tricks_in_hand: int | None


def hands_in_play(game: Game) -> list[HandInPlay]:
    """The hands of ``game`` in order, as the rules take them."""
    return [
        HandInPlay(*row)
        for row in Hand.objects.filter(game_id=game.pk).order_by("number").values_list("number", "results", "tricks_in_hand")
    ]


def games_visible_to(user) -> QuerySet[Game]:
    """The games ``user`` may see and change: those they started or play in."""
    return access.visible_to(user, Game.objects.all(), members="members")


def games_with_sheet(games: QuerySet[Game]) -> QuerySet[Game]:
    """``games`` with their players and hands loaded."""
    return games.prefetch_related(
        Prefetch("players", queryset=Player.objects.order_by("seat")),
        Prefetch("hands", queryset=Hand.objects.order_by("number")),
    )


def game_for(user, game_id: int) -> Game | None:
    """Game ``game_id`` with its players and hands, if ``user`` may see it."""
    return games_with_sheet(games_visible_to(user)).filter(pk=game_id).first()


def game_to_play(user, game_id: int) -> Game | None:
    """Game ``game_id`` with its players, if ``user`` may see it: what a change
    to the game needs before its service reads the hands under the game's lock."""
    return (
        games_visible_to(user)
        .prefetch_related(Prefetch("players", queryset=Player.objects.order_by("seat")))
        .filter(pk=game_id)
        .first()
    )


def sheet_revision(user, game_id: int) -> int | None:
    """The revision of game ``game_id`` if ``user`` may see it: what an open sheet's poll reads."""
    return access.revision_for(user, Game, game_id, members="members")


def recent_games(user, limit: int = 10) -> list[Game]:
    """The latest games ``user`` may see, newest first, with their players."""
    return list(
        games_visible_to(user)
        .prefetch_related(Prefetch("players", queryset=Player.objects.order_by("seat")))
        .order_by("-date", "-id")[:limit]
    )


def last_players(user) -> list[Player]:
    """The players of the last game ``user`` started and is still in: the new game's defaults."""
    game = access.written(Game.objects.filter(created_by=user, members=user)).order_by("-created_at", "-id").first() if user.is_authenticated else None
    return list(game.players.select_related("account").order_by("seat")) if game else []


def games_in_history(user, filters: history.HistoryFilters) -> QuerySet[Game]:
    """The games ``user`` may see that ``filters`` match."""
    return players.games_in_history(games_visible_to(user), filters, Player.objects.all())


def history_rows(games: Sequence[Game]) -> list[Game]:
    """The games as the history lists them: each with its players."""
    return players.with_players(games, Player.objects.all())
