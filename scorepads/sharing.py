"""Read-only share links to a game's pad, for spectators.

The link carries a long random token (``secrets.token_urlsafe(32)``, 256 bits)
stored on the game, rather than a value signed with ``django.core.signing``: it
must be revocable, which needs a row to change whatever the token looks like.
A stored random token is revoked by clearing it, leaks nothing about the game it
names, and survives a change of SECRET_KEY.
"""

from __future__ import annotations

import secrets
from typing import TypeVar

from django.db import transaction

from scorepads.models import ScorePadGame
from scorepads.recording import lock, raise_revision


def new_token() -> str:
    return secrets.token_urlsafe(32)


_Game = TypeVar("_Game", bound=ScorePadGame)


def share(game: _Game) -> _Game:
    """Give the game a read-only share link, keeping the one it has."""
    with transaction.atomic():
        lock(game, "share_token")
        if not game.share_token:
            raise_revision(game, share_token=new_token())
    return game


def stop_sharing(game: _Game) -> _Game:
    """Revoke the game's share link: the old address then answers 404."""
    with transaction.atomic():
        lock(game, "share_token")
        if game.share_token:
            raise_revision(game, share_token="")
    return game
