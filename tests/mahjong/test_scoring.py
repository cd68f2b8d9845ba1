"""Worked examples: each point, each double, the consistency tests, rounding and the
limit, with the arithmetic written out from the rules (RULES.md)."""

import re
from pathlib import Path

import pytest

from mahjong import (
    LIMIT,
    Deal,
    HandError,
    NotationError,
    ScoreCard,
    Win,
    Wind,
    arrangements,
    final_score,
    parse_hand,
    parse_tile,
    round_score,
    score_arrangements,
    score_hand,
    settle,
    waiting_tiles,
)


def card(
    text: str, winning: str, *, own: str = "S", prevailing: str = "E", self_drawn: bool = False
) -> ScoreCard:
    return score_hand(
        text, own_wind=own, prevailing_wind=prevailing, winning_tile=winning, self_drawn=self_drawn
    )


def points_of(result: ScoreCard) -> dict[str, int]:
    return {item.reason: item.value for item in result.points}


def doubles_of(result: ScoreCard) -> dict[str, int]:
    return {item.reason: item.value for item in result.doubles}


# -- the reference text's example


def test_one_suit_with_three_consecutive_chows_is_five_doubles():
    # 123b 456b 789b [222b] 55b, won on 1b discarded (the hand waited on 1b or 4b).
    # Points: 20 Mah Jongg + 2 melded pung of simples = 22.
    # Doubles: three consecutive chows 1 + one suit without honours 4 = 5, so 32x.
    # 22 x 32 = 704, rounded to 700, limited to 500.
    result = card("123b 456b 789b [222b] 55b", "1b")
    assert result.base_points == 22
    assert doubles_of(result) == {
        "three consecutive chows in bamboo (1-2-3, 4-5-6, 7-8-9)": 1,
        "one suit (bamboo), no honours": 4,
    }
    assert result.double_count == 5
    assert result.raw == 22 * 32 == 704
    assert result.score == LIMIT == 500
    assert result.summary == "22 × 2^5 = 704, rounded to 700, limited to 500"


# -- points


NO_POINTS = "no points from the sets: all chows and a pair worth nothing"


def test_a_chicken_hand_has_sets_worth_no_points_and_earns_its_double():
    # 123b 456c 789d 234b 55d, won on 4b discarded: 23b waited on 1b or 4b.
    # Points: 20, nothing else (chows and a pair of 5 dots score nothing).
    # Doubles: all the sets worth zero points 1. 20 x 2 = 40.
    result = card("123b 456c 789d 234b 55d", "4b")
    assert result.base_points == 20
    assert doubles_of(result) == {NO_POINTS: 1}
    assert result.score == 40
    assert result.waits == frozenset(map(parse_tile, ["1b", "4b"]))


@pytest.mark.parametrize(
    ("extra", "self_drawn", "points", "raw", "score"),
    [
        ("", False, 20, 40, 40),  # 20 x 2 = 40
        ("", True, 22, 44, 40),  # 20 + 2 from the wall = 22; x 2 = 44, rounded to 40
        ("1f", False, 24, 48, 50),  # 20 + 4 for flower 1 = 24; x 2 = 48, rounded to 50
    ],
)
def test_the_no_points_double_is_decided_by_the_sets_as_the_texts_no_points(
    extra, self_drawn, points, raw, score
):
    # The text: "noPoints returns 1 [when] all of the Sets are worth zero points";
    # "(it is all SequenceSets and an unlucky PairSet)". 123c 456d 789b 234c 55d,
    # won on 2c (23c... waited on 2c or 5c), South in an East round: the tile
    # drawn from the wall or a flower adds points but leaves the sets worth nothing.
    result = card(f"123c 456d 789b 234c 55d {extra}", "2c", own="S", prevailing="E", self_drawn=self_drawn)
    assert result.base_points == points
    assert doubles_of(result) == {NO_POINTS: 1}
    assert result.raw == raw
    assert result.score == score


