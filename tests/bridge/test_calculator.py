"""The calculator's six calculations on what a director types, and their working
laid out like the reference's tables (bridge.calculator, bridge.display)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge import calculator, display
from bridge.scoring import ScoringError, format_scores, possible_scores

EXAMPLE_FIELD = "+110 x5, +50 x3, -50 x2, -110 x2"

# The reference's examples as a director types them on the calculator.
EXAMPLES = {
    "example 1": ("pairs-weighted", {"field": EXAMPLE_FIELD, "weights": "+110 60%, -50 40%"}),
    "example 2": ("teams-weighted", {"weights": "-650 1/3, +300 2/3", "other_room": "+620"}),
    "example 3": (
        "pairs-split",
        {"field": "590\n100\n-100\n500\n690\n-100\n-550\n-400\n-400", "ns_score": "-400", "ew_score": "-690"},
    ),
    "examples 4 and 5": ("teams-split", {"ns_score": "-800", "ew_score": "-1100", "other_room": "+620"}),
    "example 6": (
        "pairs-serious-error",
        {"field": EXAMPLE_FIELD, "normal": "+110", "expected": "+100", "table": "-530", "offenders": "EW"},
    ),
    "example 7": (
        "teams-serious-error",
        {"other_room": "+420", "normal": "+420", "expected": "+200 1/3, +500 2/3", "table": "-750", "offenders": "EW"},
    ),
}


def worked(name):
    slug, inputs = EXAMPLES[name]
    chosen = calculator.CALCULATIONS[slug]
    return display.working(chosen, calculator.calculate(chosen, inputs))


def finals(working):
    return [[(final.who, final.figure) for final in outcome.finals] for outcome in working.results]


def cells(table):
    return [row.cells for row in table.rows]


def test_example_1_working_is_the_references_british_table():
    working = worked("example 1")
    assert finals(working) == [[("NS", "13.8"), ("EW", "10.2")]]
    frequency, outcomes, others = working.tables
    assert cells(frequency) == [
        ("+110", "5", "0.6", "5.6", "19.4", "4.6"),
        ("+50", "3", "", "3", "10.8", "13.2"),
        ("−50", "2", "0.4", "2.4", "5.4", "18.6"),
        ("−110", "2", "", "2", "1", "23"),
    ]
    assert [row.marked for row in frequency.rows] == [True, False, True, False]
    assert "starts at 25" in frequency.caption and "ends at -1" in frequency.note
    assert cells(outcomes) == [("+110", "60%", "19.4", "11.64", "4.6", "2.76"), ("−50", "40%", "5.4", "2.16", "18.6", "7.44")]
    assert outcomes.foot == ("Weighted sum", "", "", "13.8", "", "10.2")
    # A +50 elsewhere gets 10.8.
    assert ("+50", "3", "10.8", "13.2") in cells(others)
    assert working.lines == (
        "NS: 60% × 19.4 + 40% × 5.4 = 11.64 + 2.16 = 13.8 MP",
        "EW: 60% × 4.6 + 40% × 18.6 = 2.76 + 7.44 = 10.2 MP",
    )
    assert working.summary == "NS 13.8 MP · EW 10.2 MP"


def test_example_2_weighted_imps():
    working = worked("example 2")
    assert finals(working) == [[("NS team", "−10.3"), ("EW team", "+10.3")]]
    (table,) = working.tables
    assert cells(table) == [("−650", "−620", "−1270", "−15", "1/3", "−5"), ("+300", "−620", "−320", "−8", "2/3", "−5.3")]
    assert working.lines == ("NS team: 1/3 × −15 + 2/3 × −8 = −5 − 5.3 = −10.3 IMP",)


def test_example_3_split_pairs_marks_the_split_table():
    working = worked("example 3")
    (table,) = working.tables
    assert cells(table)[0] == ("This table", "−400", "−690", "4", "1")
    assert table.rows[0].marked and not any(row.marked for row in table.rows[1:])
    # The reference's other rows, in its order (table 3 is ours).
    assert [row[3:] for row in cells(table)[1:]] == [
        ("16", "4"), ("12", "8"), ("9", "11"), ("14", "6"), ("18", "1"), ("9", "11"), ("0", "18"), ("4", "15"), ("4", "15")
    ]  # fmt: skip
    assert finals(working) == [[("NS", "4"), ("EW", "1")]]


def test_examples_4_and_5_split_teams_vp_and_knockout():
    working = worked("examples 4 and 5")
    assert cells(working.tables[0]) == [
        ("NS team", "−800", "−620", "−1420", "−16"),
        ("EW team", "−1100", "+620", "−480", "−10"),
    ]
    assert finals(working) == [[("NS team", "−16"), ("EW team", "−10")], [("NS team", "−3"), ("EW team", "+3")]]
    assert working.lines == ("Knock-out (Law 86B): (−16 − (−10)) / 2 = −3 → −3 IMP to the NS team",)


def test_example_6_serious_error_in_pairs():
    working = worked("example 6")
    assert cells(working.tables[0]) == [("Normal", "+110", "19", "19"), ("Expected", "+100", "14", "14"), ("Table", "−530", "0", "0")]
    assert working.lines == (
        "Consequent damage to NS: normal 19 − expected (14) = 5",
        "NS (non-offending): table 0 + damage 5 = 5",
        "EW (offending): the normal score, 24 − 19 = 5",
    )
    assert finals(working) == [[("NS", "5"), ("EW", "5")]]


def test_example_7_serious_error_in_teams_vp_and_knockout():
    working = worked("example 7")
    lines_table, expected = working.tables
    assert cells(lines_table)[1] == ("Expected", "+200 1/3, +500 2/3", "−0.67", "−0.7")
    assert cells(expected) == [("+200", "−420", "−220", "−6", "1/3", "−2"), ("+500", "−420", "+80", "+2", "2/3", "+1.3")]
    assert finals(working) == [
        [("NS team", "−14.3"), ("EW team", "0")],
        [("NS team", "−14"), ("EW team", "0")],
        [("NS team", "−7.1"), ("EW team", "+7.1")],
    ]
    assert working.lines[-1] == "Knock-out (Law 86B): (−14.3 − 0) / 2 = −7.15 → −7.1 IMP to the NS team"


def test_no_damage_leaves_the_table_score_for_both():
    chosen = calculator.CALCULATIONS["pairs-serious-error"]
    inputs = {"field": EXAMPLE_FIELD, "normal": "+100", "expected": "+110", "table": "-530", "offenders": "EW"}
    working = display.working(chosen, calculator.calculate(chosen, inputs))
    assert "no damage to NS" in working.lines[0] and len(working.lines) == 1
    assert finals(working) == [[("NS", "0"), ("EW", "24")]]


def test_the_offending_side_named_ns_turns_the_working_round():
    chosen = calculator.CALCULATIONS["pairs-serious-error"]
    # Mirror example 6: EW are the non-offenders now.
    inputs = {"field": "-110 x5, -50 x3, +50 x2, +110 x2", "normal": "-110", "expected": "-100", "table": "+530", "offenders": "NS"}
    working = display.working(chosen, calculator.calculate(chosen, inputs))
    assert finals(working) == [[("NS", "5"), ("EW", "5")]]
    assert working.lines[1] == "EW (non-offending): table 0 + damage 5 = 5"


@pytest.mark.parametrize(
    ("slug", "inputs", "field", "words"),
    [
        ("pairs-weighted", {"field": EXAMPLE_FIELD, "weights": "+110 20.1%, -50 79.8%"}, "weights", "add up to"),
        ("pairs-weighted", {"field": "+115", "weights": "+110 1"}, "field", "+115 is not a possible bridge score"),
        ("pairs-weighted", {"field": "", "weights": "+110 1"}, "field", "needed"),
        ("pairs-weighted", {"field": "+110 x99999", "weights": "+110 1"}, "field", "at 1000 at most"),
        ("pairs-weighted", {"field": "+110 x" + "9" * 5000, "weights": "+110 1"}, "field", "characters"),
        ("pairs-weighted", {"field": "+" + "1" * 3000, "weights": "+110 1"}, "field", "not a possible bridge score"),
        ("pairs-split", {"field": "", "ns_score": "-400", "ew_score": "-690"}, "field", "needed"),
        ("pairs-split", {"field": "+110", "ns_score": "-405", "ew_score": "-690"}, "ns_score", "-405"),
        ("teams-weighted", {"weights": "-650 1/3, +300 2/3", "other_room": "six"}, "other_room", "not a score"),
        ("teams-split", {"ns_score": "-800", "ew_score": "-1105", "other_room": "+620"}, "ew_score", "-1105"),
        (
            "teams-serious-error",
            {"other_room": "+420", "normal": "+420", "expected": "+200", "table": "-750 1/2, -800 1/2", "offenders": "EW"},
            "table",
            "one result",
        ),
        (
            "pairs-serious-error",
            {"field": EXAMPLE_FIELD, "normal": "+110", "expected": "+100", "table": "-530", "offenders": "N"},
            "offenders",
            "NS or EW",
        ),
    ],
)
def test_bad_input_is_refused_naming_the_input(slug, inputs, field, words):
    with pytest.raises(ScoringError) as refused:
        calculator.calculate(calculator.CALCULATIONS[slug], inputs)
    assert refused.value.field == field
    assert words in str(refused.value)


def test_a_board_with_one_table_is_refused():
    with pytest.raises(ScoringError, match="at least two tables"):
        calculator.calculate(calculator.CALCULATIONS["pairs-split"], {"field": ",", "ns_score": "-400", "ew_score": "-690"})


def test_the_vulnerability_checks_every_score():
    chosen = calculator.CALCULATIONS["teams-weighted"]
    inputs = {"weights": "+620 1", "other_room": "-100"}
    assert calculator.calculate(chosen, inputs, "NS")  # 4♥ made, vulnerable
    with pytest.raises(ScoringError, match="not a possible bridge score with vulnerability none") as refused:
        calculator.calculate(chosen, inputs, "none")  # not vulnerable, 4♥ is +420
    assert refused.value.field == "weights"
    with pytest.raises(ScoringError, match="not a vulnerability") as refused:
        calculator.calculate(chosen, inputs, "north")
    assert refused.value.field == "vulnerability"


def test_every_calculation_names_inputs_it_has_labels_for():
    for chosen in calculator.CALCULATIONS.values():
        assert chosen.inputs and all(name in calculator.INPUTS for name in chosen.inputs)
    assert [label for label, _ in calculator.groups()] == list(calculator.FORMS_OF_SCORING.values())
    assert sum(len(choices) for _, choices in calculator.groups()) == len(calculator.CALCULATIONS)


SCORES = sorted(score for score in possible_scores() if abs(score) <= 1000)


@settings(max_examples=60, deadline=None)
@given(
    field=st.lists(st.sampled_from(SCORES), min_size=1, max_size=30),
    outcomes=st.lists(st.sampled_from(SCORES), min_size=1, max_size=4, unique=True),
)
def test_the_working_adds_up_for_any_board(field, outcomes):
    """The weighted sum written in the working is the final figure, both sides
    make the top, and the frequency column counts every table once."""
    weights = ", ".join(f"{score:+d} 1/{len(outcomes)}" for score in outcomes)
    chosen = calculator.CALCULATIONS["pairs-weighted"]
    result = calculator.calculate(chosen, {"field": format_scores(field), "weights": weights})
    working = display.working(chosen, result)
    frequency, outcomes_table, _ = working.tables
    assert outcomes_table.foot[3] == working.results[0].finals[0].figure == display.written(result.ns)
    assert result.ns + result.ew == 2 * len(field)
    assert sum(row.frequency for row in result.frequency_table) == len(field) + 1
    assert [row.marked for row in frequency.rows].count(True) == len(outcomes)
