"""Time the printed sheets: warm renders of the PDFs a user can ask for, each
beside a baseline measured in the same run.

Run from the project root: ``.venv/bin/python bench/pdf.py [--renders N]``.
It uses its own SQLite database (``DATABASE_URL``, by default a file in /tmp,
recreated on each run) and renders as the views do (``pad_display`` then
``render_game_pad``; ``render_blank_pads``), in one warm process:

- the **baseline**: a one-line document with the pad's stylesheet and fonts,
  the least a PDF costs here (WeasyPrint's own floor on this machine);
- a finished **20-hand** game, a finished **100-hand** game, a game whose
  partners have **60-character names**, a game at the **hand limit**
  (``rules.MAX_HANDS``), **20 blank copies** (``pdf.MAX_COPIES``), and **a day
  of 12 pads** (``pdf.MAX_PADS`` finished 20-hand games: the games list's PDF,
  led by the day's page).

For each: median and 95th percentile of the wall-clock time, CPU time, and the
ratio to the baseline's median. Targets: p95 under 300 ms for one pad (20 and
100 hands, long names), under 1 s for 20 copies, under 500 ms for a day of 12
pads, under 3 s at the hand limit;
and resident memory flat over the 20-hand renders. Exit status 1 if a target
is missed.
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BENCH_DATABASE = Path("/tmp/gorilla-bench-pdf.sqlite3")
# A finished game of 20 hands: the reference example (7-7 after 14 hands), then
# P M I M to 9-9 and two made hands: won 11-9 on the 20th hand.
TWENTY_HANDS = "MMMMIIIPPPIMMMPMIMMM"
HUNDRED_HANDS = "MI" * 49 + "MM"  # won 51-49 on the 100th hand
LONG_ODD, LONG_EVEN = "Maximiliane-Alexandra " * 2 + "von Hohenzollern-Sigmar", "B" * 30 + " " + "Fitzgerald-Montgomery"
PAD_TARGET_MS = 300
COPIES_TARGET_MS = 1000
DAY_TARGET_MS = 500
LIMIT_TARGET_MS = 3000


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


def timed(render, renders: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds of ``renders`` warm calls of ``render``."""
    render()  # warm: this case's layout caches, if any
    wall, cpu = [], []
    for _ in range(renders):
        start, cpu_start = time.perf_counter(), time.process_time()
        content = render()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - cpu_start) * 1000)
        assert content[:5] == b"%PDF-"
    return wall, cpu


def game_display(services, selectors, pad_display, partnership, date, outcomes):
    game = services.game_start(partnership=partnership, date=date)
    for number, outcome in enumerate(outcomes, start=1):
        services.hand_record(game=game, number=number, outcome=outcome)
    loaded = selectors.games_with_hands().get(pk=game.pk)
    return pad_display(loaded, selectors.hands_of(loaded))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=100, help="warm renders of each pad (default 100)")
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
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)

    from pad import pdf, rules, selectors, services
    from pad.display import day_session, pad_display
    from scorepads.pdf import write_pdf

    partnership = services.partnership_get_or_create(odd_name="Jon", even_name="Richard", user=None)
    long_names = services.partnership_get_or_create(odd_name=LONG_ODD[:60], even_name=LONG_EVEN[:60], user=None)
    day = datetime.date(2026, 7, 9)
    twenty = game_display(services, selectors, pad_display, partnership, day, TWENTY_HANDS)
    hundred = game_display(services, selectors, pad_display, partnership, day, HUNDRED_HANDS)
    named = game_display(services, selectors, pad_display, long_names, day, TWENTY_HANDS)
    limit = game_display(services, selectors, pad_display, partnership, day, ("MI" * rules.MAX_HANDS)[: rules.MAX_HANDS])
    assert twenty.finished and hundred.finished and named.finished and limit.full
    session_day = datetime.date(2026, 7, 10)
    for _ in range(pdf.MAX_PADS):
        game_display(services, selectors, pad_display, partnership, session_day, TWENTY_HANDS)
    session = list(selectors.games_with_hands().filter(date=session_day).order_by("date", "pk"))

    start = time.perf_counter()
    pdf.render_game_pad(twenty)
    cold = time.perf_counter() - start
    print(f"first render (cold: imports WeasyPrint, parses the stylesheet and fonts): {cold * 1000:7.1f} ms")

    fewer = max(10, arguments.renders // 5)
    cases = [
        ("baseline: a one-line document", arguments.renders, None,
         lambda: write_pdf("<p>Gorilla</p>", stylesheet=pdf.STYLESHEET)),
        ("20-hand finished game", arguments.renders, PAD_TARGET_MS, lambda: pdf.render_game_pad(twenty)),
        ("100-hand finished game", arguments.renders, PAD_TARGET_MS, lambda: pdf.render_game_pad(hundred)),
        ("60-character names, 20 hands", arguments.renders, PAD_TARGET_MS, lambda: pdf.render_game_pad(named)),
        (f"{pdf.MAX_COPIES} blank copies", fewer, COPIES_TARGET_MS,
         lambda: pdf.render_blank_pads(partnership, day, copies=pdf.MAX_COPIES)),
        (f"a day of {pdf.MAX_PADS} pads", fewer, DAY_TARGET_MS, lambda: day_of_pads(session)),
        (f"a game at the limit, {rules.MAX_HANDS} hands", fewer, LIMIT_TARGET_MS, lambda: pdf.render_game_pad(limit)),
    ]

    def day_of_pads(games):
        """As the games list's PDF renders a day's session (pad.views.history.games_pdf)."""
        pads = [pdf.pad_context(pad_display(game, selectors.hands_of(game))) for game in games]
        return pdf.render_game_pads(pads, day=day_session(games, datetime.timezone.utc))

    missed = False
    baseline = None
    rss_before = rss_kib()
    print(f"{'warm renders, A4':34} {'n':>4} {'median':>9} {'p95':>9} {'CPU med':>9} {'x base':>7}  target (p95)")
    for label, renders, target, render in cases:
        wall, cpu = timed(render, renders)
        median, p95 = statistics.median(wall), percentile(wall, 0.95)
        baseline = baseline or median
        verdict = ""
        if target is not None:
            ok = p95 < target
            missed |= not ok
            verdict = f"< {target} ms {'ok' if ok else 'MISSED'}"
        print(f"{label:34} {renders:4d} {median:7.1f}ms {p95:7.1f}ms {statistics.median(cpu):7.1f}ms "
              f"{median / baseline:6.1f}x  {verdict}")
    rss_after = rss_kib()
    print(f"RSS before the warm renders: {rss_before / 1024:6.1f} MiB; after: {rss_after / 1024:6.1f} MiB "
          f"(ratio {rss_after / rss_before:.3f})")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