def test_a_set_worth_points_takes_the_no_points_double_away():
    # The same hand with a pair of the prevailing wind (2 points) or a pung of 5 dots
    # (concealed simples, 4 points): a set worth points, no double.
    assert NO_POINTS not in doubles_of(card("123c 456d 789b 234c EE", "2c"))
    assert NO_POINTS not in doubles_of(card("123c 456d 789b 555d 22c", "2c"))


def test_the_only_possible_tile_is_found_from_the_tiles_and_keeps_the_no_points_double():
    # The same tiles won on 5d: 123b 456c 789d 234b 5d waited on 5d alone.
    # Points: 20 + 2 only possible tile = 22; the sets are still worth nothing, so
    # one double: 22 x 2 = 44, rounded to 40.
    result = card("123b 456c 789d 234b 55d", "5d")
    assert result.only_possible_tile and result.waits == {parse_tile("5d")}
    assert points_of(result)["won on the only possible tile (5 dots)"] == 2
    assert result.base_points == 22
    assert doubles_of(result) == {NO_POINTS: 1}
    assert result.score == 40


def test_pungs_concealed_and_melded_of_simples_terminals_and_honours():
    # [555d] melded simples 2, 999c concealed terminals 8, [NNN] melded honours 4;
    # 78b 9b: won on 9b drawn from the wall (78b waited on 6b or 9b); pair 11c.
    # Points: 20 + 2 + 8 + 4 + 2 (from the wall) = 36. Own wind South, prevailing
    # East: North is not lucky, no double. 36 rounds to 40.
    result = card("[555d] 999c [NNN] 789b 11c", "9b", self_drawn=True)
    assert points_of(result) == {
        "Mah Jongg": 20,
        "concealed chow 7-8-9 bamboo": 0,
        "concealed pung of 9 characters": 8,
        "melded pung of 5 dots": 2,
        "melded pung of North wind": 4,
        "pair of 1 characters": 0,
        "winning tile drawn from the wall": 2,
    }
    assert result.base_points == 36
    assert result.doubles == ()
    assert result.score == 40


def test_kongs_count_four_times_their_pung():
    # [5555d] melded kong of simples 2 x 4 = 8; {9999c} concealed kong of terminals
    # 8 x 4 = 32; 123b 678b; the pair 11c won on 1c discarded, the only possible tile 2.
    # Points: 20 + 8 + 32 + 2 = 62. No doubles. 62 rounds to 60.
    result = card("[5555d] {9999c} 123b 678b 11c", "1c")
    assert points_of(result)["melded kong of 5 dots"] == 8
    assert points_of(result)["concealed kong of 9 characters"] == 32
    assert result.base_points == 62
    assert result.score == 60


def test_honour_kongs_melded_and_concealed():
    # [WWWW] melded kong of honours 4 x 4 = 16; {GdGdGdGd} concealed 8 x 4 = 32.
    # 234b 567b 88b won on 8b drawn from the wall (2345678b waited on 2b, 5b or 8b).
    # Points: 20 + 16 + 32 + 2 = 70. Doubles: green dragon kong 1; one suit
    # with honours 1 = 2. 70 x 4 = 280. Own wind South, East prevails: West is not lucky.
    result = card("[WWWW] {GdGdGdGd} 234b 567b 88b", "8b", self_drawn=True)
    assert result.base_points == 70
    assert result.waits == frozenset(map(parse_tile, ["2b", "5b", "8b"]))
    assert doubles_of(result) == {
        "kong of Green dragon (lucky: a dragon)": 1,
        "one suit (bamboo) with honours": 1,
    }
    assert result.score == 280


