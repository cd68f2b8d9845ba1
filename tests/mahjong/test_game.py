"""A game hand by hand (mahjong.game): the deal passing round the table, the
winner's hand scored with the winds of its deal, the settlement and totals."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong import Wind
from mahjong.game import MAX_HANDS, EntryError, HandEntry, play

# Ann, Ben, Cat, Dan round the table: Ann East in hand 1.
# South (Ben) wins hand 1 with this hand: concealed pungs of East (the
# prevailing wind) and Red, drawn from the wall: 38 points x 2^3 = 300.
BEN_WINS = HandEntry(1, (10, None, 20, 0), "EEE RdRdRd 234c 678c 99c", "9c", True)


def test_a_winner_s_hand_is_scored_with_the_winds_of_its_deal_and_settled():
    state = play([BEN_WINS])
    hand = state.hands[0]
    assert hand.card.score == 300
    assert hand.scores == (10, 300, 20, 0)
    # Ben 300 from each: Ann (East) 600, Cat 300, Dan 300; among the losers:
    # Ann pays Cat (20 - 10) x 2 = 20, Dan pays Ann (10 - 0) x 2 = 20, Dan pays Cat 20.
    assert hand.net == (-600 - 20 + 20, 1200, -300 + 20 + 20, -300 - 20 - 20)
    assert sum(hand.net) == 0
    assert state.totals == hand.net


def test_east_passes_to_the_south_when_another_wins_and_keeps_it_after_winning_or_a_washout():
    washout = HandEntry(None, (0, 0, 0, 0))
    east_wins = HandEntry(1, (10, 40, 0, 0))  # Ben, East in hand 3
    state = play([BEN_WINS, washout, east_wins])
    assert [hand.deal.east_player for hand in state.hands] == [0, 1, 1]
    assert state.deal.east_player == 1 and state.deal.prevailing_wind is Wind.EAST
    assert state.hands[1].net == (0, 0, 0, 0)


def test_the_same_hand_scores_more_for_the_player_whose_own_wind_prevails():
    # Ann holds the pung of East: in hand 1 she is East in the East round (two doubles).
    ann_wins = HandEntry(0, (None, 0, 0, 0), "EEE RdRdRd 234c 678c 99c", "9c", True)
    assert play([ann_wins]).hands[0].card.score == 500  # 38 x 2^4 = 608, the limit


def test_the_game_ends_after_the_north_round():
    others_win = [HandEntry(winner, tuple(20 if p == winner else 0 for p in range(4)))
                  for winner in (1, 2, 3, 0)] * 4
    state = play(others_win)
    assert [hand.deal.prevailing_wind for hand in state.hands[::4]] == list(Wind)
    assert state.finished and state.next_hand_number is None
    with pytest.raises(EntryError, match="the game ended before hand 17"):
        play([*others_win, others_win[0]])


@pytest.mark.parametrize(
    ("entry", "field", "message"),
    [
        (HandEntry(1, (0, None, 0, 0)), "score_2", "no score for the winner"),
        (HandEntry(1, (0, 10, 0, 0)), "score_2", "the winner's score is 10: it must be 20 to 500"),
        (HandEntry(1, (0, 20, 501, 0)), "score_3", "the score of player 3 is 501"),
        (HandEntry(1, (0, None, 0, 0), "123b 456b 789b 111c 99d 9d", "9d"), "winning_hand", "15 concealed tiles"),
        (HandEntry(1, (0, None, 0, 0), "[1111b] 1b 23c 456c 789c 99d", "9d"), "winning_hand", "appears 5 times"),
        (HandEntry(1, (0, None, 0, 0), "[ESW] 123c 456c 789c 99d", "9d"), "winning_hand", "chow of honours"),
        (HandEntry(1, (0, None, 0, 0), "123c 456c 789c 99d 11b", ""), "winning_tile", "name the winning tile"),
        (HandEntry(1, (0, None, 0, 0), "123c 456c 789c 99d 111b", "5b"), "winning_tile", "not among"),
        (HandEntry(1, (0, None, 0, 0), "123c 456c 789c 99d 111b", "x"), "winning_tile", "unknown tile 'x'"),
    ],
)
def test_a_bad_hand_names_the_field_at_fault(entry, field, message):
    with pytest.raises(EntryError, match=message) as raised:
        play([entry])
    assert raised.value.field == field
    assert str(raised.value).startswith("hand 1: ")


def test_a_game_holds_at_most_max_hands():
    east_wins = HandEntry(0, (20, 0, 0, 0))
    state = play([east_wins] * MAX_HANDS)
    assert state.full and state.next_hand_number is None and not state.finished


@st.composite
def typed_hands(draw):
    """A hand as typed on the sheet: a winner (or a washout) and four scores in range."""
    winner = draw(st.one_of(st.none(), st.integers(0, 3)))
    scores = [draw(st.integers(0, 500)) for _ in range(4)]
    if winner is not None:
        scores[winner] = draw(st.integers(20, 500))
    return HandEntry(winner, tuple(scores))


@settings(max_examples=150)
@given(st.lists(typed_hands(), max_size=40))
def test_every_game_s_totals_sum_to_zero_and_the_deal_moves_by_the_rules(entries):
    try:
        state = play(entries)
    except EntryError as error:
        # Only a hand after the North round is refused.
        assert "the game ended before hand" in str(error)
        return
    assert sum(state.totals) == 0
    for hand, following in zip(state.hands, [*state.hands[1:], None]):
        assert sum(hand.net) == 0
        east_kept = hand.entry.winner in (None, hand.deal.east_player)
        if following is not None:
            assert (following.deal == hand.deal) == east_kept
    assert state.finished == (state.deal is None)


def test_scores_the_settlement_refuses_are_refused_naming_the_player_s_score(monkeypatch):
    # The sheet checks each score before settling; were the two checks ever to part,
    # the settlement's refusal still names the player's score and the hand.
    monkeypatch.setattr("mahjong.game.LIMIT", 1000)
    with pytest.raises(EntryError) as refused:
        play([HandEntry(1, (0, 20, 600, 0))])
    assert str(refused.value) == "hand 1: West's score is 600: a score is a whole number from 0 to 500"
    assert refused.value.field == "score_3"
