"""What a game gives the table (:class:`scorepads.table.Table`): its rules
and services on one side, its display on the other.

The table serves every game's numbered entries the same way (recorded once,
refused, answered with what changed, undone and redone, versioned); a game
plugs in what only it knows through these two protocols, which mypy checks
where a table is made and the tests check for every table registered.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from scorepads.display import Changer
from scorepads.regions import Region


class Shown(Protocol):
    """A game's page as drawn (its display): the revision it shows."""

    @property
    def version(self) -> int | str: ...


@runtime_checkable
class TableRules(Protocol):
    """A game's rules and services as the table's taps call them. Every
    service that records, undoes or changes an entry returns the entry, whose
    ``game`` is the game as the service left it (its ``change``: what it read
    under the lock and left, :class:`scorepads.recording.Change`); a refusal
    raises :class:`scorepads.recording.RecordingError`."""

    def revision(self, user, game_id: int) -> int | None:
        """The game's revision, for a poll; None when the user may see no such game."""
        ...

    def game_shown(self, request, game_id: int) -> Any:
        """The game as its page draws it, if the user may see it; 404 otherwise."""
        ...

    def game_to_change(self, request, game_id: int) -> Any:
        """The game a tap changes, as its services take it (read once)."""
        ...

    def hand_form(self, data: Mapping[str, Any], game) -> Any:
        """The form a hand is recorded with, bound to ``data``."""
        ...

    def record(self, game, number: int, form) -> Any:
        """Record hand ``number`` from a valid form; the hand stored."""
        ...

    def repeats(self, game, number: int, form) -> bool:
        """Whether a valid form's hand is stored hand ``number`` already (a resend)."""
        ...

    def undo(self, game, number: int) -> Any:
        """Undo the last hand, which must be ``number``; the hand removed."""
        ...

    def hand_fields(self, hand) -> dict[str, Any]:
        """A hand's fields as Redo keeps them (:mod:`scorepads.redo`)."""
        ...

    def put_back(self, game, fields: dict[str, Any]) -> Any:
        """Record again a hand kept by Redo; the hand stored. Raises
        :class:`scorepads.table.NothingPutBack` when the fields no longer make
        a hand."""
        ...

    def change_form(self, data: Mapping[str, Any], game) -> Any:
        """The form an earlier hand is changed with, bound to ``data``."""
        ...

    def change(self, game, number: int, form) -> Any:
        """Change hand ``number`` to a valid form's; the hand changed."""
        ...


@runtime_checkable
class TableDisplay(Protocol):
    """A game's page as the table draws it: whole, or as regions
    (:mod:`scorepads.regions`) whose changes answer a tap."""

    @property
    def page_template(self) -> str:
        """The page's template; htmx gets its partial :attr:`page_fragment`."""
        ...

    @property
    def page_fragment(self) -> str: ...

    def display_at(self, game, state=None, *, version: int | None = None) -> Shown:
        """The page of ``game`` from ``state`` (what a service read or left,
        ``game.change``), or from what is stored; ``version`` is its revision
        unless given (the page before a tap)."""
        ...

    def regions(
        self, request, game, shown, *, toast: Region, before: bool = False, form=None, moved_by: Changer | None = None
    ) -> tuple[Region, ...]:
        """The page as regions, in its order, with ``toast``; ``before``: the
        page just before a tap, ``form``: an entry kept as typed,
        ``moved_by``: on a poll's page, who changed the game."""
        ...

    def toast_numbers(self, shown) -> tuple[int | None, int | None]:
        """The hand an Undo beside the toast names, and the next hand (None once the game is over)."""
        ...

    def said(self, shown, hand, how: str) -> str:
        """What a tap did, as the toast says it; ``how``: "recorded", "undone", "put back", "changed"."""
        ...

    def entries_stored(self, shown) -> str | None:
        """The entries as stored, for a phone drawing the taps it keeps
        offline over them (the header :data:`scorepads.table.HANDS_HEADER`); None: not sent."""
        ...

    def moved_by(self, request, game) -> Changer | None:
        """Who changed the game last, as a poll's page names them."""
        ...

    def page_context(self, request, game, shown) -> dict[str, Any]:
        """What else the page shows besides its regions."""
        ...