@pytest.mark.parametrize(
    ("pair", "own", "prevailing", "points", "reason"),
    [
        ("RdRd", "S", "E", 2, "pair of Red dragon"),
        ("SS", "S", "E", 2, "pair of South wind, the own wind"),
        ("EE", "S", "E", 2, "pair of East wind, the prevailing wind"),
        ("EE", "E", "E", 4, "pair of East wind, the own and the prevailing wind"),
        ("NN", "S", "E", 0, "pair of North wind"),
        ("55c", "S", "E", 0, "pair of 5 characters"),
    ],
)
def test_pairs_score_for_dragons_and_lucky_winds(pair, own, prevailing, points, reason):
    # 123b 456b 789d 234c and the pair, won on 2c discarded (2c waited with 5c):
    # 20 + the pair's points.
    result = card(f"123b 456b 789d 234c {pair}", "2c", own=own, prevailing=prevailing)
    assert points_of(result)[reason] == points
    assert result.base_points == 20 + points


def test_each_bonus_tile_is_four_points():
    # The chicken hand again with flower 1 and season 3: 20 + 4 + 4 = 28; the sets
    # are still worth nothing, so the double stays: 28 x 2 = 56, rounded to 60.
    result = card("123b 456c 789d 234b 55d 1f 3y", "4b")
    assert points_of(result)["bonus tile: flower 1"] == 4
    assert points_of(result)["bonus tile: season 3"] == 4
    assert result.base_points == 28
    assert doubles_of(result) == {NO_POINTS: 1}
    assert result.score == 60


# -- the discard rule


def test_a_concealed_pung_completed_by_the_winning_discard_scores_as_melded():
    # 222b 345d 678d 999c WhWh won on 2b discarded: 22b + WhWh waited on 2b or Wh.
    # Points: 20 + pung of 2b completed by the discard 2 (melded) + concealed 999c 8
    # + pair of White dragon 2 = 32, rounded to 30.
    result = card("222b 345d 678d 999c WhWh", "2b")
    assert points_of(result)["pung of 2 bamboo, completed by the winning discard"] == 2
    assert result.base_points == 32
    assert result.score == 30
    # Drawn from the wall, the pung stays concealed: 20 + 4 + 8 + 2 + 2 = 36, so 40.
    drawn = card("222b 345d 678d 999c WhWh", "2b", self_drawn=True)
    assert points_of(drawn)["concealed pung of 2 bamboo"] == 4
    assert drawn.base_points == 36
    assert drawn.score == 40


def test_the_winning_discard_goes_to_a_chow_rather_than_a_pung_when_it_can():
    # 333d 345d 678b 789c NN won on 3d discarded: the 3d completes the chow 3-4-5,
    # so the pung of 3 dots stays concealed: 20 + 4 = 24 (no only-possible tile:
    # 3333 45d NN waited on 3d, 6d or N).
    result = card("333d 345d 678b 789c NN", "3d")
    assert points_of(result)["concealed pung of 3 dots"] == 4
    assert result.base_points == 24
    assert result.waits == frozenset(map(parse_tile, ["3d", "6d", "N"]))


# -- doubles


def test_lucky_pungs_and_the_own_wind_prevailing_is_two_doubles():
    # EEE RdRdRd 234c 678c 99c won on 9c from the wall (6789c waited on 6c or 9c),
    # own South, East prevailing.
    # Points: 20 + concealed pung of East 8 + concealed pung of Red 8 + from the wall 2
    # = 38. Doubles: East prevailing 1 + Red 1 + one suit with honours 1 = 3:
    # 38 x 8 = 304, rounded to 300.
    result = card("EEE RdRdRd 234c 678c 99c", "9c", self_drawn=True)
    assert result.base_points == 38
    assert doubles_of(result) == {
        "pung of East wind (lucky: the prevailing wind)": 1,
        "pung of Red dragon (lucky: a dragon)": 1,
        "one suit (characters) with honours": 1,
    }
    assert result.score == 300
    # As East in the East round the pung of East is two doubles: 38 x 16 = 608 -> 500.
    as_east = card("EEE RdRdRd 234c 678c 99c", "9c", own="E", self_drawn=True)
    assert doubles_of(as_east)["pung of East wind (lucky: the own and the prevailing wind)"] == 2
    assert as_east.double_count == 4
    assert as_east.raw == 608
    assert as_east.score == 500
    # South's own wind: [SSS] melded, 4 points and one double.
    south = card("[SSS] RdRdRd 234c 678c 99c", "9c", self_drawn=True)
    assert points_of(south)["melded pung of South wind"] == 4
    assert doubles_of(south)["pung of South wind (lucky: the own wind)"] == 1


