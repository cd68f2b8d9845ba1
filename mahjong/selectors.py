"""Reads: Mah Jongg games with what the pages need, in a fixed number of queries."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from django.db.models import Prefetch, QuerySet

from mahjong import game as rules
from mahjong.models import Game, Hand, Player, entry_of
from scorepads import access, history, players, seating

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


def games_visible_to(user) -> QuerySet[Game]:
    """The games ``user`` may see and change: those they started or play in."""
    return access.visible_to(user, Game.objects.all(), members="members")


def _with_players(games: QuerySet[Game]) -> QuerySet[Game]:
    return games.prefetch_related(Prefetch("players", queryset=Player.objects.order_by("seat")))


def game_for(user, game_id: int) -> Game | None:
    """Game ``game_id`` with its players and hands, if ``user`` may see it."""
    return (
        _with_players(games_visible_to(user))
        .prefetch_related(Prefetch("hands", queryset=Hand.objects.order_by("number")))
        .filter(pk=game_id)
        .first()
    )


def game_to_play(user, game_id: int) -> Game | None:
    """Game ``game_id`` with its players, if ``user`` may see it: what a change
    to the game needs before its service reads the hands under the game's lock."""
    return _with_players(games_visible_to(user)).filter(pk=game_id).first()


def sheet_revision(user, game_id: int) -> int | None:
    """The revision of game ``game_id`` if ``user`` may see it: what an open sheet's poll reads."""
    return access.revision_for(user, Game, game_id, members="members")


def recent_games(user, limit: int = 10) -> list[Game]:
    """The latest games ``user`` may see, newest first, with their players."""
    return list(_with_players(games_visible_to(user)).order_by("-date", "-id")[:limit])


def last_players(user) -> list[Player]:
    """The players of the last game ``user`` started and is still in: the new game's defaults."""
    if not user.is_authenticated:
        return []
    game = access.written(Game.objects.filter(created_by=user, members=user)).order_by("-created_at", "-id").first()
    return list(game.players.select_related("account").order_by("seat")) if game else []


def games_in_history(user, filters: history.HistoryFilters) -> QuerySet[Game]:
    """The games ``user`` may see that ``filters`` match."""
    return players.games_in_history(games_visible_to(user), filters, Player.objects.all())


def history_rows(games: Sequence[Game]) -> list[Game]:
    """The games as the history lists them: each with its players."""
    return players.with_players(games, Player.objects.all())
