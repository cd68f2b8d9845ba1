"""Redo: the entry an undo removed, kept for the phone that undid it.

Every game's Undo keeps the hand it removed in this phone's session, as the
fields that record it again (a game gives them: Gorilla's hand, a seated
game's hand form as posted). The toast beside "Hand 5 undone" offers
**Redo** while that hand can still go back as the next hand; Redo records it
again as it was, by the game's own recording, checked as any hand is. A hand
recorded meanwhile (by this phone or another) takes its place, and Redo is no
longer offered. One undone hand is kept at a time, of one game: games of
every kind are told apart by their model, as their ids repeat across kinds.
"""

from __future__ import annotations

from typing import Any

from scorepads.recording import GameToChange

SESSION_KEY = "redo"

NOTHING_TO_REDO = "Nothing was redone: there is no undone hand to put back."
CHANGED_SINCE = "Nothing was redone: the pad has changed since the undo."


def _game_key(game) -> str:
    """``game`` (read, or a tap's :class:`GameToChange`) among the games of
    every kind: "pad.game:12", "mahjong.game:12"."""
    model = game.games.model if isinstance(game, GameToChange) else type(game)
    return f"{model._meta.label_lower}:{game.pk}"


def keep(request, game, fields: dict[str, Any]) -> None:
    """Keep ``fields``, what records the hand an undo just removed from ``game``
    again, for this phone's Redo (in place of any hand kept before)."""
    request.session[SESSION_KEY] = {"game": _game_key(game), "fields": fields}


def forget(request) -> None:
    """No hand to put back: a hand was recorded on this phone."""
    request.session.pop(SESSION_KEY, None)


def offered(request, game, next_number: int | None) -> dict[str, Any] | None:
    """The fields of the hand this phone undid from ``game``, while it can go
    back as the next hand (``next_number``: None once the game is over)."""
    kept = request.session.get(SESSION_KEY)
    if not kept or kept.get("game") != _game_key(game) or next_number is None:
        return None
    fields = kept.get("fields") or {}
    return fields if fields.get("number") == next_number else None


def to_put_back(request, game, number: int | None) -> tuple[dict[str, Any] | None, str]:
    """The fields of the hand a Redo naming ``number`` puts back into ``game``,
    and "", or None and why nothing is put back."""
    kept = request.session.get(SESSION_KEY)
    if number is None or not kept or kept.get("game") != _game_key(game):
        return None, NOTHING_TO_REDO
    fields = kept.get("fields") or {}
    if fields.get("number") != number:
        return None, CHANGED_SINCE
    return fields, ""