def test_no_chows_is_a_double():
    # [222b] 555c 888d 333d 99b won on 3d discarded (waited on 3d or 9b): the pung of
    # 3 dots completed by the discard counts melded.
    # Points: 20 + 2 + 4 + 4 + 2 = 32. Doubles: no chows 1, all simples? no (9b).
    # 32 x 2 = 64, rounded to 60.
    result = card("[222b] 555c 888d 333d 99b", "3d")
    assert result.base_points == 32
    assert doubles_of(result) == {"no chows": 1}
    assert result.score == 60


def test_all_terminals_and_honours_is_one_double_and_excludes_the_terminal_in_every_set():
    # 111b 999c EEE NNN RdRd won on Rd discarded (the only possible tile), own South,
    # West prevailing: neither East nor North is lucky.
    # Points: 20 + 8 + 8 + 8 + 8 + pair of Red 2 + only possible 2 = 56.
    # Doubles: no chows 1 + all terminals and honours 1 = 2. 56 x 4 = 224, so 220.
    result = card("111b 999c EEE NNN RdRd", "Rd", prevailing="W")
    assert result.base_points == 56
    assert doubles_of(result) == {"no chows": 1, "all terminals and honours": 1}
    assert result.score == 220


def test_a_terminal_or_honour_in_every_set():
    # 123b 789c 111d NNN 99b won on 3b from the wall (12b waited on 3b alone).
    # Points: 20 + 111d concealed 8 + NNN concealed 8 + 2 + 2 = 40.
    # Doubles: every set holds a terminal or an honour 1. 40 x 2 = 80.
    result = card("123b 789c 111d NNN 99b", "3b", self_drawn=True)
    assert result.base_points == 40
    assert doubles_of(result) == {"every set holds a terminal or an honour": 1}
    assert result.score == 80


def test_all_simples():
    # 234b 345c 678d 666b 88d won on 2b discarded (34b waited on 2b or 5b).
    # Points: 20 + concealed pung of 6b 4 = 24. Doubles: all simples 1. 48, so 50.
    result = card("234b 345c 678d 666b 88d", "2b")
    assert result.base_points == 24
    assert doubles_of(result) == {"all simples": 1}
    assert result.score == 50


def test_all_simples_in_one_suit_counts_as_one_suit_only():
    # 234b 345b 678b 666b 88b won on 2b discarded. Both "all simples" (1) and
    # "one suit, no honours" (4) hold: only the more valuable counts.
    # Points 20 + 4 = 24 (the pung of 6b stays concealed). 24 x 16 = 384, so 380.
    result = card("234b 345b 678b 666b 88b", "2b")
    assert doubles_of(result) == {"one suit (bamboo), no honours": 4}
    assert result.base_points == 24
    assert result.score == 380


def test_little_three_dragons():
    # RdRdRd GdGdGd WhWh 234b 567c won on 7c discarded (56c waited on 4c or 7c).
    # Points: 20 + 8 + 8 + pair of White 2 = 38.
    # Doubles: Red 1 + Green 1 + little three dragons 1 = 3. 38 x 8 = 304, so 300.
    result = card("RdRdRd GdGdGd WhWh 234b 567c", "7c")
    assert result.base_points == 38
    assert doubles_of(result) == {
        "pung of Red dragon (lucky: a dragon)": 1,
        "pung of Green dragon (lucky: a dragon)": 1,
        "little three dragons": 1,
    }
    assert result.score == 300


def test_one_suit_with_honours_is_listed_before_little_three_dragons():
    # With both chows in bamboo, "one suit with honours" holds too and comes first in
    # the reference's list; both are one double.
    result = card("RdRdRd GdGdGd WhWh 234b 567b", "7b")
    assert doubles_of(result)["one suit (bamboo) with honours"] == 1
    assert "little three dragons" not in doubles_of(result)
    assert result.double_count == 3


