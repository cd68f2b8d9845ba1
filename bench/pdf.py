"""Time the printed sheets of every game: warm renders of the PDFs a user can
ask for, each beside a baseline measured in the same run.

Run from the project root: ``.venv/bin/python bench/pdf.py [--renders N]
[--only TEXT] [--size a4|letter]``. It uses its own SQLite database
(``DATABASE_URL``, by default a file in /tmp, recreated on each run) and renders
as the views do (each game's display, then its ``pdf`` module), in one warm
process, at A4 and at US Letter:

- the **baselines**: a one-line document with the pad's stylesheet and fonts
  (WeasyPrint's own floor on this machine), and each game's **blank sheet**,
  one page (bridge has none: its baseline is a page of the reference example's
  ruling with no traveller filed);
- Gorilla: a finished **20-hand** game, a finished **100-hand** game, a game
  whose partners have **60-character names**, a blank pad for partners with
  an **accented and a CJK name**, a game at the **hand limit**
  (``rules.MAX_HANDS``), **20 blank copies** (``pdf.MAX_COPIES``), **a day of
  12 pads** (``pdf.MAX_PADS`` finished 20-hand games: the games list's PDF, led
  by the day's page) and the **season report** of those games;
- Two Way Street: **12 players** with 60-character names (Latin, CJK, emoji),
  **40 hands** and **200 hands**;
- Mah Jongg: **36 hands** and **200 hands**, each winner's hand in full notation;
- bridge: a pairs ruling with a traveller of **409 scores**.

For each sheet: pages, median and 95th percentile of the wall-clock time, and
its cost per page as a multiple of its own game's blank one-page sheet,
**interleaved**: the sheet and the blank sheet are rendered in turn in the same
loop, so both see the same load on the machine. Beside those, each sheet's
**text floor**: the sheet's own text (as a PDF reader extracts it, page by page
and line by line) set as plain lines of words with the game's stylesheet, timed
interleaved with the sheet too and divided by the *sheet's* pages (plain lines
take many more pages than the sheet's grid): what WeasyPrint costs to set that
much text, whatever the layout. Targets: p95 under 300 ms for one pad (20 and
100 hands, long names), under 1 s for 20 copies, under 500 ms for a day of 12
pads, under 3 s at the hand limit; every sheet at most 2x its game's blank
sheet per page; and resident memory flat over the 20-hand renders. Exit status
1 if a target is missed. After them it prints the basis proposed where the
2x target cannot hold (a Two Way Street or Mah Jongg page prints many times
its blank sheet's text): per page at most 2x the blank sheet, or at most
``TEXT_FLOOR_BASIS`` times the sheet's own text floor. The long sheets render fewer times (``--renders`` /
50, at least 3): each takes seconds.
"""

from __future__ import annotations

import argparse
import datetime
import io
import itertools
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BENCH_DATABASE = Path("/tmp/gorilla-bench-pdf.sqlite3")
# A finished game of 20 hands: the reference example (7-7 after 14 hands), then
# P M I M to 9-9 and two made hands: won 11-9 on the 20th hand.
TWENTY_HANDS = "MMMMIIIPPPIMMMPMIMMM"
HUNDRED_HANDS = "MI" * 49 + "MM"  # won 51-49 on the 100th hand
LONG_ODD, LONG_EVEN = "Maximiliane-Alexandra " * 2 + "von Hohenzollern-Sigmar", "B" * 30 + " " + "Fitzgerald-Montgomery"
# Twelve 60-character names: Latin, CJK and emoji in turn.
LONG_NAMES = (
    "Maximiliane-Alexandra von Hohenzollern-Sigmaringen-Brandenburg",
    "山田太郎佐藤花子鈴木一郎高橋次郎田中三郎渡辺四郎伊藤五郎山本六郎中村七郎小林八郎加藤九郎吉田十郎",
    "🦍🃏♠️ Gorilla Queen of Clubs 🎉🎲 and the Knave of Hearts ♥️🂱",
)
PAD_TARGET_MS = 300
PER_PAGE_TARGET = 2.0  # a sheet's cost per page, at most this many times its game's blank sheet
# The basis proposed where the target above cannot hold: a Two Way Street or
# Mah Jongg page prints many times the text of its blank sheet, and WeasyPrint's
# cost follows the text. A sheet meets it within 2x its blank sheet per page,
# or within this many times its own text set as plain lines (per sheet page).
TEXT_FLOOR_BASIS = 1.25
COPIES_TARGET_MS = 1000
DAY_TARGET_MS = 500
LIMIT_TARGET_MS = 3000
SIZES = ("a4", "letter")


