"""The printed score pad: a finished (or running) game, or blank pads to fill in by hand.

The game's pad is drawn from :class:`pad.display.PadDisplay`, the very context the
live page shows, so the paper and the screen never disagree. The HTML of
``templates/pad/print/`` is laid out with ``static/pad/print.css`` and the
bundled DejaVu Sans by :mod:`scorepads.pdf`, which fetches nothing but the
app's own static files.
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.template.loader import render_to_string

from pad import rules, summaries
from pad.display import DaySession, GorillaedHand, PadDisplay
from pad.models import Partnership
from pad.statistics import STATISTICS, Tally, statistic_values
from scorepads.column_heads import is_wide, line_count
from scorepads.pdf import DEFAULT_PAGE_SIZE, page_size_css, page_width_mm, write_fitting, write_measured, write_pdf
from scorepads.views import name_slug

STYLESHEET = "pad/print.css"
PAGE_HEIGHTS_MM = {"a4": 297.0, "letter": 279.4}
PAGE_MARGINS_MM = 13 + 14  # the top and bottom margins of static/pad/print.css's @page
BLANK_ROW_MM = 11  # the least height of a blank pad's row: room for two lines of marks
# What a blank pad's page holds beside its rows, with ordinary names (the same on
# A4 and Letter): the heading, the first deal, the chart's column heads, the
# legend, the statistics to fill in and the result; on the continuation sheet,
# the column heads. Longer names are measured as laid out (blank_pads_measured).
BLANK_FURNITURE_MM = 103.8
# What names take beside: a statistic's name (8.5pt bold, static/pad/print.css)
# wrapped over another line of its box, and the taller line of a CJK letter
# (from the system's fonts) in the heading and the statistics. The boxes share
# the page's width between its side margins, less each box's padding and border.
STATISTIC_NAME_PT = 8.5
STATISTIC_LINE_MM = 3.9
STATISTIC_BOX_EXTRAS_MM = 2.5 + 2.5 + 0.3
SIDE_MARGINS_MM = 16 + 16
WIDE_LETTER_LINE_MM = 1.2
CONTINUATION_FURNITURE_MM = 13.1
BLANK_SLACK_MM = 0.4  # left over at the foot of the page: rounding never spills a row onto another
ROOMY_INNINGS = 14  # rows of the ordinary pad; more innings than this get compact rows
COMPACT_INNINGS = 20  # compact rows on one page (A4 and Letter); more get dense rows
DENSE_INNINGS = 30  # dense rows on one page with the statistics; more go on to a second page
MAX_COPIES = 20
MAX_PADS = 12  # pads in one PDF of a list of games: a day's session fits, and it renders in a few seconds
MEDIUM_NAMES = 22  # characters in both names together, beyond which the type is smaller
LONG_NAMES = 40
LONGEST_NAMES = 80


ROW_MM = {"": 10, "compact": 6.5, "dense": 4.5}  # the height of a chart's row (the least: on Letter)
NOTE_LINE_MM = 3.9  # a line of the hands' notes under the chart (8.5pt type)
NOTES_MARGIN_MM = 2
NOTE_LINE_CHARACTERS = 95  # of a note's line, on the narrower page (A4)


def chart_rows(innings: int, *, heading_rows: int = 0, notes: Sequence[str] = ()) -> dict:
    """How the chart is ruled for ``innings`` rows: like a paper pad, the page is
    ruled down to the statistics; a long game gets narrower rows (compact, then
    dense: up to 30 innings the chart and the statistics share one page), then
    more pages. Long names take more lines at the top: the chart is ruled
    ``heading_rows`` rows shorter for them (:func:`heading_rows`), and shorter
    by the room the hands' ``notes`` (their texts) take under it, so that the
    pad is laid out once."""
    if innings > COMPACT_INNINGS:
        rows, ruled = "dense", DENSE_INNINGS
    elif innings > ROOMY_INNINGS:
        rows, ruled = "compact", COMPACT_INNINGS
    else:
        rows, ruled = "", ROOMY_INNINGS
    ruled -= heading_rows + notes_rows(notes, ROW_MM[rows])
    return {"rows": rows, "empty_rows": range(max(0, ruled - innings))}


def notes_rows(notes: Sequence[str], row_mm: float) -> int:
    """The chart's rows of ``row_mm`` that the list of the hands' notes takes."""
    if not notes:
        return 0
    lines = sum(math.ceil(len(note) / NOTE_LINE_CHARACTERS) for note in notes)
    return math.ceil((NOTES_MARGIN_MM + lines * NOTE_LINE_MM) / row_mm)


def names_size(odd_name: str, even_name: str) -> str:
    """A class for the names at the top: long names get a smaller type, so the
    heading keeps its height and the pad its single page."""
    length = len(odd_name) + len(even_name)
    if length > LONG_NAMES:
        return "names-long"
    if length > MEDIUM_NAMES:
        return "names-medium"
    return ""


def heading_rows(odd_name: str, even_name: str) -> int:
    """The ruled rows that long names take from the chart, wrapping at the top:
    two, or three beyond 80 characters (two 60-character names of the widest
    letters, on Letter)."""
    length = len(odd_name) + len(even_name)
    if length > LONGEST_NAMES:
        return 3
    if length > LONG_NAMES:
        return 2
    return 0


def render_game_pad(
    display: PadDisplay, size: str = DEFAULT_PAGE_SIZE, *, wallow: Sequence[GorillaedHand] = (), fetcher=None
) -> bytes:
    """The game's score pad as PDF bytes, drawn from the live page's display
    context; after it, for the wallow, each hand gorillaed out at the table
    (``wallow``: both hands, the verdict and the solver's line)."""
    context = {**pad_context(display, wallow), "page_size": page_size_css(size), "size": size}
    tighter = {"empty_rows": range(0)} if context["empty_rows"] else {}
    # The wallow starts on a page of its own, after the pad's.
    pages = 1 + (1 if wallow else 0)
    return write_fitting(
        "pad/print/game.html", context, stylesheet=STYLESHEET, pages=pages, tighter=tighter, fetcher=fetcher
    )


def pad_context(display: PadDisplay, wallow: Sequence[GorillaedHand] = ()) -> dict:
    """What the print template of one pad needs, beside the page size."""
    return {
        "pad": display,
        "wallow": wallow,
        "names_size": names_size(display.odd_name, display.even_name),
        **chart_rows(
            len(display.innings),
            heading_rows=heading_rows(display.odd_name, display.even_name),
            notes=[note.text for note in display.hand_notes],
        ),
    }


def render_game_pads(
    pads: Sequence[dict], size: str = DEFAULT_PAGE_SIZE, *, day: DaySession | None = None, fetcher=None
) -> bytes:
    """Several games' pads in one PDF, each from a new page, as each prints on
    its own: ``pads`` are :func:`pad_context` of each (at most ``MAX_PADS``),
    led by a page of the day's games and totals (``day``, :func:`pad.display.day_session`,
    its games in the order of ``pads``), each pad then headed with its game's number there."""
    if not 1 <= len(pads) <= MAX_PADS:
        raise ValueError(f"a PDF of pads holds 1 to {MAX_PADS} games, not {len(pads)}")
    if day is not None:
        pads = [{**context, "game_number": game.number, "game_count": len(day.games)} for context, game in zip(pads, day.games)]
    context = {"pads": pads, "day": day, "page_size": page_size_css(size), "size": size}
    if day is not None and len(day.partnerships) == 1:
        context["names_size"] = names_size(*day.partnerships[0])  # as on the pads
    return write_pdf(render_to_string("pad/print/games.html", context), stylesheet=STYLESHEET, fetcher=fetcher)


@dataclass(frozen=True)
class Season:
    """A season report's period: a year, or a month of one."""

    label: str  # "2026", "July 2026"
    slug: str  # "2026", "2026-07": the ``season`` parameter and the file name
    first: datetime.date
    last: datetime.date


def season_of(text: str) -> Season:
    """The ``season`` parameter, ``2026`` or ``2026-07``; ValueError otherwise."""
    if match := re.fullmatch(r"(\d{4})(?:-(\d{2}))?", text or ""):
        year, month = int(match[1]), match[2] and int(match[2])
        if 1900 <= year <= 9999 and (not month or 1 <= month <= 12):
            if not month:
                return Season(str(year), str(year), datetime.date(year, 1, 1), datetime.date(year, 12, 31))
            first = datetime.date(year, month, 1)
            following = datetime.date(year + month // 12, month % 12 + 1, 1)
            return Season(first.strftime("%B %Y"), f"{year}-{month:02d}", first, following - datetime.timedelta(days=1))
    raise ValueError(f"season must be a year like 2026 or a month like 2026-07, not {(text or '')[:12]!r}")


def render_season_report(statistics, games, season: Season, size: str = DEFAULT_PAGE_SIZE, *, fetcher=None) -> bytes:
    """A partnership's season as PDF: ``statistics`` (selectors.PartnershipStatistics
    of the season's games), with the results and the play and fate ratios over
    the season as a chart of every finished game, ``games`` (selectors.finished_games,
    :func:`summaries.season_chart`)."""
    partnership = statistics.partnership
    context = {"stats": statistics, "season": season, "page_size": page_size_css(size), "size": size}
    context["chart"] = summaries.season_chart(games) if games else None
    context["names_size"] = names_size(partnership.odd_name, partnership.even_name)  # as on the pad
    return write_pdf(render_to_string("pad/print/season.html", context), stylesheet=STYLESHEET, fetcher=fetcher)


def season_filename(partnership: Partnership, season: Season) -> str:
    """Like ``gorilla-season-2026-07-jon-richard.pdf``."""
    return f"gorilla-season-{season.slug}-{_partners_slug(partnership)}.pdf"


def render_blank_pads(
    partnership: Partnership,
    date: datetime.date,
    copies: int = 1,
    size: str = DEFAULT_PAGE_SIZE,
    *,
    fetcher=None,
) -> bytes:
    """``copies`` empty pads (one a page) for the partners' games on ``date``:
    one is laid out, and its page written ``copies`` times; with more than one,
    a continuation sheet for a long game follows them. The chart is ruled down
    to the foot of the page: laid out once with ordinary names, twice when
    longer names take more room."""
    context = blank_pads_context(partnership, date, copies, size)
    return write_measured(
        "pad/print/blank.html",
        context,
        stylesheet=STYLESHEET,
        measure=lambda document: blank_pads_measured(document, context),
        copies=copies,
        tail=1 if context["continuation"] else 0,
        fetcher=fetcher,
    )


def blank_pads_context(partnership: Partnership, date: datetime.date, copies: int, size: str) -> dict:
    """What the print template of blank pads needs."""
    check_copies(copies)
    names = partnership.names
    first = rules.first_dealer(date)
    # The same statistics as a game's, with nothing filled in.
    empty_statistics = statistic_values(Tally(), names)
    chart, continuation = blank_charts(size, blank_furniture_mm(names, size))
    return {
        "odd_name": partnership.odd_name,
        "even_name": partnership.even_name,
        "date": date,
        "first_dealer_name": names[first],
        "odd_day": first is rules.Seat.ODD,
        "statistics": empty_statistics,
        "chart": chart,
        "continuation": continuation if copies > 1 else None,
        "page_size": page_size_css(size),
        "size": size,
        "names_size": names_size(partnership.odd_name, partnership.even_name),
    }


@dataclass(frozen=True)
class BlankChart:
    """The rows of a blank pad's sheet: as many as fit the page, stretched so
    that the last ends at the foot of the page's margin."""

    innings: range  # the innings' numbers, one a row
    row_mm: float

    @property
    def row_height(self) -> str:
        """The rows' height in CSS."""
        return f"{self.row_mm:.2f}mm"


def blank_chart(size: str, *, furniture_mm: float, first: int = 1) -> BlankChart:
    """The rows of a blank sheet of ``size`` whose other contents take
    ``furniture_mm`` of its height, numbered from ``first``."""
    room = PAGE_HEIGHTS_MM[size] - PAGE_MARGINS_MM - furniture_mm - BLANK_SLACK_MM
    rows = max(1, int(room // BLANK_ROW_MM))
    return BlankChart(range(first, first + rows), math.floor(room / rows * 100) / 100)


def blank_furniture_mm(names: Mapping[rules.Seat, str], size: str) -> float:
    """What a blank pad's first page holds beside its rows for these partners'
    names, in mm, as laid out (to a millimetre): the ordinary furniture, more
    when a statistic named for a partner ("Bartholomew dealt") wraps in its box
    or a name has CJK letters. Laid out once so, unless the estimate misses
    (blank_pads_measured)."""
    room = (page_width_mm(size) - SIDE_MARGINS_MM) / len(STATISTICS) - STATISTIC_BOX_EXTRAS_MM
    wrapped = max(line_count(statistic.title(names), room, STATISTIC_NAME_PT) for statistic in STATISTICS if statistic.seat) - 1
    wide = any(is_wide(letter) for name in names.values() for letter in name)
    return BLANK_FURNITURE_MM + max(0, wrapped) * STATISTIC_LINE_MM + (WIDE_LETTER_LINE_MM if wide else 0)


def blank_charts(
    size: str, furniture_mm: float = BLANK_FURNITURE_MM, continuation_mm: float = CONTINUATION_FURNITURE_MM
) -> tuple[BlankChart, BlankChart]:
    """The rows of a blank pad's first sheet and of its continuation sheet."""
    first = blank_chart(size, furniture_mm=furniture_mm)
    return first, blank_chart(size, furniture_mm=continuation_mm, first=first.innings.stop)


def blank_pads_measured(document, context: dict) -> dict | None:
    """The rows of the blank pad laid out in ``document`` (from ``context``),
    ruled again from what its other parts measure: None when they are the
    rows it has (to a row's rounding), else the context's new charts."""
    first_mm, continuation_mm = furniture_measured(document)
    continuation: BlankChart | None
    first, continuation = blank_charts(context["size"], first_mm, continuation_mm)
    if not context["continuation"]:
        continuation = None
    if fits(context["chart"], first) and (continuation is None or fits(context["continuation"], continuation)):
        return None
    return {"chart": first, "continuation": continuation}


def fits(used: BlankChart, measured: BlankChart) -> bool:
    """Whether the rows ``used`` are those ``measured`` for the room, or near enough (a millimetre)."""
    rows = len(used.innings)
    return used.innings == measured.innings and 0 <= (measured.row_mm - used.row_mm) * rows < 1


def furniture_measured(document) -> tuple[float, float]:
    """What a laid-out blank pad's first sheet and continuation sheet hold beside
    their rows, in mm: everything above the first row, and the foot below."""
    mm = 25.4 / 96
    first_rows: list[tuple[int, float]] = []  # (the page's number, the first row's distance from the page's top), each page
    foot = 0.0
    continuation_page = None
    for number, page in enumerate(document.pages):
        top = page._page_box.content_box_y()
        for box in page._page_box.descendants():
            element = getattr(box, "element", None)
            classes = (element.get("class") or "").split() if element is not None else ()
            if "inning-row" in classes and type(box).__name__ == "TableRowBox":
                if not first_rows or first_rows[-1][0] != number:
                    first_rows.append((number, (box.position_y - top) * mm))
            elif "pad-foot" in classes:
                foot = max(foot, (box.border_height() + box.style["margin_top"].value) * mm)
            elif "continuation" in classes and continuation_page is None:
                continuation_page = number
    above: dict[int | None, float] = dict(first_rows)
    return above[0] + foot, above.get(continuation_page, CONTINUATION_FURNITURE_MM)


def check_copies(copies: int) -> int:
    """``copies`` if it is a number of blank pads one PDF may hold; ValueError otherwise."""
    if not 1 <= copies <= MAX_COPIES:
        raise ValueError(f"copies must be a whole number from 1 to {MAX_COPIES}, not {copies}")
    return copies


def pad_cells(innings: int) -> int:
    """The length of a pad, as printing estimates it (scorepads.printing):
    its innings' rows times the chart's five columns (the inning, two of
    marks, two of totals)."""
    return max(innings, ROOMY_INNINGS) * 5


def blank_cells(copies: int) -> int:
    """The length of a PDF of blank pads, as printing estimates it: the rows of
    its sheets laid out (on A4, the taller page) times the chart's five columns;
    the copies are not laid out again."""
    first, continuation = blank_charts("a4")
    rows = len(first.innings) + (len(continuation.innings) if copies > 1 else 0)
    return rows * 5


def season_cells(games) -> int:
    """The length of a season report: a bar of its chart for each finished
    game, and the table of its figures (about twenty rows of two cells)."""
    return len(games) + 40


def game_pad_cache_key(game_id: int, revision: int, size: str) -> str:
    """What a game's printed pad depends on: any change raises the revision."""
    return f"pad:{game_id}:{revision}:{size}"


def _partners_slug(partnership: Partnership) -> str:
    """The partners in a file name, odd first: ``jon-richard`` (``odd`` or
    ``even`` for a name with nothing to keep)."""
    return f"{name_slug(partnership.odd_name) or 'odd'}-{name_slug(partnership.even_name) or 'even'}"


def game_pad_filename(partnership: Partnership, date: datetime.date) -> str:
    """Like ``gorilla-2026-07-09-jon-richard.pdf``."""
    return f"gorilla-{date.isoformat()}-{_partners_slug(partnership)}.pdf"


def blank_pad_filename(partnership: Partnership, date: datetime.date) -> str:
    """Like ``gorilla-blank-2026-07-09-jon-richard.pdf``."""
    return f"gorilla-blank-{date.isoformat()}-{_partners_slug(partnership)}.pdf"
