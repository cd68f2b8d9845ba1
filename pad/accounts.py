"""An account's own data: everything it can download, and what deleting it
takes away.

A partnership belongs to its members. Deleting an account takes it out of its
partnerships; one that still has a member (the partner) keeps every game for
that partner, unchanged. One that is left with no member is deleted with its
games and hands: they were the deleted account's alone, and a partnership with
no member would otherwise stay in the database for staff to see, the state of
games imported without an owner, which is not what a deletion promises. The
other games go the same way: a Two Way Street or Mah Jongg game stays for its
other members, and goes when the account was its only one; bridge rulings are
their director's alone and go with the account.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TextIO

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import Count, Prefetch, QuerySet

from pad.exchange import export_text
from pad.models import Game, Hand, Partnership
from scorepads import history


def games_of_member(user: AbstractBaseUser) -> QuerySet[Game]:
    """Every game of the partnerships ``user`` is a member of (never the games
    staff see beyond their own), with what the export needs."""
    return (
        Game.objects.filter(partnership__members=user)
        .select_related("partnership")
        .prefetch_related(Prefetch("hands", queryset=Hand.objects.order_by("number")))
        .order_by("date", "pk")
    )


def account_data(user: AbstractBaseUser) -> Iterator[str]:
    """All of ``user``'s games as one ``gorilla-pad/1`` document, streamed as JSON text."""
    return export_text(games_of_member(user))


def write_account_data(user: AbstractBaseUser, out: TextIO) -> None:
    """:func:`account_data` written to ``out``: the Gorilla games of the download of all one's data."""
    out.writelines(account_data(user))


def partnerships_with_member_counts(user: AbstractBaseUser) -> QuerySet[Partnership]:
    """``user``'s partnerships, each with ``member_count``."""
    # Counted apart from the filter on the user, which would count only them.
    return Partnership.objects.filter(
        pk__in=Partnership.objects.filter(members=user).values("pk")
    ).annotate(member_count=Count("members"))


@dataclass(frozen=True)
class Deletion:
    partnerships_kept: int
    partnerships_deleted: int
    games_deleted: int  # Gorilla games
    other_games_deleted: int  # games of the other kinds the account was the only member of


def account_delete(*, user: AbstractBaseUser) -> Deletion:
    """Delete ``user``: partnerships shared with a partner stay theirs, with
    every game; those the user was the only member of go, games and all. So
    do the other games' (``account_deleting`` of each kind in
    :mod:`scorepads.history`): a game with another member stays theirs."""
    with transaction.atomic():
        partnerships = list(partnerships_with_member_counts(user))
        alone = [partnership.pk for partnership in partnerships if partnership.member_count == 1]
        kept = len(partnerships) - len(alone)
        games = Game.objects.filter(partnership__in=alone)
        games_deleted = games.count()
        Hand.objects.filter(game__in=games).delete()
        games.delete()
        Partnership.objects.filter(pk__in=alone).delete()
        others = sum(kind.account_deleting(user) for kind in history.kinds() if kind.account_deleting)
        user.delete()
    return Deletion(
        partnerships_kept=kept, partnerships_deleted=len(alone), games_deleted=games_deleted, other_games_deleted=others
    )
