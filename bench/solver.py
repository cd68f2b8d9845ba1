"""Time the solver against the plain exhaustive search on random 10-card deals.

Run from the project root: ``.venv/bin/python bench/solver.py [--deals N] [--seed S]``.
The solver is timed as the app calls it: ``gorilla_out`` on the two hands as
typed text, so parsing, the winning line, its replay check, the reason, the
areas and the swapped verdict are all included. The exhaustive search is the
plain one (:func:`solver.exhaustive_possible`), on the same deals, in
alternating rounds.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver import exhaustive_possible, format_cards, gorilla_out  # noqa: E402
from solver.deals import random_deal  # noqa: E402

HAND_SIZE = 10
SOLVER_REPEATS = 20


def main() -> int:
    """Run the bench; print per-hand times and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="number of deals (default 2000)")
    parser.add_argument(
        "--rounds", type=int, default=2, help="rounds of timing (default 2)"
    )
    parser.add_argument("--seed", type=int, default=2004, help="random seed (default 2004)")
    arguments = parser.parse_args()

    rng = random.Random(arguments.seed)
    deals = [random_deal(rng, HAND_SIZE) for _ in range(arguments.deals)]
    typed = [(format_cards(taker), format_cards(giver)) for taker, giver in deals]

    # Alternate the two in rounds, and repeat the (fast) solver's pass so that
    # both are timed over similar stretches: a slow spell of the shared
    # machine then weighs on both alike.
    solver_seconds = exhaustive_seconds = 0.0
    clock = time.perf_counter
    for _ in range(arguments.rounds):
        start = clock()
        for _ in range(SOLVER_REPEATS):
            verdicts = [gorilla_out(taker, giver).possible for taker, giver in typed]
        solver_seconds += clock() - start
        start = clock()
        searched = [exhaustive_possible(taker, giver) for taker, giver in deals]
        exhaustive_seconds += clock() - start

    disagreements = sum(a != b for a, b in zip(verdicts, searched))
    per_hand_solver = solver_seconds / (len(deals) * arguments.rounds * SOLVER_REPEATS)
    per_hand_exhaustive = exhaustive_seconds / (len(deals) * arguments.rounds)
    print(f"{len(deals)} random {HAND_SIZE}-card deals (seed {arguments.seed}), "
          f"{sum(verdicts)} possible; {arguments.rounds} rounds, each with "
          f"{SOLVER_REPEATS} solver passes and 1 exhaustive pass")
    print(f"gorilla_out (from text, with line, reason, areas, swap): "
          f"{per_hand_solver * 1e6:9.1f} µs per hand")
    print(f"exhaustive search (plain):                                "
          f"{per_hand_exhaustive * 1e6:9.1f} µs per hand")
    print(f"ratio: the solver is {per_hand_exhaustive / per_hand_solver:.0f}x faster")
    print(f"disagreements: {disagreements}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
