"""The players of a game with seats (Two Way Street, Mah Jongg): their names,
checked, and the accounts they name, which are invited to join the game
(:mod:`scorepads.seating`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.contrib.auth import get_user_model
from django.db.models import Prefetch, Q, QuerySet, prefetch_related_objects

from scorepads import history
from scorepads.display import Changer
from scorepads.recording import RecordingError, check_text

if TYPE_CHECKING:
    from django.contrib.auth.models import User


@dataclass(frozen=True)
class Seat:
    """A player as a new-game form gives them: a name, and an account's user
    name when they have one."""

    name: str
    account: str = ""


def changer(game, user, players: Sequence = ()) -> Changer:
    """Who made the last change to ``game`` (``changed_by``), as ``user``'s
    other phone is told: the player whose account it is among ``players``
    (a seated game's), else the account's own name; this very account; or
    nobody known. Reads the account, unless it is ``user``."""
    if game.changed_by_id is None:
        return Changer()
    if game.changed_by_id == user.pk:
        return Changer(yours=True)
    seated = next((player.name for player in players if player.account_id == game.changed_by_id), "")
    account = game.changed_by
    return Changer(name=seated or (account.get_full_name().strip() or account.get_username() if account else ""))


def joined(names: Sequence[str]) -> str:
    """Names in a sentence: ``Ann``, ``Ann and Ben``, ``Ann, Ben and Cat``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def checked_names(seats: Sequence[Seat], *, max_length: int) -> list[str]:
    """The players' names, stripped; refused (naming the field ``name_N``) when
    one is missing, too long, holds a control character, or is another's."""
    names: list[str] = []
    for number, seat in enumerate(seats, start=1):
        name = seat.name.strip()
        field = f"name_{number}"
        if not name:
            raise RecordingError(f"player {number} has no name", field=field)
        check_text(name, label=f"name of player {number}", field=field)
        if len(name) > max_length:
            raise RecordingError(f"the name of player {number} is longer than {max_length} characters", field=field)
        if name.casefold() in (other.casefold() for other in names):
            raise RecordingError(f"two players are called {name}: tell them apart", field=field)
        names.append(name)
    return names


@dataclass(frozen=True)
class SeatAccounts:
    """The accounts a new game's seats name, by seat number (from 1): the
    starter's own seat, joined at once, and the others, who are only invited."""

    own: dict[int, User]
    invited: dict[int, User]


def seat_accounts(seats: Sequence[Seat], *, user) -> SeatAccounts:
    """The active accounts the seats name (any case), ``user``'s own seat apart.

    A user name that is no active account's names nobody, and is not refused:
    the answer is the same whether or not the account exists, so the form tells
    no one which user names there are. A user name typed for two seats is
    refused (field ``account_N``), also whether or not it exists."""
    wanted: dict[int, str] = {}
    for number, seat in enumerate(seats, start=1):
        username = seat.account.strip()
        if not username:
            continue
        for other, typed in wanted.items():
            if typed.casefold() == username.casefold():
                raise RecordingError(
                    f"player {number}: the account {username!r} is named for player {other} too",
                    field=f"account_{number}",
                )
        wanted[number] = username
    own: dict[int, User] = {}
    invited: dict[int, User] = {}
    if not wanted:
        return SeatAccounts(own, invited)
    User = get_user_model()
    named = Q()
    for username in wanted.values():
        named |= Q(**{f"{User.USERNAME_FIELD}__iexact": username})
    found = {account.get_username().casefold(): account for account in User.objects.filter(named, is_active=True)}
    for number, username in wanted.items():
        account = found.get(username.casefold())
        if account is None:
            continue
        if user is not None and account.pk == user.pk:
            own[number] = user
        else:
            invited[number] = account
    return SeatAccounts(own, invited)


def with_players(games: Sequence, players: QuerySet) -> list:
    """``games`` as a list, each with its ``players`` (the seats' model, with
    its ``seat``) loaded in seat order: one query for them all."""
    games = list(games)
    prefetch_related_objects(games, Prefetch("players", queryset=players.order_by("seat")))
    return games


def games_in_history(games: QuerySet, filters: history.HistoryFilters, players: QuerySet) -> QuerySet:
    """The ``games`` that ``filters`` match, newest first. ``players`` are the
    seats of every game (a model with ``game`` and ``name``): a game matches a
    name search when its players' names answer it (:func:`history.names_search`:
    case and accents ignored, in Python, as no database does both alike)."""
    games = history.within_dates(games, filters)
    if filters.player.strip():
        matches = history.names_search(filters.player)
        names: dict[int, list[str]] = {}
        for game_id, name in players.filter(game__in=games).values_list("game_id", "name"):
            names.setdefault(game_id, []).append(name)
        games = games.filter(pk__in=sorted(game_id for game_id, seated in names.items() if matches(seated)))
    return games.order_by("-date", "-id")
