"""An account's Gorilla games: what it can download, and what deleting the
account takes away (registered in pad/apps.py; card_table deletes accounts).

A partnership belongs to its members. Deleting an account takes it out of its
partnerships; one that still has a member (the partner) keeps every game for
that partner, unchanged. One that is left with no member is deleted with its
games and hands: they were the deleted account's alone, and a partnership with
no member would otherwise stay in the database for staff to see, the state of
games imported without an owner, which is not what a deletion promises.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, TextIO, TypedDict

from django.db.models import Count, Prefetch, QuerySet

from pad.exchange import export_text
from pad.models import Game, Hand, Partnership
from scorepads import access

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from django_stubs_ext import WithAnnotations


class MemberCount(TypedDict):
    """What :func:`partnerships_with_member_counts` adds to each partnership."""

    member_count: int


def games_of_member(user: User) -> QuerySet[Game]:
    """Every game of the partnerships ``user`` is a member of (never the games
    staff see beyond their own, nor one a restore is still writing), with what
    the export needs."""
    return (
        access.own(user, Game.objects.all(), members="partnership__members")
        .select_related("partnership")
        .prefetch_related(Prefetch("hands", queryset=Hand.objects.order_by("number")))
        .order_by("date", "pk")
    )


def account_data(user: User) -> Iterator[str]:
    """All of ``user``'s games as one ``gorilla-pad/2`` document, streamed as JSON text."""
    return export_text(games_of_member(user))


def write_account_data(user: User, out: TextIO) -> None:
    """:func:`account_data` written to ``out``: the Gorilla games of the download of all one's data."""
    out.writelines(account_data(user))


def partnerships_with_member_counts(user: User) -> QuerySet[WithAnnotations[Partnership, MemberCount]]:
    """``user``'s partnerships, each with ``member_count``."""
    # Counted apart from the filter on the user, which would count only them.
    return Partnership.objects.filter(
        pk__in=Partnership.objects.filter(members=user).values("pk")
    ).annotate(member_count=Count("members"))


def delete_partnerships_left_alone(user: User) -> int:
    """As ``user``'s account is deleted: the partnerships it was the only
    member of go, with their games and hands; those shared with a partner stay
    theirs, unchanged. How many games went."""
    alone = [partnership.pk for partnership in partnerships_with_member_counts(user) if partnership.member_count == 1]
    games = Game.objects.filter(partnership__in=alone)
    games_deleted = games.count()
    Hand.objects.filter(game__in=games).delete()
    games.delete()
    Partnership.objects.filter(pk__in=alone).delete()
    return games_deleted


def deletion_context(user: User) -> dict:
    """What the page that deletes an account says of its partnerships: those
    it sees (never one a restore is still writing, which goes with it all the same)."""
    return {"partnerships": access.written(partnerships_with_member_counts(user))}
