"""The reference's seven worked examples ("Calculating Scores: Split, Weighted and
Serious Error", Athens 2017), figure for figure, as the reference writes them."""

from fractions import Fraction

from bridge.scoring import (
    Side,
    display,
    matchpoints,
    other_tables_matchpoints,
    serious_error_imps,
    serious_error_matchpoints,
    split_imps,
    split_matchpoints,
    weighted_imps,
    weighted_matchpoints,
)

# "Without this result the frequency table shows for NS 5 times +110, 3 times +50,
# 2 times -50, 2 times -110." (examples 1 and 6)
FIELD = [110] * 5 + [50] * 3 + [-50] * 2 + [-110] * 2


def rows(table):
    """A frequency table as the reference prints it: score, frequency, NS MP, EW MP."""
    return [(row.score, display(row.frequency), display(row.ns), display(row.ew)) for row in table]


def test_example_1_weighted_score_in_pairs():
    result = weighted_matchpoints(FIELD, [(110, "60%"), (-50, "40%")])

    # The "British" table: the weighted outcomes join the frequency table.
    assert result.top == 24
    assert result.start == 25 and result.end == -1
    assert rows(result.frequency_table) == [
        (110, "5.6", "19.4", "4.6"),
        (50, "3", "10.8", "13.2"),
        (-50, "2.4", "5.4", "18.6"),
        (-110, "2", "1", "23"),
    ]
    # NS: 60% x 19.4 + 40% x 5.4 = 11.64 + 2.16 = 13.8 MP
    # EW: 60% x 4.6 + 40% x 18.6 = 2.76 + 7.44 = 10.2 MP
    sixty, forty = result.outcomes
    assert (sixty.weight, sixty.ns, sixty.ns_part) == (Fraction(3, 5), Fraction(97, 5), Fraction(291, 25))
    assert [display(part, 2) for part in (sixty.ns_part, forty.ns_part)] == ["11.64", "2.16"]
    assert [display(part, 2) for part in (sixty.ew_part, forty.ew_part)] == ["2.76", "7.44"]
    assert (result.ns, result.ew) == (Fraction(69, 5), Fraction(51, 5))
    ns, ew = result
    assert (display(ns), display(ew)) == ("13.8", "10.2")

    # The first method: each outcome alone in the frequency table, then weighted.
    # 60%: +110 x6 -> 19 / 5 MP; 40%: -50 x3 -> 6 / 18 MP; 11.4 + 2.4 = 13.8; 3.0 + 7.2 = 10.2
    first, second = result.scenarios
    assert [(row.score, row.frequency, row.ns, row.ew) for row in first.frequency_table] == [
        (110, 6, 19, 5), (50, 3, 10, 14), (-50, 2, 5, 19), (-110, 2, 1, 23)
    ]  # fmt: skip
    assert [(row.score, row.frequency, row.ns, row.ew) for row in second.frequency_table] == [
        (110, 5, 20, 4), (50, 3, 12, 12), (-50, 3, 6, 18), (-110, 2, 1, 23)
    ]  # fmt: skip
    assert [display(s.outcome.ns_part) for s in result.scenarios] == ["11.4", "2.4"]
    assert [display(s.outcome.ew_part) for s in result.scenarios] == ["3", "7.2"]
    assert sum(s.outcome.ns_part for s in result.scenarios) == result.ns

    # "Therefore no damage, as +100 is worth 14 MP !!!"
    assert matchpoints([*FIELD, 100])[-1] == 14
    assert result.ns < 14


