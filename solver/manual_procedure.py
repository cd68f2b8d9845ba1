"""The manual's paper procedure "Gorilla it out", as written, for comparison only.

The verdict of :func:`solver.gorilla_out` never uses this. It is kept so the
tests and the bench can show where the manual goes wrong: its phase three
attacks the affordable suit with the largest surplus, ties broken arbitrarily,
and that can call a possible hand impossible. Two gaps in the text are filled
as the project's rules say: phase one's missing branch (the giver holds the
suit but nothing below the taker's top card: his rest to *blocked*, hers to
*pitch*) and phase two step 5, which says "taker" where it means "giver".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .areas import SuitState, sort_hands
from .cards import Card, Suit

TieBreak = Callable[[list[Suit]], Suit]
"""Picks one of the suits tied for the largest surplus (given in suit order)."""


def first_suit(tied: list[Suit]) -> Suit:
    """Tie-break: the first tied suit in suit order (spades first)."""
    return tied[0]


def last_suit(tied: list[Suit]) -> Suit:
    """Tie-break: the last tied suit in suit order (clubs first)."""
    return tied[-1]


def manual_verdict(
    taker: Sequence[Card], giver: Sequence[Card], tie_break: TieBreak = first_suit
) -> bool:
    """The manual's verdict: True for possible. Not always right (see the module)."""
    sorts = sort_hands(taker, giver)
    if all(sort.state is SuitState.PLAYED for sort in sorts):  # phase two, step 1
        return True
    return manual_attack(
        run_cards=sum(sort.gain for sort in sorts if sort.state is SuitState.RUN),
        blocked={
            sort.suit: (sort.cost, sort.gain)
            for sort in sorts
            if sort.state is SuitState.BLOCKED
        },
        keep=sum(sort.cost for sort in sorts if sort.state is SuitState.KEEP),
        tie_break=tie_break,
    )


def manual_attack(
    run_cards: int,
    blocked: dict[Suit, tuple[int, int]],
    keep: int,
    tie_break: TieBreak = first_suit,
) -> bool:
    """Phases two and three on the counts: run cards, (cost, gain) of each blocked
    suit (her cards in *pitch*, his in *blocked*), and her cards in *keep*."""
    blocked = dict(blocked)
    while True:
        # Phase two.
        if run_cards == 0:
            return False
        if not blocked:
            return True
        if keep == 0:
            return False
        # Step 5 (the giver has no cards in pitch) cannot hold here: every
        # blocked suit has some.
        # Phase three.
        candidates = [suit for suit, (cost, _) in blocked.items() if run_cards >= cost]
        if not candidates:
            return False
        surplus = {suit: blocked[suit][1] - blocked[suit][0] for suit in candidates}
        best = max(surplus.values())
        chosen = tie_break([suit for suit in candidates if surplus[suit] == best])
        cost, gain = blocked.pop(chosen)
        run_cards += gain - cost
