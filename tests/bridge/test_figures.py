"""How figures are written and rounded, and how the results read as numbers and pairs."""

from fractions import Fraction

import pytest

from bridge.scoring import (
    Figure,
    Side,
    display,
    knockout_average,
    rounded,
    serious_error_imps,
    serious_error_matchpoints,
    weighted_imps,
    weighted_matchpoints,
)

FIELD = [110] * 5 + [50] * 3 + [-50] * 2 + [-110] * 2


@pytest.mark.parametrize(
    ("value", "places", "signed", "written"),
    [
        (Fraction(69, 5), 1, False, "13.8"),
        (Fraction(-31, 3), 1, False, "-10.3"),
        (Fraction(-16, 3), 1, False, "-5.3"),
        (Fraction(4, 3), 1, True, "+1.3"),
        (Fraction(-2), 1, True, "-2"),
        (Fraction(0), 1, True, "0"),
        (Fraction(-1, 30), 1, False, "0"),
        (Fraction(19), 1, False, "19"),
        (Fraction(143, 20), 1, False, "7.2"),
        (Fraction(-143, 20), 1, False, "-7.2"),
        (Fraction(143, 20), 2, False, "7.15"),
        (Fraction(291, 25), 2, False, "11.64"),
    ],
)
def test_display(value, places, signed, written):
    assert display(value, places, signed=signed) == written


def test_ties_go_away_from_zero_unless_told():
    assert rounded(Fraction(143, 20)) == Fraction(72, 10)
    assert rounded(Fraction(-143, 20)) == Fraction(-72, 10)
    assert rounded(Fraction(143, 20), ties="down") == Fraction(71, 10)
    assert rounded(Fraction(-143, 20), ties="up") == Fraction(-71, 10)
    assert rounded(Fraction(-29, 2), 0) == -15
    assert rounded(Fraction(-29, 2), 0, ties="up") == -14


def test_a_figure_reads_as_a_director_reads_it():
    ns = Figure(69, 5)
    assert isinstance(ns, Fraction)
    assert ns == 13.8 and ns == Fraction(69, 5) and ns != 13.9
    assert round(Figure(-31, 3), 1) == -10.3
    assert round(Figure(-31, 3), 1) == Fraction(-103, 10)
    assert round(Figure(29, 2)) == 15
    assert f"{Figure(-31, 3):.1f}" == "-10.3"
    assert f"{Figure(143, 20):.1f}" == "7.2"
    assert {Figure(1, 3): "a third"}[Fraction(1, 3)] == "a third"


def test_weighted_matchpoints_unpack_as_ns_and_ew():
    result = weighted_matchpoints(FIELD, [(110, 0.6), (-50, 0.4)])
    ns, ew = result
    assert (ns, ew) == (13.8, 10.2)
    assert result == (13.8, 10.2)
    assert result[0] == ns and result[1] == ew and len(result) == 2
    assert result == pytest.approx((13.8, 10.2))


def test_weighted_imps_stand_for_the_ns_figure():
    result = weighted_imps([(-650, 1 / 3), (300, 2 / 3)], 620)
    assert result == Fraction(-31, 3)
    assert result == pytest.approx(-10.3, abs=0.05)
    assert float(result) == pytest.approx(-10.333333)
    assert round(result, 1) == -10.3
    assert f"{result:.1f}" == "-10.3"
    assert result < -10 and -result > 10 and abs(result) > 10
    assert result + 1 == Fraction(-28, 3) and 1 - result == Fraction(34, 3)


def test_the_example_7_ruling_turned_round_favours_the_non_offenders_the_other_way():
    """The seats turned: NS offended, EW made the serious error. Every figure mirrors."""
    result = serious_error_imps(
        -420, normal=-420, expected=[(-200, "1/3"), (-500, "2/3")], table=750, offenders=Side.NS
    )
    assert result.non_offenders is Side.EW
    assert result.expected.written == Fraction(7, 10)
    assert (result.ns, result.ew) == (0, Fraction(-143, 10))
    assert result.vp == (0, -14)
    assert result.knockout.ns_team == Fraction(71, 10)


def test_no_consequent_damage_leaves_the_non_offenders_their_table_score_and_the_offenders_the_normal_one():
    """The infraction did not damage the non-offenders: the normal score (+100, 14)
    is no better for them than the expected one (+110, 19). Their damage is all
    self-inflicted: NS keep their table score, 0; EW get the normal score, 24 − 14."""
    result = serious_error_matchpoints(FIELD, normal=100, expected=110, table=-530, offenders=Side.EW)
    assert result.damaged
    assert result.consequent_damage == 0
    assert (result.ns, result.ew) == (0, 10)


def test_a_weighted_normal_score_in_pairs():
    """Example 1's weighting as the normal score: 13.8 MP, against +100 expected (14 MP):
    no consequent damage; EW get the normal score, 24 − 13.8 = 10.2 (example 1's EW figure)."""
    result = serious_error_matchpoints(
        FIELD, normal=[(110, "60%"), (-50, "40%")], expected=100, table=-530, offenders=Side.EW
    )
    assert result.normal.written == Fraction(69, 5)
    assert result.normal.working.frequency_table[0].frequency == Fraction(28, 5)
    assert result.consequent_damage == 0
    assert (result.ns, result.ew) == (0, Fraction(51, 5))


def test_written_lines_carry_into_the_ruling():
    """A weighted expected score is written as the sum of its written parts (two
    decimals in pairs), and the ruling goes on from the written figure, as the
    reference does in example 7."""
    result = serious_error_matchpoints(
        FIELD, normal=110, expected=[(110, "1/3"), (-110, "2/3")], table=-530, offenders=Side.EW
    )
    # +110 alone scores 19, -110 alone scores 2: 1/3 x 19 + 2/3 x 2 = 6.33 + 1.33 = 7.66.
    assert result.expected.exact == Fraction(23, 3)
    assert result.expected.written == Fraction(766, 100)
    assert result.consequent_damage == Fraction(1134, 100)  # 19 - 7.66
    assert (result.ns, result.ew) == (Fraction(1134, 100), 5)


def test_knockout_average_ties():
    assert knockout_average(Fraction(-143, 10), 0).ns_team == Fraction(-72, 10)
    assert knockout_average(Fraction(-143, 10), 0, ties="up").ns_team == Fraction(-71, 10)
    assert knockout_average(-16, -10).ew_team == 3
