"""What a director types, and what is refused with a message naming it."""

from fractions import Fraction

import pytest

from bridge.scoring import (
    Outcome,
    ScoringError,
    Vulnerability,
    as_weight,
    format_outcomes,
    format_scores,
    format_weight,
    matchpoints,
    parse_outcomes,
    parse_score,
    parse_scores,
    parse_weight,
    serious_error_imps,
    serious_error_matchpoints,
    split_imps,
    split_matchpoints,
    weighted_imps,
    weighted_matchpoints,
)

FIELD = [110] * 5 + [50] * 3 + [-50] * 2 + [-110] * 2


@pytest.mark.parametrize(
    ("text", "weight"),
    [
        ("1/3", Fraction(1, 3)),
        ("2 / 3", Fraction(2, 3)),
        ("60%", Fraction(3, 5)),
        ("12.5 %", Fraction(1, 8)),
        ("0.4", Fraction(2, 5)),
        (".4", Fraction(2, 5)),
        ("1", Fraction(1)),
        ("100%", Fraction(1)),
    ],
)
def test_weights_are_read_exactly(text, weight):
    assert parse_weight(text) == weight


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("-0.2", "the weight -0.2 is negative"),
        ("−1/3", "is negative"),
        ("0", "the weight 0 is zero"),
        ("4/3", "more than 1"),
        ("120%", "more than 1"),
        ("1/0", "divides by zero"),
        ("lots", "'lots' is not a weight"),
    ],
)
def test_weights_refused(text, message):
    with pytest.raises(ScoringError, match=message):
        parse_weight(text)


def test_weights_given_as_numbers():
    assert as_weight(0.6) == Fraction(3, 5)
    assert as_weight(1 / 3) == Fraction(1, 3)
    assert as_weight(Fraction(2, 3)) == Fraction(2, 3)
    assert as_weight(1) == 1
    with pytest.raises(ScoringError, match="negative"):
        as_weight(Fraction(-1, 5))


@pytest.mark.parametrize("written", ["60%", "1/3", "2/7", "100%", "5%"])
def test_weights_are_written_as_percentages_when_whole(written):
    assert format_weight(parse_weight(written)) == written


@pytest.mark.parametrize(
    ("text", "score"),
    [("+110", 110), ("110", 110), ("-50", -50), ("−50", -50), ("- 50", -50), ("pass", 0), ("0", 0)],
)
def test_scores_as_typed(text, score):
    assert parse_score(text) == score


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("+115", r"\+115 is not a possible bridge score"),
        ("3NT", "'3NT' is not a score"),
        ("", "'' is not a score"),
    ],
)
def test_scores_refused(text, message):
    with pytest.raises(ScoringError, match=message):
        parse_score(text)


def test_a_score_is_checked_against_the_vulnerability_when_given():
    assert parse_score("+620", Vulnerability.NS) == 620
    with pytest.raises(ScoringError, match=r"\+620 is not a possible bridge score with vulnerability EW"):
        parse_score("+620", Vulnerability.EW)


def test_a_frequency_table_in_every_form():
    expected = sorted(FIELD, reverse=True)
    assert parse_scores("+110 x5, +50 x3, -50 x2, -110 x2") == expected
    assert parse_scores("+110 ×5; +50×3\n-50 *2\n-110 x 2") == expected
    assert parse_scores("110  5\n50\t3\n-50 2\n-110 2\n") == expected
    assert parse_scores("+110, +110, +110, +110, +110, +50, +50, +50, -50, -50, -110, -110") == expected
    assert parse_scores("+110 x5, -50, +140") == [110] * 5 + [-50, 140]
    assert parse_scores("") == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("+110 -50 +140", "give one score per item"),
        ("+110 x0", "at least one table"),
        ("+110 x", "not a score with an optional count"),
        ("+115 x2", r"\+115 is not a possible bridge score"),
    ],
)
def test_frequency_tables_refused(text, message):
    with pytest.raises(ScoringError, match=message) as refused:
        parse_scores(text)
    assert refused.value.field == "field"


