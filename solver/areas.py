"""Phase one of "Gorilla it out": sorting both hands into areas, suit by suit.

In each suit the taker's cards are taken from the highest down; each is paired
with the giver's highest card below it (both go to *played*: a trick the taker
wins while she follows suit). When the giver has no card below the taker's top
card, the pairing stops. Then:

* the giver has nothing left in the suit: the taker's rest go to *run* (run
  cards: when he leads one she must pitch);
* both still hold cards: her rest are all higher than his, so his rest go to
  *blocked* and hers to *pitch* (she must pitch them before his can run; the
  manual leaves this branch out);
* the taker has nothing left: her rest go to *keep* (pitched at the end).

Pairing from the top like this plays the largest possible number of tricks in
which she follows suit, which leaves her the fewest cards to pitch in every
suit, and the taker's surplus in a suit (his cards minus hers) is the same
however many tricks are paired; so no other sort is ever better.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from .cards import SUITS, Card, Suit, in_hand_order


class SuitState(Enum):
    """Where a suit stands after phase one."""

    PLAYED = "played"  # every card of the suit is in a played pair
    RUN = "run"  # the taker has run cards in it, the giver none
    BLOCKED = "blocked"  # her remaining cards are all above his
    KEEP = "keep"  # only she has cards left in it


# The states as plain names: quicker to reach than attributes of the Enum class.
PLAYED, RUN, BLOCKED, KEEP = SuitState.PLAYED, SuitState.RUN, SuitState.BLOCKED, SuitState.KEEP


class SuitSort(NamedTuple):
    """Phase one's result for one suit; cards high to low."""

    suit: Suit
    taker_played: tuple[Card, ...]
    giver_played: tuple[Card, ...]
    taker_rest: tuple[Card, ...]
    """Run cards, or blocked cards if the giver still has some of the suit."""
    giver_rest: tuple[Card, ...]
    """Cards she must pitch: *pitch* if the taker has cards left, else *keep*."""
    state: SuitState
    """Which of run, blocked, keep or played the suit is in."""

    @property
    def cost(self) -> int:
        """Run cards the taker must lead so she can pitch her cards in the suit."""
        return len(self.giver_rest)

    @property
    def gain(self) -> int:
        """Run cards the suit adds once she is out of it."""
        return len(self.taker_rest)


def sort_suit(suit: Suit, taker: Sequence[Card], giver: Sequence[Card]) -> SuitSort:
    """Phase one for one suit; both card lists must be of ``suit``, high to low.

    Each of his cards, from the top, takes her highest card still free below
    it. Her cards skipped on the way are above all his remaining ones, so the
    search for the next card below carries on from where the last one stopped.
    """
    if not giver:
        return SuitSort(suit, (), (), tuple(taker), (), RUN if taker else PLAYED)
    if not taker:
        return SuitSort(suit, (), (), (), tuple(giver), KEEP)
    giver_rest: list[Card] = []
    giver_played: list[Card] = []
    giver_count = len(giver)
    paired = 0
    next_giver = 0
    for card in taker:
        rank = card.rank
        while next_giver < giver_count and giver[next_giver].rank > rank:
            giver_rest.append(giver[next_giver])
            next_giver += 1
        if next_giver == giver_count:
            break
        giver_played.append(giver[next_giver])
        next_giver += 1
        paired += 1
    giver_rest += giver[next_giver:]
    taker_rest = tuple(taker[paired:])
    if taker_rest:
        state = BLOCKED if giver_rest else RUN
    else:
        state = KEEP if giver_rest else PLAYED
    return SuitSort(
        suit, tuple(taker[:paired]), tuple(giver_played), taker_rest, tuple(giver_rest), state
    )


def cards_by_suit(
    cards: Iterable[Card], *, in_hand_order_already: bool = False
) -> list[list[Card]]:
    """The cards in four lists, spades to clubs, each high to low.

    Pass ``in_hand_order_already=True`` for cards known to be sorted (as
    :func:`solver.cards.parse_deal` returns them) to skip sorting again.
    """
    by_suit: list[list[Card]] = [[], [], [], []]
    for card in cards if in_hand_order_already else sorted(cards, key=in_hand_order):
        by_suit[card.position // 13].append(card)
    return by_suit


def sort_hands(taker: Iterable[Card], giver: Iterable[Card]) -> tuple[SuitSort, ...]:
    """Phase one for all four suits, in suit order."""
    return tuple(map(sort_suit, SUITS, cards_by_suit(taker), cards_by_suit(giver)))


def paired_count(taker: Sequence[Card], giver: Sequence[Card]) -> int:
    """How many tricks of one suit she can follow low: the number of pairs
    :func:`sort_suit` makes, counted without sorting the cards into areas."""
    paired = next_giver = 0
    giver_count = len(giver)
    for card in taker:
        rank = card.rank
        while next_giver < giver_count and giver[next_giver].rank > rank:
            next_giver += 1
        if next_giver == giver_count:
            break
        next_giver += 1
        paired += 1
    return paired


@dataclass(frozen=True)
class Areas:
    """Both players' areas after phase one, and the order the suits are attacked.

    ``attack_order`` lists the blocked suits in the order the taker opens them;
    on an impossible hand, the ones he can open before he is stuck.
    """

    taker_played: tuple[Card, ...]
    taker_blocked: tuple[Card, ...]
    taker_run: tuple[Card, ...]
    giver_played: tuple[Card, ...]
    giver_pitch: tuple[Card, ...]
    giver_keep: tuple[Card, ...]
    attack_order: tuple[Suit, ...]

    @classmethod
    def from_sorts(cls, sorts: Sequence[SuitSort], attack_order: Sequence[Suit]) -> Areas:
        """Collect the areas from phase one's per-suit results."""
        taker_played: list[Card] = []
        taker_blocked: list[Card] = []
        taker_run: list[Card] = []
        giver_played: list[Card] = []
        giver_pitch: list[Card] = []
        giver_keep: list[Card] = []
        for sort in sorts:
            taker_played += sort.taker_played
            giver_played += sort.giver_played
            if sort.state is BLOCKED:
                taker_blocked += sort.taker_rest
                giver_pitch += sort.giver_rest
            elif sort.state is RUN:
                taker_run += sort.taker_rest
            elif sort.state is KEEP:
                giver_keep += sort.giver_rest
        return cls(
            tuple(taker_played),
            tuple(taker_blocked),
            tuple(taker_run),
            tuple(giver_played),
            tuple(giver_pitch),
            tuple(giver_keep),
            tuple(attack_order),
        )

    def to_dict(self) -> dict[str, object]:
        """JSON-friendly: lists of card strings (``"AS"``) and suit letters."""

        def names(cards: tuple[Card, ...]) -> list[str]:
            return [str(card) for card in cards]

        return {
            "taker": {
                "played": names(self.taker_played),
                "blocked": names(self.taker_blocked),
                "run": names(self.taker_run),
            },
            "giver": {
                "played": names(self.giver_played),
                "pitch": names(self.giver_pitch),
                "keep": names(self.giver_keep),
            },
            "attack_order": [suit.letter for suit in self.attack_order],
        }
