"""The printed score pad: a finished (or running) game, or blank pads to fill in by hand.

The game's pad is drawn from :class:`pad.display.PadDisplay`, the very context the
live page shows, so the paper and the screen never disagree. WeasyPrint renders
the HTML of ``templates/pad/print/`` with ``static/pad/print.css`` and the bundled
DejaVu Sans, and fetches nothing but the app's own static files: player names
are user input, and a PDF must never be a way to read the server's files or to
reach the network.

``import weasyprint`` costs about a second, so it happens on the first render
and once per process; the parsed stylesheet and its fonts are kept too.
"""

from __future__ import annotations

import datetime
import functools
import mimetypes
import threading
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from urllib.parse import unquote, urljoin, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.utils.text import slugify

from pad import rules
from pad.display import PadDisplay
from pad.statistics import Tally, statistic_values
from pad.models import Partnership

# Documents and stylesheets are parsed against this made-up origin (the .invalid
# top-level domain never resolves): a URL on it under STATIC_URL is a static file
# read from disk; every other URL is refused.
PDF_BASE_URL = "https://gorilla-pad.invalid/"
STYLESHEET = "pad/print.css"

PAGE_SIZES = {"a4": "A4", "letter": "letter"}
DEFAULT_PAGE_SIZE = "a4"
BLANK_INNINGS = 13
BLANK_INNINGS_AT_LEAST = 10  # when very long names leave less room
ROOMY_INNINGS = 14  # rows of the ordinary pad; more innings than this get compact rows
COMPACT_INNINGS = 22  # compact rows on one page (A4 and Letter)
MAX_COPIES = 20
MEDIUM_NAMES = 22  # characters in both names together, beyond which the type is smaller
LONG_NAMES = 40


class FetchRefused(ValueError):
    """A URL the printed pad may not fetch: anything but one of the app's static files."""


def static_prefix() -> str:
    """The path of STATIC_URL, like ``/static/``, whatever host it names."""
    path = urlsplit(settings.STATIC_URL).path
    return "/" + path.strip("/") + "/"


def static_url(name: str) -> str:
    """The URL under which the PDF documents reach the static file ``name``."""
    return urljoin(PDF_BASE_URL, static_prefix() + name)


def static_path(url: str) -> Path:
    """The file on disk behind a static URL (on the PDF origin, or a bare path).

    Raises :class:`FetchRefused` for any other scheme or host, for a path
    outside STATIC_URL, for ``..`` and other tricks, and for a missing file.
    """
    try:
        parts = urlsplit(url)
    except ValueError as error:
        raise FetchRefused(f"refused a malformed URL: {url!r}") from error
    origin = urlsplit(PDF_BASE_URL)
    if (parts.scheme, parts.netloc) not in {("", ""), (origin.scheme, origin.netloc)}:
        raise FetchRefused(f"refused {url!r}: the printed pad only reads the app's static files")
    prefix = static_prefix()
    if not parts.path.startswith(prefix):
        raise FetchRefused(f"refused {url!r}: not under {prefix}")
    name = unquote(parts.path[len(prefix):])
    segments = name.split("/")
    if (
        not name
        or "\\" in name
        or "\x00" in name
        or any(segment in {"", ".", ".."} for segment in segments)
    ):
        raise FetchRefused(f"refused {url!r}: not a plain static file name")
    found = finders.find(name)
    if not found:
        raise FetchRefused(f"refused {url!r}: no such static file")
    return Path(found)


def fetch_static(url: str):
    """WeasyPrint's answer for ``url``: the static file's bytes, or :class:`FetchRefused`."""
    path = static_path(url)
    content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    if path.suffix == ".ttf":
        content_type = "font/ttf"
    return _weasyprint().urls.URLFetcherResponse(
        url, body=path.read_bytes(), headers={"Content-Type": content_type}
    )


@functools.cache
def _weasyprint() -> ModuleType:
    """WeasyPrint, imported on first use and then kept (the import takes about a second)."""
    import weasyprint
    import weasyprint.urls

    return weasyprint


@functools.cache
def _fetcher_class() -> type:
    weasyprint = _weasyprint()

    class StaticFilesOnlyFetcher(weasyprint.urls.URLFetcher):
        """Serves the app's static files from disk; refuses every other URL."""

        def fetch(self, url, headers=None):
            return fetch_static(url)

    return StaticFilesOnlyFetcher


def url_fetcher():
    """A WeasyPrint URL fetcher that reads static files and nothing else."""
    return _fetcher_class()()


@dataclass(frozen=True)
class _Stylesheet:
    css: object  # weasyprint.CSS
    font_config: object  # weasyprint.text.fonts.FontConfiguration
    modified: int


_stylesheet_cache: dict[str, _Stylesheet] = {}
# Renders share one FontConfiguration (Pango and fontconfig objects): one at a time.
_render_lock = threading.Lock()


