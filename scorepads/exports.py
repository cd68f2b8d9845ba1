"""Every game's spreadsheet (CSV) export: the machinery, once.

A kind of game (:mod:`scorepads.history`) that can be exported gives a
:class:`CsvExport`: its header, and the rows of one game as its sheet shows
them. Here the games are read a chunk at a time with their players and hands
(the same few queries for each chunk, however many games), each cell is made
safe for a spreadsheet, and the file is streamed: a byte order mark first
(Excel then reads UTF-8), never a cell a spreadsheet would run as a formula or
turn into a date.
"""

from __future__ import annotations

import csv
import itertools
import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TextIO
from urllib.parse import quote

from django.db.models import QuerySet
from django.http import Http404, StreamingHttpResponse
from django.utils import timezone
from django.views.decorators.http import require_GET

CHUNK_GAMES = 200  # games read from the database at a time

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# Text a spreadsheet would read as a date or a time: 3/4, 10-12, 1.2.26, 7:30, Jan 5, 5 March.
MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec"
DATE_LIKE = re.compile(
    rf"""^\s*(
        \d{{1,4}}\s*[-/.]\s*\d{{1,2}}(\s*[-/.]\s*\d{{1,4}})?
        | \d{{1,2}}\s*:\s*\d{{1,2}}(\s*:\s*\d{{1,2}})?(\s*[ap]\.?m\.?)?
        | ({MONTHS})[a-z]*\.?[\s-]*\d{{1,4}}
        | \d{{1,4}}[\s-]*({MONTHS})[a-z]*\.?([\s-]*\d{{1,4}})?
    )\s*$""",
    re.IGNORECASE | re.VERBOSE,
)


def text_cell(text: str) -> str:
    """A text (a name, a note) as a CSV cell a spreadsheet keeps as written:
    one that would run as a formula ("=1+1", "@me") or read as a date ("3/4",
    "Jan 5") starts with an apostrophe, which spreadsheets take as "text"."""
    if text[:1] in FORMULA_STARTS or DATE_LIKE.match(text):
        return f"'{text}"
    return text


def cell(value: Any) -> str | int:
    """A value of a row as its cell: numbers as numbers, True/False as yes/no,
    None as empty, a date in ISO form, any other text through :func:`text_cell`."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return value
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return text_cell(str(value))


@dataclass(frozen=True)
class CsvExport:
    """A kind's spreadsheet: ``header`` names the columns; ``rows(game)`` gives
    a game's rows (the game with its ``prefetch`` relations loaded), each a
    list of values in the header's order."""

    stem: str  # the file's name before the date: "two-way-street-games"
    header: Sequence[str]
    rows: Callable[[Any], Iterable[Sequence[Any]]]
    prefetch: Sequence[str] = ()


def in_chunks(games: QuerySet, prefetch: Sequence[str] = ()) -> Iterator[Any]:
    """``games`` one by one, in the queryset's order, read ``CHUNK_GAMES`` at
    a time with their ``prefetch`` relations: the same few queries for each
    chunk, and one chunk in memory."""
    games = games.prefetch_related(None)
    start = 0
    while True:
        chunk = list(games[start : start + CHUNK_GAMES].prefetch_related(*prefetch))
        yield from chunk
        if len(chunk) < CHUNK_GAMES:
            return
        start += CHUNK_GAMES


def csv_lines(export: CsvExport, games: QuerySet) -> Iterator[list]:
    """The header, then the rows of ``games`` (in the queryset's order)."""
    yield list(export.header)
    for game in in_chunks(games, export.prefetch):
        for row in export.rows(game):
            yield [cell(value) for value in row]


def write_document(out: TextIO, format_name: str, games: Iterable[dict], key: str = "games") -> None:
    """A document of the data download (``{"format": ..., "games": [...]}``)
    written to ``out`` a game at a time (scorepads.restore reads it back)."""
    out.write(f"{{{json.dumps('format')}: {json.dumps(format_name)}, {json.dumps(key)}: [")
    for position, game in enumerate(games):
        out.write(("\n" if position == 0 else ",\n") + json.dumps(game, ensure_ascii=False))
    out.write("\n]}\n")


class Echo:
    """A file-like object for csv.writer that hands back each line it is given."""

    def write(self, value: str) -> str:
        return value


def csv_text(lines: Iterable[Sequence]) -> Iterator[str]:
    """``lines`` as CSV text, a line at a time, the byte order mark first."""
    writer = csv.writer(Echo())
    return itertools.chain([BOM], (writer.writerow(line) for line in lines))


def attachment_header(filename: str) -> str:
    """The Content-Disposition of a download named ``filename``: the name itself
    (RFC 6266 ``filename*``, any script) and an ASCII stand-in for old clients."""
    fallback = "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else "_" for c in filename)
    if fallback == filename:
        return f'attachment; filename="{filename}"'
    return f"attachment; filename=\"{fallback}\"; filename*=utf-8''{quote(filename, safe='')}"


def attachment_name(stem: str, extension: str) -> str:
    """A download's name: its stem and today's date (``gorilla-games-2026-07-09.csv``)."""
    return f"{stem}-{timezone.localdate().isoformat()}.{extension}"


def csv_response(lines: Iterable[Sequence], filename: str) -> StreamingHttpResponse:
    """``lines`` (cells already made safe) as a streamed CSV download named ``filename``."""
    return StreamingHttpResponse(
        csv_text(lines),
        content_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": attachment_header(filename)},
    )


def games_csv(export: CsvExport, games: QuerySet) -> StreamingHttpResponse:
    """The spreadsheet of ``games`` of one kind, streamed."""
    return csv_response(csv_lines(export, games), attachment_name(export.stem, "csv"))


@require_GET
def game_csv(request, game_id: int, *, slug: str) -> StreamingHttpResponse:
    """One game's spreadsheet, from its sheet: the rows the history's export
    gives for it. A 404 for a game the user may not see."""
    from scorepads import history, registry

    kind = registry.kind(slug)
    if kind is None:
        raise Http404("No such game.")
    games = kind.listed(request.user, history.HistoryFilters()).filter(pk=game_id)
    game = games.first()
    if game is None:
        raise Http404("No such game.")
    return csv_response(
        csv_lines(kind.csv_export, games), f"{kind.slug}-{game.date.isoformat()}-{game.pk}.csv"
    )
