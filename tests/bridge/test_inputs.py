"""What a director types, and what is refused with a message naming it."""

import time
from fractions import Fraction

import pytest

from bridge.scoring import (
    Outcome,
    ScoringError,
    Vulnerability,
    as_outcomes,
    as_weight,
    format_outcomes,
    format_readings,
    format_scores,
    format_weight,
    matchpoints,
    parse_outcomes,
    parse_score,
    parse_scores,
    parse_weight,
    serious_error_imps,
    serious_error_matchpoints,
    simple_fraction,
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
        ("33.3%", Fraction(333, 1000)),  # one weight alone is read as typed
        ("33 1/3%", Fraction(1, 3)),
        ("66 2/3 %", Fraction(2, 3)),
        ("⅓", Fraction(1, 3)),
        ("⅔", Fraction(2, 3)),
        ("33⅓%", Fraction(1, 3)),
        ("12 ½%", Fraction(1, 8)),
        ("1⁄3", Fraction(1, 3)),  # with the fraction slash
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
        ("+110 -50 +140", "'\\+110 -50 \\+140' is 3 scores: a comma goes after \\+110 and after -50, like \\+110, -50, \\+140"),
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


@pytest.mark.parametrize(
    ("text", "fraction"),
    [
        ("33.3%", Fraction(1, 3)),
        ("33.33%", Fraction(1, 3)),
        ("66.7%", Fraction(2, 3)),
        ("66.6%", Fraction(2, 3)),  # cut off rather than rounded
        ("16.7%", Fraction(1, 6)),
        ("83.3%", Fraction(5, 6)),
        ("14.3%", Fraction(1, 7)),
        ("12.5%", Fraction(1, 8)),
        ("8.3%", Fraction(1, 12)),
        ("33%", None),  # a whole percentage is what it says
        ("33.4%", None),
        ("66.5%", None),
        ("20.1%", None),
        ("1/3", None),
        ("0.333", Fraction(1, 3)),  # a decimal past whole percentages is a percentage with decimals
        ("0.667", Fraction(2, 3)),
        ("0.3333", Fraction(1, 3)),
        ("0.1667", Fraction(1, 6)),
        ("0.125", Fraction(1, 8)),
        ("0.33", None),  # a whole percentage, 33%, is what it says
        ("0.5", None),
        ("0.334", None),
        ("1", None),
    ],
)
def test_a_percentage_that_rounds_a_simple_fraction(text, fraction):
    assert simple_fraction(text) == fraction


def test_rounded_percentages_are_read_as_their_simple_fractions_and_say_so():
    thirds = parse_outcomes("+110 33.3%, -50 66.6%")
    assert [outcome.weight for outcome in thirds] == [Fraction(1, 3), Fraction(2, 3)]
    assert [outcome.typed for outcome in thirds] == ["33.3%", "66.6%"]
    assert format_readings(thirds) == "The weights 33.3% and 66.6% are read as 1/3 and 2/3, the simple fractions they round."
    # Sixths, rounded up: 16.7 + 16.7 + 66.7 = 100.1 as typed.
    sixths = parse_outcomes("+110 16.7%, +50 16.7%, -50 66.7%")
    assert [outcome.weight for outcome in sixths] == [Fraction(1, 6), Fraction(1, 6), Fraction(2, 3)]
    assert format_readings(sixths) == (
        "The weights 16.7%, 16.7% and 66.7% are read as 1/6, 1/6 and 2/3, the simple fractions they round."
    )
    one = parse_outcomes("+110 1/2, +50 16.7%, -50 1/3")
    assert format_readings(one) == "The weight 16.7% is read as 1/6, the simple fraction it rounds."
    # A rounded sixth is a sixth even where the percentages add up to 100 as typed.
    assert [outcome.weight for outcome in parse_outcomes("+110 16.7%, -50 83.3%")] == [Fraction(1, 6), Fraction(5, 6)]
    # Exact weights are not read again, and say nothing.
    exact = parse_outcomes("+110 12.5%, -50 87.5%")
    assert [outcome.weight for outcome in exact] == [Fraction(1, 8), Fraction(7, 8)] and format_readings(exact) == ""
    # A calculation takes them, as pairs of score and typed weight too.
    assert weighted_imps("-650 33.3%, +300 66.6%", 620) == weighted_imps("-650 1/3, +300 2/3", 620) == Fraction(-31, 3)
    assert weighted_matchpoints(FIELD, [(110, "33.3%"), (-50, "66.6%")]).outcomes[0].typed == "33.3%"


def test_decimals_that_round_simple_fractions_are_read_as_them_as_percentages_are():
    """0.333 and 0.667 add up to 1 as typed, as 33.3% and 66.7% do; like them they
    are read as the thirds they round, and the working says so."""
    thirds = parse_outcomes("+110 0.333, -50 0.667")
    assert [outcome.weight for outcome in thirds] == [Fraction(1, 3), Fraction(2, 3)]
    assert format_readings(thirds) == "The weights 0.333 and 0.667 are read as 1/3 and 2/3, the simple fractions they round."
    assert weighted_imps("-650 0.333, +300 0.667", 620) == weighted_imps("-650 1/3, +300 2/3", 620) == Fraction(-31, 3)
    # Python floats are decimals too.
    assert [outcome.weight for outcome in as_outcomes([(110, 0.333), (-50, 0.667)])] == [Fraction(1, 3), Fraction(2, 3)]
    # Exact decimals are what they say, and say nothing.
    exact = parse_outcomes("+110 0.5, +50 0.25, -50 0.25")
    assert [outcome.weight for outcome in exact] == [Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)]
    assert format_readings(exact) == ""
    # Whole percentages as decimals are taken as typed, as 33% and 67% are.
    assert [outcome.weight for outcome in parse_outcomes("+110 0.33, -50 0.67")] == [Fraction(33, 100), Fraction(67, 100)]


