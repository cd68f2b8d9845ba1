"""Scoring one hand: the text's N table, cases A to D, the worked examples of
RULES.md and the refusals of bad input. Every expected number is worked by hand
from the text (section 3a)."""

import pytest

from two_way_street.rules import (
    MAX_PLAYERS,
    Case,
    Choice,
    Direction,
    InvalidHand,
    PlayerResult,
    case_descriptions,
    check_trick_total,
    n_for_players,
    penalty,
    score_hand,
)


def column(scores, attribute):
    return [getattr(score, attribute) for score in scores]


def high(tricks, forced=False):
    return (tricks, "high", "forced" if forced else "declared")


def low(tricks, forced=False):
    return (tricks, "low", "forced" if forced else "declared")


# N, as the text lists it.


@pytest.mark.parametrize(
    ("players", "n"),
    [(2, 10), (3, 8), (4, 6), (5, 5), (6, 4), (7, 3), (8, 3), (9, 2), (10, 2), (11, 1), (12, 1)],
)
def test_n_by_number_of_players(players, n):
    assert n_for_players(players) == n


def test_raw_score_of_a_low_player_is_n_minus_tricks():
    # Five players: N = 5.
    scores = score_hand([low(0), low(2), low(5), high(3), high(0)])
    assert column(scores, "raw") == [5, 3, 0, 3, 0]
    assert column(scores, "n") == [5] * 5


# The worked examples of RULES.md.

ANN_BEN_CAT_DAN = ["Ann", "Ben", "Cat", "Dan"]


def test_worked_hand_1_case_a():
    scores = score_hand([high(5), high(3, forced=True), low(2), low(0, forced=True)])
    assert column(scores, "raw") == [5, 3, 4, 6]
    assert column(scores, "case") == [Case.A] * 4
    assert column(scores, "penalty") == [4] * 4
    assert column(scores, "refined") == [1, 0, 0, 2]
    assert column(scores, "multiplier") == [2, 3, 2, 3]
    assert column(scores, "final") == [2, 0, 0, 6]


def test_worked_hand_2_case_b():
    scores = score_hand([high(4), low(3), high(3, forced=True), low(5)])
    assert column(scores, "raw") == [4, 3, 3, 1]
    assert scores[0].case is Case.B
    assert scores[0].penalty == 1
    assert column(scores, "refined") == [3, 2, 2, 0]
    assert column(scores, "final") == [6, 4, 6, 0]


def test_worked_case_c_forced_players_in_the_tie_score_one():
    scores = score_hand([high(5), high(2, forced=True), low(4), low(4, forced=True)])
    assert column(scores, "raw") == [5, 2, 2, 2]
    assert scores[0].case is Case.C
    assert scores[0].penalty == 2
    assert column(scores, "refined") == [3, 0, 0, 0]
    assert column(scores, "final") == [6, 1, 0, 1]
    assert column(scores, "case_c_forced") == [False, True, False, True]


def test_worked_case_d_penalty_is_the_highest_score_below_the_tie():
    scores = score_hand([high(3), low(2), high(3, forced=True), low(2, forced=True), high(1)])
    assert column(scores, "raw") == [3, 3, 3, 3, 1]
    assert scores[0].case is Case.D
    assert scores[0].penalty == 1
    assert column(scores, "refined") == [2, 2, 2, 2, 0]
    assert column(scores, "final") == [4, 4, 6, 6, 0]


def test_worked_case_d_everybody_tied_scores_nothing():
    scores = score_hand([high(3), low(2), high(3, forced=True), low(2, forced=True), high(3)])
    assert column(scores, "raw") == [3] * 5
    assert scores[0].case is Case.D
    assert scores[0].penalty == 3
    assert column(scores, "final") == [0] * 5


def test_worked_three_players_second_and_third_tied_is_case_c():
    scores = score_hand([high(6), high(3, forced=True), low(5)])
    assert column(scores, "raw") == [6, 3, 3]
    assert scores[0].case is Case.C
    assert scores[0].penalty == 3
    assert column(scores, "refined") == [3, 0, 0]
    assert column(scores, "final") == [6, 1, 0]


def test_worked_low_player_over_n_scores_n_minus_tricks_below_zero():
    # Four players, N = 6: Dan took 8 tricks playing low, raw 6 − 8 = −2.
    scores = score_hand([high(7), high(3), high(2), low(8)])
    assert column(scores, "raw") == [7, 3, 2, -2]
    assert column(scores, "over_n") == [False, False, False, True]
    assert scores[0].case is Case.A
    assert scores[0].penalty == 2
    assert column(scores, "refined") == [5, 1, 0, 0]
    assert column(scores, "final") == [10, 2, 0, 0]


def test_a_low_player_with_exactly_n_tricks_is_not_marked():
    scores = score_hand([high(1), high(2), high(3), low(6)])
    assert scores[3].raw == 0
    assert not scores[3].over_n


