"""Gorilla it out: decide whether a Gorilla hand could have been made.

A pure-Python package (no Django): ``gorilla_out(taker, giver)`` takes the two
hands, as typed (``"AS KS 10H"`` or ``"S AK H 10 D - C -"``) or as cards, and
returns a :class:`GorillaResult` with the exact verdict, a winning line, the
reason and the manual's areas.
"""

from .areas import Areas
from .cards import (
    DECK,
    SUITS,
    Card,
    CardError,
    Suit,
    format_cards,
    format_hand,
    parse_card,
    parse_deal,
    parse_hand,
)
from .exhaustive import exhaustive_line, exhaustive_possible, exhaustive_possible_by_layout
from .gorilla import GorillaResult, gorilla_out, is_possible
from .replay import IllegalLine, Trick, check_line, is_winning_line, replay

__all__ = [
    "DECK",
    "SUITS",
    "Areas",
    "Card",
    "CardError",
    "GorillaResult",
    "IllegalLine",
    "Suit",
    "Trick",
    "check_line",
    "exhaustive_line",
    "exhaustive_possible",
    "exhaustive_possible_by_layout",
    "format_cards",
    "format_hand",
    "gorilla_out",
    "is_possible",
    "is_winning_line",
    "parse_card",
    "parse_deal",
    "parse_hand",
    "replay",
]
