"""The order in which the taker attacks his blocked suits, and whether he can open them all.

Each run card the taker leads lets the giver pitch one card. A blocked suit
opens once she has pitched all her cards in it (its *cost*); its blocked cards
then become run cards (its *gain*). Her *keep* cards are pitched last, on the
run cards left over, and card counts guarantee exactly enough are left.

So the hand is possible if and only if the blocked suits can be opened one
after another with enough run cards in hand each time. That is the classic
"do every task with a resource" problem, solved exactly by this order: first
the suits that gain at least what they cost, cheapest first (each makes the
budget grow, so taking the cheap ones first can only help); then the others,
which lose run cards, by decreasing gain (reversing the sequence turns them
into gaining tasks ordered by cost). If that order gets stuck, every order does.

The manual's phase three (largest surplus first, ties broken at random) is not
this order and can call a possible hand impossible.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from typing import NamedTuple

from .areas import BLOCKED, RUN, SuitSort


class Attack(NamedTuple):
    """The attack on the blocked suits: those opened, in order, and those left."""

    run_cards: int
    """Run cards the taker holds after phase one."""
    opened: tuple[SuitSort, ...]
    """Blocked suits opened, in order."""
    stuck: tuple[SuitSort, ...]
    """Blocked suits never opened (empty when the hand is possible)."""
    run_cards_when_stuck: int
    """Run cards left after opening ``opened`` (all of them if none is stuck)."""

    @property
    def succeeds(self) -> bool:
        """True if every blocked suit is opened."""
        return not self.stuck


def attack_order(sorts: Sequence[SuitSort]) -> list[SuitSort]:
    """The blocked suits in the order that opens them all if any order does.

    Ties keep suit order (the sorts are stable), so the order is always the same.
    """
    blocked = [sort for sort in sorts if sort.state is BLOCKED]
    if len(blocked) < 2:
        return blocked
    gaining = sorted((sort for sort in blocked if sort.gain >= sort.cost), key=_cost)
    losing = sorted((sort for sort in blocked if sort.gain < sort.cost), key=_minus_gain)
    return gaining + losing


def _cost(sort: SuitSort) -> int:
    return len(sort.giver_rest)


def _minus_gain(sort: SuitSort) -> int:
    return -len(sort.taker_rest)


def plan_attack(sorts: Sequence[SuitSort]) -> Attack:
    """Open the blocked suits in :func:`attack_order` until done or stuck."""
    run_cards = sum([len(sort.taker_rest) for sort in sorts if sort.state is RUN])
    budget = run_cards
    order = attack_order(sorts)
    opened: list[SuitSort] = []
    for sort in order:
        cost = len(sort.giver_rest)
        if budget < cost:
            break
        budget += len(sort.taker_rest) - cost
        opened.append(sort)
    return Attack(
        run_cards=run_cards,
        opened=tuple(opened),
        stuck=tuple(order[len(opened) :]),
        run_cards_when_stuck=budget,
    )


def can_open_all(run_cards: int, costs_and_gains: Sequence[tuple[int, int]]) -> bool:
    """True if the blocked suits, given as (cost, gain), can all be opened.

    The same order as :func:`attack_order`, on bare numbers: gaining suits by
    increasing cost, then losing suits by decreasing gain.
    """
    order = sorted(
        costs_and_gains,
        key=lambda suit: (0, suit[0]) if suit[1] >= suit[0] else (1, -suit[1]),
    )
    budget = run_cards
    for cost, gain in order:
        if budget < cost:
            return False
        budget += gain - cost
    return True


def opens_all(run_cards: int, costs_and_gains: Sequence[tuple[int, int]]) -> bool:
    """True if some order opens every (cost, gain) suit starting with ``run_cards``.

    Tries every order: a slow, plain statement of the problem, for tests.
    """
    for order in permutations(costs_and_gains):
        budget = run_cards
        for cost, gain in order:
            if budget < cost:
                break
            budget += gain - cost
        else:
            return True
    return False
