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

Invitations are bounded: an account holds at most
``PENDING_INVITATIONS_PER_ACCOUNT`` unanswered (a new game naming it past that
is refused, saying so, and nothing is written), its front page shows them
``INVITATIONS_PER_PAGE`` at a time, and it may decline every invitation from
one account at once and block that account. A blocked account's new games name
the seat as a plain name: its starter is told what anyone naming a user name
that is no account's is told, so a block is not revealed.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, cast

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import models, transaction
from django.urls import reverse

from scorepads import limits, registry
from scorepads.models import SEAT_NAME_MAX_LENGTH, InvitationBlock, SeatedGame, SeatedPlayer
from scorepads.players import Seat, checked_names, joined, seat_accounts, with_players
from scorepads.recording import RecordingError
from scorepads.restore import restored_uid

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

    @property
    def sender(self):
        """The account that started the game, and so invites: None when it is gone."""
        return self.game.created_by

    @property
    def decline_from_url(self) -> str:
        """Where every invitation from the sender is declined (and the sender blocked)."""
        return reverse("invitations_decline_from", args=[self.game.created_by_id]) if self.sender else ""


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
    return [kind.seated for kind in registry.kinds() if kind.seated is not None]


#: The invitations the front page shows at a time.
INVITATIONS_PER_PAGE = 10


@dataclass(frozen=True)
class OffersPage:
    """One page of the seats offered to an account, newest game first."""

    offers: list[Offer]
    number: int  # from 1
    count: int  # the offers on every page

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.count / INVITATIONS_PER_PAGE))

    @property
    def previous(self) -> int | None:
        return self.number - 1 if self.number > 1 else None

    @property
    def next(self) -> int | None:
        return self.number + 1 if self.number < self.pages else None

    def __bool__(self) -> bool:
        return bool(self.offers)


def invitations_for(user, page: int = 1) -> OffersPage:
    """Page ``page`` of the seats offered to ``user`` and not yet answered, in
    every game with seats, newest game first (a page past the last is the
    last): a query a kind, two more for a kind with offers, and at most
    ``page`` pages' rows from each kind, however many there are."""
    if not user.is_authenticated:
        return OffersPage([], 1, 0)
    offered = [(seated, seated.players._default_manager.filter(invited=user)) for seated in seated_kinds()]
    counted = [(seated, seats, seats.count()) for seated, seats in offered]
    count = sum(kind_count for _, _, kind_count in counted)
    page = min(max(1, page), max(1, math.ceil(count / INVITATIONS_PER_PAGE)))
    upto = page * INVITATIONS_PER_PAGE
    offers: list[Offer] = []
    for seated, rows, kind_count in counted:
        if not kind_count:
            continue
        # The seats as any model's rows: django-stubs's plugin fails (an
        # internal error) on a select_related that goes on from ``game`` of the
        # abstract SeatedPlayer, whose "Game" it cannot resolve.
        seats_of: models.QuerySet[Any] = rows
        seats = list(
            seats_of.select_related("game", "game__created_by").order_by("-game__date", "-game__created_at")[:upto]
        )
        with_players([seat.game for seat in seats], seated.players._default_manager.all())
        offers.extend(Offer(seated, seat) for seat in seats)
    offers.sort(key=lambda offer: (offer.game.date, offer.game.created_at), reverse=True)
    return OffersPage(offers[upto - INVITATIONS_PER_PAGE : upto], page, count)


def pending_invitations(account) -> int:
    """How many seats are offered to ``account`` and not yet answered, in every game with seats."""
    return sum(seated.players._default_manager.filter(invited=account).count() for seated in seated_kinds())


def seated_game_start(game_model: type[SeatedGame], *, seats: Sequence[Seat], date: datetime.date, user, restored=None, **fields) -> SeatedGame:
    """A new game of ``game_model`` with these players in seat order, once its
    services have checked what its rules ask of them; ``fields`` are the
    game's own. ``user`` (who starts it) becomes its member, and sits where the
    seats name their account; the other accounts named are invited. Refused
    past the day's limit its registration declares (:mod:`scorepads.limits`);
    a game ``restored`` from a data download (its uid) counts like any other."""
    names = checked_names(seats, max_length=SEAT_NAME_MAX_LENGTH)
    accounts = seat_accounts(seats, user=user)
    # Its players' model (scorepads.models.SeatedPlayer.game's related name).
    players = cast(type[SeatedPlayer], next(rel.related_model for rel in game_model._meta.related_objects if rel.name == "players"))
    with transaction.atomic():
        limits.check_today(user, game_model)
        game = game_model._default_manager.create(
            date=date, created_by=user, totals=[0] * len(names), **fields, **restored_uid(restored, user)
        )
        invited = invitations_sent(accounts.invited, sender=user)
        players._default_manager.bulk_create(
            players(game=game, seat=number, name=name, account=accounts.own.get(number), invited=invited.get(number))
            for number, name in enumerate(names, start=1)
        )
        game.members.add(user)
    return game


def invitations_sent(invited: dict[int, User], *, sender) -> dict[int, User]:
    """Of the accounts a new game's seats invite (by seat number), those that
    are invited: not one that blocked ``sender`` (its seat is a plain name,
    and nothing tells the sender). Refused (:class:`RecordingError`, on the
    seat's ``account_N``) when an account holds
    ``PENDING_INVITATIONS_PER_ACCOUNT`` unanswered already. Call in the
    transaction that writes the seats."""
    if not invited or sender is None:
        return invited
    blocking = set(
        InvitationBlock.objects.filter(blocked=sender, account__in=list(invited.values())).values_list(
            "account_id", flat=True
        )
    )
    sent = {number: account for number, account in invited.items() if account.pk not in blocking}
    most = settings.PENDING_INVITATIONS_PER_ACCOUNT
    for number, account in sent.items():
        if pending_invitations(account) >= most:
            raise RecordingError(
                f"player {number}: {account.get_username()} has {most} invitations waiting for an answer, the most"
                " an account may have; leave their account out, or ask them to answer theirs first",
                field=f"account_{number}",
            )
    return sent


@dataclass(frozen=True)
class Declined:
    sender: str  # the user name of the account whose invitations were declined
    count: int


def invitations_decline_from(*, user: User, sender_id: int, block: bool) -> Declined | None:
    """``user`` declines every seat offered to them in the games ``sender_id``
    started, and with ``block`` takes no more invitations from that account
    (:func:`invitations_sent`). None, nothing changed, for no such account."""
    sender = get_user_model().objects.filter(pk=sender_id).first()
    if sender is None or sender.pk == user.pk:
        return None
    with transaction.atomic():
        declined = sum(
            seated.players._default_manager.filter(invited=user, game__created_by=sender).update(invited=None)
            for seated in seated_kinds()
        )
        if block:
            InvitationBlock.objects.get_or_create(account=user, blocked=sender)
    return Declined(sender.get_username(), declined)


def invitation_unblock(*, user: User, blocked_id: int) -> bool:
    """``user`` takes invitations from account ``blocked_id`` again; False when it was not blocked."""
    return bool(InvitationBlock.objects.filter(account=user, blocked_id=blocked_id).delete()[0])


def blocked_accounts(user) -> list:
    """The accounts ``user`` takes no invitations from, by user name."""
    blocks = InvitationBlock.objects.filter(account=user).select_related("blocked")
    return sorted((block.blocked for block in blocks), key=lambda account: account.get_username().casefold())


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