# Low players over N, as the text scores them: raw N − t below 0, and the
# penalty whatever the case makes it, below 0 too. Each hand can be played: its
# tricks add up to a full deal.


def test_three_players_a_low_player_over_n_makes_a_negative_penalty_in_case_a():
    # N = 8. Raw 5, 2, 8 − 10 = −2; in order 5, 2, −2: second and third differ,
    # case A, the penalty is the third place score, −2. Refined 5 − (−2) = 7,
    # 2 − (−2) = 4, −2 − (−2) = 0; declared, × 2: 14, 8, 0.
    scores = score_hand([high(5), high(2), low(10)], tricks_in_hand=17)
    assert column(scores, "raw") == [5, 2, -2]
    assert scores[0].case is Case.A
    assert scores[0].penalty == -2
    assert column(scores, "refined") == [7, 4, 0]
    assert column(scores, "final") == [14, 8, 0]


def test_four_players_a_low_player_over_n_makes_a_negative_penalty_in_case_b():
    # N = 6. Raw 4, 1, 1, 6 − 7 = −1: second and third tied at 1, fourth (−1)
    # distinct: case B, the penalty is −1. Refined 5, 2, 2, 0; × 2: 10, 4, 4, 0.
    scores = score_hand([high(4), high(1), high(1), low(7)], tricks_in_hand=13)
    assert column(scores, "raw") == [4, 1, 1, -1]
    assert scores[0].case is Case.B
    assert scores[0].penalty == -1
    assert column(scores, "refined") == [5, 2, 2, 0]
    assert column(scores, "final") == [10, 4, 4, 0]


def test_a_low_player_over_n_is_below_the_tie_not_in_it():
    # N = 6. Raw 5, 0, 0, 6 − 8 = −2: second and third tied at 0, fourth (−2)
    # distinct: case B, not C, the penalty is −2. Refined 7, 2, 2, 0; Ann
    # declared 7 × 2 = 14, Ben forced 2 × 3 = 6, Cat declared 2 × 2 = 4, Dan
    # forced 0 × 3 = 0: nobody scores the 1 of case C.
    scores = score_hand([high(5), high(0, forced=True), high(0), low(8, forced=True)], tricks_in_hand=13)
    assert column(scores, "raw") == [5, 0, 0, -2]
    assert scores[0].case is Case.B
    assert scores[0].penalty == -2
    assert column(scores, "refined") == [7, 2, 2, 0]
    assert column(scores, "final") == [14, 6, 4, 0]
    assert column(scores, "case_c_forced") == [False] * 4


# Each case from the text's wording, on raw scores alone.


@pytest.mark.parametrize(
    ("raws", "case", "amount"),
    [
        # A: no tie for second place; the penalty is the third place score.
        ([9, 7, 4, 1], Case.A, 4),
        ([9, 7, 4, 4], Case.A, 4),
        ([9, 9, 4, 1], Case.A, 4),  # first and second tied is no tie for second
        ([0, 5, 3], Case.A, 0),
        ([6, 5, 4], Case.A, 4),
        ([6, 6, 2], Case.A, 2),
        ([8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0], Case.A, 6),
        # B: second and third tied, fourth distinct; the fourth place score.
        ([9, 7, 7, 1], Case.B, 1),
        ([9, 7, 7, 0, 0], Case.B, 0),
        ([7, 7, 7, 2, 2], Case.B, 2),  # first in the tie too, fourth distinct
        ([1, 7, 9, 7], Case.B, 1),  # seat order does not matter
        # C: second, third and fourth tied, first higher; the second place score.
        ([9, 4, 4, 4], Case.C, 4),
        ([9, 4, 4, 4, 4, 1], Case.C, 4),
        ([1, 0, 0, 0], Case.C, 0),
        ([5, 2, 2], Case.C, 2),  # three players: decision 2 of RULES.md
        ([5, 2, -2], Case.A, -2),  # a low player over N: the penalty below 0
        ([4, 1, 1, -1], Case.B, -1),
        ([3, -1, -1, -1], Case.C, -1),
        ([-2, -2, -2, -2, -3], Case.D, -3),
        # D: the tie includes first to fourth.
        ([4, 4, 4, 4, 2, 1], Case.D, 2),
        ([4, 4, 4, 4, 4, 0], Case.D, 0),
        ([4, 4, 4, 4], Case.D, 4),
        ([0, 0, 0, 0, 0], Case.D, 0),
        ([3, 3, 3], Case.D, 3),  # three players all tied
    ],
)
def test_penalty_cases_from_the_text(raws, case, amount):
    assert penalty(raws).case is case
    assert penalty(raws).amount == amount


