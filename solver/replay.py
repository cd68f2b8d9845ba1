"""Replaying a line of play trick by trick with the rules of card play."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card

Trick = tuple[Card, Card]
"""One trick: the taker's lead, then the giver's reply."""


class IllegalLine(ValueError):
    """A line of play that breaks the rules, is incomplete, or loses a trick."""


def taker_wins(lead: Card, reply: Card) -> bool:
    """The taker wins unless the giver followed suit with a higher card."""
    return reply.suit is not lead.suit or reply.rank < lead.rank


def replay(
    taker: Sequence[Card], giver: Sequence[Card], line: Sequence[Trick]
) -> tuple[bool, ...]:
    """Play ``line`` from the deal; return, per trick, whether the taker won it.

    Raises :class:`IllegalLine` if a player plays a card she or he does not
    hold (or holds no more), if the giver does not follow suit when she can, or
    if the line does not play out every card.
    """
    taker_left = {card.position for card in taker}
    giver_left = {card.position for card in giver}
    giver_suit_lengths = [0, 0, 0, 0]
    for position in giver_left:
        giver_suit_lengths[position // 13] += 1
    won: list[bool] = []
    for number, trick in enumerate(line, start=1):
        try:
            lead, reply = trick
        except (TypeError, ValueError):
            raise IllegalLine(f"trick {number} is not a pair of cards: {trick!r}") from None
        if not isinstance(lead, Card) or lead.position not in taker_left:
            raise IllegalLine(f"trick {number}: the taker does not hold {lead}")
        if not isinstance(reply, Card) or reply.position not in giver_left:
            raise IllegalLine(f"trick {number}: the giver does not hold {reply}")
        if reply.suit is not lead.suit and giver_suit_lengths[lead.position // 13]:
            raise IllegalLine(
                f"trick {number}: the giver pitches {reply} on {lead} "
                f"but must follow suit, she still holds {lead.suit.noun}"
            )
        taker_left.remove(lead.position)
        giver_left.remove(reply.position)
        giver_suit_lengths[reply.position // 13] -= 1
        won.append(taker_wins(lead, reply))
    if taker_left or giver_left:
        raise IllegalLine(
            f"the line stops after {len(won)} tricks with "
            f"{len(taker_left)} taker and {len(giver_left)} giver cards unplayed"
        )
    return tuple(won)


def check_line(taker: Sequence[Card], giver: Sequence[Card], line: Sequence[Trick]) -> None:
    """Raise :class:`IllegalLine` unless ``line`` is a legal play of the whole
    deal in which the taker wins every trick."""
    for number, won in enumerate(replay(taker, giver, line), start=1):
        if not won:
            lead, reply = line[number - 1]
            raise IllegalLine(f"trick {number}: the giver's {reply} beats the taker's {lead}")


def is_winning_line(taker: Sequence[Card], giver: Sequence[Card], line: Sequence[Trick]) -> bool:
    """True if ``line`` is legal, plays every card and the taker wins every trick."""
    try:
        check_line(taker, giver, line)
    except IllegalLine:
        return False
    return True
