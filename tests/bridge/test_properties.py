"""Properties every board, weighting and parse must have, checked with hypothesis."""

from collections import Counter
from fractions import Fraction

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bridge.scoring import (
    IMP_SCALE,
    Figure,
    Outcome,
    SeriousErrorRule,
    Side,
    format_outcomes,
    format_score,
    format_scores,
    format_weight,
    imps,
    knockout_average,
    matchpoints,
    parse_outcomes,
    parse_score,
    parse_scores,
    parse_weight,
    possible_scores,
    rounded,
    serious_error_imps,
    serious_error_matchpoints,
    split_matchpoints,
    weighted_imps,
    weighted_matchpoints,
)

EXAMPLES = settings(max_examples=200)

# Scores of a realistic board, and any score a board can end in.
COMMON = [-1100, -800, -690, -620, -500, -420, -200, -110, -100, -50, 0, 50, 90, 110, 140, 400, 420, 620, 1430]
scores = st.one_of(st.sampled_from(COMMON), st.sampled_from(sorted(possible_scores())))
boards = st.lists(scores, min_size=1, max_size=20)


@st.composite
def weights(draw, max_size=4):
    """Positive weights adding up to exactly 1."""
    parts = draw(st.lists(st.integers(min_value=1, max_value=12), min_size=1, max_size=max_size))
    return [Fraction(part, sum(parts)) for part in parts]


@st.composite
def weighted(draw):
    shares = draw(weights())
    return [Outcome(draw(scores), Figure(share)) for share in shares]


# --- IMPs -------------------------------------------------------------------

points = st.integers(min_value=-9000, max_value=9000)


@given(points)
def test_imps_are_odd(difference):
    assert imps(-difference) == -imps(difference)


@given(points, points)
def test_imps_are_monotone(a, b):
    low, high = sorted((a, b))
    assert imps(low) <= imps(high)


@given(points)
def test_imps_are_the_number_of_boundaries_passed(difference):
    assert abs(imps(difference)) == sum(1 for boundary in IMP_SCALE if abs(difference) >= boundary)
    assert abs(imps(difference)) <= 24


# --- Matchpoints ------------------------------------------------------------


@EXAMPLES
@given(st.lists(scores, min_size=2, max_size=30))
def test_matchpoints_add_up_to_n_times_n_less_one(board):
    n = len(board)
    awarded = matchpoints(board)
    assert sum(awarded) == n * (n - 1)
    assert all(0 <= mp <= 2 * (n - 1) for mp in awarded)


@EXAMPLES
@given(st.lists(scores, min_size=2, max_size=30))
def test_matchpoints_of_the_two_sides_make_a_top(board):
    top = 2 * (len(board) - 1)
    for ns, ew in zip(matchpoints(board), matchpoints([-score for score in board])):
        assert ns + ew == top


@EXAMPLES
@given(st.lists(scores, min_size=2, max_size=30))
def test_a_balanced_board_splits_into_the_plain_matchpoints(board):
    split = split_matchpoints(board)
    assert split.ns == matchpoints(board)
    assert all(row.ns + row.ew == split.top for row in split.rows)


# --- Weighted matchpoints ------------------------------------------------------


@EXAMPLES
@given(boards, weighted())
def test_balanced_weighted_scores_make_a_top(field, outcomes):
    result = weighted_matchpoints(field, outcomes)
    assert result.ns + result.ew == result.top == 2 * len(field)
    assert all(row.ns + row.ew == result.top for row in result.frequency_table)


@EXAMPLES
@given(boards, weighted())
def test_a_weighted_score_lies_between_the_matchpoints_of_its_outcomes(field, outcomes):
    result = weighted_matchpoints(field, outcomes)
    alone = [scenario.outcome.ns for scenario in result.scenarios]
    joined = [outcome.ns for outcome in result.outcomes]
    assert min(alone) <= result.ns <= max(alone)
    assert min(joined) <= result.ns <= max(joined)


