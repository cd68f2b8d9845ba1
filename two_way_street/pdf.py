"""The printed Two Way Street score sheet: a game's, or a blank one to fill in by hand.

A game's sheet is drawn from :class:`two_way_street.display.SheetDisplay`, the
very context the live page shows, so the paper and the screen never disagree.
The HTML of ``templates/two_way_street/print/`` is laid out with
``static/two_way_street/print.css`` by :mod:`scorepads.pdf`.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from django.template.loader import render_to_string

from scorepads.column_heads import ColumnHead, column_head
from scorepads.pdf import DEFAULT_PAGE_SIZE, page_size_css, page_width_mm, rows_that_fit, write_pdf, write_ruled_page
from scorepads.views import names_slug
from two_way_street import rules
from two_way_street.display import LEGEND, SheetDisplay, case_list

STYLESHEET = "two_way_street/print.css"
BLANK_PLAYERS = 5
# The blank sheet's measures (static/two_way_street/print.css), in millimetres:
# a hand's ruled row, and what the rest of the page takes besides the rows.
BLANK_ROW_MM = 12.7
BLANK_TAKEN_MM = 25 + 16 + 16 + 2 * 11.2  # margins, heading, players' heads, the total and place rows
BLANK_CASE_MM = 4.0  # a line of the legend or of the cases under the grid
# From this many players the sheet is printed across the page (landscape).
LANDSCAPE_FROM_PLAYERS = 7
# The grid's measures across (static/two_way_street/print.css and
# scorepads/print-seated.css), in millimetres: the page's side margins, the
# hand and case columns with their padding, and what a player's column takes
# besides its text (padding and borders).
SIDE_MARGINS_MM = 2 * 12
HAND_AND_CASE_MM = 9 + 11 + 2 * 2.4
CELL_EXTRAS_MM = 3.0
# A name longer than this is printed smaller in a column's heading, at most two
# lines of it, and in full in the players list under the grid.
LONG_NAME = 20
HEAD_PT, MANY_PLAYERS_HEAD_PT, LONG_HEAD_PT = 8.5, 7.5, 6.5
MANY_PLAYERS = 9  # from this many players the headings are smaller (.players-9 and up)


@dataclass(frozen=True)
class HeadName:
    """A player's name as a printed column's heading: every word whole, set
    smaller or cut with an ellipsis when too wide for the column."""

    seat: int  # from 1
    name: str
    long: bool
    head: ColumnHead

    @property
    def in_full_below(self) -> bool:
        """Whether the heading may not show the whole name (the sheet then lists the players in full)."""
        return self.long or self.head.cut


def player_column_mm(size: str, player_count: int) -> float:
    """The room for the text of a player's column on a sheet of ``size``."""
    across = page_width_mm(size, landscape=_landscape(player_count)) - SIDE_MARGINS_MM - HAND_AND_CASE_MM
    return across / player_count - CELL_EXTRAS_MM


def head_names(names: Sequence[str], size: str) -> tuple[HeadName, ...]:
    """The players' names as the grid's column headings on a page of ``size``."""
    width = player_column_mm(size, len(names))
    heads = []
    for seat, name in enumerate(names, start=1):
        long = len(name) > LONG_NAME
        size_pt = LONG_HEAD_PT if long else MANY_PLAYERS_HEAD_PT if len(names) >= MANY_PLAYERS else HEAD_PT
        heads.append(HeadName(seat, name, long, column_head(name, width, size_pt)))
    return tuple(heads)


def any_in_full_below(heads: Sequence[HeadName]) -> bool:
    return any(head.in_full_below for head in heads)


def _landscape(player_count: int) -> bool:
    return player_count >= LANDSCAPE_FROM_PLAYERS


def _page(size: str, player_count: int) -> str:
    orientation = " landscape" if _landscape(player_count) else ""
    return page_size_css(size) + orientation


def render_sheet(display: SheetDisplay, size: str = DEFAULT_PAGE_SIZE, *, fetcher=None) -> bytes:
    """The game's score sheet as PDF bytes, drawn from the live page's display context."""
    heads = head_names(display.names, size)
    context = {
        "sheet": display,
        "heads": heads,
        "names_in_full": any_in_full_below(heads),
        "page_size": _page(size, display.player_count),
        "size": size,
    }
    return write_pdf(
        render_to_string("two_way_street/print/sheet.html", context), stylesheet=STYLESHEET, fetcher=fetcher
    )


def blank_hands(size: str, player_count: int, *, names_in_full: bool = False) -> int:
    """How many hands' rows fill the blank sheet of ``player_count`` players on a
    page of ``size`` (across the page from LANDSCAPE_FROM_PLAYERS players)."""
    notes = 2 + len(case_list(player_count)) + (3 + (player_count + 1) // 2 if names_in_full else 0)
    return rows_that_fit(
        size, landscape=_landscape(player_count), taken_mm=BLANK_TAKEN_MM + notes * BLANK_CASE_MM, row_mm=BLANK_ROW_MM, at_least=4
    )


def render_blank(
    names: list[str],
    size: str = DEFAULT_PAGE_SIZE,
    *,
    date: datetime.date | None = None,
    target: int | None = None,
    fetcher=None,
) -> bytes:
    """An empty sheet for these players (blank names leave the heading to fill in),
    with the game's date and target when it is made from a game; its rows fill one page."""
    heads = head_names(names, size)
    names_in_full = any(names) and any_in_full_below(heads)
    hands = blank_hands(size, len(names), names_in_full=names_in_full)
    context = {
        "names": names,
        "heads": heads,
        "named": names if any(names) else (),
        "names_in_full": names_in_full,
        "date": date,
        "target": target,
        "n": rules.n_for_players(len(names)),
        "legend": LEGEND,
        "cases": case_list(len(names)),
        "page_size": _page(size, len(names)),
        "size": size,
    }
    return write_ruled_page("two_way_street/print/blank.html", context, stylesheet=STYLESHEET, rows=hands, fetcher=fetcher)


def blank_player_count(text: str | None) -> int:
    """The ``players`` parameter of a blank sheet (5 when absent); ValueError otherwise."""
    if text is None:
        return BLANK_PLAYERS
    if text.isascii() and text.isdigit() and len(text) <= 2 and rules.MIN_PLAYERS <= int(text) <= rules.MAX_PLAYERS:
        return int(text)
    raise ValueError(
        f"players must be a whole number from {rules.MIN_PLAYERS} to {rules.MAX_PLAYERS}, not {text[:12]!r}"
    )


def sheet_cache_key(game_id: int, revision: int, size: str) -> str:
    """What a game's printed sheet depends on: any change raises the revision."""
    return f"two-way-street:{game_id}:{revision}:{size}"


def sheet_stem(display: SheetDisplay) -> str:
    """Like ``two-way-street-2026-07-09-ann-ben-cat``: the game's downloads are named from it."""
    names = names_slug(display.names) or "players"
    return f"two-way-street-{display.date.isoformat()}-{names}"


def sheet_filename(display: SheetDisplay) -> str:
    return f"{sheet_stem(display)}.pdf"


def blank_filename(names: list[str]) -> str:
    slug = names_slug(names)
    return f"two-way-street-blank-{slug or f'{len(names)}-players'}.pdf"
