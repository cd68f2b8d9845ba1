"""Gorilla it out: is the hand possible, how is it made, and why (or why not).

The verdict is exact: phase one sorts the hands into areas (see
:mod:`solver.areas`), then the blocked suits are attacked in the one order that
works whenever any order does (see :mod:`solver.schedule`). The winning line
plays every paired trick first, then leads run cards while the giver pitches
her cards in the next suit to open, and ends with her keep cards. Every line is
replayed with the rules before it is returned.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from .areas import KEEP, RUN, Areas, SuitSort, cards_by_suit, paired_count, sort_suit
from .cards import SUITS, Card, parse_deal
from .reason import explain
from .replay import Trick, check_line
from .schedule import Attack, can_open_all, plan_attack


@dataclass(frozen=True)
class GorillaResult:
    """The solver's analysis of one deal, with the taker to win every trick."""

    taker: tuple[Card, ...]
    giver: tuple[Card, ...]
    possible: bool
    """True if the taker can win every trick with both players cooperating."""
    line: tuple[Trick, ...] | None
    """A winning line, one (taker's card, giver's card) pair per trick; None if impossible."""
    reason: str
    """One or two sentences saying why the hand is possible or impossible."""
    areas: Areas
    """The manual's areas after phase one and the order the suits are attacked."""
    possible_if_swapped: bool
    """The verdict had the giver been the taker and the taker the giver."""

    def to_dict(self) -> dict[str, object]:
        """JSON-friendly: cards as strings like ``"AS"`` and ``"10H"``."""
        return {
            "possible": self.possible,
            "line": None
            if self.line is None
            else [[str(lead), str(reply)] for lead, reply in self.line],
            "reason": self.reason,
            "areas": self.areas.to_dict(),
            "possible_if_swapped": self.possible_if_swapped,
        }


def gorilla_out(
    taker: str | Sequence[Card], giver: str | Sequence[Card]
) -> GorillaResult:
    """Gorilla out a deal: the taker's and the giver's hands, as text or cards.

    Raises :class:`solver.CardError` if the hands are not a legal deal, or
    are neither text nor cards.
    """
    taker_cards, giver_cards = parse_deal(taker, giver)
    taker_by_suit = cards_by_suit(taker_cards, in_hand_order_already=True)
    giver_by_suit = cards_by_suit(giver_cards, in_hand_order_already=True)
    sorts = tuple(map(sort_suit, SUITS, taker_by_suit, giver_by_suit))
    attack = plan_attack(sorts)
    line = winning_line(sorts, attack) if attack.succeeds else None
    if line is not None:  # replayed with the rules; IllegalLine here would be a solver bug
        check_line(taker_cards, giver_cards, line)
    return GorillaResult(
        taker=taker_cards,
        giver=giver_cards,
        possible=attack.succeeds,
        line=line,
        reason=explain(sorts, attack),
        areas=Areas.from_sorts(sorts, [sort.suit for sort in attack.opened]),
        possible_if_swapped=_possible_by_suit(giver_by_suit, taker_by_suit),
    )


def is_possible(taker: Sequence[Card], giver: Sequence[Card]) -> bool:
    """The verdict alone, for hands already checked to be a deal."""
    return _possible_by_suit(cards_by_suit(taker), cards_by_suit(giver))


def _possible_by_suit(taker: list[list[Card]], giver: list[list[Card]]) -> bool:
    """The decision of :func:`gorilla_out` on bare counts, from hands split by suit:
    per suit, the tricks she follows low, then his cards and hers left over."""
    run_cards = 0
    blocked: list[tuple[int, int]] = []
    for his, hers in zip(taker, giver):
        paired = paired_count(his, hers) if his and hers else 0
        rest, pitch = len(his) - paired, len(hers) - paired
        if rest and pitch:
            blocked.append((pitch, rest))
        else:
            run_cards += rest
    return can_open_all(run_cards, blocked)


def winning_line(sorts: Sequence[SuitSort], attack: Attack) -> tuple[Trick, ...]:
    """The tricks of a made hand: paired tricks, then the attack, then her keep cards."""
    line: list[Trick] = [
        pair for sort in sorts for pair in zip(sort.taker_played, sort.giver_played)
    ]
    run_cards = deque(
        card for sort in sorts if sort.state is RUN for card in sort.taker_rest
    )
    for sort in attack.opened:
        line.extend((run_cards.popleft(), pitch) for pitch in sort.giver_rest)
        run_cards.extend(sort.taker_rest)
    keep = [card for sort in sorts if sort.state is KEEP for card in sort.giver_rest]
    line.extend((run_cards.popleft(), pitch) for pitch in keep)
    return tuple(line)
