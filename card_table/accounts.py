"""Deleting an account, in every game.

Each kind of game deletes, in the deletion's transaction, what of it would be
left with no member (its ``account_deleting`` in :mod:`scorepads.history`): a
Gorilla partnership, or a Two Way Street or Mah Jongg game, stays for its other
members and goes when the account was its only one; bridge rulings are their
director's alone and go with the account.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from scorepads import registry


def account_delete(*, user: AbstractBaseUser) -> int:
    """Delete ``user`` and what of every game would be left with no member;
    how many games went."""
    with transaction.atomic():
        deleted = sum(kind.account_deleting(user) for kind in registry.kinds() if kind.account_deleting)
        user.delete()
    return deleted