@EXAMPLES
@given(boards, weighted())
def test_the_british_table_gives_the_weighted_sum_of_the_outcomes_alone(field, outcomes):
    result = weighted_matchpoints(field, outcomes)
    assert result.ns == sum(s.outcome.weight * s.outcome.ns for s in result.scenarios)
    alone = [matchpoints([*field, outcome.score])[-1] for outcome in outcomes]
    assert result.ns == sum(outcome.weight * mp for outcome, mp in zip(outcomes, alone))


@EXAMPLES
@given(boards, weighted())
def test_the_board_still_adds_up_with_a_weighted_table(field, outcomes):
    result = weighted_matchpoints(field, outcomes)
    n = len(field) + 1
    assert result.ns + sum(table.ns for table in result.other_tables) == n * (n - 1)
    assert sum(row.frequency for row in result.frequency_table) == n
    assert result.frequency_table[-1].ns - result.frequency_table[-1].frequency == result.end


@EXAMPLES
@given(boards, scores)
def test_a_weight_of_one_is_the_plain_matchpoints(field, score):
    result = weighted_matchpoints(field, [(score, 1)])
    assert result.ns == matchpoints([*field, score])[-1]
    assert [table.ns for table in result.other_tables] == matchpoints([*field, score])[:-1]


# --- Weighted IMPs, knock-out ------------------------------------------------


@EXAMPLES
@given(weighted(), scores)
def test_weighted_imps_lie_between_the_imps_of_the_outcomes(outcomes, other_room):
    result = weighted_imps(outcomes, other_room)
    each = [imps(outcome.score - other_room) for outcome in outcomes]
    assert min(each) <= result.ns <= max(each)
    assert result.ew == -result.ns
    assert result.ns == sum(row.part for row in result.rows)


@given(st.integers(-24, 24), st.integers(-24, 24))
def test_a_knockout_average_is_the_same_figure_for_both_teams(a, b):
    average = knockout_average(a, b)
    assert average.ns_team == -average.ew_team
    assert abs(average.ns_team - Fraction(a - b, 2)) <= Fraction(1, 20)
    assert knockout_average(b, a).ns_team == -average.ns_team


# --- Serious error ---------------------------------------------------------------

# A normal or expected score is one score or weighted outcomes; the table score is one score.
normal_or_expected = st.one_of(scores, weighted())


def assert_the_rule_fits_the_order(result, mirror):
    """The ruling's rule fits the order of its exact normal, expected and table
    figures, each seen from the non-offending side (higher is better for it), and
    gives each side what the rule says from the written figures: whenever the table
    score is below the normal score, the offending side gets its normal figure and
    the non-offending side its table figure plus the consequent damage.
    ``mirror`` turns an NS figure into EW's."""
    seen = (lambda figure: figure) if result.offenders is Side.EW else mirror
    lines = (result.normal, result.expected, result.table)
    exact_normal, exact_expected, exact_table = (seen(line.exact) for line in lines)
    normal, expected, table = (seen(line.written) for line in lines)
    non_offending, offending = (result.ns, result.ew) if result.offenders is Side.EW else (result.ew, result.ns)
    offending = mirror(offending)  # as the non-offending side sees it
    assert table <= non_offending <= max(table, normal)
    rule = result.rule
    if rule is SeriousErrorRule.TABLE_STANDS:
        assert exact_table >= exact_normal
        assert non_offending == offending == table
        assert not rule.adjusts
        return
    assert exact_table < exact_normal and rule.adjusts
    assert offending == normal  # the offending side's figure is its normal-score figure
    whole = max(Fraction(0), normal - table)
    if rule is SeriousErrorRule.NO_SELF_INFLICTED_DAMAGE:
        assert exact_expected <= exact_table
        damage = whole
    elif rule is SeriousErrorRule.NO_CONSEQUENT_DAMAGE:
        assert exact_table < exact_normal <= exact_expected
        damage = Fraction(0)
    else:
        assert rule is SeriousErrorRule.TABLE_PLUS_DAMAGE
        assert exact_table < exact_expected < exact_normal
        damage = min(max(Fraction(0), normal - expected), whole)
    assert result.consequent_damage == damage
    assert non_offending == table + damage


