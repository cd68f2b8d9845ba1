"""The regions a pad is drawn as, and the changes between two drawings of it.

Pure: no Django. A game draws its pad (the element ``id="pad"`` of its page)
as a list of :class:`Region` values, each an element with an id, drawn by one
partial template from one value, which holds everything the element shows. A
region may have rows or parts (a chart's innings, a sheet's hands, the fields
of a record bar), regions of their own, kept by id. :func:`changes` says what
turns the pad drawn from one list into the pad drawn from another: the
regions whose values changed, drawn again; rows added at a region's newest
end; rows removed. :mod:`scorepads.patches` answers a tap with them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple


class Region(NamedTuple):
    """A part of the pad drawn from one value.

    ``template`` names the partial that draws it ("pad/regions.html#status"):
    it is given the region as ``region`` (its ``value``, its ``rows``) and
    ``oob``, an attribute to write in its element's opening tag (empty on the
    page). What it draws of its own depends on its value alone; its rows it
    draws each by its own partial. Its element's id is ``id``. A region whose
    rows can be added to gives the id of the element they are in
    (``rows_in``), which end of it the newest row is at (``newest``), and the
    element that holds rows added to it in a swap (``holder``: ``tbody`` for
    a table's rows). Rows that are never added to (the parts of a bar) need
    none of these.

    A named tuple, not a dataclass: a long game's pad is hundreds of regions,
    made and compared at every tap, which a tuple makes and compares several
    times faster.
    """

    id: str
    template: str
    value: Any = None
    rows: tuple[Region, ...] = ()
    rows_in: str = ""
    newest: Literal["last", "first"] = "last"
    holder: str = "div"
    # How the page finds the element of a part that carries no id of its own
    # (a table's cells, which would otherwise each need one): a CSS selector.
    selector: str = ""
    # A table's row or cell, which a patch carries in a template element: it
    # may not stand alone in the page's HTML.
    in_table: bool = False
    # Whether its drawing depends on nothing but the region (no form, no
    # token): drawn once, then kept and reused while its value is the same
    # (a chart's rows, which a long game has many of).
    kept: bool = False

    @property
    def target(self) -> str:
        """The CSS selector of its element in the page."""
        return self.selector or f"#{self.id}"

    def row(self, row_id: str) -> Region | None:
        return next((row for row in self.rows if row.id == row_id), None)

    def part(self, row_id: str) -> Region:
        """The row or part ``row_id``; KeyError when it has none."""
        found = self.row(row_id)
        if found is None:
            raise KeyError(f"region {self.id!r} has no part {row_id!r}")
        return found


@dataclass(frozen=True)
class Swap:
    """One change of a patch: ``regions`` drawn, or removed, out of band.

    ``how`` is htmx's out-of-band swap: "outerHTML:<target>" (the region's
    element replaced), "delete" (removed), or "beforeend:#rows" /
    "afterbegin:#rows" (rows added, carried in a ``holder`` element)."""

    how: str
    regions: tuple[Region, ...]
    holder: str = ""

    @property
    def in_table(self) -> bool:
        return any(region.in_table for region in self.regions)


def changes(before: Sequence[Region], after: Sequence[Region]) -> list[Swap] | None:
    """The swaps that turn the pad drawn from ``before`` into the pad drawn
    from ``after``; None when the two are not the same regions in the same
    order, or their rows changed in a way adding and removing at the newest
    end cannot follow (the whole pad is the answer then)."""
    if [region.id for region in before] != [region.id for region in after]:
        return None
    swaps: list[Swap] = []
    for old, new in zip(before, after):
        _compare(old, new, swaps)
    return swaps


def _compare(old: Region, new: Region, swaps: list[Swap]) -> None:
    if old is new or old == new:
        return
    if _shape(old) != _shape(new) or not _rows_follow(old, new):
        swaps.append(Swap(_replace(new), (new,)))
        return
    kept = {row.id for row in new.rows}
    had = {row.id: row for row in old.rows}
    for row in old.rows:
        if row.id not in kept:
            swaps.append(Swap("delete", (row,)))
    for row in new.rows:
        if row.id in had:
            _compare(had[row.id], row, swaps)
    added = tuple(row for row in new.rows if row.id not in had)
    if added:
        where = "beforeend" if new.newest == "last" else "afterbegin"
        swaps.append(Swap(f"{where}:#{new.rows_in}", added, holder=new.holder))


def _replace(region: Region) -> str:
    """htmx's swap that replaces the region's element: "true" finds it by its id."""
    return f"outerHTML:{region.selector}" if region.selector else "true"


def _shape(region: Region) -> tuple:
    """All of a region but its rows: drawn again whole when it changes."""
    return (region.id, region.template, region.value, region.rows_in, region.newest, region.holder, region.selector, region.in_table, region.kept)


def _rows_follow(old: Region, new: Region) -> bool:
    """Whether ``new``'s rows are ``old``'s with rows removed anywhere and
    rows added at the newest end only, in the same order."""
    if not old.rows and not new.rows:
        return True
    had = {row.id for row in old.rows}
    now = {row.id for row in new.rows}
    kept = [row.id for row in new.rows if row.id in had]
    if kept != [row.id for row in old.rows if row.id in now]:
        return False
    added = [row.id for row in new.rows if row.id not in had]
    if added and not new.rows_in:
        return False
    order = [row.id for row in new.rows]
    return order == (kept + added if new.newest == "last" else added + kept)


# The regions every game's pad has, drawn by templates/scorepads/regions.html.


@dataclass(frozen=True)
class PadMeta:
    """What a pad says of itself, drawn in a hidden element: its version
    (which the pad's poll sends), what a screen reader is told after a change (``announce``;
    ``announce_next`` after a tap's message, which says the score already),
    what the fields being typed are for (``keep_while``: the next hand's
    number, or "over"), the game to follow to (``follow``: a rematch's
    address), and the game's own data for its scripts (``data``: name, value)."""

    version: str
    announce: str
    keep_while: str
    announce_next: str | None = None
    follow: str = ""
    data: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class ToastMessage:
    """A message of the toast, and the action offered beside it: "undo", "redo" or ""."""

    text: str
    tags: str
    action: str = ""


@dataclass(frozen=True)
class Toast:
    """The message a tap leaves on the pad, with the action that takes it
    back: Undo after a recorded entry, while there is a last entry to undo
    (``undo_number``: its button sends the pad's own form that undoes it,
    ``id="undo-last"``, naming that entry), Redo after an undone one
    (``redo_url``, ``redo_number``, when the pad offers it)."""

    messages: tuple[ToastMessage, ...] = ()
    undo_number: int | None = None
    redo_url: str = ""
    redo_number: int | None = None


META = "scorepads/regions.html#meta"
TOAST = "scorepads/regions.html#toast"


def meta_region(meta: PadMeta) -> Region:
    return Region("pad-meta", META, meta)


def toast_region(toast: Toast) -> Region:
    return Region("toast", TOAST, toast)
