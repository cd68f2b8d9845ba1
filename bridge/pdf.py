"""A saved ruling printed for the appeals file: the board, the director's note
and the working, drawn from the same :class:`bridge.display.Working` the page
shows. Laid out with ``static/bridge/print.css`` by :mod:`scorepads.pdf`."""

from __future__ import annotations

from django.template.loader import render_to_string

from bridge.models import Ruling
from scorepads.names import isolate
from scorepads.pdf import DEFAULT_PAGE_SIZE, page_size_css, write_pdf
from scorepads.views import name_slug

STYLESHEET = "bridge/print.css"


def render_ruling(ruling_context: dict, size: str = DEFAULT_PAGE_SIZE, *, fetcher=None) -> bytes:
    """The ruling as PDF bytes, from the context its page shows (``ruling``,
    ``working``, ``ruling_inputs``, ``ruling_table``). Every page after the
    first is headed by the event and board, "continued, page N"."""
    ruling = ruling_context["ruling"]
    context = {
        **ruling_context,
        "running_head": running_head(ruling),
        "page_size": page_size_css(size),
        "size": size,
    }
    return write_pdf(render_to_string("bridge/print/ruling.html", context), stylesheet=STYLESHEET, fetcher=fetcher)


RUNNING_HEAD_EVENT = 48  # characters of the event a continued page's heading keeps, on one line


def running_head(ruling: Ruling) -> str:
    """The heading of a page after the first, before "continued, page N": the
    event (a long name cut short, "…") and the board."""
    event = ruling.event if len(ruling.event) <= RUNNING_HEAD_EVENT else ruling.event[: RUNNING_HEAD_EVENT - 1] + "…"
    return f"{isolate(event)}, board {ruling.board}"


def ruling_cells(working) -> int:
    """The length of a ruling's working, as printing estimates it
    (scorepads.printing): its tables' rows times columns, and its sums."""
    if working is None:
        return 1
    return sum(len(table.rows) * len(table.head) for table in working.tables) + len(working.lines)


def ruling_cache_key(ruling: Ruling, size: str) -> str:
    """A ruling changes only with its book's revision: its id, when it was
    saved, its book's revision and the page size name its PDF (``-3``: the
    sheet headed by the ruling's number)."""
    return f"bridge-ruling-3:{ruling.pk}:{ruling.created_at.timestamp()}:{ruling.book.revision}:{size}"


def ruling_filename(ruling: Ruling) -> str:
    """Like ``ruling-2026-11-23-spring-pairs-board-7.pdf``."""
    event = name_slug(ruling.event)[:40].strip("-") or "event"
    return f"ruling-{ruling.book.date.isoformat()}-{event}-board-{ruling.board}.pdf"
