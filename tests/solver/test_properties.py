"""Properties every verdict, line and parse must have, checked with hypothesis."""

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from solver import (
    SUITS,
    Card,
    exhaustive_possible,
    format_cards,
    format_hand,
    gorilla_out,
    is_winning_line,
    parse_hand,
)
from solver.deals import Deal
from solver.manual_procedure import manual_verdict

from .strategies import deals, hands

EXAMPLES = settings(max_examples=300)


@EXAMPLES
@given(deals(max_size=8))
def test_verdict_is_the_exhaustive_verdict(deal: Deal):
    taker, giver = deal
    assert gorilla_out(taker, giver).possible is exhaustive_possible(taker, giver)


@EXAMPLES
@given(deals())
def test_line_is_legal_winning_and_one_trick_per_card(deal: Deal):
    taker, giver = deal
    result = gorilla_out(taker, giver)
    if result.possible:
        assert len(result.line) == len(taker)
        assert sorted(lead for lead, _ in result.line) == sorted(taker)
        assert sorted(reply for _, reply in result.line) == sorted(giver)
        assert is_winning_line(taker, giver, result.line)
    else:
        assert result.line is None


@EXAMPLES
@given(deals(min_size=2))
def test_one_trick_into_a_winning_line_is_still_possible(deal: Deal):
    taker, giver = deal
    result = gorilla_out(taker, giver)
    assume(result.possible)
    lead, reply = result.line[0]
    rest = gorilla_out(
        [card for card in taker if card != lead], [card for card in giver if card != reply]
    )
    assert rest.possible


@EXAMPLES
@given(deals(), st.data())
def test_giving_the_taker_the_higher_card_of_a_suit_never_hurts(deal: Deal, data: st.DataObject):
    taker, giver = deal
    swaps = [
        (his, hers)
        for his in taker
        for hers in giver
        if his.suit is hers.suit and his.rank < hers.rank
    ]
    assume(swaps)
    his, hers = data.draw(st.sampled_from(swaps))
    swapped_taker = [hers if card == his else card for card in taker]
    swapped_giver = [his if card == hers else card for card in giver]
    if gorilla_out(taker, giver).possible:
        assert gorilla_out(swapped_taker, swapped_giver).possible


@EXAMPLES
@given(deals(max_size=12), st.data())
def test_adding_a_trick_she_follows_low_never_hurts(deal: Deal, data: st.DataObject):
    """Give him the top free card of a suit and her a lower free one of it."""
    taker, giver = deal
    used = set(taker) | set(giver)
    suit = data.draw(st.sampled_from(SUITS))
    free = [card for card in sorted(Card(suit, rank) for rank in range(2, 15)) if card not in used]
    assume(len(free) >= 2)
    top = free[0]
    below = data.draw(st.sampled_from(free[1:]))
    before = gorilla_out(taker, giver).possible
    after = gorilla_out([*taker, top], [*giver, below]).possible
    assert after or not before


@EXAMPLES
@given(deals(), st.permutations(SUITS))
def test_renaming_suits_changes_nothing(deal: Deal, renamed):
    taker, giver = deal
    rename = dict(zip(SUITS, renamed))

    def renamed_hand(hand):
        return [Card(rename[card.suit], card.rank) for card in hand]

    result = gorilla_out(taker, giver)
    other = gorilla_out(renamed_hand(taker), renamed_hand(giver))
    assert (other.possible, other.possible_if_swapped) == (
        result.possible,
        result.possible_if_swapped,
    )


@EXAMPLES
@given(deals())
def test_possible_if_swapped_is_the_verdict_with_roles_exchanged(deal: Deal):
    taker, giver = deal
    assert gorilla_out(taker, giver).possible_if_swapped is gorilla_out(giver, taker).possible


@EXAMPLES
@given(deals())
def test_manual_procedure_is_never_too_optimistic(deal: Deal):
    taker, giver = deal
    assert gorilla_out(taker, giver).possible or not manual_verdict(taker, giver)


@EXAMPLES
@given(deals())
def test_areas_partition_both_hands(deal: Deal):
    taker, giver = deal
    areas = gorilla_out(taker, giver).areas
    assert sorted(areas.taker_played + areas.taker_blocked + areas.taker_run) == list(taker)
    assert sorted(areas.giver_played + areas.giver_pitch + areas.giver_keep) == list(giver)
    assert len(areas.taker_played) == len(areas.giver_played)
    for his, hers in zip(areas.taker_played, areas.giver_played):
        assert his.suit is hers.suit and his.rank > hers.rank
    blocked_suits = {card.suit for card in areas.taker_blocked}
    assert blocked_suits == {card.suit for card in areas.giver_pitch}
    assert not blocked_suits & {card.suit for card in areas.taker_run + areas.giver_keep}
    assert set(areas.attack_order) <= blocked_suits


@EXAMPLES
@given(deals())
def test_reason_is_one_or_two_sentences(deal: Deal):
    taker, giver = deal
    reason = gorilla_out(taker, giver).reason
    assert reason.endswith(".")
    assert 1 <= reason.count(". ") + 1 <= 2


@EXAMPLES
@given(hands())
def test_card_by_card_notation_round_trips(hand):
    assert parse_hand(format_cards(hand)) == hand
    assert parse_hand(format_cards(hand, symbols=True)) == hand
    assert parse_hand(format_cards(hand).lower().replace(" ", ",")) == hand


@EXAMPLES
@given(hands(), st.permutations(range(4)))
def test_suit_by_suit_notation_round_trips(hand, order):
    assert parse_hand(format_hand(hand)) == hand
    assert parse_hand(format_hand(hand, symbols=True)) == hand
    groups = format_hand(hand, symbols=True).split(" ")
    shuffled = " ".join(groups[index] for index in order)
    assert parse_hand(shuffled.replace("10", "T").lower()) == hand


@EXAMPLES
@given(hands())
def test_card_strings_read_back(hand):
    assert tuple(parse_hand(" ".join(str(card) for card in hand))) == hand
    assert tuple(parse_hand(" ".join(card.symbol for card in hand))) == hand
