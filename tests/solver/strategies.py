"""Hypothesis strategies for hands and deals."""

from hypothesis import strategies as st

from solver import DECK, Card
from solver.deals import Deal


@st.composite
def deals(draw: st.DrawFn, min_size: int = 1, max_size: int = 13) -> Deal:
    """Two hands of the same size, 1 to 13 cards, no card in both."""
    size = draw(st.integers(min_size, max_size))
    cards = draw(
        st.lists(st.sampled_from(DECK), min_size=2 * size, max_size=2 * size, unique=True)
    )
    return tuple(sorted(cards[:size])), tuple(sorted(cards[size:]))


@st.composite
def hands(draw: st.DrawFn) -> tuple[Card, ...]:
    """One hand of 1 to 13 cards."""
    cards = draw(st.lists(st.sampled_from(DECK), min_size=1, max_size=13, unique=True))
    return tuple(sorted(cards))