def test_example_1_no_damage_the_table_result_stands():
    """West's slow pass: EW offended. The table had +100 for NS (3H doubled one off),
    worth 14 MP; the weighted 13.8 is no better for NS: no damage, score stands."""
    result = weighted_matchpoints(FIELD, [(110, "60%"), (-50, "40%")], table=100, offenders="EW")
    assert (result.written_ns, result.written_ew) == (Fraction(69, 5), Fraction(51, 5))
    assert (result.table_result.ns, result.table_result.ew) == (14, 10)
    assert result.stands
    assert result.awarded == (14, 10)
    # The other tables keep their matchpoints against +100: +50 scores 10.
    assert {table.score: table.ns for table in result.table_result.other_tables}[50] == 10
    # Had the table been -100 (4 MP for NS), the weighted score would replace it.
    damaged = weighted_matchpoints(FIELD, [(110, "60%"), (-50, "40%")], table=-100, offenders="EW")
    assert not damaged.stands and damaged.awarded == (Fraction(69, 5), Fraction(51, 5))


def test_example_1_other_tables_matchpoints():
    """What are the matchpoints for a NS pair with +50 scorepoints? 10.8 MP, both ways:
    a) 60% x 10 + 40% x 12 = 6 + 4.8; b) the British table."""
    others = other_tables_matchpoints(FIELD, [(110, "60%"), (-50, "40%")])
    assert len(others) == len(FIELD)
    plus_fifty = {table.score: table for table in others}[50]
    assert plus_fifty.ns == Fraction(54, 5)
    assert display(plus_fifty.ns) == "10.8"
    assert display(plus_fifty.ew) == "13.2"
    assert Fraction(3, 5) * 10 + Fraction(2, 5) * 12 == plus_fifty.ns


def test_example_2_weighted_score_in_teams():
    """5H doubled just made in 1/3, two off in 2/3; the closed room scored 4S made (+620)."""
    result = weighted_imps([(-650, "1/3"), (300, "2/3")], 620)
    assert [(row.this_room, row.other_room, row.difference, row.imps, row.weight) for row in result.rows] == [
        (-650, -620, -1270, -15, Fraction(1, 3)),
        (300, -620, -320, -8, Fraction(2, 3)),
    ]
    assert [display(row.part) for row in result.rows] == ["-5", "-5.3"]
    assert result.ns == Fraction(-31, 3)
    assert display(result) == "-10.3"
    assert round(result, 1) == -10.3

    # Table result for Team A: -100 against -620: -720 -> -12. The non-offending side
    # (EW) was not damaged: -12 for NS is better for EW than the adjusted -10.3.
    table = weighted_imps([(-100, 1)], 620)
    assert (table.rows[0].difference, table.rows[0].imps) == (-720, -12)
    assert table.ns < result.ns


def test_example_2_no_damage_the_table_result_stands():
    """South's slow double: NS offended. "Table result for Team A, NS (OPEN): -100,
    -620, -720, -12 ... the non-offending side (EW) was not damaged. Score stands." """
    result = weighted_imps([(-650, "1/3"), (300, "2/3")], 620, table=-100, offenders="NS")
    assert [display(row.written_part) for row in result.rows] == ["-5", "-5.3"]
    assert result.written == Fraction(-103, 10)
    row = result.table_result
    assert (row.this_room, row.other_room, row.difference, row.imps) == (-100, -620, -720, -12)
    assert result.stands
    assert result.awarded == (-12, 12)


def test_example_3_split_score_in_pairs():
    """Table 3 was given NS -400 and EW -690; the other tables balance."""
    board = split_matchpoints([590, 100, (-400, -690), -100, 500, 690, -100, -550, -400, -400])
    assert [(row.ns_score, row.ew_score, row.ns, row.ew) for row in board.rows] == [
        (590, -590, 16, 4),
        (100, -100, 12, 8),
        (-400, -690, 4, 1),
        (-100, 100, 9, 11),
        (500, -500, 14, 6),
        (690, -690, 18, 1),
        (-100, 100, 9, 11),
        (-550, 550, 0, 18),
        (-400, 400, 4, 15),
        (-400, 400, 4, 15),
    ]
    assert [row.split for row in board.rows].count(True) == 1
    assert board.top == 18


