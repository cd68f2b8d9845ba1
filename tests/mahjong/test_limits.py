"""Every limit hand pays 500 outright, whatever its points and doubles."""

import pytest

from mahjong import LIMIT, LimitHand, score_hand


def card(text: str, winning: str, *, own: str = "S", prevailing: str = "E", self_drawn=False):
    return score_hand(
        text, own_wind=own, prevailing_wind=prevailing, winning_tile=winning, self_drawn=self_drawn
    )


@pytest.mark.parametrize(
    ("text", "winning", "limits"),
    [
        ("RdRdRd GdGdGd WhWhWh 234b 55c", "2b", {LimitHand.BIG_THREE_DRAGONS}),
        ("[RdRdRd] [GdGdGdGd] WhWhWh 234b 55c", "2b", {LimitHand.BIG_THREE_DRAGONS}),
        ("EEE SSS WWW NN 234b", "2b", {LimitHand.LITTLE_FOUR_WINDS}),
        ("[EEE] SSS WWW 234b NN", "N", {LimitHand.LITTLE_FOUR_WINDS}),
        ("EEE SSS WWW NNN 55b", "5b", {LimitHand.BIG_FOUR_WINDS}),
        ("EEE SSS WWW NNN RdRd", "Rd", {LimitHand.BIG_FOUR_WINDS, LimitHand.ALL_HONOURS}),
        ("EEE SSS RdRdRd GdGdGd WhWh", "E", {LimitHand.ALL_HONOURS}),
        ("111b 999b 111c [999d] 11d", "1b", {LimitHand.ALL_TERMINALS}),
        ("19b 19c 19d ESWN RdGdWh Rd", "Rd", {LimitHand.THIRTEEN_ORPHANS}),
        ("19b 19c 19d ESWN RdGdWh 9c", "1b", {LimitHand.THIRTEEN_ORPHANS}),
        ("11123455678999b", "5b", {LimitHand.NINE_GATES}),
        ("11112345678999d", "1d", {LimitHand.NINE_GATES}),
        ("11123456789999c", "9c", {LimitHand.NINE_GATES}),
    ],
)
def test_limit_hands_pay_the_limit(text, winning, limits):
    for self_drawn in (False, True):
        result = card(text, winning, self_drawn=self_drawn)
        assert set(result.limit_hands) == limits
        assert result.is_limit
        assert result.score == LIMIT == 500
        assert result.summary.startswith("limit hand (")


def test_a_limit_hand_with_few_points_still_pays_the_limit():
    # Thirteen orphans has no sets: 20 points and 2 for the only possible tile (it
    # waited on 1b alone), no doubles, yet 500.
    result = card("19b 19c 19d ESWN RdGdWh 9c", "1b")
    assert result.base_points == 22 and result.double_count == 0
    assert result.score == 500
    assert result.summary == "limit hand (thirteen orphans): 500"


def test_nine_gates_must_be_concealed():
    # The same tiles with the pung of 1 bamboo melded are one suit, not nine gates:
    # 20 + [111b] 4 + 999b concealed 8 = 32 (5b completes the pair or the chow, and
    # 234b 5b waited on more than one tile); one suit without honours, 4 doubles:
    # 32 x 16 = 512 -> 500, but by its points and doubles, not as a limit hand.
    result = card("[111b] 23455678999b", "5b")
    assert result.limit_hands == ()
    assert result.double_count == 4
    assert result.score == 500


def test_two_dragon_pungs_and_a_dragon_pair_are_not_big_three_dragons():
    result = card("RdRdRd GdGdGd WhWh 234b 567c", "7c")
    assert result.limit_hands == ()
    assert result.score == 300


def test_three_wind_pungs_without_a_wind_pair_are_not_little_four_winds():
    # 20 + EEE 8 + SSS 8 + WWW 8 + pair of 5 bamboo 0 = 44 (won on 5b discarded; 2345b
    # waited on 2b or 5b). Own South, East prevailing: East 1 + South 1, and one suit
    # with honours 1 = 3 doubles. 44 x 8 = 352, rounded to 350.
    result = card("EEE SSS WWW 234b 55b", "5b")
    assert result.limit_hands == ()
    assert result.base_points == 44
    assert result.double_count == 3
    assert result.score == 350
