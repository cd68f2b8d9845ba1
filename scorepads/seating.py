"""Who is in a game with seats (Two Way Street, Mah Jongg): joining by consent,
and leaving.

Naming an account for a seat of a new game offers that account the seat (the
seat's ``invited``); until the account accepts, the seat is a name only and the
game is none of the account's: not in its lists, its history nor its data
download. Accepting makes the seat the account's and the account a member;
declining clears the offer. A member may leave: the game stays with the other
members, the seat keeping the player's name without the account; a game left
by its last member is deleted, as when its last member's account is deleted
(:func:`scorepads.account_data.delete_games_left_alone`).

Each write holds the game's row lock, so an answer and a leave of the same game
come one after the other; each changes nothing when there is nothing to change,
so a second tap of the same button does no harm.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, cast

from django.db import models, transaction
from django.urls import reverse

from scorepads import history
from scorepads.models import SeatedGame, SeatedPlayer
from scorepads.players import joined, with_players

if TYPE_CHECKING:
    from django.contrib.auth.models import User


@dataclass(frozen=True)
class Seated:
    """A kind of game with seats, as joining and leaving need it."""

    label: str  # the game's name: "Two Way Street"
    # The seats' model: ``game`` (whose model has ``members``), ``seat``,
    # ``name``, ``account`` and ``invited``.
    players: type[SeatedPlayer]
    # The URL namespace of the game's app, which names its ``sheet``,
    # ``invitation_accept``, ``invitation_decline`` and ``game_leave``.
    urls: str

    @cached_property
    def games(self) -> type[SeatedGame]:
        # The Game of the players' own app, which django-stubs cannot follow
        # from the abstract base's "Game" (scorepads.models.SeatedPlayer.game).
        return cast(type[SeatedGame], self.players._meta.get_field("game").related_model)

    def url(self, name: str, game_id: int) -> str:
        return reverse(f"{self.urls}:{name}", kwargs={"game_id": game_id})

    def _locked(self, game_id: int) -> SeatedGame | None:
        """Game ``game_id`` with its row locked for the transaction, or None."""
        return self.games._default_manager.select_for_update().filter(pk=game_id).first()


@dataclass(frozen=True)
class Offer:
    """An invitation to a seat, as the invited account is shown it."""

    seated: Seated
    seat: SeatedPlayer  # with its game, the game's players and who started it

    @property
    def game(self) -> SeatedGame:
        return self.seat.game

    @property
    def sentence(self) -> str:
        """"Ann invites you to Two Way Street on 9 July 2026, as Ben, with Ann and Cat."""
        game = self.game
        starter = game.created_by.get_username() if game.created_by else "Someone"
        # ``players``: the reverse relation of the concrete Player, which
        # django-stubs cannot see from the abstract SeatedGame.
        players = game.players.all()  # type: ignore[attr-defined]
        others = [player.name for player in players if player.pk != self.seat.pk]
        with_others = f", with {joined(others)}" if others else ""
        return f"{starter} invites you to {self.seated.label} on {day(game.date)}, as {self.seat.name}{with_others}."

    @property
    def accept_url(self) -> str:
        return self.seated.url("invitation_accept", self.game.pk)

    @property
    def decline_url(self) -> str:
        return self.seated.url("invitation_decline", self.game.pk)


def leave_url(seated: Seated, game: SeatedGame, user) -> str:
    """The address of game ``game``'s Leave control as ``user`` is shown it:
    only a member may leave, so "" for staff looking at a game they are not in.
    Anyone else sees the sheet only as a member (:mod:`scorepads.access`), so
    only staff cost a query."""
    member = not user.is_staff or game.members.filter(pk=user.pk).exists()
    return seated.url("game_leave", game.pk) if member else ""


def day(date: datetime.date) -> str:
    """A date as the invitations say it: "9 July 2026"."""
    return f"{date.day} {date:%B %Y}"


def seated_kinds() -> list[Seated]:
    """Every registered kind of game with seats."""
    return [kind.seated for kind in history.kinds() if kind.seated is not None]


def invitations_for(user) -> list[Offer]:
    """The seats offered to ``user`` and not yet answered, in every game with
    seats, newest game first: two queries a kind."""
    if not user.is_authenticated:
        return []
    offers: list[Offer] = []
    for seated in seated_kinds():
        # The seats as any model's rows: django-stubs's plugin fails (an
        # internal error) on a select_related that goes on from ``game`` of the
        # abstract SeatedPlayer, whose "Game" it cannot resolve.
        rows: models.Manager[Any] = seated.players._default_manager
        seats = list(
            rows.filter(invited=user)
            .select_related("game", "game__created_by")
            .order_by("-game__date", "-game_id")
        )
        with_players([seat.game for seat in seats], seated.players._default_manager.all())
        offers.extend(Offer(seated, seat) for seat in seats)
    return sorted(offers, key=lambda offer: (offer.game.date, offer.game.created_at), reverse=True)


def invitation_accept(*, seated: Seated, game_id: int, user: User) -> str:
    """``user`` takes the seat of game ``game_id`` offered to them and becomes
    a member: "joined"; "member" when they are one already (nothing changed);
    "" when there is no such offer (nothing changed)."""
    with transaction.atomic():
        game = seated._locked(game_id)
        if game is None:
            return ""
        seat = seated.players._default_manager.filter(game=game, invited=user).first()
        if seat is None:
            return "member" if game.members.filter(pk=user.pk).exists() else ""
        seat.account, seat.invited = user, None
        seat.save(update_fields=["account", "invited"])
        game.members.add(user)
    return "joined"


def invitation_decline(*, seated: Seated, game_id: int, user: User) -> bool:
    """``user`` turns down the seat of game ``game_id`` offered to them: the
    seat keeps its name, without an account. False when there was no offer
    (nothing changed)."""
    with transaction.atomic():
        if seated._locked(game_id) is None:
            return False
        return bool(seated.players._default_manager.filter(game_id=game_id, invited=user).update(invited=None))


def game_leave(*, seated: Seated, game_id: int, user: User) -> str:
    """``user`` stops being a member of game ``game_id``: their seat keeps
    their name, without the account. "left", or "deleted" when nobody is left
    (the game is deleted with its hands); "" when they were no member (nothing
    changed)."""
    with transaction.atomic():
        game = seated._locked(game_id)
        if game is None or not game.members.filter(pk=user.pk).exists():
            return ""
        seated.players._default_manager.filter(game=game, account=user).update(account=None)
        game.members.remove(user)
        if not game.members.exists():
            game.delete()
            return "deleted"
    return "left"
