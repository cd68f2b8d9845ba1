"""Reads: Tally's games with what its pages need."""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Prefetch, QuerySet

from scorepads import access, history, players, seating
from tests.tally.models import Game, Hand, Player

SEATED = seating.Seated(label="Tally", players=Player, urls="tally")


def games_visible_to(user) -> QuerySet[Game]:
    return access.visible_to(user, Game.objects.all(), members="members")


def with_players(games: QuerySet[Game]) -> QuerySet[Game]:
    return games.prefetch_related(Prefetch("players", queryset=Player.objects.order_by("seat")))


def game_for(user, game_id: int) -> Game | None:
    """Game ``game_id`` with its players and hands, if ``user`` may see it."""
    games = with_players(games_visible_to(user)).prefetch_related(Prefetch("hands", queryset=Hand.objects.order_by("number")))
    return games.filter(pk=game_id).first()


def game_to_play(user, game_id: int) -> Game | None:
    return with_players(games_visible_to(user)).filter(pk=game_id).first()


def sheet_revision(user, game_id: int) -> int | None:
    return access.revision_for(user, Game, game_id, members="members")


def recent_games(user, limit: int = 10) -> list[Game]:
    return list(with_players(games_visible_to(user)).order_by("-date", "-id")[:limit])


def last_players(user) -> list[Player]:
    """The players of the last game ``user`` started: the new game's defaults."""
    if not user.is_authenticated:
        return []
    game = access.written(Game.objects.filter(created_by=user, members=user)).order_by("-created_at", "-id").first()
    return list(game.players.select_related("account").order_by("seat")) if game else []


def games_in_history(user, filters: history.HistoryFilters) -> QuerySet[Game]:
    return players.games_in_history(games_visible_to(user), filters, Player.objects.all())


def history_rows(games: Sequence[Game]) -> list[Game]:
    return players.with_players(games, Player.objects.all())