def test_the_best_arrangement_is_chosen():
    # 111b 222b 333b read as three pungs (concealed, 4 + 4 ... with a terminal: 8 + 4 + 4)
    # or as three chows 1-2-3 (nothing). With 789c and 55d, won on 5d discarded (the
    # only possible tile: 2).
    # Pungs: 20 + 8 + 4 + 4 + 2 = 38, no doubles (a chow 7-8-9) -> 40.
    # Chows: 20 + 2 = 22, the sets worth no points: 22 x 2 = 44 -> 40.
    # Equal scores: the unrounded score decides (decision 8), 44 before 38.
    cards = score_arrangements(
        "111222333b 789c 55d", own_wind="S", prevailing_wind="E", winning_tile="5d"
    )
    assert [c.base_points for c in cards] == [22, 38]
    assert [c.raw for c in cards] == [44, 38]
    assert [c.score for c in cards] == [40, 40]
    assert len(arrangements(parse_hand("111222333b 789c 55d"))) == 2


def test_the_score_card_explains_every_point_and_double():
    result = card("EEE RdRdRd 234c 678c 99c", "9c", self_drawn=True)
    text = result.text
    assert text.startswith("Hand: 234c 678c EEE RdRdRd 99c")
    for line in [
        "Points",
        "concealed pung of East wind",
        "winning tile drawn from the wall",
        "base points",
        "Doubles",
        "pung of Red dragon (lucky: a dragon)",
        "Score: 38 × 2^3 = 304, rounded to 300",
    ]:
        assert line in text
    assert result.point_report().splitlines()[0] == "Points"
    assert result.double_report().splitlines()[0] == "Doubles"
    data = result.to_dict()
    assert data["score"] == 300 and data["base_points"] == 38 and data["doubles_count"] == 3
    assert data["waits"] == ["6c", "9c"]


# -- rounding and the limit


@pytest.mark.parametrize(
    ("raw", "rounded"),
    [(20, 20), (22, 20), (24, 20), (26, 30), (28, 30), (304, 300), (5, 10), (15, 20), (25, 30)],
)
def test_rounding_is_to_the_nearest_ten_halves_up(raw, rounded):
    assert round_score(raw) == rounded


def test_the_final_score_is_limited_to_500():
    assert final_score(494) == 490
    assert final_score(496) == 500
    assert final_score(10_000) == 500


# -- what is refused


def test_fifteen_tiles_that_form_nothing_are_refused():
    with pytest.raises(HandError, match="15 concealed tiles"):
        card("123b 456b 789b 135c 246d", "1b")


def test_fourteen_tiles_that_form_nothing_are_refused_naming_them():
    with pytest.raises(HandError, match="the concealed tiles 123456789b 135c 22d form no four sets"):
        card("123b 456b 789b 135c 22d", "1b")


def test_declared_sets_are_kept_as_declared():
    # All concealed, 111b 234b would do; with the chow 1-2-3 declared, 11b 4b is left.
    assert card("111234b 567c 789d 55d", "5d").score
    with pytest.raises(HandError, match="form no three sets and a pair with the declared"):
        card("[123b] 114b 567c 789d 55d", "5d")


def test_the_winning_tile_must_be_concealed():
    with pytest.raises(HandError, match="winning tile 5 dots .* is not among the concealed"):
        card("[555d] 123b 456b 789b 11c", "5d")


WON = "EEE RdRdRd 234c 678c 99c"


