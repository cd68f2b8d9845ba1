"""The printed Mah Jongg score sheet.

It is drawn from :class:`mahjong.display.SheetDisplay`, the very context the
live page shows, so the paper and the screen never disagree. The HTML of
``templates/mahjong/print/`` is laid out with ``static/mahjong/print.css`` by
:mod:`scorepads.pdf`.
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.text import slugify

from mahjong.display import SheetDisplay
from scorepads.pdf import DEFAULT_PAGE_SIZE, page_size_css, write_pdf

STYLESHEET = "mahjong/print.css"


def render_sheet(display: SheetDisplay, size: str = DEFAULT_PAGE_SIZE, *, fetcher=None) -> bytes:
    """The game's score sheet as PDF bytes, drawn from the live page's display context."""
    context = {"sheet": display, "page_size": page_size_css(size), "size": size}
    return write_pdf(render_to_string("mahjong/print/sheet.html", context), stylesheet=STYLESHEET, fetcher=fetcher)


def sheet_cache_key(game_id: int, revision: int, size: str) -> str:
    """What a game's printed sheet depends on: any change raises the revision."""
    return f"mah-jongg:{game_id}:{revision}:{size}"


def sheet_filename(display: SheetDisplay) -> str:
    """Like ``mah-jongg-2026-07-09-ann-ben-cat.pdf``."""
    names = "-".join(filter(None, (slugify(name) for name in display.names[:3]))) or "players"
    return f"mah-jongg-{display.date.isoformat()}-{names}.pdf"
