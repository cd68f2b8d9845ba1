"""No pairs figure leaves 0..top (RULES.md decision 25): a written sum of
weighted parts that lands above the top (or below 0) is written at the top (or
0), and the sheet shows that step; every figure a side gets stays within 0..top."""

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bridge import calculator, display
from bridge.scoring import Figure, Outcome, Side, serious_error_matchpoints, split_matchpoints, weighted_matchpoints
from tests.bridge import sums
from tests.bridge.test_properties import boards, scores

FIELD = [-1100] * 6
NINTHS = [(-800, "2/9"), (-800, "2/9"), (-800, "5/9")]
NS_LINE = "2/9 × 12 + 2/9 × 12 + 5/9 × 12 = 2.67 + 2.67 + 6.67 = 12.01 → the top, 12"


def test_a_weighted_score_in_pairs_summing_above_the_top_is_written_at_the_top():
    result = weighted_matchpoints(FIELD, NINTHS, table=-1100, offenders="EW")
    assert (result.written_ns, result.written_ew) == (12, 0)
    assert (result.british_ns, result.british_ew) == (12, 0)
    assert result.awarded == (12, 0)
    working = display.working(calculator.CALCULATIONS["pairs-weighted"], result)
    ns = working.lines[0]
    assert ns.text == f"NS: {NS_LINE} MP {display.WITHIN_TOP}"
    assert sums.check_line(ns.working, 2, top=12) == 3
    assert [final.figure for final in working.results[0].finals] == ["12", "0"]


def test_a_serious_error_in_pairs_with_a_normal_score_above_the_top_gives_the_top():
    result = serious_error_matchpoints(FIELD, normal=NINTHS, expected=-1100, table=-1100, offenders="EW")
    assert result.normal.written == 12
    assert (result.ns, result.ew) == (12, 0)
    working = display.working(calculator.CALCULATIONS["pairs-serious-error"], result)
    normal = next(line for line in working.lines if line.label == "Normal (NS)")
    assert normal.text == f"Normal (NS): {NS_LINE} MP {display.WITHIN_TOP}"
    for line in working.lines:
        sums.check_line(line.working, 2, top=12)
    assert [final.figure for final in working.results[0].finals] == ["12", "0"]


def test_the_checker_checks_the_bound_as_a_bound():
    sums.check_line("2.67 + 2.67 + 6.67 = 12.01 → the top, 12", 2, top=12)
    sums.check_line("0.01 − 0.02 = −0.01 → the least, 0", 2, top=12)
    for wrong, top in (
        ("12.01 → the top, 12", None),  # no top to check it against
        ("12.01 → the top, 12", 14),  # not above this top
        ("11.99 → the top, 12", 12),  # within the top: nothing to bound
        ("12.49 → the top, 12.4", 12),
        ("0.01 → the least, 0", 12),
        ("12.01 → 12", 12),  # a bound written as a rounding
    ):
        try:
            sums.check_line(wrong, 2, top=top)
        except AssertionError:
            continue
        raise AssertionError(f"{wrong} passed with top {top}")


weights = st.lists(st.integers(min_value=1, max_value=12), min_size=1, max_size=4)


@st.composite
def weighted(draw):
    parts = draw(weights)
    return [Outcome(draw(scores), Figure(part, sum(parts))) for part in parts]


def within(figure, top):
    assert 0 <= figure <= top, (figure, top)


def check_sheet(slug, result):
    """Every line of the sheet adds up, its bounds checked against the top, and both final figures are within it."""
    working = display.working(calculator.CALCULATIONS[slug], result)
    for line in working.lines:
        sums.check_line(line.working, 2, top=result.top)
    for final in working.results[0].finals:
        within(Figure(final.figure), result.top)


@settings(max_examples=300)
@given(boards, weighted(), st.one_of(st.none(), st.tuples(scores, st.sampled_from(Side))))
@example(FIELD, [Outcome(-800, Figure(2, 9)), Outcome(-800, Figure(2, 9)), Outcome(-800, Figure(5, 9))], (-1100, Side.EW))
def test_every_written_figure_of_a_weighted_score_in_pairs_is_within_the_top(field, outcomes, table):
    more = {"table": table[0], "offenders": table[1]} if table else {}
    result = weighted_matchpoints(field, outcomes, **more)
    for figure in (result.written_ns, result.written_ew, result.british_ns, result.british_ew, *result.awarded):
        within(figure, result.top)
    check_sheet("pairs-weighted", result)


@settings(max_examples=300)
@given(boards, st.one_of(scores, weighted()), st.one_of(scores, weighted()), scores, st.sampled_from(Side))
@example(FIELD, [(-800, "2/9"), (-800, "2/9"), (-800, "5/9")], -1100, -1100, Side.EW)
@example(FIELD, [(-800, "2/9"), (-800, "2/9"), (-800, "5/9")], -1100, -1100, Side.NS)
def test_every_written_figure_of_a_serious_error_in_pairs_is_within_the_top(field, normal, expected, table, offenders):
    result = serious_error_matchpoints(field, normal=normal, expected=expected, table=table, offenders=offenders)
    for line in (result.normal, result.expected, result.table):
        within(line.written, result.top)
    within(result.ns, result.top)
    within(result.ew, result.top)
    check_sheet("pairs-serious-error", result)


@settings(max_examples=200)
@given(st.lists(st.one_of(scores, st.tuples(scores, scores)), min_size=2, max_size=20))
def test_every_figure_of_a_split_score_in_pairs_is_within_the_top(tables):
    result = split_matchpoints(tables)
    for row in result.rows:
        within(row.ns, result.top)
        within(row.ew, result.top)
