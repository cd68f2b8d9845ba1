"""Who sees what: a game's members see it; staff see everything; anyone else
finds nothing (404), whatever the URL. Every game's selectors read through
these, so a page, a fragment, a poll and a download all apply the same rule.
A game a restore is still writing is nobody's yet (:func:`written`)."""

from __future__ import annotations

import functools

from django.db import connection, models

MAX_ID = 2**63 - 1  # the largest id a BigAutoField holds


def visible_to(user, queryset: models.QuerySet, *, members: str) -> models.QuerySet:
    """The rows of ``queryset`` that ``user`` may see: those whose ``members``
    (a lookup to the member accounts, e.g. ``"partnership__members"``) include
    the user; all of them for staff; none for an anonymous user. Never a row
    a restore is still writing (:func:`written`)."""
    if user.is_staff:
        return written(queryset)
    if not user.is_authenticated:
        return queryset.none()
    return own(user, queryset, members=members)


def own(user, queryset: models.QuerySet, *, members: str) -> models.QuerySet:
    """The rows of ``queryset`` that are ``user``'s own (``members``, a lookup
    to the member accounts, includes the user), never those staff may see
    beyond them, nor a row a restore is still writing (:func:`written`): what
    the download of all one's data holds (:mod:`scorepads.account_data`)."""
    return written(queryset).filter(**{members: user})


def written(queryset: models.QuerySet) -> models.QuerySet:
    """The rows of ``queryset`` no restore is still writing (those of a model
    with a ``restoring`` field): a restore's games are seen all at once when it
    is done, and never if it fails (:mod:`scorepads.restore`)."""
    if any(field.name == "restoring" for field in queryset.model._meta.concrete_fields):
        return queryset.filter(restoring__isnull=True)
    return queryset


def left_alone_by(user, games: models.QuerySet, *, members: str = "members") -> models.QuerySet:
    """The games of ``games`` whose only member is ``user``: with the account
    gone, nobody but staff would see them."""
    theirs = games.filter(**{members: user}).values("pk")
    # Counted apart from the filter on the user, which would count only them.
    return games.filter(pk__in=theirs).annotate(member_count=models.Count(members)).filter(member_count=1)


def revision_for(
    user, game_model: type[models.Model], game_id: int, *, owner: str | None = None, members: str
) -> int | None:
    """The revision of game ``game_id`` if ``user`` may see it (as
    :func:`visible_to` decides for members reached through the game's foreign
    key ``owner`` and that model's many-to-many ``members``, or through the
    game's own many-to-many ``members`` when there is no ``owner``, or the
    game's own foreign key ``members`` to the one account it is of), else None.

    Every open pad asks this every few seconds, so most of the app's requests
    are this one indexed lookup. It is written in SQL because the ORM takes
    about twenty times longer to build the query than the database takes to
    answer it. Each game's tests hold it to its ``visible_to`` rule.
    """
    if not user.is_authenticated or not 0 < game_id <= MAX_ID:
        return None
    with connection.cursor() as cursor:
        if user.is_staff:
            cursor.execute(_revision_sql(game_model, owner, members, members_only=False), [game_id])
        else:
            cursor.execute(_revision_sql(game_model, owner, members, members_only=True), [game_id, user.pk])
        row = cursor.fetchone()
    return None if row is None else row[0]


@functools.cache
def _revision_sql(game_model, owner: str | None, members: str, *, members_only: bool) -> str:
    """SELECT revision FROM game [JOIN the members] WHERE id = %s AND no restore is writing it [AND user = %s]."""
    quote = connection.ops.quote_name
    game = game_model._meta
    if owner is None:
        holder_model, holder_column = game_model, game.pk.column
    else:
        owner_field = game.get_field(owner)
        holder_model, holder_column = owner_field.related_model, owner_field.column
    game_table = quote(game.db_table)
    sql = f"SELECT {game_table}.{quote(game.get_field('revision').column)} FROM {game_table}"
    where = f" WHERE {game_table}.{quote(game.pk.column)} = %s AND {game_table}.{quote(game.get_field('restoring').column)} IS NULL"
    account = holder_model._meta.get_field(members)
    if account.many_to_one:  # the game is one account's: its own column names it
        return sql + where + (f" AND {game_table}.{quote(account.column)} = %s" if members_only else "")
    through = holder_model._meta.get_field(members).remote_field.through._meta
    holder_through_column = next(
        field.column
        for field in through.get_fields()
        if getattr(field, "related_model", None) is holder_model
    )
    user_column = next(
        field.column
        for field in through.get_fields()
        if getattr(field, "related_model", None) is not None and field.related_model is not holder_model
    )
    members_table = quote(through.db_table)
    if members_only:
        sql += (
            f" JOIN {members_table} ON {members_table}.{quote(holder_through_column)}"
            f" = {game_table}.{quote(holder_column)}"
        )
        where += f" AND {members_table}.{quote(user_column)} = %s"
    return sql + where