@EXAMPLES
@given(boards, normal_or_expected, normal_or_expected, scores, st.sampled_from(Side))
@example([-1100] * 6, [(-800, "2/9"), (-800, "2/9"), (-800, "5/9")], -1100, -1100, Side.EW)  # 12.01 before the bound
def test_serious_error_in_pairs_stays_within_bounds(field, normal, expected, table, offenders):
    result = serious_error_matchpoints(field, normal=normal, expected=expected, table=table, offenders=offenders)
    assert 0 <= result.ns <= result.top and 0 <= result.ew <= result.top
    assert_the_rule_fits_the_order(result, lambda figure: result.top - figure)
    # The table line is the board's plain matchpoints.
    assert result.table.exact == matchpoints([*field, table])[-1]


@EXAMPLES
@given(scores, normal_or_expected, normal_or_expected, scores, st.sampled_from(Side))
def test_serious_error_in_teams_stays_within_bounds(other_room, normal, expected, table, offenders):
    result = serious_error_imps(other_room, normal=normal, expected=expected, table=table, offenders=offenders)
    assert_the_rule_fits_the_order(result, lambda figure: -figure)
    assert result.table.exact == imps(table - other_room)
    # A VP match takes each figure to the nearest whole IMP; a knock-out the average.
    assert abs(result.vp[0] - result.ns) <= Fraction(1, 2) and abs(result.vp[1] - result.ew) <= Fraction(1, 2)
    assert result.knockout.exact == (result.ns - result.ew) / 2


@EXAMPLES
@given(scores, st.sampled_from(Side), scores, scores)
def test_serious_error_in_teams_balances_when_nothing_is_self_inflicted(other_room, offenders, normal, expected):
    """With the table score equal to the expected one, the non-offenders get the normal score."""
    result = serious_error_imps(other_room, normal=normal, expected=expected, table=expected, offenders=offenders)
    if result.damaged:
        assert result.rule is SeriousErrorRule.NO_SELF_INFLICTED_DAMAGE
        assert result.ns == -result.ew == imps(normal - other_room)
        assert result.knockout.ns_team == result.ns
    else:
        assert result.rule is SeriousErrorRule.TABLE_STANDS
        assert result.ns == -result.ew == imps(expected - other_room)


# --- Rounding and parsing ----------------------------------------------------------

exact = st.fractions(min_value=-1000, max_value=1000, max_denominator=60)


@given(exact)
def test_a_written_figure_is_within_half_a_tenth(value):
    assert abs(rounded(value) - value) <= Fraction(1, 20)
    assert rounded(value) * 10 == int(rounded(value) * 10)
    assert rounded(-value) == -rounded(value)


@given(scores)
def test_a_score_round_trips(score):
    assert parse_score(format_score(score)) == score


@given(st.fractions(min_value=0, max_value=1, max_denominator=400).filter(lambda w: w > 0))
def test_a_weight_round_trips(weight):
    assert parse_weight(format_weight(weight)) == weight


@EXAMPLES
@given(boards)
def test_a_frequency_table_round_trips(board):
    parsed = parse_scores(format_scores(board))
    assert Counter(parsed) == Counter(board)
    assert parsed == sorted(board, reverse=True)


