"""The reads every game with seats makes of its games (Mah Jongg, and any new
game): members only, the players in seat order, the hands in order, in a fixed
number of queries. A game's ``selectors`` module makes one
:class:`SeatedReads` of its models and names its methods, which its pages, its
sheet (:class:`scorepads.table.SeatedSheet`) and its registration
(:class:`scorepads.seated_app.SeatedGameConfig`) read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db.models import Prefetch, QuerySet

from scorepads import access, players
from scorepads.models import SeatedGame

_Game = TypeVar("_Game", bound=SeatedGame)


@dataclass(frozen=True)
class SeatedReads(Generic[_Game]):
    games: type[_Game]
    players: Any  # its SeatedPlayer
    hands: Any  # its SeatedHand

    def visible_to(self, user) -> QuerySet[_Game]:
        """The games ``user`` may see and change: those they started or play in."""
        return access.visible_to(user, self.games._default_manager.all(), members="members")

    def with_players(self, games: QuerySet[_Game]) -> QuerySet[_Game]:
        return games.prefetch_related(Prefetch("players", queryset=self.players.objects.order_by("seat")))

    def game_for(self, user, game_id: int) -> _Game | None:
        """Game ``game_id`` with its players and hands, if ``user`` may see it."""
        hands = Prefetch("hands", queryset=self.hands.objects.order_by("number"))
        return self.with_players(self.visible_to(user)).prefetch_related(hands).filter(pk=game_id).first()

    def game_to_play(self, user, game_id: int) -> _Game | None:
        """Game ``game_id`` with its players, if ``user`` may see it: what a change
        to the game needs before its service reads the hands under the game's lock."""
        return self.with_players(self.visible_to(user)).filter(pk=game_id).first()

    def sheet_revision(self, user, game_id: int) -> int | None:
        """The revision of game ``game_id`` if ``user`` may see it: what an open sheet's poll reads."""
        return access.revision_for(user, self.games, game_id, members="members")

    def recent_games(self, user, limit: int = 10) -> list[_Game]:
        """The latest games ``user`` may see, newest first, with their players."""
        return list(self.with_players(self.visible_to(user)).order_by("-date", "-id")[:limit])

    def last_players(self, user) -> list:
        """The players of the last game ``user`` started and is still in: the new game's defaults."""
        if not user.is_authenticated:
            return []
        started = self.games._default_manager.filter(created_by=user, members=user)
        game = access.written(started).order_by("-created_at", "-id").first()
        return list(self.players.objects.filter(game=game).select_related("account").order_by("seat")) if game else []

    def games_in_history(self, user, filters) -> QuerySet[_Game]:
        """The games ``user`` may see that ``filters`` (a scorepads.history.HistoryFilters) match."""
        return players.games_in_history(self.visible_to(user), filters, self.players.objects.all())

    def history_rows(self, games: Sequence[_Game]) -> list[_Game]:
        """The games as the history lists them: each with its players."""
        return players.with_players(games, self.players.objects.all())
