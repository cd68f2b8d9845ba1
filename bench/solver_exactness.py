"""Compare the solver's verdict with exhaustive search on many deals.

Run from the project root: ``.venv/bin/python bench/solver_exactness.py``
(default 200,000 deals, a few minutes). Deals cycle through the generators of
:mod:`solver.deals` (uniform random, giver's cards pushed high, built from
blocked suits and run cards) with 1 to 13 cards each. Every deal is searched
exhaustively (layout-memoised search; also the plain search for short hands),
both with the roles as dealt and swapped, and every winning line is replayed.
Prints the counts and any disagreement; exits with status 1 on a disagreement.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver import (  # noqa: E402
    IllegalLine,
    check_line,
    exhaustive_possible,
    format_hand,
    gorilla_out,
)
from solver.deals import DEAL_MAKERS  # noqa: E402
from solver.exhaustive import exhaustive_possible_by_layout  # noqa: E402
from solver.manual_procedure import first_suit, last_suit, manual_verdict  # noqa: E402


def main() -> int:
    """Run the comparison; print counts; return 1 on any disagreement."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--deals", type=int, default=200_000, help="number of deals (default 200000)"
    )
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument(
        "--plain-up-to",
        type=int,
        default=7,
        help="also run the plain search on hands of at most this many cards (default 7)",
    )
    arguments = parser.parse_args()

    rng = random.Random(arguments.seed)
    makers = list(DEAL_MAKERS.items())
    verdicts: Counter[tuple[str, bool]] = Counter()
    sizes: Counter[int] = Counter()
    plain_checked = swapped_checked = lines_checked = 0
    manual_wrong_first = manual_wrong_either = 0
    disagreements: list[str] = []
    start = time.perf_counter()
    for number in range(arguments.deals):
        kind, make = makers[number % len(makers)]
        size = rng.randint(1, 13)
        taker, giver = make(rng, size)
        result = gorilla_out(taker, giver)
        deal = f"taker {format_hand(taker)} | giver {format_hand(giver)} ({kind})"
        expected = exhaustive_possible_by_layout(taker, giver)
        if result.possible is not expected:
            disagreements.append(f"{deal}: solver {result.possible}, search {expected}")
        if result.possible_if_swapped is not exhaustive_possible_by_layout(giver, taker):
            disagreements.append(f"{deal}: swapped verdict differs from the search")
        swapped_checked += 1
        if size <= arguments.plain_up_to:
            plain_checked += 1
            if exhaustive_possible(taker, giver) is not expected:
                disagreements.append(f"{deal}: the two searches differ")
        if result.line is not None:
            lines_checked += 1
            try:
                check_line(taker, giver, result.line)
            except IllegalLine as error:
                disagreements.append(f"{deal}: bad line: {error}")
        if expected:
            by_first_suit = manual_verdict(taker, giver, first_suit)
            manual_wrong_first += not by_first_suit
            by_last_suit = manual_verdict(taker, giver, last_suit)
            manual_wrong_either += not (by_first_suit and by_last_suit)
        verdicts[kind, result.possible] += 1
        sizes[size] += 1
        if (number + 1) % 20_000 == 0:
            print(f"  {number + 1} deals, {time.perf_counter() - start:.0f} s", flush=True)

    seconds = time.perf_counter() - start
    print(f"{arguments.deals} deals (seed {arguments.seed}) in {seconds:.0f} s")
    for kind, _ in makers:
        print(
            f"  {kind:7} possible {verdicts[kind, True]:7}  impossible {verdicts[kind, False]:7}"
        )
    print("  hand sizes: " + " ".join(f"{size}:{sizes[size]}" for size in sorted(sizes)))
    print(f"  verdicts compared: {arguments.deals} as dealt, {swapped_checked} swapped")
    print(f"  plain search also run on {plain_checked} deals of <= {arguments.plain_up_to} cards")
    print(f"  winning lines replayed: {lines_checked}")
    print(
        f"  the manual's procedure calls {manual_wrong_first} possible deals impossible "
        f"(ties to the first suit), {manual_wrong_either} with the unluckier tie-break"
    )
    print(f"disagreements: {len(disagreements)}")
    for line in disagreements[:20]:
        print("  " + line)
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