def rss_kib() -> int:
    """The resident set size of this process, from /proc (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def page_count(content: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(content)).pages)


def timed(render, renders: int) -> tuple[list[float], int]:
    """Wall-clock milliseconds of ``renders`` warm calls of ``render``, and the pages it prints."""
    (wall, pages), = interleaved([render], renders)
    return wall, pages


def interleaved(renders: list, count: int) -> list[tuple[list[float], int]]:
    """Each of ``renders`` called ``count`` times, in turn in one loop (so all
    see the same load): the wall-clock milliseconds of each call, and the pages
    each prints."""
    pages = [page_count(render()) for render in renders]  # warm: each one's layout caches, if any
    walls: list[list[float]] = [[] for _ in renders]
    for _ in range(count):
        for render, wall in zip(renders, walls):
            start = time.perf_counter()
            content = render()
            wall.append((time.perf_counter() - start) * 1000)
            assert content[:5] == b"%PDF-"
    return list(zip(walls, pages))


@dataclass
class Case:
    game: str
    label: str
    render: Callable[[str], bytes]  # of the page size
    renders: int
    target_ms: float | None = None  # of the p95
    baseline: bool = False  # the game's blank one-page sheet
    stylesheet: str = ""  # the game's print stylesheet, for the sheet's text floor


def pages_text(content: bytes) -> list[list[str]]:
    """The lines of text of each page of a PDF, as a reader extracts them."""
    from pypdf import PdfReader

    return [[line for line in (page.extract_text() or "").splitlines() if line.strip()]
            for page in PdfReader(io.BytesIO(content)).pages]


def text_floor_html(pages: list[list[str]]) -> str:
    """The same text as a sheet's, page by page and line by line, with no
    layout but lines: each word a box of its own (as a sheet's cells are), each
    line a block, each page ending in a page break. What WeasyPrint costs to
    set this much text, whatever the sheet's layout."""
    from html import escape

    def line(text: str) -> str:
        return "<div>" + " ".join(f"<span>{escape(word)}</span>" for word in text.split()) + "</div>"

    return "".join(
        "<section style='break-after: page'>" + "".join(line(text) for text in lines) + "</section>"
        for lines in pages
    )


def pad_display_of(services, selectors, pad_display, partnership, date, outcomes):
    game = services.game_start(partnership=partnership, date=date)
    for number, outcome in enumerate(outcomes, start=1):
        services.hand_record(game=game, number=number, outcome=outcome)
    loaded = selectors.games_with_hands().get(pk=game.pk)
    return pad_display(loaded, selectors.hands_of(loaded))


def long_names(count: int) -> list[str]:
    return [(LONG_NAMES[seat % 3] * 2)[:58] + f"{seat + 1:02d}" for seat in range(count)]


def two_way_street_display(user, hands: int):
    """A game of 12 players with long names, to the highest target: ``hands``
    hands, a different player high and declared in each, the rest low."""
    from scorepads.players import Seat
    from two_way_street import rules, services, views

    names = long_names(rules.MAX_PLAYERS)
    game = services.game_start(
        seats=[Seat(name) for name in names], target=rules.MAX_TARGET, date=datetime.date(2026, 7, 9), user=user
    )
    for number in range(1, hands + 1):
        high = number % len(names)
        results = [(number % 2, "high", "declared") if seat == high else (0, "low", "declared") for seat in range(len(names))]
        services.hand_record(game=game, number=number, results=results)
    return views.display_of(services.Game.objects.get(pk=game.pk))


def mahjong_display(user, hands: int):
    """A game of ``hands`` hands, each won by East with a hand in full notation
    (so East stays East and the game runs on)."""
    from mahjong import services, views
    from mahjong.game import HandEntry
    from scorepads.players import Seat

    game = services.game_start(seats=[Seat(name) for name in ("Ann", "Ben", "Cat", "Dan")], date=datetime.date(2026, 7, 9), user=user)
    east = 0
    for number in range(1, hands + 1):
        scores = tuple(None if seat == east else (10, 20, 0, 8)[seat] for seat in range(4))
        services.hand_record(game=game, number=number, entry=HandEntry(east, scores, "EEE RdRdRd 234c 678c 99c", "9c", True))
    return views.display_of(services.Game.objects.get(pk=game.pk))


def bridge_context(user, scores: int | None):
    """A saved pairs ruling (the reference example 1), with a filed traveller of
    ``scores`` scores when given (every possible one, then again), as its PDF view prints it."""
    import uuid

    from django.test import Client

    from bridge import views
    from bridge.models import Ruling
    from bridge.scoring import possible_scores
    from tests.bridge.test_calculator import EXAMPLES

    slug, inputs = EXAMPLES["example 1"]
    data = {**inputs, "vulnerability": "", "action": "save", "event": "Club pairs", "board": "7",
            "date": "2026-11-20", "note": "Hesitation before 2♠.", "entry_key": str(uuid.uuid4())}
    if scores:
        ordered = sorted((score for score in possible_scores() if score not in (110, -50)), key=lambda score: (abs(score), -score))
        data["field"] = ", ".join(f"{score:+d}" for score in itertools.islice(itertools.cycle(ordered), scores))
    from django.conf import settings

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]  # the test client's host
    client = Client()
    client.force_login(user)
    response = client.post(f"/bridge/{slug}/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return views.ruling_context(Ruling.objects.select_related("book").latest("pk"))  # the ruling just saved


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=100, help="warm renders of each short sheet (default 100)")
    parser.add_argument("--only", default="", help="only the games or sheets whose label holds this text")
    parser.add_argument("--size", choices=SIZES, action="append", help="a page size (default: both)")
    arguments = parser.parse_args()
    if arguments.renders < 10:
        parser.error("--renders must be at least 10")

    if "DATABASE_URL" not in os.environ:
        BENCH_DATABASE.unlink(missing_ok=True)
        os.environ["DATABASE_URL"] = f"sqlite:///{BENCH_DATABASE}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gorilla_site.settings")
    os.environ.setdefault("DEBUG", "true")

    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)

    import bridge.pdf
    import mahjong.pdf
    import two_way_street.pdf
    from pad import pdf, rules, selectors, services
    from pad.display import day_session, pad_display
    from scorepads.pdf import write_pdf

    user = get_user_model().objects.create_user("bench", password="bench-only")
    partnership = services.partnership_get_or_create(odd_name="Jon", even_name="Richard", user=user)
    long_partnership = services.partnership_get_or_create(odd_name=LONG_ODD[:60], even_name=LONG_EVEN[:60], user=None)
    day = datetime.date(2026, 7, 9)
    pads = lambda *args: pad_display_of(services, selectors, pad_display, *args)  # noqa: E731
    twenty = pads(partnership, day, TWENTY_HANDS)
    hundred = pads(partnership, day, HUNDRED_HANDS)
    named = pads(long_partnership, day, TWENTY_HANDS)
    limit = pads(partnership, day, ("MI" * rules.MAX_HANDS)[: rules.MAX_HANDS])
    assert twenty.finished and hundred.finished and named.finished and limit.full
    session_day = datetime.date(2026, 7, 10)
    for _ in range(pdf.MAX_PADS):
        pads(partnership, session_day, TWENTY_HANDS)
    session = list(selectors.games_with_hands().filter(date=session_day).order_by("date", "pk"))
    season = pdf.season_of("2026")
    season_statistics = selectors.partnership_statistics(partnership, date_from=season.first, date_to=season.last)
    season_games = selectors.finished_games(partnership, date_from=season.first, date_to=season.last)
    street_40, street_200 = two_way_street_display(user, 40), two_way_street_display(user, 200)
    mahjong_36, mahjong_200 = mahjong_display(user, 36), mahjong_display(user, 200)
    accented = services.partnership_get_or_create(odd_name="Ångström", even_name="山田太郎", user=user)
    ruling_short, ruling_long = bridge_context(user, None), bridge_context(user, 409)

    start = time.perf_counter()
    pdf.render_game_pad(twenty)
    cold = time.perf_counter() - start
    print(f"first render (cold: imports WeasyPrint, parses the stylesheet and fonts): {cold * 1000:7.1f} ms")

    def day_of_pads(games, size):
        """As the games list's PDF renders a day's session (pad.views.history.games_pdf)."""
        contexts = [pdf.pad_context(pad_display(game, selectors.hands_of(game))) for game in games]
        return pdf.render_game_pads(contexts, size, day=day_session(games, datetime.UTC))

    many, fewer, fewest = arguments.renders, max(10, arguments.renders // 5), max(3, arguments.renders // 50)
    cases = [
        Case("gorilla", "one-line document (WeasyPrint's floor)", lambda size: write_pdf("<p>Gorilla</p>", stylesheet=pdf.STYLESHEET), many),
        Case("gorilla", "blank pad", lambda size: pdf.render_blank_pads(partnership, day, size=size), many, baseline=True),
        Case("gorilla", "blank pad, accented and CJK names", lambda size: pdf.render_blank_pads(accented, day, size=size), many, stylesheet=pdf.STYLESHEET),
        Case("gorilla", "20-hand finished game", lambda size: pdf.render_game_pad(twenty, size), many, PAD_TARGET_MS, stylesheet=pdf.STYLESHEET),
        Case("gorilla", "100-hand finished game", lambda size: pdf.render_game_pad(hundred, size), many, PAD_TARGET_MS, stylesheet=pdf.STYLESHEET),
        Case("gorilla", "60-character names, 20 hands", lambda size: pdf.render_game_pad(named, size), many, PAD_TARGET_MS, stylesheet=pdf.STYLESHEET),
        Case("gorilla", f"{pdf.MAX_COPIES} blank copies", lambda size: pdf.render_blank_pads(partnership, day, copies=pdf.MAX_COPIES, size=size), fewer, COPIES_TARGET_MS, stylesheet=pdf.STYLESHEET),
        Case("gorilla", f"a day of {pdf.MAX_PADS} pads", lambda size: day_of_pads(session, size), fewer, DAY_TARGET_MS, stylesheet=pdf.STYLESHEET),
        Case("gorilla", f"season report, {len(season_games)} games", lambda size: pdf.render_season_report(season_statistics, season_games, season, size), fewer),
        Case("gorilla", f"a game at the limit, {rules.MAX_HANDS} hands", lambda size: pdf.render_game_pad(limit, size), fewer, LIMIT_TARGET_MS),
        Case("two way street", "blank sheet, 5 players", lambda size: two_way_street.pdf.render_blank([""] * 5, size), fewer, baseline=True),
        Case("two way street", "12 long names, 40 hands", lambda size: two_way_street.pdf.render_sheet(street_40, size), fewest, stylesheet=two_way_street.pdf.STYLESHEET),
        Case("two way street", "12 long names, 200 hands", lambda size: two_way_street.pdf.render_sheet(street_200, size), fewest, stylesheet=two_way_street.pdf.STYLESHEET),
        Case("mah jongg", "blank sheet", lambda size: mahjong.pdf.render_blank(None, size), fewer, baseline=True),
        Case("mah jongg", "36 hands, full notation", lambda size: mahjong.pdf.render_sheet(mahjong_36, size), fewest, stylesheet=mahjong.pdf.STYLESHEET),
        Case("mah jongg", "200 hands, full notation", lambda size: mahjong.pdf.render_sheet(mahjong_200, size), fewest, stylesheet=mahjong.pdf.STYLESHEET),
        Case("bridge", "ruling, no traveller (a page of it)", lambda size: bridge.pdf.render_ruling(ruling_short, size), fewer, baseline=True),
        Case("bridge", "ruling, 409-score traveller", lambda size: bridge.pdf.render_ruling(ruling_long, size), fewest, stylesheet=bridge.pdf.STYLESHEET),
    ]
    chosen = [case for case in cases if case.baseline or arguments.only.lower() in f"{case.game}: {case.label}".lower()]

    missed = basis_missed = False
    rss_before = rss_kib()
    for size in arguments.size or SIZES:
        print(f"\n{size:6} {'':36} {'n':>3} {'pages':>5} {'median':>9} {'p95':>9} {'per page':>9} {'blank':>8} "
              f"{'x blank':>7} {'lines/pg':>8} {'text floor/pg':>14}  target")
        blanks = {case.game: case for case in chosen if case.baseline}
        for case in chosen:
            blank = blanks.get(case.game)
            floor_render = None
            lines_per_page = 0.0
            if case.stylesheet and not case.baseline:
                text = pages_text(case.render(size))
                lines_per_page = sum(map(len, text)) / len(text)
                floor_html = text_floor_html(text)
                floor_render = lambda html=floor_html, stylesheet=case.stylesheet: write_pdf(html, stylesheet=stylesheet)  # noqa: E731
            renders = [lambda case=case: case.render(size)]
            if blank is not None and not case.baseline:
                renders.append(lambda blank=blank: blank.render(size))
            if floor_render is not None:
                renders.append(floor_render)
            measured = interleaved(renders, case.renders)
            wall, pages = measured[0]
            median, p95 = statistics.median(wall), percentile(wall, 0.95)
            per_page = median / pages
            verdicts = []
            if case.target_ms is not None:
                ok = p95 < case.target_ms
                missed |= not ok
                verdicts.append(f"p95 < {case.target_ms:.0f} ms {'ok' if ok else 'MISSED'}")
            blank_per_page, ratio = 0.0, ""
            if blank is not None and not case.baseline:
                blank_wall, blank_pages = measured[1]
                blank_per_page = statistics.median(blank_wall) / blank_pages
                ok = per_page <= PER_PAGE_TARGET * blank_per_page
                missed |= not ok
                ratio = f"{per_page / blank_per_page:5.2f}x"
                verdicts.append(f"per page <= {PER_PAGE_TARGET:g}x blank {'ok' if ok else 'MISSED'}")
            floor = ""
            if floor_render is not None:
                floor_per_sheet_page = statistics.median(measured[-1][0]) / pages
                floor = f"{floor_per_sheet_page:6.1f}ms {per_page / floor_per_sheet_page:4.1f}x"
                if blank is not None and not case.baseline:
                    # The basis proposed where a page holds many times its blank
                    # sheet's text: what its own text costs set as plain lines.
                    ok = per_page <= PER_PAGE_TARGET * blank_per_page or per_page <= TEXT_FLOOR_BASIS * floor_per_sheet_page
                    basis_missed |= not ok
                    verdicts.append(
                        f"basis: <= {PER_PAGE_TARGET:g}x blank or <= {TEXT_FLOOR_BASIS:g}x text floor {'ok' if ok else 'MISSED'}"
                    )
            label = f"{case.game}: {case.label}"
            print(f"{'':6} {label[:36]:36} {case.renders:3d} {pages:5d} {median:7.1f}ms {p95:7.1f}ms "
                  f"{per_page:7.1f}ms {blank_per_page:6.1f}ms {ratio:>7} {lines_per_page:8.0f} {floor:>14}  {'; '.join(verdicts)}",
                  flush=True)
    rss_after = rss_kib()
    print(f"\nRSS before the warm renders: {rss_before / 1024:6.1f} MiB; after: {rss_after / 1024:6.1f} MiB "
          f"(ratio {rss_after / rss_before:.3f})")
    print(f"targets: {'met' if not missed else 'MISSED'}; basis proposed in their place "
          f"(per page <= {PER_PAGE_TARGET:g}x blank, or <= {TEXT_FLOOR_BASIS:g}x its text floor): "
          f"{'met' if not basis_missed else 'MISSED'}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
