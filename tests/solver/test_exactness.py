"""The fast verdict is identical to an exhaustive search of all legal play.

Deals come from seeded generators (:mod:`solver.deals`): uniform random ones,
ones with the giver's cards pushed high in several suits at once, ones built
from the numbers the decision turns on (few run cards, several blocked suits,
ties in surplus), and traps for the manual's largest-surplus rule, over short
(1-4), middling and long (11-13) hands.
"""

from collections import Counter
from collections.abc import Sequence
from functools import cache

import pytest

from solver import check_line, exhaustive_line, exhaustive_possible, gorilla_out
from solver.areas import SuitState, sort_hands
from solver.deals import DEAL_MAKERS, Deal, mixed_deals
from solver.exhaustive import exhaustive_possible_by_layout
from solver.manual_procedure import last_suit, manual_verdict
from solver.schedule import plan_attack

SHORT = range(1, 5)
MIDDLING = range(5, 11)
LONG = range(11, 14)


@cache
def deals_for(seed: int, count: int, sizes: range) -> tuple[Deal, ...]:
    """Seeded deals, made once per test session."""
    return tuple(mixed_deals(seed, count, tuple(sizes)))


def assert_solver_matches(deals: Sequence[Deal], search) -> Counter:
    """Compare verdicts and check every winning line; count verdicts per kind."""
    tally: Counter = Counter()
    for taker, giver in deals:
        result = gorilla_out(taker, giver)
        expected = search(taker, giver)
        assert result.possible is expected, (taker, giver)
        if result.possible:
            check_line(taker, giver, result.line)
        else:
            assert result.line is None
        tally[result.possible] += 1
    return tally


def test_plain_search_agrees_on_short_and_middling_hands():
    deals = deals_for(1, 900, SHORT) + deals_for(2, 1200, range(5, 10))
    tally = assert_solver_matches(deals, exhaustive_possible)
    assert tally[True] > 300 and tally[False] > 300  # both verdicts well represented


def test_plain_search_agrees_on_some_long_hands():
    deals = deals_for(3, 36, range(11, 13))
    assert_solver_matches(deals, exhaustive_possible)


@pytest.mark.parametrize(
    ("seed", "count", "sizes"),
    [(10, 1200, SHORT), (11, 2000, MIDDLING), (12, 1600, LONG)],
    ids=["short", "middling", "long"],
)
def test_layout_search_agrees(seed, count, sizes):
    tally = assert_solver_matches(deals_for(seed, count, sizes), exhaustive_possible_by_layout)
    assert tally[True] > count // 5 and tally[False] > count // 5


def test_swapped_verdict_agrees_with_the_search():
    for taker, giver in deals_for(20, 600, range(1, 14)):
        assert gorilla_out(taker, giver).possible_if_swapped is exhaustive_possible_by_layout(
            giver, taker
        )


def test_layout_search_agrees_with_the_plain_search():
    """The layout memo only merges positions that play alike: same verdicts."""
    for taker, giver in deals_for(30, 1500, range(1, 10)):
        assert exhaustive_possible_by_layout(taker, giver) is exhaustive_possible(taker, giver)


def test_every_kind_and_size_of_deal_is_made():
    assert set(DEAL_MAKERS) == {"random", "skewed", "attack", "trap"}
    for seed in range(3):
        sizes = Counter(len(taker) for taker, giver in mixed_deals(seed, 300))
        assert set(sizes) == set(range(1, 14))


def test_compared_deals_include_hard_ones():
    """The deals the tests compare have many blocked suits, ties, few run cards
    and cases where the manual goes wrong; counted on the deals compared above."""
    features: Counter = Counter()
    compared = deals_for(10, 1200, SHORT) + deals_for(11, 2000, MIDDLING)
    compared += deals_for(12, 1600, LONG)
    for taker, giver in compared:
        sorts = sort_hands(taker, giver)
        blocked = [sort for sort in sorts if sort.state is SuitState.BLOCKED]
        attack = plan_attack(sorts)
        surpluses = [sort.gain - sort.cost for sort in blocked]
        features["two or more blocked suits"] += len(blocked) >= 2
        features["three or more blocked suits"] += len(blocked) >= 3
        features["tie in surplus"] += len(surpluses) != len(set(surpluses))
        features["at most one run card"] += attack.run_cards <= 1 and bool(blocked)
        features["manual wrong"] += attack.succeeds and not manual_verdict(
            taker, giver, last_suit
        )
        features["possible after opening two suits"] += (
            attack.succeeds and len(attack.opened) >= 2
        )
    assert features["two or more blocked suits"] > 1500
    assert features["three or more blocked suits"] > 400
    assert features["tie in surplus"] > 300
    assert features["at most one run card"] > 1000
    assert features["manual wrong"] > 300
    assert features["possible after opening two suits"] > 500


def test_exhaustive_line_is_a_winning_line():
    for taker, giver in deals_for(40, 200, range(1, 9)):
        line = exhaustive_line(taker, giver)
        assert (line is not None) is exhaustive_possible(taker, giver)
        if line is not None:
            check_line(taker, giver, line)