def test_three_players_cases_are_worded_without_a_fourth_place():
    # Decision 2 of RULES.md: C is second and third tied below first, D all
    # three tied, and B cannot happen.
    three = case_descriptions(3)
    assert list(three) == [Case.A, Case.C, Case.D]
    assert three[Case.C].startswith("second and third tied below first: the penalty is the second place score")
    assert three[Case.D] == "all three tied: the penalty is the tied score"
    assert not any("fourth" in words for words in three.values())
    for players in (4, 5, 12):
        assert list(case_descriptions(players)) == list(Case)
        assert "fourth" in case_descriptions(players)[Case.C]
        assert Case.C.description(players) == case_descriptions(players)[Case.C]


def test_case_c_tie_includes_players_below_fourth_place():
    # Six players, N = 4: raws 6, 2, 2, 2, 2, 0.
    scores = score_hand(
        [high(6), high(2, True), low(2, True), high(2), low(2, True), high(0, True)]
    )
    assert column(scores, "raw") == [6, 2, 2, 2, 2, 0]
    assert scores[0].case is Case.C
    assert column(scores, "final") == [8, 1, 1, 0, 1, 0]


def test_case_c_forced_player_below_the_tie_scores_zero():
    scores = score_hand([high(6), high(2), high(2), high(2), high(1, True)])
    assert scores[0].case is Case.C
    assert column(scores, "final") == [8, 0, 0, 0, 0]


def test_case_c_forced_leader_is_multiplied_by_three():
    scores = score_hand([high(6, True), high(2), high(2), high(2)])
    assert column(scores, "final") == [12, 0, 0, 0]


# Input forms.


def test_enums_plain_strings_and_player_results_are_alike():
    as_strings = score_hand([(5, "high", "declared"), (1, "low", "forced"), (2, "HIGH ", "Forced")])
    as_enums = score_hand(
        [
            PlayerResult(5, Direction.HIGH, Choice.DECLARED),
            (1, Direction.LOW, Choice.FORCED),
            (2, Direction.HIGH, Choice.FORCED),
        ]
    )
    assert as_strings == as_enums
    assert as_strings[2].direction is Direction.HIGH
    assert as_strings[2].choice is Choice.FORCED


def test_scores_serialise_to_plain_values():
    data = score_hand([high(5), high(3, True), low(2), low(0, True)])[3].to_dict()
    assert data["direction"] == "low"
    assert data["case"] == "A"
    assert data["final"] == 6


# Refusals.


def refusal(results, **kwargs):
    with pytest.raises(InvalidHand) as caught:
        score_hand(results, **kwargs)
    return caught.value


def test_negative_tricks_name_the_player():
    error = refusal([high(3), high(-1), high(2), high(1)], names=ANN_BEN_CAT_DAN)
    assert "seat 2 (Ben)" in str(error)
    assert "negative" in str(error)
    assert error.seat == 2


def test_negative_tricks_without_names_name_the_seat():
    error = refusal([high(3), high(2), low(-4)])
    assert "seat 3" in str(error)
    assert error.seat == 3


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ((2, "middle", "declared"), ['"high" or "low"', "'middle'"]),
        ((2, "high", "volunteered"), ['"declared" or "forced"', "'volunteered'"]),
        ((2, None, "forced"), ["direction"]),
    ],
)
def test_unknown_words_are_refused(entry, words):
    error = refusal([high(1), entry, high(2)], names=["Ann", "Ben", "Cat"])
    assert "seat 2 (Ben)" in str(error)
    for word in words:
        assert word in str(error)


@pytest.mark.parametrize("tricks", [2.5, "3", True, None])
def test_tricks_must_be_whole_numbers(tricks):
    error = refusal([high(1), high(2), (tricks, "high", "declared")])
    assert "seat 3" in str(error)
    assert "whole number" in str(error)


def test_an_entry_of_the_wrong_shape_is_refused():
    error = refusal([high(1), (2, "high"), high(2)])
    assert "seat 2" in str(error)


def test_two_players_are_sent_to_duels():
    error = refusal([high(3), low(2)])
    assert "Duel" in str(error)
    assert error.seat is None


@pytest.mark.parametrize("count", [0, 1])
def test_fewer_players_are_refused(count):
    assert "at least 3 players" in str(refusal([high(1)] * count))


def test_more_than_twelve_players_are_refused():
    assert MAX_PLAYERS == 12
    score_hand([high(1)] * 12)
    assert "at most 12" in str(refusal([high(1)] * 13))


def test_names_must_match_the_players():
    assert "2 names for 3 players" in str(refusal([high(1)] * 3, names=["Ann", "Ben"]))


def test_tricks_must_add_up_when_the_hand_size_is_given():
    hand = [high(5), high(3), low(2), low(3)]
    check_trick_total(hand, 13)
    assert score_hand(hand, tricks_in_hand=13) == score_hand(hand)
    error = refusal(hand, tricks_in_hand=12)
    assert "add up to 13" in str(error)
    assert "12" in str(error)
    with pytest.raises(InvalidHand):
        check_trick_total(hand, 14)


def test_without_a_hand_size_any_total_is_accepted():
    score_hand([high(0), high(0), high(0)])
    score_hand([high(40), low(40), high(40)])
