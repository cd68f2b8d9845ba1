"""An account's data in every game: the download of all of it, and what
deleting the account takes away.

The download is one ZIP archive with a JSON file for each kind of game
(:mod:`scorepads.history`), written by the kind's ``account_data``: the games
that are the account's own (never the games staff may see beyond them). A game
with no format of its own gives its rows with :func:`write_rows`: Django's JSON
serialization, the accounts in it by their user names.

As the account is deleted, each kind's ``account_deleting`` deletes what would
be left with no member; a game whose members are on the game itself does it
with :func:`delete_games_left_alone`.
"""

from __future__ import annotations

import io
import itertools
import zipfile
from collections.abc import Sequence
from typing import BinaryIO, TextIO

from django.core import serializers
from django.db.models import Model, QuerySet

from scorepads import access, history

CHUNK_ROWS = 500  # rows read from the database at a time


def file_name(kind: history.GameKind) -> str:
    """The kind's file in the archive: ``gorilla.json``, ``two-way-street.json``, ..."""
    return f"{kind.slug}.json"


def write_rows(querysets: Sequence[QuerySet], out: TextIO, *, leaving_out: Sequence[str] = ()) -> None:
    """The rows of ``querysets``, in order, as Django's JSON serialization
    (``[{"model", "pk", "fields"}, ...]``; accounts by their user names, as
    ``manage.py loaddata`` reads them), a chunk of rows at a time, without the
    fields named in ``leaving_out``."""
    rows = itertools.chain.from_iterable(queryset.iterator(chunk_size=CHUNK_ROWS) for queryset in querysets)
    fields = None
    if leaving_out:
        fields = sorted(
            {field.name for queryset in querysets for field in queryset.model._meta.get_fields() if field.concrete}
            - set(leaving_out)
        )
    serializers.serialize("json", rows, stream=out, indent=1, use_natural_foreign_keys=True, fields=fields)


def write_member_games(game_model: type[Model], entry_models: Sequence[type[Model]], user, out: TextIO) -> None:
    """The games of ``game_model`` that ``user`` is a member of (its ``members``),
    then the rows of each of ``entry_models`` (a model with a ``game`` foreign
    key: players, hands) that belong to them. A seat's ``invited`` is left out:
    the offer is the invited account's business, and whether a user name
    typed for a seat is an account's is nobody else's (scorepads.seating)."""
    games = game_model.objects.filter(members=user)
    chosen = games.values("pk")
    write_rows(
        [games.order_by("date", "pk"), *(model.objects.filter(game__in=chosen).order_by("game", "pk") for model in entry_models)],
        out,
        leaving_out=("invited",),
    )


def delete_games_left_alone(game_model: type[Model], user) -> int:
    """Delete the games of ``game_model`` that ``user`` is the only member of,
    with their players and hands (cascading); a game with another member stays
    theirs. How many games went."""
    alone = access.left_alone_by(user, game_model.objects.all()).values("pk")
    return game_model.objects.filter(pk__in=alone).delete()[1].get(game_model._meta.label, 0)


def write_archive(user, file: BinaryIO) -> None:
    """Write to ``file`` a ZIP archive of ``user``'s data, a JSON file for each
    kind of game that writes one, in the order the kinds were registered."""
    with zipfile.ZipFile(file, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for kind in history.kinds():
            if kind.account_data is not None:
                with io.TextIOWrapper(archive.open(file_name(kind), "w"), encoding="utf-8") as out:
                    kind.account_data(user, out)
