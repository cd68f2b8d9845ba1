"""The calculator's six calculations on what a director types, and their working
laid out like the reference's tables (bridge.calculator, bridge.display)."""

import pytest

from bridge import calculator, display
from bridge.scoring import ScoringError

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


def worked(name, **more):
    slug, inputs = EXAMPLES[name]
    chosen = calculator.CALCULATIONS[slug]
    return display.working(chosen, calculator.calculate(chosen, {**inputs, **more}))


def finals(working):
    return [[(final.who, final.figure) for final in outcome.finals] for outcome in working.results]


def cells(table):
    return [row.cells for row in table.rows]


def section(working, title_start):
    (found,) = [section for section in working.sections if section.title.startswith(title_start)]
    return found


def texts(lines):
    return tuple(line.text for line in lines)


def test_example_1_working_shows_both_of_the_references_methods():
    working = worked("example 1")
    assert finals(working) == [[("NS", "13.8"), ("EW", "10.2")]]
    assert [final.percentage for final in working.results[0].finals] == ["13.8 of 24 = 57.5 %", "10.2 of 24 = 42.5 %"]
    # The reference's first method: each outcome alone in the frequency table, then weighted.
    first = section(working, "First method")
    assert [table.caption for table in first.tables] == ["+110 (60%) alone", "−50 (40%) alone"]
    assert cells(first.tables[0]) == [("+110", "6", "19", "5"), ("+50", "3", "10", "14"), ("−50", "2", "5", "19"), ("−110", "2", "1", "23")]
    assert cells(first.tables[1]) == [("+110", "5", "20", "4"), ("+50", "3", "12", "12"), ("−50", "3", "6", "18"), ("−110", "2", "1", "23")]
    assert [row.marked for row in first.tables[1].rows] == [False, False, True, False]
    assert texts(first.lines) == (
        "NS: 60% × 19 + 40% × 6 = 11.4 + 2.4 = 13.8 MP",
        "EW: 60% × 5 + 40% × 18 = 3 + 7.2 = 10.2 MP",
    )
    # The British table.
    british = section(working, "Second method")
    frequency, outcomes = british.tables
    assert cells(frequency) == [
        ("+110", "5", "0.6", "5.6", "19.4", "4.6"),
        ("+50", "3", "", "3", "10.8", "13.2"),
        ("−50", "2", "0.4", "2.4", "5.4", "18.6"),
        ("−110", "2", "", "2", "1", "23"),
    ]
    assert [row.marked for row in frequency.rows] == [True, False, True, False]
    assert "starts at 25" in frequency.caption and "ends at −1" in frequency.note
    assert cells(outcomes) == [("+110", "60%", "19.4", "11.64", "4.6", "2.76"), ("−50", "40%", "5.4", "2.16", "18.6", "7.44")]
    assert outcomes.foot == ("Weighted sum", "", "", "13.8", "", "10.2")
    assert texts(british.lines) == (
        "NS: 60% × 19.4 + 40% × 5.4 = 11.64 + 2.16 = 13.8 MP",
        "EW: 60% × 4.6 + 40% × 18.6 = 2.76 + 7.44 = 10.2 MP",
    )
    assert not british.notes
    # A +50 elsewhere gets 10.8.
    assert ("+50", "3", "10.8", "13.2") in cells(section(working, "The other tables").tables[0])
    assert working.summary == "NS 13.8 MP · EW 10.2 MP"
    assert [law.name for law in working.laws] == ["Law 12C1c"]


def test_example_1_no_damage_the_score_stands():
    """"Therefore no damage, as +100 is worth 14 MP": the table result stands."""
    working = worked("example 1", table="+100", offenders="EW")
    assert finals(working) == [[("NS", "14"), ("EW", "10")]]
    assert working.results[0].label == "Top 24: the table result stands"
    assert working.verdict == (
        "No damage to NS: the weighted score, 13.8 MP, is no better for them than the table result's 14 MP. "
        "Score stands: NS 14 MP, EW 10 MP."
    )
    assert cells(section(working, "The table result").tables[0]) == [("+100", "14", "10")]
    # The other tables keep their plain matchpoints against +100.
    assert ("+50", "3", "10", "14") in cells(section(working, "The other tables, with the table result").tables[0])
    # The weighted score is still worked out in full.
    assert texts(section(working, "First method").lines)[0] == "NS: 60% × 19 + 40% × 6 = 11.4 + 2.4 = 13.8 MP"


def test_example_1_damaged_the_weighted_score_replaces_the_table_result():
    working = worked("example 1", table="-100", offenders="EW")
    assert finals(working) == [[("NS", "13.8"), ("EW", "10.2")]]
    assert working.verdict.startswith("NS were damaged: the weighted score, 13.8 MP, is better for them")


