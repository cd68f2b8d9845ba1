"""The printed score pad: a finished (or running) game, or blank pads to fill in by hand.

The game's pad is drawn from :class:`pad.display.PadDisplay`, the very context the
live page shows, so the paper and the screen never disagree. The HTML of
``templates/pad/print/`` is laid out with ``static/pad/print.css`` and the
bundled DejaVu Sans by :mod:`scorepads.pdf`, which fetches nothing but the
app's own static files.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from pad import rules
from pad.display import GorillaedHand, PadDisplay
from pad.models import Partnership
from pad.statistics import Tally, statistic_values
from scorepads.pdf import DEFAULT_PAGE_SIZE, page_size_css, write_fitting
from scorepads.views import name_slug

STYLESHEET = "pad/print.css"
BLANK_INNINGS = 13
BLANK_INNINGS_AT_LEAST = 10  # when very long names leave less room
ROOMY_INNINGS = 14  # rows of the ordinary pad; more innings than this get compact rows
COMPACT_INNINGS = 20  # compact rows on one page (A4 and Letter); more get dense rows
DENSE_INNINGS = 30  # dense rows on one page with the statistics; more go on to a second page
MAX_COPIES = 20
MEDIUM_NAMES = 22  # characters in both names together, beyond which the type is smaller
LONG_NAMES = 40


def chart_rows(innings: int) -> dict:
    """How the chart is ruled for ``innings`` rows: like a paper pad, the page is
    ruled down to the statistics; a long game gets narrower rows (compact, then
    dense: up to 30 innings the chart and the statistics share one page), then
    more pages."""
    if innings > COMPACT_INNINGS:
        rows, ruled = "dense", DENSE_INNINGS
    elif innings > ROOMY_INNINGS:
        rows, ruled = "compact", COMPACT_INNINGS
    else:
        rows, ruled = "", ROOMY_INNINGS
    return {"rows": rows, "empty_rows": range(max(0, ruled - innings))}


def names_size(odd_name: str, even_name: str) -> str:
    """A class for the names at the top: long names get a smaller type, so the
    heading keeps its height and the pad its single page."""
    length = len(odd_name) + len(even_name)
    if length > LONG_NAMES:
        return "names-long"
    if length > MEDIUM_NAMES:
        return "names-medium"
    return ""


def render_game_pad(
    display: PadDisplay, size: str = DEFAULT_PAGE_SIZE, *, wallow: Sequence[GorillaedHand] = (), fetcher=None
) -> bytes:
    """The game's score pad as PDF bytes, drawn from the live page's display
    context; after it, for the wallow, each hand gorillaed out at the table
    (``wallow``: both hands, the verdict and the solver's line)."""
    rows = chart_rows(len(display.innings))
    context = {
        "pad": display,
        "wallow": wallow,
        "page_size": page_size_css(size),
        "size": size,
        "names_size": names_size(display.odd_name, display.even_name),
        **rows,
    }
    tighter = {"empty_rows": range(0)} if rows["empty_rows"] else {}
    # The wallow starts on a page of its own, after the pad's.
    pages = 1 + (1 if wallow else 0)
    return write_fitting(
        "pad/print/game.html", context, stylesheet=STYLESHEET, pages=pages, tighter=tighter, fetcher=fetcher
    )


def render_blank_pads(
    partnership: Partnership,
    date: datetime.date,
    copies: int = 1,
    size: str = DEFAULT_PAGE_SIZE,
    *,
    fetcher=None,
) -> bytes:
    """``copies`` empty pads (one a page) for the partners' games on ``date``:
    one is laid out, and its page written ``copies`` times."""
    check_copies(copies)
    names = partnership.names
    first = rules.first_dealer(date)
    # The same statistics as a game's, with nothing filled in.
    empty_statistics = statistic_values(Tally(), names)
    context = {
        "odd_name": partnership.odd_name,
        "even_name": partnership.even_name,
        "date": date,
        "first_dealer_name": names[first],
        "odd_day": first is rules.Seat.ODD,
        "statistics": empty_statistics,
        "innings": range(1, BLANK_INNINGS + 1),
        "page_size": page_size_css(size),
        "size": size,
        "names_size": names_size(partnership.odd_name, partnership.even_name),
    }
    tighter = {"innings": range(1, BLANK_INNINGS_AT_LEAST + 1)}
    return write_fitting(
        "pad/print/blank.html",
        context,
        stylesheet=STYLESHEET,
        pages=1,
        tighter=tighter,
        copies=copies,
        fetcher=fetcher,
    )


def check_copies(copies: int) -> int:
    """``copies`` if it is a number of blank pads one PDF may hold; ValueError otherwise."""
    if not 1 <= copies <= MAX_COPIES:
        raise ValueError(f"copies must be a whole number from 1 to {MAX_COPIES}, not {copies}")
    return copies


def game_pad_cache_key(game_id: int, revision: int, size: str) -> str:
    """What a game's printed pad depends on: any change raises the revision."""
    return f"pad:{game_id}:{revision}:{size}"


def _name_slug(name: str, fallback: str) -> str:
    return name_slug(name) or fallback


def game_pad_filename(partnership: Partnership, date: datetime.date) -> str:
    """Like ``gorilla-2026-07-09-jon-richard.pdf``."""
    odd = _name_slug(partnership.odd_name, "odd")
    even = _name_slug(partnership.even_name, "even")
    return f"gorilla-{date.isoformat()}-{odd}-{even}.pdf"


def blank_pad_filename(partnership: Partnership, date: datetime.date) -> str:
    """Like ``gorilla-blank-2026-07-09-jon-richard.pdf``."""
    odd = _name_slug(partnership.odd_name, "odd")
    even = _name_slug(partnership.even_name, "even")
    return f"gorilla-blank-{date.isoformat()}-{odd}-{even}.pdf"