@pytest.mark.parametrize(
    ("winds", "message"),
    [
        ({"own_wind": "Q"}, "own_wind is 'Q', not a wind: write E, S, W or N"),
        ({"prevailing_wind": "X"}, "prevailing_wind is 'X', not a wind"),
        ({"own_wind": None}, "own_wind is None, not a wind"),
        ({"prevailing_wind": 1}, "prevailing_wind is 1, not a wind"),
        ({"own_wind": "Q" * 10_000}, "own_wind is '" + "Q" * 40 + "…', not a wind"),
    ],
)
def test_a_bad_wind_is_a_notation_error_naming_the_argument(winds, message):
    arguments = {"own_wind": "S", "prevailing_wind": "E"} | winds
    with pytest.raises(NotationError) as error:
        score_hand(WON, winning_tile="9c", **arguments)
    assert str(error.value).startswith(message)


def test_a_bad_wind_elsewhere_is_a_notation_error_too():
    with pytest.raises(NotationError, match="'X' is not a wind"):
        settle({"X": 10, "S": 20, "W": 30, "N": 0}, winner="S")
    with pytest.raises(NotationError, match="'Z' is not a wind"):
        Deal(prevailing_wind="Z")
    assert Wind.parse(" south ") is Wind.SOUTH


@pytest.mark.parametrize("flag", ["false", "true", "", 0, 1, None, 1.0])
def test_self_drawn_must_be_a_bool(flag):
    with pytest.raises(NotationError, match=rf"^self_drawn is {re.escape(repr(flag))}, not True or False$"):
        card(WON, "9c", self_drawn=flag)
    with pytest.raises(NotationError, match="self_drawn"):
        Win(Wind.SOUTH, Wind.EAST, parse_tile("9c"), self_drawn=flag)


def test_only_a_bool_says_how_the_tile_came():
    # Drawn from the wall is worth 2 points more than a discard (RULES.md).
    assert card(WON, "9c", self_drawn=True).base_points == card(WON, "9c", self_drawn=False).base_points + 2


@pytest.mark.parametrize("flag", ["false", 0, None])
def test_waiting_must_be_a_bool(flag):
    with pytest.raises(NotationError, match="waiting is .*, not True or False"):
        parse_hand("123b 456b 789b 111c 5d", waiting=flag)


@pytest.mark.parametrize("hand", [None, 123, b"123b 456b 789b 111c 99d"])
def test_a_hand_that_is_not_text_is_a_notation_error(hand):
    with pytest.raises(NotationError, match="the hand is .*, not text in the notation"):
        score_hand(hand, own_wind="S", prevailing_wind="E", winning_tile="9d")


def test_a_winning_tile_that_is_not_text_is_a_notation_error():
    with pytest.raises(NotationError, match="the tile is None, not text in the notation"):
        score_hand("123b 456b 789b 111c 99d", own_wind="S", prevailing_wind="E", winning_tile=None)


def test_waiting_tiles_of_a_hand_one_tile_short():
    # Nine gates waits on every bamboo.
    assert waiting_tiles("1112345678999b") == frozenset(
        parse_tile(f"{rank}b") for rank in range(1, 10)
    )
    # Thirteen orphans waiting on its thirteenth kind, and on all thirteen.
    assert waiting_tiles("19b 19c 19d ESWN RdGd Rd") == {parse_tile("Wh")}
    assert len(waiting_tiles("19b 19c 19d ESWN RdGdWh")) == 13
    # The fifth copy of a tile does not exist: 1111b 234b waits on 1b in theory only.
    assert waiting_tiles("1111b 234b 567c 999d") == {parse_tile("4b")}
    with pytest.raises(HandError, match="one tile short"):
        waiting_tiles(parse_hand("123b 456b 789b 111c 55d"))


def test_the_score_card_of_rules_md_is_the_one_printed():
    rules = (Path(__file__).parents[2] / "mahjong" / "RULES.md").read_text()
    result = card("EEE RdRdRd 234c 678c 99c", "9c", self_drawn=True)
    printed = "\n".join("    " + line if line else line for line in result.text.splitlines())
    assert printed in rules
    net = settle({"E": 0, "S": 100, "W": 40, "N": 10}, winner="S").net
    assert [net[wind] for wind in "ESWN"] == [-300, 400, 10, -110]