@st.composite
def rounded_percentages(draw):
    """Weights in one denominator up to 12, adding up to 1, each written as a
    percentage rounded or cut off to 1 to 3 decimals: (weights, typed)."""
    denominator = draw(st.integers(min_value=2, max_value=12))
    parts = draw(st.lists(st.integers(min_value=1, max_value=denominator), min_size=1, max_size=5))
    parts = [part for part in parts if part < denominator]
    if not parts or sum(parts) >= denominator:
        parts = [1]
    parts.append(denominator - sum(parts))
    typed = []
    for part in parts:
        places = draw(st.integers(min_value=1, max_value=3))
        percent = Fraction(100 * part, denominator)
        cut = draw(st.booleans())
        written = Fraction(int(percent * 10**places), 10**places) if cut else rounded(percent, places)
        typed.append(f"{format(Figure(written), f'.{places}f')}%")
    return [Fraction(part, denominator) for part in parts], typed


@EXAMPLES
@given(rounded_percentages(), st.lists(scores, min_size=6, max_size=6))
def test_rounded_percentages_read_as_the_fractions_they_round(percentages, board):
    weights, typed = percentages
    text = ", ".join(f"{format_score(score)} {weight}" for score, weight in zip(board, typed))
    assert [outcome.weight for outcome in parse_outcomes(text)] == weights


@EXAMPLES
@given(weighted())
def test_weighted_outcomes_round_trip(outcomes):
    assert list(parse_outcomes(format_outcomes(outcomes))) == outcomes


# Expected crossing normal: the normal score two outcomes, the expected the same
# outcomes with the first weight a hundred-thousandth lower, the same, or higher.
# The first weight is a multiple of 1/200, so a written part can fall on a tie
# (0.335 x 19 = 6.365), which the normal and expected lines round opposite ways.
crossing = st.tuples(scores, scores, st.integers(1, 199).map(lambda halves: Fraction(halves, 200)))
STEP = Fraction(1, 100_000)


@EXAMPLES
@given(boards, crossing, scores, st.sampled_from(Side))
@example([110] * 5 + [50] * 3 + [-50] * 2 + [-110] * 2, (110, 50, Fraction(1, 3)), -530, Side.EW)
def test_pairs_figures_never_jump_more_than_the_rounding_step_when_expected_crosses_normal(
    field, normal, table, offenders
):
    first, second, weight = normal
    rulings = [
        serious_error_matchpoints(
            field,
            normal=[(first, weight), (second, 1 - weight)],
            expected=[(first, weight + shift), (second, 1 - weight - shift)],
            table=table,
            offenders=offenders,
        )
        for shift in (-STEP, 0, STEP)
    ]
    assert_no_jump(rulings, Fraction(1, 100))


@EXAMPLES
@given(scores, crossing, scores, st.sampled_from(Side))
@example(1580, (-300, 80, Fraction(2, 3)), 1350, Side.NS)
def test_teams_figures_never_jump_more_than_the_rounding_step_when_expected_crosses_normal(
    other_room, normal, table, offenders
):
    first, second, weight = normal
    rulings = [
        serious_error_imps(
            other_room,
            normal=[(first, weight), (second, 1 - weight)],
            expected=[(first, weight + shift), (second, 1 - weight - shift)],
            table=table,
            offenders=offenders,
        )
        for shift in (-STEP, 0, STEP)
    ]
    assert_no_jump(rulings, Fraction(1, 10))


def assert_no_jump(rulings, step):
    """Rulings whose expected score moves across the normal one by a hair: the
    offending side's figure does not move, the non-offending side's by at most
    the sheet's rounding step for each written part of the expected score (its two
    outcomes; a part on a tie is rounded one way in the normal line and the other
    in the expected line, decision 4: 0.85 x -21 = -17.85 and 0.15 x 7 = 1.05 can
    both tie, two steps apart)."""
    for before, after in zip(rulings, rulings[1:]):
        assert before.damaged == after.damaged  # the table score against the normal one decides
        offenders = before.offenders
        assert (before.ns, before.ew)[offenders is Side.EW] == (after.ns, after.ew)[offenders is Side.EW]
        parts = len(before.expected.outcomes)
        assert abs(before.ns - after.ns) <= parts * step and abs(before.ew - after.ew) <= parts * step