def test_example_2_weighted_imps():
    working = worked("example 2")
    assert finals(working) == [[("NS team", "−10.3"), ("EW team", "+10.3")]]
    (table,) = working.tables
    assert cells(table) == [("−650", "−620", "−1270", "−15", "1/3", "−5"), ("+300", "−620", "−320", "−8", "2/3", "−5.3")]
    assert table.foot[-1] == "−10.3"
    assert texts(working.lines) == ("NS team: 1/3 × −15 + 2/3 × −8 = −5 − 5.3 = −10.3 IMP",)


def test_example_2_no_damage_the_score_stands():
    """The table result for Team A, −100 against −620: −720 → −12; EW were not damaged. Score stands."""
    working = worked("example 2", table="-100", offenders="NS")
    assert finals(working) == [[("NS team", "−12"), ("EW team", "+12")]]
    assert working.results[0].label == "The board: the table result stands"
    assert cells(section(working, "The table result").tables[0]) == [("−100", "−620", "−720", "−12")]
    assert working.verdict == (
        "No damage to the EW team: the weighted score, +10.3 IMP, is no better for them than the table result's "
        "+12 IMP. Score stands: NS team −12 IMP, EW team +12 IMP."
    )
    assert texts(working.lines) == ("NS team: 1/3 × −15 + 2/3 × −8 = −5 − 5.3 = −10.3 IMP",)


def test_weighted_thirds_in_teams_add_up_as_written():
    """Each third written to one decimal, and the written thirds added: −9.4, not −9.3."""
    chosen = calculator.CALCULATIONS["teams-weighted"]
    working = display.working(chosen, calculator.calculate(chosen, {"weights": "+100 1/3, +200 1/3, +300 1/3", "other_room": "+620"}))
    assert texts(working.lines) == ("NS team: 1/3 × −11 + 1/3 × −9 + 1/3 × −8 = −3.7 − 3 − 2.7 = −9.4 IMP",)
    assert working.tables[0].foot[-1] == "−9.4"
    assert finals(working) == [[("NS team", "−9.4"), ("EW team", "+9.4")]]


def test_weighted_thirds_in_pairs_use_the_tables_figures():
    """The British table writes 19.67, and the line takes 19.67 from it."""
    chosen = calculator.CALCULATIONS["pairs-weighted"]
    inputs = {"field": EXAMPLE_FIELD, "weights": "+110 1/3, +50 1/3, -50 1/3"}
    working = display.working(chosen, calculator.calculate(chosen, inputs))
    assert texts(section(working, "First method").lines) == (
        "NS: 1/3 × 19 + 1/3 × 11 + 1/3 × 6 = 6.33 + 3.67 + 2 = 12 MP",
        "EW: 1/3 × 5 + 1/3 × 13 + 1/3 × 18 = 1.67 + 4.33 + 6 = 12 MP",
    )
    british = section(working, "Second method")
    assert cells(british.tables[0])[0] == ("+110", "5", "0.33", "5.33", "19.67", "4.33")
    assert texts(british.lines) == (
        "NS: 1/3 × 19.67 + 1/3 × 11 + 1/3 × 5.33 = 6.56 + 3.67 + 1.78 = 12.01 MP",
        "EW: 1/3 × 4.33 + 1/3 × 13 + 1/3 × 18.67 = 1.44 + 4.33 + 6.22 = 11.99 MP",
    )
    assert british.notes == (
        "Both methods give the same exact score; written to two decimals, their parts round differently here. "
        "The score is the first method's.",
    )
    assert finals(working) == [[("NS", "12"), ("EW", "12")]]


def test_example_3_split_pairs_marks_the_split_table_and_numbers_no_other_table():
    working = worked("example 3")
    (table,) = working.tables
    assert table.head == ("NS score", "EW score", "Freq.", "NS MP", "EW MP")
    assert cells(table)[0] == ("−400", "−690", "1", "4", "1")
    assert table.rows[0].marked and not any(row.marked for row in table.rows[1:])
    # The reference's other rows, each score once with its frequency, best first:
    # the frequency list typed numbers no table, so none is written.
    assert cells(table)[1:] == [
        ("+690", "−690", "1", "18", "1"),
        ("+590", "−590", "1", "16", "4"),
        ("+500", "−500", "1", "14", "6"),
        ("+100", "−100", "1", "12", "8"),
        ("−100", "+100", "2", "9", "11"),
        ("−400", "+400", "2", "4", "15"),
        ("−550", "+550", "1", "0", "18"),
    ]
    # Every table counted once: this one and the nine others.
    assert sum(int(row[2]) for row in cells(table)) == 10
    assert finals(working) == [[("NS", "4"), ("EW", "1")]]


