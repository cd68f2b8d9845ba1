"""Bridge scores and the IMP scale: the WBF table typed in here on its own, as
Law 78B prints it, and contract scores worked out by hand."""

from fractions import Fraction

import pytest

from bridge.scoring import (
    ScoringError,
    Vulnerability,
    check_score,
    contract_score,
    imps,
    is_possible_score,
    possible_scores,
)

# Law 78B (2017), "Difference in points | IMPs", as printed.
WBF_IMP_TABLE = """
0-10 0      370-420 9     1500-1740 17
20-40 1     430-490 10    1750-1990 18
50-80 2     500-590 11    2000-2240 19
90-120 3    600-740 12    2250-2490 20
130-160 4   750-890 13    2500-2990 21
170-210 5   900-1090 14   3000-3490 22
220-260 6   1100-1290 15  3500-3990 23
270-310 7   1300-1490 16  4000+ 24
320-360 8
"""


def wbf_rows() -> list[tuple[int, int | None, int]]:
    tokens = WBF_IMP_TABLE.split()
    rows = []
    for span, won in zip(tokens[::2], tokens[1::2]):
        if span.endswith("+"):
            rows.append((int(span[:-1]), None, int(won)))
        else:
            low, high = span.split("-")
            rows.append((int(low), int(high), int(won)))
    return sorted(rows)


def test_the_typed_table_has_every_imp_once():
    assert [won for _, _, won in wbf_rows()] == list(range(25))


@pytest.mark.parametrize(("low", "high", "won"), wbf_rows())
def test_imps_match_the_wbf_table_at_both_ends_of_each_row(low, high, won):
    assert imps(low) == won
    assert imps(-low) == -won
    if high is not None:
        assert imps(high) == won
        assert imps(-high) == -won
        assert imps(high + 10) == won + 1
    if low > 0:
        assert imps(low - 10) == won - 1


def test_imps_beyond_the_table_stay_at_24():
    assert imps(7600) == 24
    assert imps(-7600) == -24


@pytest.mark.parametrize(
    ("level", "strain", "tricks", "vulnerable", "doubling", "score"),
    [
        (3, "D", 9, False, "", 110),  # example 1: 3D made
        (3, "H", 8, False, "X", -100),  # example 1: 3H doubled one off
        (3, "H", 9, False, "X", 530),  # example 6: 3H doubled made
        (5, "H", 11, False, "X", 650),  # example 2: 5H doubled made, not vulnerable
        (5, "H", 9, False, "X", -300),  # example 2: two off
        (5, "S", 10, True, "", -100),  # example 2: 5S one off, vulnerable
        (4, "S", 10, True, "", 620),  # example 2: closed room
        (4, "S", 10, False, "", 420),  # example 7: closed room
        (5, "C", 11, True, "X", 750),  # example 7: 5C doubled made, vulnerable
        (5, "C", 10, True, "X", -200),  # example 7: one off
        (5, "C", 9, True, "X", -500),  # example 7: two off
        (3, "NT", 9, False, "", 400),
        (3, "NT", 12, True, "", 690),
        (1, "NT", 8, False, "", 120),
        (2, "H", 8, False, "X", 470),
        (1, "C", 7, False, "XX", 230),
        (6, "NT", 12, True, "", 1440),
        (7, "S", 13, False, "", 1510),
        (7, "NT", 13, True, "XX", 2980),
        (1, "NT", 13, True, "XX", 3160),
        (1, "NT", 6, False, "X", -100),
        (1, "NT", 4, False, "X", -500),
        (1, "NT", 3, False, "X", -800),
        (1, "NT", 2, False, "X", -1100),
        (2, "S", 6, True, "X", -500),
        (4, "S", 6, True, "X", -1100),  # example 4: -1100
        (7, "NT", 0, True, "XX", -7600),
    ],
)
def test_contract_scores(level, strain, tricks, vulnerable, doubling, score):
    assert contract_score(level, strain, tricks, vulnerable=vulnerable, doubling=doubling) == score


def test_every_score_of_the_reference_is_possible():
    for score in (110, 50, -50, -110, 100, -650, 300, -100, 620, 590, 690, -400, 500, -550, 400,
                  -800, -1100, -530, 420, 200, -750):  # fmt: skip
        assert is_possible_score(score)
        assert is_possible_score(-score)


@pytest.mark.parametrize("score", [5, 10, 30, 60, 115, 111, 7610, -7610, 2.0, "110", True])
def test_impossible_scores(score):
    assert not is_possible_score(score)


def test_possible_scores_are_symmetric_without_a_vulnerability():
    scores = possible_scores()
    assert 0 in scores
    assert scores == frozenset(-score for score in scores)
    assert max(scores) == 7600
    assert all(score % 10 == 0 for score in scores)


def test_vulnerability_narrows_the_possible_scores():
    assert is_possible_score(620, Vulnerability.NS)
    assert not is_possible_score(620, Vulnerability.EW)  # NS not vulnerable: 4S makes 420
    assert is_possible_score(-620, Vulnerability.EW)
    assert is_possible_score(-100, Vulnerability.NONE)  # 1 down doubled, or 2 down
    assert not is_possible_score(-620, Vulnerability.NS)  # EW not vulnerable either
    assert possible_scores(Vulnerability.NONE) < possible_scores()


def test_check_score_names_the_score():
    assert check_score(110) == 110
    with pytest.raises(ScoringError, match=r"\+115 is not a possible bridge score"):
        check_score(115)
    with pytest.raises(ScoringError, match="with vulnerability EW"):
        check_score(620, Vulnerability.EW)
    with pytest.raises(ScoringError, match="whole number"):
        check_score(Fraction(1, 2))


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((0, "S", 10), "level is 1 to 7"),
        ((8, "S", 10), "level is 1 to 7"),
        ((4, "Z", 10), "not a strain"),
        ((4, "S", 14), "0 to 13 tricks"),
    ],
)
def test_contract_score_refuses_what_is_no_contract(arguments, message):
    with pytest.raises(ScoringError, match=message):
        contract_score(*arguments)


def test_contract_score_refuses_an_unknown_doubling():
    with pytest.raises(ScoringError, match="not a doubling"):
        contract_score(4, "S", 10, doubling="XXX")


def test_imps_of_any_real_difference():
    assert imps(1270.0) == 15
    assert imps(Fraction(-45)) == -1
    with pytest.raises(ScoringError, match="a point difference is a number of points"):
        imps("1270")
