"""Printing any game's sheet as a PDF with WeasyPrint, safely.

Documents are HTML rendered from a game's templates, laid out with the game's
print stylesheet (a static file) and the bundled fonts. The URL fetcher serves
the app's static files from disk and refuses every other URL: player names are
user input, and a PDF must never be a way to read the server's files or to
reach the network.

``import weasyprint`` costs about a second, so it happens on the first render
and once per process; each parsed stylesheet and its fonts are kept too.
Renders share the font configuration (Pango and fontconfig objects), so they
run one at a time in a process.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import mimetypes
import threading
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from urllib.parse import unquote, urljoin, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string

from scorepads.names import spell_unprintable

# Documents and stylesheets are parsed against this made-up origin (the .invalid
# top-level domain never resolves): a URL on it under STATIC_URL is a static file
# read from disk; every other URL is refused.
PDF_BASE_URL = "https://gorilla-pad.invalid/"

PAGE_SIZES = {"a4": "A4", "letter": "letter"}  # the ``size`` parameter -> CSS @page size
PAGE_SIZE_LABELS = {"a4": "A4", "letter": "US Letter"}  # as the pages offer them
DEFAULT_PAGE_SIZE = "a4"
PAGE_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # width, height (portrait)


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
    _weasyprint()
    from weasyprint.urls import URLFetcher

    class StaticFilesOnlyFetcher(URLFetcher):
        """Serves the app's static files from disk; refuses every other URL."""

        def fetch(self, url, headers=None):
            return fetch_static(url)

    return StaticFilesOnlyFetcher


def url_fetcher():
    """A WeasyPrint URL fetcher that reads static files and nothing else."""
    return _fetcher_class()()


# WeasyPrint's defaults for the elements the print templates use (a static file).
UA_STYLESHEET = "scorepads/print_ua.css"


@functools.cache
def _document_class() -> type:
    _weasyprint()
    from weasyprint import HTML

    class PrintedSheet(HTML):
        """A printed sheet, laid out with :data:`UA_STYLESHEET` as its user-agent
        stylesheet in place of WeasyPrint's whole one: the same pages, in two
        thirds of the time for a long pad."""

        def _ua_stylesheets(self, forms=False):
            return [_stylesheet(UA_STYLESHEET).css]

    return PrintedSheet


@dataclass(frozen=True)
class _Stylesheet:
    css: object  # weasyprint.CSS
    font_config: object  # weasyprint.text.fonts.FontConfiguration
    modified: int


_stylesheet_cache: dict[str, _Stylesheet] = {}
# Renders share one FontConfiguration (Pango and fontconfig objects): one at a time.
_render_lock = threading.Lock()


def _stylesheet(name: str) -> _Stylesheet:
    """The parsed print stylesheet ``name`` (a static file) with its fonts, parsed
    again only when the file changes."""
    path = static_path(static_url(name))
    modified = path.stat().st_mtime_ns
    cached = _stylesheet_cache.get(name)
    if cached is None or cached.modified != modified:
        weasyprint = _weasyprint()
        from weasyprint.text.fonts import FontConfiguration

        font_config = FontConfiguration()
        css = weasyprint.CSS(url=static_url(name), url_fetcher=url_fetcher(), font_config=font_config)
        cached = _stylesheet_cache[name] = _Stylesheet(css, font_config, modified)
        keep_out_of_collections()
    return cached


def keep_out_of_collections() -> None:
    """Leave what the process holds now (Django, WeasyPrint, the parsed
    stylesheets and fonts: long-lived, a million objects) out of the cyclic
    garbage collector's full collections, which otherwise walk it all, about
    100 ms each, every few renders. Objects are still freed when their last
    reference goes; only a cycle among them would stay."""
    gc.freeze()


# While a sheet is laid out, the cyclic garbage collector's youngest generation
# is collected every this many new objects instead of every 700: a long sheet
# makes millions of boxes, and at 700 the collector took a sixth of its time
# (about 1,100 collections for a 200-hand Two Way Street sheet).
RENDER_GC_THRESHOLD = 50_000


@contextlib.contextmanager
def fewer_collections():
    """Collect the youngest generation less often for the span of a render (the
    process's setting, restored after it: renders run one at a time)."""
    threshold = gc.get_threshold()
    gc.set_threshold(max(threshold[0], RENDER_GC_THRESHOLD), *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)


