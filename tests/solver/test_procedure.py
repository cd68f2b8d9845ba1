"""Phase one's pairing, the order of attack, and where the manual's procedure fails."""

import random
from itertools import combinations, permutations

import pytest

from solver import exhaustive_possible, gorilla_out, parse_hand
from solver.areas import SuitState, paired_count, sort_hands, sort_suit
from solver.cards import RANKS, Card, Suit
from solver.deals import mixed_deals
from solver.manual_procedure import first_suit, last_suit, manual_verdict
from solver.schedule import can_open_all, opens_all, plan_attack


def most_pairs(taker: list[int], giver: list[int]) -> int:
    """The most tricks she can follow low, by trying every pairing."""
    best = 0
    for size in range(1, min(len(taker), len(giver)) + 1):
        for his in combinations(taker, size):
            for hers in permutations(giver, size):
                if all(h > g for h, g in zip(his, hers)):
                    best = max(best, size)
    return best


def spades(ranks: list[int]) -> list[Card]:
    return [Card(Suit.SPADES, rank) for rank in sorted(ranks, reverse=True)]


def test_phase_one_pairs_as_many_tricks_as_any_pairing():
    rng = random.Random(7)
    for _ in range(400):
        ranks = rng.sample(RANKS, rng.randint(1, 9))
        cut = rng.randint(0, len(ranks))
        taker, giver = ranks[:cut], ranks[cut:]
        sort = sort_suit(Suit.SPADES, spades(taker), spades(giver))
        assert len(sort.taker_played) == most_pairs(taker, giver)
        assert paired_count(spades(taker), spades(giver)) == len(sort.taker_played)
        for his, hers in zip(sort.taker_played, sort.giver_played):
            assert his.rank > hers.rank
        if sort.taker_rest and sort.giver_rest:  # blocked: all her rest above all his
            assert min(card.rank for card in sort.giver_rest) > max(
                card.rank for card in sort.taker_rest
            )
            assert sort.state is SuitState.BLOCKED


def test_phase_one_missing_branch_sends_his_rest_to_blocked_and_hers_to_pitch():
    sort = sort_suit(Suit.SPADES, spades([10, 3, 2]), spades([14, 13, 9]))
    assert [card.rank for card in sort.taker_played] == [10]
    assert [card.rank for card in sort.giver_played] == [9]
    assert [card.rank for card in sort.taker_rest] == [3, 2]
    assert [card.rank for card in sort.giver_rest] == [14, 13]
    assert sort.state is SuitState.BLOCKED


def test_attack_order_opens_every_suit_whenever_some_order_does():
    rng = random.Random(8)
    for _ in range(3000):
        run_cards = rng.randint(0, 6)
        suits = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(rng.randint(0, 5))]
        assert can_open_all(run_cards, suits) is opens_all(run_cards, suits), (run_cards, suits)


def test_plan_attack_and_bare_numbers_agree():
    for taker, giver in mixed_deals(9, 1500):
        sorts = sort_hands(taker, giver)
        blocked = [(s.cost, s.gain) for s in sorts if s.state is SuitState.BLOCKED]
        run_cards = sum(s.gain for s in sorts if s.state is SuitState.RUN)
        attack = plan_attack(sorts)
        assert attack.succeeds is can_open_all(run_cards, blocked) is opens_all(run_cards, blocked)


# Budget 5 run cards (spades); hearts cost 2 and free 1; diamonds cost 5 and free 3.
# Largest surplus attacks hearts first (-1 > -2) and is stuck at 4 run cards;
# diamonds first works: 5 - 5 + 3 = 3, then hearts: 3 - 2 + 1 = 2 for her 2 clubs.
SURPLUS_TRAP = ("S AKQJT H 2 D 432", "H AK D AKQJT C AK")
# Budget 3; hearts cost 3 and free 2, diamonds cost 2 and free 1: the same surplus.
# Hearts first works (3 - 3 + 2 = 2, then 2 - 2 + 1 = 1); diamonds first is stuck.
TIE_TRAP = ("S AKQ H 32 D 2", "H AKQ D AK C A")


def test_largest_surplus_calls_a_possible_hand_impossible():
    taker, giver = map(parse_hand, SURPLUS_TRAP)
    assert exhaustive_possible(taker, giver) is True
    assert manual_verdict(taker, giver, first_suit) is False
    assert manual_verdict(taker, giver, last_suit) is False
    result = gorilla_out(taker, giver)
    assert result.possible is True
    assert [suit.letter for suit in result.areas.attack_order] == ["D", "H"]


def test_unlucky_tie_break_calls_a_possible_hand_impossible():
    taker, giver = map(parse_hand, TIE_TRAP)
    assert exhaustive_possible(taker, giver) is True
    assert manual_verdict(taker, giver, first_suit) is True
    assert manual_verdict(taker, giver, last_suit) is False
    result = gorilla_out(taker, giver)
    assert result.possible is True
    assert [suit.letter for suit in result.areas.attack_order] == ["H", "D"]


@pytest.mark.parametrize("tie_break", [first_suit, last_suit])
def test_manual_procedure_never_calls_an_impossible_hand_possible(tie_break):
    wrong = 0
    for taker, giver in mixed_deals(11, 1500):
        manual = manual_verdict(taker, giver, tie_break)
        exact = gorilla_out(taker, giver).possible
        assert not (manual and not exact)
        wrong += exact and not manual
    assert wrong > 0  # the adversarial deals do catch the manual out
