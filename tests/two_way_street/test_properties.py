"""Hypothesis properties of a hand's scores (section 3a) and of a game's state (3b)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from two_way_street.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Case,
    InvalidGame,
    game_state,
    n_for_players,
    score_hand,
)

entries = st.tuples(
    st.integers(min_value=0, max_value=20),
    st.sampled_from(["high", "low"]),
    st.sampled_from(["declared", "forced"]),
)
hands = st.lists(entries, min_size=MIN_PLAYERS, max_size=MAX_PLAYERS)


@given(hands)
def test_raw_is_tricks_high_or_n_minus_tricks_low_below_zero_past_n(hand):
    n = n_for_players(len(hand))
    for (tricks, direction, _), score in zip(hand, score_hand(hand)):
        assert score.raw == (tricks if direction == "high" else n - tricks)
        assert score.over_n == (direction == "low" and tricks > n)
        assert (score.raw < 0) == score.over_n


# Section 3a written out again, step by step in its own words, to check the
# pad against: nothing of the rules module is used.
TEXT_N = {3: 8, 4: 6, 5: 5, 6: 4, 7: 3, 8: 3, 9: 2, 10: 2}  # "11+ : 1"


def text_finals(hand):
    """Each player's final score for ``hand`` as section 3a computes it."""
    n = TEXT_N.get(len(hand), 1)
    # "If they are playing "high" then this is their Raw Score [...]. If they
    # are playing "low", then the Raw Score is equal to N-t."
    raw = [tricks if direction == "high" else n - tricks for tricks, direction, _ in hand]
    place = sorted(raw, reverse=True)  # place[0] is the first place score, ...
    first, second, third = place[0], place[1], place[2]
    fourth = place[3] if len(place) > 3 else None  # three players have none
    if second != third:  # A. no tie for second place
        penalty, tie = third, None
    elif fourth is not None and fourth != third:  # B. second and third tied, fourth distinct
        penalty, tie = fourth, None
    elif first > second:  # C. second, third and fourth tied, first higher
        penalty, tie = second, second
    else:  # D. the tie includes 1st-4th
        not_in_tie = [score for score in raw if score != first]
        penalty, tie = (max(not_in_tie) if not_in_tie else first), None
    finals = []
    for score, (_, _, choice) in zip(raw, hand):
        # "Any players in this tie who were forced have a final score of 1 instead of 0."
        if tie is not None and score == tie and choice == "forced":
            finals.append(1)
            continue
        # "Subtract the "penalty" from each player's score, raising negative
        # results to zero" and "multiply [...] by two, if that player declared,
        # or three, if that player was forced."
        refined = score - penalty if score - penalty > 0 else 0
        finals.append(refined * (2 if choice == "declared" else 3))
    return finals


@settings(max_examples=1000)
@given(hands)
def test_the_pad_s_finals_are_the_text_s(hand):
    assert [score.final for score in score_hand(hand)] == text_finals(hand)


def test_the_text_s_finals_of_hands_with_a_low_player_over_n():
    # The reference against hands worked by hand (RULES.md's examples).
    assert text_finals([(5, "high", "declared"), (2, "high", "declared"), (10, "low", "declared")]) == [14, 8, 0]
    assert text_finals(
        [(5, "high", "declared"), (0, "high", "forced"), (0, "high", "declared"), (8, "low", "forced")]
    ) == [14, 6, 4, 0]


@given(hands)
def test_refined_is_never_negative(hand):
    assert all(score.refined >= 0 for score in score_hand(hand))


@given(hands)
def test_penalty_never_exceeds_the_second_highest_raw_score(hand):
    scores = score_hand(hand)
    second_highest = sorted((score.raw for score in scores), reverse=True)[1]
    assert scores[0].penalty <= second_highest


@given(hands)
def test_final_is_twice_or_thrice_refined_except_the_case_c_rule(hand):
    scores = score_hand(hand)
    second_highest = sorted((score.raw for score in scores), reverse=True)[1]
    for (_, _, choice), score in zip(hand, scores):
        in_c_tie = score.case is Case.C and score.raw == second_highest
        if choice == "forced" and in_c_tie:
            assert score.final == 1
            assert score.refined == 0
        else:
            assert score.final == score.refined * (2 if choice == "declared" else 3)


@given(st.data())
def test_seat_order_changes_nobody_s_score(data):
    hand = data.draw(hands)
    order = data.draw(st.permutations(range(len(hand))))
    scores = score_hand(hand)
    permuted = score_hand([hand[index] for index in order])
    assert permuted == [scores[index] for index in order]


# The game.

TARGETS = st.integers(min_value=1, max_value=40)


@st.composite
def games(draw):
    players = draw(st.integers(min_value=MIN_PLAYERS, max_value=6))
    played = draw(st.lists(st.lists(entries, min_size=players, max_size=players), max_size=12))
    return players, played


def reference_end(played, target):
    """The number of hands the game lasts (None if it goes on), and the totals
    after each of them: at least one player at the target, one alone on top."""
    totals = None
    rows = []
    for number, hand in enumerate(played, start=1):
        finals = [score.final for score in score_hand(hand)]
        totals = finals if totals is None else [a + b for a, b in zip(totals, finals)]
        rows.append(tuple(totals))
        best = max(totals)
        if best >= target and totals.count(best) == 1:
            return number, rows
    return None, rows


@given(games(), TARGETS)
def test_totals_are_sums_of_finals_and_the_game_ends_when_the_rule_says(game, target):
    players, played = game
    end, rows = reference_end(played, target)
    kept = played if end is None else played[:end]
    state = game_state(kept, target)
    assert state.running_totals == tuple(rows)
    for hand_index, row in enumerate(state.running_totals):
        for seat, total in enumerate(row):
            assert total == sum(hand[seat].final for hand in state.hands[: hand_index + 1])
    assert state.finished == (end is not None)
    if end is None:
        assert state.winner is None
        assert state.next_hand_number == len(kept) + 1
        if state.target_reached:
            assert len(state.leaders) > 1
    else:
        assert state.leaders == (state.winner,)
        assert state.totals[state.winner] >= target
        assert state.places[state.winner].number == 1
        assert not state.places[state.winner].tied
        assert state.next_hand_number is None
        with pytest.raises(InvalidGame):
            game_state([*kept, [(0, "high", "declared")] * players], target)
    # No earlier hand ended the game.
    for prefix in range(len(kept)):
        assert not game_state(kept[:prefix], target, player_count=players).finished


@given(games(), TARGETS)
def test_places_count_the_players_ahead(game, target):
    _, played = game
    end, _ = reference_end(played, target)
    state = game_state(played if end is None else played[:end], target)
    for total, place in zip(state.totals, state.places):
        assert place.number == 1 + sum(other > total for other in state.totals)
        assert place.tied == (state.totals.count(total) > 1)