def test_example_4_split_score_in_teams_vp():
    """Closed room +620 for NS (Team B); open room: -800 for NS (Team A), -1100 for EW (Team B).
    Team A: -620 - 800 = -1420 -> -16 IMP; Team B: +620 - 1100 = -480 -> -10 IMP."""
    result = split_imps(-800, -1100, 620)
    team_a, team_b = result.ns_team, result.ew_team
    assert (team_a.other_room, team_a.this_room, team_a.difference, team_a.imps) == (-620, -800, -1420, -16)
    assert (team_b.other_room, team_b.this_room, team_b.difference, team_b.imps) == (620, -1100, -480, -10)
    assert result.vp == (-16, -10)


def test_example_5_split_score_in_teams_knockout():
    """Law 86B: the same board in a knock-out match: the average, 3 IMP for Team B."""
    knockout = split_imps(-800, -1100, 620).knockout
    assert (knockout.ns_team_score, knockout.ew_team_score) == (-16, -10)
    assert knockout.ew_team == 3
    assert knockout.ns_team == -3
    assert display(knockout.ew_team) == "3"


def test_example_6_serious_error_in_pairs():
    """Normal +110 -> 19 MP, expected +100 -> 14 MP, table -530 -> 0 MP;
    consequent damage 19 - 14 = 5; NS 0 + 5 = 5 MP; EW 24 - 19 = 5 MP."""
    result = serious_error_matchpoints(FIELD, normal=110, expected=100, table=-530, offenders=Side.EW)
    assert (result.normal.written, result.expected.written, result.table.written) == (19, 14, 0)
    assert result.damaged
    assert result.consequent_damage == 5
    assert (result.ns, result.ew) == (5, 5)
    assert result.top == 24


def example_7():
    """5C doubled should have been one off in 1/3, two off in 2/3; made after NS's
    revoke (-750); the closed room scored 4S just made (+420)."""
    return serious_error_imps(
        420, normal=420, expected=[(200, "1/3"), (500, "2/3")], table=-750, offenders=Side.EW
    )


def test_example_7_serious_error_in_teams_working():
    result = example_7()
    # Normal Score: +420 against -420: +/-0, no IMP.
    (normal,) = result.normal.working.rows
    assert (normal.this_room, normal.other_room, normal.difference, normal.imps) == (420, -420, 0, 0)
    # Expected Score: +200 -> -220 -> -6 x 1/3 = -2; +500 -> +80 -> +2 x 2/3 = +1.3; sum -0.7
    rows = result.expected.working.rows
    assert [(row.this_room, row.other_room, row.difference, row.imps) for row in rows] == [
        (200, -420, -220, -6),
        (500, -420, 80, 2),
    ]
    assert [display(row.part, signed=True) for row in rows] == ["-2", "+1.3"]
    assert display(result.expected.written) == "-0.7"
    # Table Score: -750 against -420: -1170 -> -15.
    (table,) = result.table.working.rows
    assert (table.difference, table.imps) == (-1170, -15)
    # Consequent damage: 0 - (-0.7) = 0.7 IMP
    assert result.consequent_damage == Fraction(7, 10)


def test_example_7a_serious_error_in_teams_vp():
    """NS: -15 + 0.7 = -14.3 -> -14 IMP; EW: 0 IMP."""
    result = example_7()
    assert result.ns == Fraction(-143, 10)
    assert display(result.ns) == "-14.3"
    assert result.ew == 0
    assert result.vp == (-14, 0)


def test_example_7b_serious_error_in_teams_knockout():
    """NS -14.3, EW 0: 7.15 -> 7.1 IMP for Team B (EW in the open room)."""
    knockout = example_7().knockout
    assert knockout.exact == Fraction(-143, 20)
    assert display(-knockout.exact, 2) == "7.15"
    assert knockout.ew_team == Fraction(71, 10)
    assert display(knockout.ew_team) == "7.1"
    assert knockout.ns_team == Fraction(-71, 10)