def test_decimals_near_no_simple_fraction_are_refused_saying_so():
    with pytest.raises(ScoringError) as refused:
        parse_outcomes("+110 0.201, -50 0.798")
    assert str(refused.value) == (
        "the weights add up to 99.9%, not 1 (100%): 0.201, 0.798 "
        "(0.201 and 0.798 are no simple fractions rounded, as 33.3% is 1/3)"
    )


def test_percentages_that_add_up_as_typed_stay_as_typed():
    """35.7% rounds no simple fraction (5/14 is not one): the weights are taken as typed."""
    weights = [outcome.weight for outcome in parse_outcomes("+110 14.3%, -50 35.7%, +50 50%")]
    assert weights == [Fraction(143, 1000), Fraction(357, 1000), Fraction(1, 2)]


def test_thirds_and_sixths_however_written():
    thirds = parse_outcomes("-650 1/3, +300 2/3")
    for text in ("-650 33 1/3%, +300 66 2/3%", "-650 ⅓, +300 ⅔", "-650 33⅓%; +300 66⅔%", "-650 33.33%, +300 66.67%"):
        assert [tuple(outcome) for outcome in parse_outcomes(text)] == [tuple(outcome) for outcome in thirds]


def test_percentages_near_no_simple_fraction_are_refused_saying_so():
    with pytest.raises(ScoringError) as refused:
        parse_outcomes("+110 20.1%, -50 79.8%")
    assert str(refused.value) == (
        "the weights add up to 99.9%, not 1 (100%): 20.1%, 79.8% "
        "(20.1% and 79.8% are no simple fractions rounded, as 33.3% is 1/3)"
    )
    with pytest.raises(ScoringError, match=r"add up to 100.1%, not 1 \(100%\): 33.4%, 66.7% \(33.4% is no simple fraction"):
        parse_outcomes("+110 33.4%, -50 66.7%")
    # Thirds that are not all the thirds.
    with pytest.raises(ScoringError, match=r"^the weights add up to 66.6%, not 1 \(100%\): 33.3%, 33.3%$"):
        parse_outcomes("+110 33.3%, -50 33.3%")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("-650 1/3 +300 2/3", "'-650 1/3 +300 2/3' is 2 outcomes: a comma goes after -650 1/3, like -650 1/3, +300 2/3"),
        ("+110 60% -50 40%", "'+110 60% -50 40%' is 2 outcomes: a comma goes after +110 60%, like +110 60%, -50 40%"),
        (
            "-650 1/3 +300 1/3 -100 1/3",
            "'-650 1/3 +300 1/3 -100 1/3' is 3 outcomes: a comma goes after -650 1/3 and after +300 1/3, "
            "like -650 1/3, +300 1/3, -100 1/3",
        ),
        (
            "-650 33 1/3% +300 66 2/3%",
            "'-650 33 1/3% +300 66 2/3%' is 2 outcomes: a comma goes after -650 33 1/3%, like -650 33 1/3%, +300 66 2/3%",
        ),
        ("-650 ⅓ +300 ⅔", "'-650 ⅓ +300 ⅔' is 2 outcomes: a comma goes after -650 ⅓, like -650 ⅓, +300 ⅔"),
    ],
)
def test_outcomes_without_a_comma_say_where_it_goes(text, message):
    with pytest.raises(ScoringError) as refused:
        parse_outcomes(text)
    assert str(refused.value) == message
    assert refused.value.field == "weights"


def test_a_missing_comma_is_named_in_the_input_it_is_in():
    with pytest.raises(ScoringError, match="a comma goes after -650 1/3") as refused:
        weighted_imps("-650 1/3 +300 2/3", 620)
    assert refused.value.field == "weights"
    with pytest.raises(ScoringError, match=r"a comma goes after \+200 1/3, like \+200 1/3, \+500 2/3") as refused:
        serious_error_imps(420, normal=420, expected="+200 1/3 +500 2/3", table=-750, offenders="EW")
    assert refused.value.field == "expected"


def test_a_long_run_of_spaces_is_refused_at_once():
    """Each item is read with one space between its words, so no pattern backtracks over a run of them."""
    started = time.perf_counter()
    for text in ("1" + " " * 3990 + "x", "+110 " + "1 " * 1900 + "x"):
        with pytest.raises(ScoringError):
            parse_outcomes(text)
        with pytest.raises(ScoringError):
            parse_scores(text)
    assert time.perf_counter() - started < 2


def test_a_letter_before_a_score_is_no_score():
    for text in ("a110", "x5", "+110 x5 -50"):
        with pytest.raises(ScoringError, match="not a score"):
            parse_scores(text)


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