def test_weighted_outcomes_as_typed():
    assert parse_outcomes("+110 60%, -50 40%") == (Outcome(110, Fraction(3, 5)), Outcome(-50, Fraction(2, 5)))
    assert parse_outcomes("-650 1/3; +300 2/3") == parse_outcomes("-650 @ 1/3\n+300: 2/3")
    assert format_outcomes(parse_outcomes("+110 0.6, -50 0.4")) == "+110 60%, -50 40%"
    assert format_scores(FIELD) == "+110 x5, +50 x3, -50 x2, -110 x2"


def test_weighted_outcomes_refused():
    with pytest.raises(ScoringError, match="the weights add up to 90%, not 1"):
        parse_outcomes("+110 60%, -50 30%")
    with pytest.raises(ScoringError, match="is not a score and its weight"):
        parse_outcomes("+110")


# --- Refusals of the calculations --------------------------------------------------


def test_weights_that_do_not_add_up_to_one():
    with pytest.raises(ScoringError, match=r"the weights add up to 14/15, not 1 \(100%\): 1/3, 60%") as refused:
        weighted_matchpoints(FIELD, [(110, "1/3"), (-50, "60%")])
    assert isinstance(refused.value, ValueError)
    assert refused.value.field == "weights"
    with pytest.raises(ScoringError, match="add up to"):
        weighted_imps([(-650, 0.3), (300, 0.6)], 620)


def test_a_negative_weight():
    with pytest.raises(ScoringError, match="the weight -20% is negative"):
        weighted_matchpoints(FIELD, [(110, Fraction(1, 2)), (-50, Fraction(-1, 5)), (50, Fraction(7, 10))])


def test_a_score_that_is_no_bridge_score():
    with pytest.raises(ScoringError, match=r"\+115 is not a possible bridge score"):
        weighted_matchpoints(FIELD, [(115, 1)])
    with pytest.raises(ScoringError, match=r"\+105 is not a possible bridge score") as refused:
        weighted_matchpoints([*FIELD, 105], [(110, 1)])
    assert refused.value.field == "field"
    with pytest.raises(ScoringError, match=r"\+625 is not a possible bridge score") as refused:
        weighted_imps([(-650, 1)], 625)
    assert refused.value.field == "other_room"
    with pytest.raises(ScoringError, match=r"-1105 is not a possible bridge score"):
        split_imps(-800, -1105, 620)


def test_a_board_with_one_table():
    with pytest.raises(ScoringError, match="a board played at 1 table cannot be matchpointed"):
        weighted_matchpoints([], [(110, 1)])
    with pytest.raises(ScoringError, match="at 1 table"):
        matchpoints([110])
    with pytest.raises(ScoringError, match="at 0 tables"):
        split_matchpoints([])
    with pytest.raises(ScoringError, match="at 1 table"):
        serious_error_matchpoints([], normal=110, expected=100, table=-530, offenders="EW")


def test_no_outcomes():
    with pytest.raises(ScoringError, match="no outcomes given"):
        weighted_imps([], 620)


def test_the_offenders_are_a_side():
    with pytest.raises(ScoringError, match="'N' is not a side"):
        serious_error_imps(420, normal=420, expected=200, table=-750, offenders="N")


def test_the_table_score_is_one_score():
    with pytest.raises(ScoringError, match="the table score is the one result"):
        serious_error_imps(420, normal=420, expected=200, table=[(-750, "1/2"), (420, "1/2")], offenders="EW")


def test_the_calculations_take_typed_input_too():
    typed = weighted_matchpoints("+110 x5, +50 x3, -50 x2, -110 x2", "+110 60%, -50 40%")
    assert typed == weighted_matchpoints(FIELD, [(110, Fraction(3, 5)), (-50, Fraction(2, 5))])
    assert weighted_imps("-650 1/3, +300 2/3", "+620") == Fraction(-31, 3)
    result = serious_error_imps("+420", normal="+420", expected="+200 1/3, +500 2/3", table="-750", offenders="ew")
    assert result.vp == (-14, 0)


def test_weighted_outcomes_as_a_mapping_of_score_to_weight():
    assert weighted_matchpoints(FIELD, {110: "60%", -50: "40%"}) == (13.8, 10.2)
