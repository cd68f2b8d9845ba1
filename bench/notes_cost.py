"""Time a Gorilla pad's PDF by the length of its game's notes, beside the cost
printing estimates for it (scorepads.printing.print_cost) and the most a
request renders (PDF_CELLS_IN_REQUEST): a pad whose notes take longer to print
than the request's budget must be estimated past it, so that the task worker
prints it.

Run from the project root: ``.venv/bin/python bench/notes_cost.py [--renders N]``.
It uses its own SQLite database (in /tmp, recreated on each run). The baseline
is the same one-hand pad with no notes, measured in the same run.
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import inprocess  # noqa: E402 - bench/inprocess.py, beside this file

BENCH_DATABASE = Path("/tmp/gorilla-bench-notes-cost.sqlite3")
WORDS = "The dealer revoked in the third trick; we agreed to play it out and note it here. "


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renders", type=int, default=5, help="renders of each pad (default 5)")
    arguments = parser.parse_args()
    if "DATABASE_URL" not in os.environ:
        BENCH_DATABASE.unlink(missing_ok=True)
    inprocess.set_up(str(BENCH_DATABASE), keep_database_url=True)
    from django.conf import settings
    from django.contrib.auth import get_user_model

    from pad import pdf, selectors, services
    from pad.display import pad_display
    from pad.models import NOTES_MAX_LENGTH
    from pad.views.printing import pads_print_cost
    from scorepads import printing

    user = get_user_model().objects.create_user("bench", password="bench-only")
    partnership = services.partnership_get_or_create(odd_name="Jon", even_name="Richard", user=user)
    day = datetime.date(2026, 7, 9)
    pdf.render_game_pad(pad_display(*_one_hand(services, selectors, partnership, day, "")))  # warm

    print(f"PDF_CELLS_IN_REQUEST = {settings.PDF_CELLS_IN_REQUEST} (rendered in the request at or below it)")
    print(f"{'notes':>10}  {'median ms':>10}  {'x baseline':>10}  {'estimate':>8}  where")
    baseline = None
    for length in (0, 500, 1000, NOTES_MAX_LENGTH):
        notes = (WORDS * (length // len(WORDS) + 1))[:length]
        game, hands = _one_hand(services, selectors, partnership, day, notes)
        display = pad_display(game, hands)
        times = []
        for _ in range(arguments.renders):
            start = time.perf_counter()
            pdf.render_game_pad(display)
            times.append(time.perf_counter() - start)
        median = statistics.median(times) * 1000
        baseline = baseline or median
        cost = pads_print_cost([game])
        where = "request" if printing.renders_in_request(cost) else "worker"
        print(f"{length:>10}  {median:>10.1f}  {median / baseline:>10.2f}  {cost:>8}  {where}")
    return 0


def _one_hand(services, selectors, partnership, day, notes):
    game = services.game_start(partnership=partnership, date=day, notes=notes)
    services.hand_record(game=game, number=1, outcome="M")
    loaded = selectors.games_with_hands().get(pk=game.pk)
    return loaded, selectors.hands_of(loaded)


if __name__ == "__main__":
    sys.exit(main())
