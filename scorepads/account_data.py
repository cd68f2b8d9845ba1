"""An account's data in every game: the download of all of it, and what
deleting the account takes away.

The download is one ZIP archive with a JSON file for each kind of game
(:mod:`scorepads.history`), written by the kind's ``account_data``: the games
that are the account's own (never the games staff may see beyond them), in the
kind's documented format, which :mod:`scorepads.restore` reads back into an
account (players by name, hands by number, dates in ISO form, no database keys).

As the account is deleted, each kind's ``account_deleting`` deletes what would
be left with no member; a game whose members are on the game itself does it
with :func:`delete_games_left_alone`.
"""

from __future__ import annotations

import io
import zipfile
from typing import BinaryIO

from django.db.models import Model

from scorepads import access, registry


def file_name(kind: registry.GameKind) -> str:
    """The kind's file in the archive: ``gorilla.json``, ``two-way-street.json``, ..."""
    return f"{kind.slug}.json"


def delete_games_left_alone(game_model: type[Model], user) -> int:
    """Delete the games of ``game_model`` that ``user`` is the only member of,
    with their players and hands (cascading); a game with another member stays
    theirs. How many games went."""
    alone = access.left_alone_by(user, game_model._default_manager.all()).values("pk")
    return game_model._default_manager.filter(pk__in=alone).delete()[1].get(game_model._meta.label, 0)


def write_archive(user, file: BinaryIO) -> None:
    """Write to ``file`` a ZIP archive of ``user``'s data, a JSON file for each
    kind of game that writes one, in the order the kinds were registered."""
    with zipfile.ZipFile(file, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for kind in registry.kinds():
            if kind.account_data is not None:
                with io.TextIOWrapper(archive.open(file_name(kind), "w"), encoding="utf-8") as out:
                    kind.account_data(user, out)


def restore_start(user, file: BinaryIO):
    """Check a data download and queue its restore into ``user``'s account
    (:func:`scorepads.restore.restore_start`): the job that writes it."""
    from scorepads import restore

    return restore.restore_start(user=user, file=file, kinds=registry.kinds())