def _layout(html: str, stylesheet_name: str, fetcher=None):
    """Lay out ``html`` with a print stylesheet: a WeasyPrint Document (hold the lock)."""
    stylesheet = _stylesheet(stylesheet_name)
    html = spell_unprintable(html)  # a letter no font draws is written as its code point, not a box
    document = _document_class()(string=html, base_url=PDF_BASE_URL, url_fetcher=fetcher or url_fetcher())
    return document.render(stylesheets=[stylesheet.css], font_config=stylesheet.font_config)


def write_pdf(html: str, *, stylesheet: str, fetcher=None) -> bytes:
    """Render ``html`` with the print stylesheet ``stylesheet`` (a static file's name).

    ``fetcher`` (a WeasyPrint URL fetcher) defaults to :func:`url_fetcher`.
    """
    with _render_lock, fewer_collections():
        return _layout(html, stylesheet, fetcher).write_pdf()


def write_fitting(
    template: str,
    context: dict,
    *,
    stylesheet: str,
    pages: int,
    tighter: dict,
    copies: int = 1,
    tail: int = 0,
    fetcher=None,
) -> bytes:
    """Render ``template``; should it take more than ``pages`` pages (very long names
    or notes), render it again with the ``tighter`` context (fewer ruled rows) and
    keep whichever has fewer pages. An ordinary sheet is laid out once. With
    ``copies``, the pages laid out are written that many times over, but for the
    last ``tail`` pages, written once after them."""
    with _render_lock, fewer_collections():
        document = _layout(render_to_string(template, context), stylesheet, fetcher)
        if len(document.pages) > pages and tighter:
            tighter_document = _layout(
                render_to_string(template, {**context, **tighter}), stylesheet, fetcher
            )
            if len(tighter_document.pages) < len(document.pages):
                document = tighter_document
        return _copied(document, copies, tail).write_pdf()


def write_measured(
    template: str,
    context: dict,
    *,
    stylesheet: str,
    measure,
    copies: int = 1,
    tail: int = 0,
    fetcher=None,
) -> bytes:
    """Render ``template``, then ask ``measure`` (given the laid-out WeasyPrint
    document) what in the context to change now that its parts are measured:
    None when nothing, else the sheet is laid out once more with the changes.
    ``copies`` and ``tail`` as for :func:`write_fitting`."""
    with _render_lock, fewer_collections():
        document = _layout(render_to_string(template, context), stylesheet, fetcher)
        if changes := measure(document):
            document = _layout(render_to_string(template, {**context, **changes}), stylesheet, fetcher)
        return _copied(document, copies, tail).write_pdf()


def _copied(document, copies: int, tail: int):
    """``document`` with its pages written ``copies`` times over, but for the last
    ``tail`` pages, written once after them."""
    if copies <= 1:
        return document
    copied = document.pages[: len(document.pages) - tail]
    return document.copy(copied * copies + document.pages[len(copied):])


def page_width_mm(size: str, *, landscape: bool = False) -> float:
    """The width of a page of ``size`` (a4 or letter), in millimetres, upright or across."""
    width, height = PAGE_MM[size]
    return height if landscape else width


def page_height_mm(size: str, *, landscape: bool = False) -> float:
    """The height of a page of ``size`` (a4 or letter), in millimetres, upright or across."""
    width, height = PAGE_MM[size]
    return width if landscape else height


def rows_that_fit(size: str, *, landscape: bool, taken_mm: float, row_mm: float, at_least: int = 1) -> int:
    """How many ruled rows of ``row_mm`` fill a page of ``size`` once ``taken_mm``
    (its margins, headings and notes) is taken: what a blank sheet prints."""
    return max(at_least, int((page_height_mm(size, landscape=landscape) - taken_mm) // row_mm))


def write_ruled_page(template: str, context: dict, *, stylesheet: str, rows: int, fetcher=None) -> bytes:
    """A blank sheet of ``rows`` ruled rows (its template's ``hands``, numbered
    from 1) on one page: should the page overflow all the same (names longer
    than measured), three rows fewer."""
    return write_fitting(
        template,
        {**context, "hands": range(1, rows + 1)},
        stylesheet=stylesheet,
        pages=1,
        tighter={"hands": range(1, max(1, rows - 3) + 1)},
        fetcher=fetcher,
    )


def page_size_css(size: str) -> str:
    try:
        return PAGE_SIZES[size]
    except KeyError:
        raise ValueError(f"unknown page size {size!r}: use a4 or letter") from None
