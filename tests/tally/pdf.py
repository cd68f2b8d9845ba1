"""Tally's printed sheet, drawn from the display the page shows (scorepads.pdf)."""

from __future__ import annotations

from django.template.loader import render_to_string

from scorepads.pdf import DEFAULT_PAGE_SIZE, page_size_css, write_pdf
from scorepads.views import names_slug
from tests.tally.display import SheetDisplay


def render_sheet(display: SheetDisplay, size: str = DEFAULT_PAGE_SIZE, *, fetcher=None) -> bytes:
    context = {"sheet": display, "page_size": page_size_css(size), "size": size}
    return write_pdf(render_to_string("tally/print/sheet.html", context), stylesheet="scorepads/print-seated.css", fetcher=fetcher)


def sheet_cache_key(game_id: int, revision: int, size: str) -> str:
    return f"tally:{game_id}:{revision}:{size}"


def sheet_filename(display: SheetDisplay) -> str:
    return f"tally-{display.date.isoformat()}-{names_slug(display.names) or 'players'}.pdf"
