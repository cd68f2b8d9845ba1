"""The printed Two Way Street score sheet: a game's, or a blank one to fill in by hand.

A game's sheet is drawn from :class:`two_way_street.display.SheetDisplay`, the
very context the live page shows, so the paper and the screen never disagree.
The HTML of ``templates/two_way_street/print/`` is laid out with
``static/two_way_street/print.css`` by :mod:`scorepads.pdf`.
"""

from __future__ import annotations

from django.template.loader import render_to_string

from scorepads.pdf import DEFAULT_PAGE_SIZE, page_size_css, write_pdf
from scorepads.views import name_slug

from two_way_street import rules
from two_way_street.display import LEGEND, SheetDisplay, case_list

STYLESHEET = "two_way_street/print.css"
BLANK_HANDS = 16
BLANK_HANDS_LANDSCAPE = 9  # a landscape page is shorter
BLANK_PLAYERS = 5
# From this many players the sheet is printed across the page (landscape).
LANDSCAPE_FROM_PLAYERS = 7


def _page(size: str, player_count: int) -> str:
    orientation = " landscape" if player_count >= LANDSCAPE_FROM_PLAYERS else ""
    return page_size_css(size) + orientation


def render_sheet(display: SheetDisplay, size: str = DEFAULT_PAGE_SIZE, *, fetcher=None) -> bytes:
    """The game's score sheet as PDF bytes, drawn from the live page's display context."""
    context = {"sheet": display, "page_size": _page(size, display.player_count), "size": size}
    return write_pdf(
        render_to_string("two_way_street/print/sheet.html", context), stylesheet=STYLESHEET, fetcher=fetcher
    )


def render_blank(names: list[str], size: str = DEFAULT_PAGE_SIZE, *, fetcher=None) -> bytes:
    """An empty sheet for these players (blank names leave the heading to fill in)."""
    context = {
        "names": names,
        "n": rules.n_for_players(len(names)),
        "hands": range(1, (BLANK_HANDS_LANDSCAPE if len(names) >= LANDSCAPE_FROM_PLAYERS else BLANK_HANDS) + 1),
        "legend": LEGEND,
        "cases": case_list(len(names)),
        "page_size": _page(size, len(names)),
        "size": size,
    }
    return write_pdf(
        render_to_string("two_way_street/print/blank.html", context), stylesheet=STYLESHEET, fetcher=fetcher
    )


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
    names = "-".join(filter(None, (name_slug(name) for name in display.names[:3]))) or "players"
    return f"two-way-street-{display.date.isoformat()}-{names}"


def sheet_filename(display: SheetDisplay) -> str:
    return f"{sheet_stem(display)}.pdf"


def blank_filename(names: list[str]) -> str:
    slug = "-".join(filter(None, (name_slug(name) for name in names[:3])))
    return f"two-way-street-blank-{slug or f'{len(names)}-players'}.pdf"
