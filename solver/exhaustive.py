"""Exhaustive search of all legal play: the yardstick the fast solver is proved against.

Two searches, both trying every legal lead and every legal reply:

* :func:`exhaustive_possible` is deliberately plain. A position is the two
  players' remaining cards, each a 52-bit mask (bit ``13 * suit + rank - 2``).
  From a position the taker may lead any card he holds; the giver must reply
  with a card of the suit led if she has one, else with any card. The taker
  must win every trick, so a reply is only worth trying if it keeps the trick
  for him: a card of another suit, or a lower card of the suit led. The hand
  is possible if some lead has such a reply after which the rest is possible.
  Positions are memoised (``functools.cache``) for one search at a time.

* :func:`exhaustive_possible_by_layout` makes the same search, move for move,
  but memoises positions by their *layout*: for each suit, who holds its
  remaining cards from the highest down (``"GTTG"``), the four suits' layouts
  sorted. Two positions with the same layout play alike (renaming ranks while
  keeping their order within each suit, and renaming suits, changes nothing in
  the rules), so the memo is shared by all deals, which makes long hands quick.
  The tests check the two searches agree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache, lru_cache

from .cards import SUITS, Card, check_deal
from .replay import Trick

_SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * index) for index in range(4))


def card_bit(card: Card) -> int:
    """The card's bit position: 13 per suit, low ranks on low bits."""
    return 13 * card.suit.index + card.rank - 2


def card_at(bit: int) -> Card:
    """The card whose bit position is ``bit``."""
    return Card(SUITS[bit // 13], bit % 13 + 2)


def cards_mask(cards: Sequence[Card]) -> int:
    """The cards as one 52-bit mask."""
    mask = 0
    for card in cards:
        mask |= 1 << card_bit(card)
    return mask


def exhaustive_possible(taker: Sequence[Card], giver: Sequence[Card]) -> bool:
    """True if the taker can win every trick, trying every legal line of play."""
    taker, giver = check_deal(taker, giver)
    taker_mask, giver_mask = cards_mask(taker), cards_mask(giver)
    return _possible_from(taker_mask, giver_mask)(taker_mask, giver_mask)


def exhaustive_line(taker: Sequence[Card], giver: Sequence[Card]) -> tuple[Trick, ...] | None:
    """A winning line found by exhaustive search, or None if there is none."""
    taker, giver = check_deal(taker, giver)
    moves = _search(cards_mask(taker), cards_mask(giver))
    if moves is None:
        return None
    return tuple((card_at(lead), card_at(reply)) for lead, reply in moves)


def _search(taker: int, giver: int) -> list[tuple[int, int]] | None:
    """The (lead, reply) bits of a winning line from this position, or None."""
    possible = _possible_from(taker, giver)
    if not possible(taker, giver):
        return None
    moves: list[tuple[int, int]] = []
    while taker:
        lead, reply = next(
            (lead, reply)
            for lead, reply in _winning_tricks(taker, giver)
            if possible(taker & ~(1 << lead), giver & ~(1 << reply))
        )
        moves.append((lead, reply))
        taker &= ~(1 << lead)
        giver &= ~(1 << reply)
    return moves


def _possible_from(taker: int, giver: int) -> Callable[[int, int], bool]:
    """A memoised 'can the taker win every remaining trick' for one deal."""

    @cache
    def possible(taker: int, giver: int) -> bool:
        if not taker:
            return True
        return any(
            possible(taker & ~(1 << lead), giver & ~(1 << reply))
            for lead, reply in _winning_tricks(taker, giver)
        )

    return possible


def _winning_tricks(taker: int, giver: int) -> Iterator[tuple[int, int]]:
    """Every legal (lead, reply) from this position that the taker wins."""
    for lead in _bits(taker):
        suit_mask = _SUIT_MASKS[lead // 13]
        if giver & suit_mask:
            # She must follow; the taker keeps the trick only if she plays lower.
            replies = giver & suit_mask & ((1 << lead) - 1)
        else:
            # She is void in the suit led: any card is a pitch and loses the trick.
            replies = giver
        for reply in _bits(replies):
            yield lead, reply


def _bits(mask: int) -> Iterator[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


Layout = tuple[str, ...]
"""Per suit, who holds its remaining cards from the highest down ("T" or "G"); sorted."""


def deal_layout(taker: Sequence[Card], giver: Sequence[Card]) -> Layout:
    """The layout of a deal: per suit the owners of its cards, high to low, sorted."""
    owners = {card: "T" for card in taker} | {card: "G" for card in giver}
    return tuple(
        sorted(
            "".join(owners[card] for card in sorted(owners) if card.suit is suit) for suit in SUITS
        )
    )


def exhaustive_possible_by_layout(taker: Sequence[Card], giver: Sequence[Card]) -> bool:
    """True if the taker can win every trick: every legal line tried, memo shared by layout."""
    taker, giver = check_deal(taker, giver)
    return layout_possible(deal_layout(taker, giver))


@lru_cache(maxsize=1_000_000)
def layout_possible(layout: Layout) -> bool:
    """True if the taker can win every remaining trick of a position with this layout."""
    if not any("T" in suit for suit in layout):
        return True
    return any(layout_possible(after) for after in _layouts_after_winning_tricks(layout))


def _layouts_after_winning_tricks(layout: Layout) -> set[Layout]:
    """The layouts after each legal trick the taker wins (duplicates merged)."""
    after: set[Layout] = set()
    for led, suit in enumerate(layout):
        giver_follows = "G" in suit
        for lead, owner in enumerate(suit):
            if owner != "T":
                continue
            suit_left = _without(suit, lead)
            if giver_follows:
                # She must follow; he keeps the trick only if she plays lower.
                for reply in range(lead, len(suit_left)):
                    if suit_left[reply] == "G":
                        after.add(_replaced(layout, {led: _without(suit_left, reply)}))
                continue
            # She is void in the suit led: she pitches any card.
            for other, other_suit in enumerate(layout):
                for reply, other_owner in enumerate(other_suit):
                    if other_owner == "G":
                        after.add(
                            _replaced(layout, {led: suit_left, other: _without(other_suit, reply)})
                        )
    return after


def _without(suit: str, position: int) -> str:
    return suit[:position] + suit[position + 1 :]


def _replaced(layout: Layout, changes: dict[int, str]) -> Layout:
    return tuple(sorted(changes.get(index, suit) for index, suit in enumerate(layout)))
