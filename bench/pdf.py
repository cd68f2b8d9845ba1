"""Time the printed score pad: one warm process rendering a 20-hand game's pad.

Run from the project root: ``.venv/bin/python bench/pdf.py [--renders N]``.
It uses its own SQLite database (``DATABASE_URL``, by default a file in /tmp,
recreated on each run), records a finished 20-hand game, then renders its pad
as the view does (``pad_display`` then ``render_game_pad``). It prints the first
(cold) render, which includes importing WeasyPrint and parsing the stylesheet
and fonts, the warm time per PDF (median and 95th percentile, wall clock and CPU), and the resident
memory after 10 renders and after all of them. Target: under 300 ms warm, and
memory flat.

Then, beside that 20-hand baseline, the costliest PDFs a user can ask for: a
game at the hand limit (``rules.MAX_HANDS`` hands, still going on) and the
most blank copies one PDF holds. Target: each under a few seconds, so that no
request holds a worker for long.
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
TARGET_MS = 300
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=200, help="warm renders (default 200)")
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

    from pad import pdf, selectors, services
    from pad.display import pad_display

    partnership = services.partnership_get_or_create(odd_name="Jon", even_name="Richard", user=None)
    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    for number, outcome in enumerate(TWENTY_HANDS, start=1):
        services.hand_record(game=game, number=number, outcome=outcome)
    loaded = selectors.games_with_hands().get(pk=game.pk)
    display = pad_display(loaded, selectors.hands_of(loaded))
    assert display.finished and len(display.hands) == 20, display.result

    start = time.perf_counter()
    first = pdf.render_game_pad(display)
    cold = time.perf_counter() - start

    times, cpu_times = [], []
    rss_after_10 = None
    for index in range(1, arguments.renders + 1):
        start, cpu_start = time.perf_counter(), time.process_time()
        content = pdf.render_game_pad(display)
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu_start)
        if index == 10:
            rss_after_10 = rss_kib()
    rss_after_all = rss_kib()
    assert content[:5] == b"%PDF-" and len(content) == len(first)

    median = statistics.median(times) * 1000
    p95 = percentile(times, 0.95) * 1000
    print(f"20-hand finished game ({display.result}), A4, {len(content):,} bytes per PDF")
    print(f"first render (cold, imports WeasyPrint, parses CSS and fonts): {cold * 1000:7.1f} ms")
    print(f"warm, {arguments.renders} renders: median {median:6.1f} ms, p95 {p95:6.1f} ms, "
          f"min {min(times) * 1000:6.1f} ms  (target < {TARGET_MS} ms)")
    print(f"CPU time per PDF (steadier on a busy machine): median "
          f"{statistics.median(cpu_times) * 1000:6.1f} ms, p95 {percentile(cpu_times, 0.95) * 1000:6.1f} ms")
    print(f"RSS after 10 renders: {rss_after_10 / 1024:6.1f} MiB; after {arguments.renders}: "
          f"{rss_after_all / 1024:6.1f} MiB; ratio {rss_after_all / rss_after_10:.3f}")
    limit_ms, copies_ms = costliest(pdf, services, selectors, pad_display, partnership)
    print(f"beside the 20-hand baseline (median {median:6.1f} ms):")
    print(f"  a game at the limit, {rules_max_hands()} hands: median {statistics.median(limit_ms):7.1f} ms, "
          f"max {max(limit_ms):7.1f} ms ({statistics.median(limit_ms) / median:.1f} x the baseline)")
    print(f"  {pdf.MAX_COPIES} blank copies: median {statistics.median(copies_ms):7.1f} ms, "
          f"max {max(copies_ms):7.1f} ms ({statistics.median(copies_ms) / median:.1f} x the baseline)")
    slowest = max(max(limit_ms), max(copies_ms))
    return 0 if median < TARGET_MS and slowest < LIMIT_TARGET_MS else 1


def rules_max_hands() -> int:
    from pad import rules

    return rules.MAX_HANDS


def costliest(pdf, services, selectors, pad_display, partnership, renders: int = 10):
    """Render times (ms) of a game at the hand limit, and of the most blank copies."""
    from pad import rules

    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 10))
    for number, outcome in enumerate(("MI" * rules.MAX_HANDS)[: rules.MAX_HANDS], start=1):
        services.hand_record(game=game, number=number, outcome=outcome)
    loaded = selectors.games_with_hands().get(pk=game.pk)
    display = pad_display(loaded, selectors.hands_of(loaded))
    assert display.full and len(display.hands) == rules.MAX_HANDS
    limit_ms, copies_ms = [], []
    for _ in range(renders):
        start = time.perf_counter()
        pdf.render_game_pad(display)
        limit_ms.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        pdf.render_blank_pads(partnership, datetime.date(2026, 7, 9), copies=pdf.MAX_COPIES)
        copies_ms.append((time.perf_counter() - start) * 1000)
    return limit_ms, copies_ms


if __name__ == "__main__":
    sys.exit(main())
