"""Time the Mah Jongg notation reader on long text written without separators.

Run from the project root: ``.venv/bin/python bench/notation.py [--repeats N]``.
At 2,500, 10,000 and 20,000 characters it reads tiles written one after
another (``123b45cEWh123b45cEWh...``), and beside them, in the same run, the
same number of characters with a separator after each item (``123b 5c E ...``)
and an ordinary hand (``123b 456c 789d EEE 55d``): the reader is linear when
the first two columns grow alike with the length. Last, it refuses a bad suit
letter at the end of each long run of tiles and prints how long the message
is: it quotes at most 40 characters of the token, whatever its length.
Each figure is the best of ``--repeats`` runs.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong import NotationError, parse_hand, parse_tiles  # noqa: E402

SIZES = (2_500, 10_000, 20_000)
RUN_TOGETHER = "123b45cEWh"
SEPARATED = "123b 5c E "
ORDINARY_HAND = "123b 456c 789d EEE 55d"


def best_seconds(work: Callable[[], object], repeats: int) -> float:
    """The fastest of ``repeats`` runs of ``work``."""
    clock = time.perf_counter
    best = float("inf")
    for _ in range(repeats):
        start = clock()
        work()
        best = min(best, clock() - start)
    return best


def refusal(text: str) -> str:
    try:
        parse_hand(text)
    except NotationError as error:
        return str(error)
    raise AssertionError("the bad text was read")


def main() -> int:
    """Run the bench; print the reading times and the refusals' lengths."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="runs of each, the best kept (default 5)")
    arguments = parser.parse_args()
    assert len(RUN_TOGETHER) == len(SEPARATED) == 10
    repeats = arguments.repeats

    hand = best_seconds(lambda: parse_hand(ORDINARY_HAND), repeats * 200)
    print(f"an ordinary hand ({ORDINARY_HAND!r}, {len(ORDINARY_HAND)} characters): {hand * 1e6:.1f} µs")
    print(f"{'characters':>10}  {'run together':>12}  {'separated':>9}  {'ratio':>5}  "
          f"{'bad token refused':>17}  {'message':>7}")
    for size in SIZES:
        together = RUN_TOGETHER * (size // len(RUN_TOGETHER))
        separated = SEPARATED * (size // len(SEPARATED))
        bad = "123b" * (size // 4 - 1) + "45q"
        together_seconds = best_seconds(lambda: parse_tiles(together), repeats)
        separated_seconds = best_seconds(lambda: parse_tiles(separated), repeats)
        refused_seconds = best_seconds(lambda: refusal(bad), repeats)
        print(f"{size:>10,}  {together_seconds * 1e3:>9.2f} ms  {separated_seconds * 1e3:>6.2f} ms  "
              f"{together_seconds / separated_seconds:>5.2f}  {refused_seconds * 1e3:>14.2f} ms  "
              f"{len(refusal(bad)):>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