def _stylesheet() -> _Stylesheet:
    """The parsed print stylesheet with its fonts, parsed again only when the file changes."""
    path = static_path(static_url(STYLESHEET))
    modified = path.stat().st_mtime_ns
    cached = _stylesheet_cache.get(STYLESHEET)
    if cached is None or cached.modified != modified:
        weasyprint = _weasyprint()
        from weasyprint.text.fonts import FontConfiguration

        font_config = FontConfiguration()
        css = weasyprint.CSS(
            url=static_url(STYLESHEET), url_fetcher=url_fetcher(), font_config=font_config
        )
        cached = _stylesheet_cache[STYLESHEET] = _Stylesheet(css, font_config, modified)
    return cached


def _layout(html: str, fetcher=None):
    """Lay out ``html`` with the print stylesheet: a WeasyPrint Document (hold the lock)."""
    stylesheet = _stylesheet()
    document = _weasyprint().HTML(
        string=html, base_url=PDF_BASE_URL, url_fetcher=fetcher or url_fetcher()
    )
    return document.render(stylesheets=[stylesheet.css], font_config=stylesheet.font_config)


def write_pdf(html: str, *, fetcher=None) -> bytes:
    """Render a document of ``templates/pad/print/`` with the print stylesheet.

    ``fetcher`` (a WeasyPrint URL fetcher) defaults to :func:`url_fetcher`.
    """
    with _render_lock:
        return _layout(html, fetcher).write_pdf()


def _write_fitting(template: str, context: dict, *, pages: int, tighter: dict, fetcher=None) -> bytes:
    """Render ``template``; should it take more than ``pages`` pages (very long names
    or notes), render it again with the ``tighter`` context (fewer ruled rows) and
    keep whichever has fewer pages. An ordinary pad is laid out once."""
    with _render_lock:
        document = _layout(render_to_string(template, context), fetcher)
        if len(document.pages) > pages and tighter:
            tighter_document = _layout(render_to_string(template, {**context, **tighter}), fetcher)
            if len(tighter_document.pages) < len(document.pages):
                document = tighter_document
        return document.write_pdf()


def page_size_css(size: str) -> str:
    try:
        return PAGE_SIZES[size]
    except KeyError:
        raise ValueError(f"unknown page size {size!r}: use a4 or letter") from None


def chart_rows(innings: int) -> dict:
    """How the chart is ruled for ``innings`` rows: like a paper pad, the page is
    ruled down to the statistics; a long game gets narrower rows, then more pages."""
    compact = innings > ROOMY_INNINGS
    ruled = COMPACT_INNINGS if compact else ROOMY_INNINGS
    return {"compact": compact, "empty_rows": range(max(0, ruled - innings))}


def names_size(odd_name: str, even_name: str) -> str:
    """A class for the names at the top: long names get a smaller type, so the
    heading keeps its height and the pad its single page."""
    length = len(odd_name) + len(even_name)
    if length > LONG_NAMES:
        return "names-long"
    if length > MEDIUM_NAMES:
        return "names-medium"
    return ""


def render_game_pad(display: PadDisplay, size: str = DEFAULT_PAGE_SIZE, *, fetcher=None) -> bytes:
    """The game's score pad as PDF bytes, drawn from the live page's display context."""
    rows = chart_rows(len(display.innings))
    context = {
        "pad": display,
        "page_size": page_size_css(size),
        "size": size,
        "names_size": names_size(display.odd_name, display.even_name),
        **rows,
    }
    tighter = {"empty_rows": range(0)} if rows["empty_rows"] else {}
    return _write_fitting("pad/print/game.html", context, pages=1, tighter=tighter, fetcher=fetcher)


def render_blank_pads(
    partnership: Partnership,
    date: datetime.date,
    copies: int = 1,
    size: str = DEFAULT_PAGE_SIZE,
    *,
    fetcher=None,
) -> bytes:
    """``copies`` empty pads (one a page) for the partners' games on ``date``."""
    if not 1 <= copies <= MAX_COPIES:
        raise ValueError(f"copies must be from 1 to {MAX_COPIES}, not {copies}")
    names = {rules.Seat.ODD: partnership.odd_name, rules.Seat.EVEN: partnership.even_name}
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
        "copies": range(copies),
        "innings": range(1, BLANK_INNINGS + 1),
        "page_size": page_size_css(size),
        "size": size,
        "names_size": names_size(partnership.odd_name, partnership.even_name),
    }
    tighter = {"innings": range(1, BLANK_INNINGS_AT_LEAST + 1)}
    return _write_fitting(
        "pad/print/blank.html", context, pages=copies, tighter=tighter, fetcher=fetcher
    )


def _name_slug(name: str, fallback: str) -> str:
    return slugify(name) or fallback


def game_pad_filename(display: PadDisplay) -> str:
    """Like ``gorilla-2026-07-09-jon-richard.pdf``."""
    odd = _name_slug(display.odd_name, "odd")
    even = _name_slug(display.even_name, "even")
    return f"gorilla-{display.date.isoformat()}-{odd}-{even}.pdf"


def blank_pad_filename(partnership: Partnership, date: datetime.date) -> str:
    """Like ``gorilla-blank-2026-07-09-jon-richard.pdf``."""
    odd = _name_slug(partnership.odd_name, "odd")
    even = _name_slug(partnership.even_name, "even")
    return f"gorilla-blank-{date.isoformat()}-{odd}-{even}.pdf"
