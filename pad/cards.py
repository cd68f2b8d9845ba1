"""The pad's view of a lost hand's cards: checked and judged by the solver."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import solver


class CardsError(ValueError):
    """Cards that cannot be a Gorilla deal; the message names the bad token."""


@dataclass(frozen=True)
class CheckedCards:
    taker: str
    giver: str
    verdict: str  # "P" or "I": the solver's verdict on these cards


@functools.lru_cache(maxsize=256)
def check_cards(taker_cards: str, giver_cards: str) -> CheckedCards:
    """Both hands in the canonical notation, with the solver's verdict.

    Kept for the last few deals: recording a gorillaed-out hand asks for the
    verdict to decide whose it is, then checks the hand it records, and the
    solver runs once for both."""
    if not taker_cards.strip():
        raise CardsError("the taker's cards are missing")
    if not giver_cards.strip():
        raise CardsError("the giver's cards are missing")
    try:
        result = solver.gorilla_out(taker_cards, giver_cards)
    except solver.CardError as error:
        raise CardsError(str(error)) from None
    return CheckedCards(
        taker=" ".join(str(card) for card in result.taker),
        giver=" ".join(str(card) for card in result.giver),
        verdict="P" if result.possible else "I",
    )
