"""The printed Mah Jongg score sheet.

It is drawn from :class:`mahjong.display.SheetDisplay`, the very context the
live page shows, so the paper and the screen never disagree. The HTML of
``templates/mahjong/print/`` is laid out with ``static/mahjong/print.css`` by
:mod:`scorepads.pdf`.
"""

from __future__ import annotations

import datetime

from django.template.loader import render_to_string

from mahjong.display import SheetDisplay
from mahjong.game import PLAYERS
from scorepads.column_heads import ColumnHead, column_heads
from scorepads.pdf import DEFAULT_PAGE_SIZE, page_size_css, page_width_mm, rows_that_fit, write_pdf, write_ruled_page
from scorepads.views import names_slug

STYLESHEET = "mahjong/print.css"
# The blank sheet's measures (static/mahjong/print.css), in millimetres: a
# hand's ruled row, and what the rest of the page takes besides the rows.
BLANK_ROW_MM = 11.4
BLANK_TAKEN_MM = 25 + 16 + 9 + 18  # margins, heading, players' heads, the notes under the grid
# The grid's measures across (static/mahjong/print.css, scorepads/print-seated.css),
# in millimetres: the side margins, the hand and deal columns with their padding,
# what a player's column takes besides its text, and its heading's type.
SIDE_MARGINS_MM = 2 * 12
HAND_AND_DEAL_MM = 10 + 26 + 2 * 2.4
CELL_EXTRAS_MM = 3.0
HEAD_PT = 8.5


def heads(names: list[str], size: str) -> tuple[ColumnHead, ...]:
    """The players' names as the grid's column headings: every word whole, a word
    too wide for its column set smaller or cut with an ellipsis."""
    width = (page_width_mm(size) - SIDE_MARGINS_MM - HAND_AND_DEAL_MM) / PLAYERS - CELL_EXTRAS_MM
    return column_heads(names, width, HEAD_PT)


def render_sheet(display: SheetDisplay, size: str = DEFAULT_PAGE_SIZE, *, fetcher=None) -> bytes:
    """The game's score sheet as PDF bytes, drawn from the live page's display context."""
    context = {"sheet": display, "heads": heads(list(display.names), size), "page_size": page_size_css(size), "size": size}
    return write_pdf(render_to_string("mahjong/print/sheet.html", context), stylesheet=STYLESHEET, fetcher=fetcher)


def blank_hands(size: str) -> int:
    """How many hands' rows fill a blank sheet on a page of ``size``."""
    return rows_that_fit(size, landscape=False, taken_mm=BLANK_TAKEN_MM, row_mm=BLANK_ROW_MM, at_least=4)


def render_blank(
    names: list[str] | None = None, size: str = DEFAULT_PAGE_SIZE, *, date: datetime.date | None = None, fetcher=None
) -> bytes:
    """An empty sheet to keep by hand: for a game's players (and its date) when
    given, else with the names to fill in; its rows fill one page."""
    hands = blank_hands(size)
    context = {
        "names": names or [""] * PLAYERS,
        "heads": heads(names or [""] * PLAYERS, size),
        "named": names or (),
        "date": date,
        "page_size": page_size_css(size),
        "size": size,
    }
    return write_ruled_page("mahjong/print/blank.html", context, stylesheet=STYLESHEET, rows=hands, fetcher=fetcher)


def blank_filename(names: list[str] | None) -> str:
    """Like ``mah-jongg-blank-ann-ben-cat.pdf``, or ``mah-jongg-blank.pdf``."""
    slug = names_slug(names or [])
    return f"mah-jongg-blank-{slug}.pdf" if slug else "mah-jongg-blank.pdf"


def sheet_cache_key(game_id: int, revision: int, size: str) -> str:
    """What a game's printed sheet depends on: any change raises the revision."""
    return f"mah-jongg:{game_id}:{revision}:{size}"


def sheet_filename(display: SheetDisplay) -> str:
    """Like ``mah-jongg-2026-07-09-ann-ben-cat.pdf``."""
    names = names_slug(display.names) or "players"
    return f"mah-jongg-{display.date.isoformat()}-{names}.pdf"
