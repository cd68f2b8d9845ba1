"""The card grid of "Gorilla it out" (static/pad/pad.js) reads a typed card as
solver/cards.py does: every token of up to three characters built from ranks,
suits, separators and strays, in any case, and random longer ones, is the same
card for both or no card for either. Run under node (tests/javascript.py)."""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.cards import DECK, CardError, parse_card
from tests import javascript

RANKS = "AKQJT1098765432" + "akqjt"
SUITS = "SHDC" + "shdc" + "♠♥♦♣" + "♤♡♢♧"
OTHERS = ["", " ", "\u00a0", "\ufe0f", "\ufe0e", "0", "X", "-", ",", "1"]
ALPHABET = sorted(set(RANKS + SUITS) | set("".join(OTHERS)))


def python_card(token: str) -> str | None:
    try:
        return parse_card(token).text
    except CardError:
        return None


def phone_cards(tokens: list[str]) -> list[str | None]:
    return javascript.run(
        ["pad/pad.js"], "(tokens, exported) => tokens.map(exported['pad.js'].canonical)", tokens
    )


def assert_read_alike(tokens: list[str]) -> None:
    differ = [
        (token, phone, python_card(token))
        for token, phone in zip(tokens, phone_cards(tokens), strict=True)
        if phone != python_card(token)
    ]
    assert not differ, f"{len(differ)} tokens read differently (token, phone, server), e.g. {differ[:10]}"


def test_every_card_as_written_reads_alike():
    """Each of the 52 cards in each spelling: rank (T or 10, any case), suit
    letter (any case) or symbol, with stray spaces around."""
    tokens = []
    for card in DECK:
        ranks = {card.rank_label, card.rank_label.lower()} | ({"T", "t"} if card.rank == 10 else set())
        suits = {card.suit.letter, card.suit.letter.lower(), card.suit.symbol}
        for rank, suit in itertools.product(ranks, suits):
            tokens += [rank + suit, f" {rank}{suit} "]
    assert_read_alike(tokens)


def test_every_short_token_reads_alike():
    tokens = ["".join(chars) for length in range(4) for chars in itertools.product(ALPHABET, repeat=length)]
    assert len(tokens) > 30_000
    assert_read_alike(tokens)


@settings(max_examples=10, deadline=None, phases=javascript.BATCHES)
@given(st.lists(st.text(alphabet=st.sampled_from(ALPHABET), max_size=8), min_size=100, max_size=300))
def test_longer_tokens_read_alike(tokens):
    assert_read_alike(tokens)