def test_a_long_split_traveller_writes_no_table_number_it_was_not_typed():
    chosen = calculator.calculation("pairs-split")
    result = calculator.calculate(chosen, {"field": "+110 x12, -50 x7, +140", "ns_score": "+110", "ew_score": "+50"}, "")
    (table,) = display.working(chosen, result).tables
    # 21 tables, written as 4 rows of scores (this table first), never as 21 numbered rows.
    # Counted by hand: this NS +110 beats 7, ties 12, loses 1 = 14 + 12 = 26; its EW +50
    # beats 13 (−140, −110 x12), ties 7 (+50 x7) = 26 + 7 = 33; an other +110's EW −110
    # beats 1, ties 11 = 2 + 11 = 13.
    assert cells(table) == [
        ("+110", "+50", "1", "26", "33"),
        ("+140", "−140", "1", "40", "0"),
        ("+110", "−110", "12", "26", "13"),
        ("−50", "+50", "7", "6", "33"),
    ]
    assert sum(int(row[2]) for row in cells(table)) == 21


def test_examples_4_and_5_split_teams_vp_and_knockout():
    working = worked("examples 4 and 5")
    assert cells(working.tables[0]) == [
        ("NS team", "−800", "−620", "−1420", "−16"),
        ("EW team", "−1100", "+620", "−480", "−10"),
    ]
    assert finals(working) == [[("NS team", "−16"), ("EW team", "−10")], [("NS team", "−3"), ("EW team", "+3")]]
    assert texts(working.lines) == ("Knock-out (Law 86B): (−16 − (−10)) / 2 = −3 IMP to the NS team",)


def test_example_6_serious_error_in_pairs():
    working = worked("example 6")
    assert cells(working.tables[0]) == [("Normal", "+110", "19"), ("Expected", "+100", "14"), ("Table", "−530", "0")]
    assert texts(working.lines) == (
        "Consequent damage to NS: normal 19 − expected (14) = 5",
        "NS (non-offending): table 0 + damage 5 = 5",
        "EW (offending), the normal score: 24 − 19 = 5",
    )
    assert finals(working) == [[("NS", "5"), ("EW", "5")]]
    assert [final.percentage for final in working.results[0].finals] == ["5 of 24 = 20.83 %", "5 of 24 = 20.83 %"]


def test_example_7_serious_error_in_teams_vp_and_knockout():
    working = worked("example 7")
    lines_table, expected = working.tables
    assert cells(lines_table)[1] == ("Expected", "+200 1/3, +500 2/3", "−0.7")
    assert section(working, "The expected score").lines[0].text == (
        "Expected (NS team): 1/3 × −6 + 2/3 × 2 = −2 + 1.3 = −0.7 IMP"
    )
    assert cells(expected) == [("+200", "−420", "−220", "−6", "1/3", "−2"), ("+500", "−420", "+80", "+2", "2/3", "+1.3")]
    assert finals(working) == [
        [("NS team", "−14.3"), ("EW team", "0")],
        [("NS team", "−14"), ("EW team", "0")],
        [("NS team", "−7.1"), ("EW team", "+7.1")],
    ]
    assert texts(working.lines)[-2:] == (
        "VP match, NS team: −14.3 → −14 IMP (whole IMPs)",
        "Knock-out (Law 86B): (−14.3 − 0) / 2 = −7.15 → −7.1 IMP to the NS team",
    )
    assert [law.name for law in working.laws] == ["Law 12C1b", "Law 86B"]


def test_no_consequent_damage_leaves_the_non_offenders_their_table_score_and_the_offenders_the_normal_one():
    chosen = calculator.CALCULATIONS["pairs-serious-error"]
    inputs = {"field": EXAMPLE_FIELD, "normal": "+100", "expected": "+110", "table": "-530", "offenders": "EW"}
    working = display.working(chosen, calculator.calculate(chosen, inputs))
    assert texts(working.lines) == (
        "Consequent damage to NS: normal 14 − expected (19) = −5 is no damage: the normal score is no better "
        "for them than the expected one, so all their damage is self-inflicted.",
        "NS (non-offending): table 0 + damage 0 = 0",
        "EW (offending), the normal score: 24 − 14 = 10",
    )
    assert finals(working) == [[("NS", "0"), ("EW", "10")]]


def test_the_offending_side_named_ns_turns_the_working_round():
    chosen = calculator.CALCULATIONS["pairs-serious-error"]
    # Mirror example 6: EW are the non-offenders now.
    inputs = {"field": "-110 x5, -50 x3, +50 x2, +110 x2", "normal": "-110", "expected": "-100", "table": "+530", "offenders": "NS"}
    working = display.working(chosen, calculator.calculate(chosen, inputs))
    assert finals(working) == [[("NS", "5"), ("EW", "5")]]
    assert working.lines[1].text == "EW (non-offending): table 0 + damage 5 = 5"


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
