"""Replaying a line with the rules: legal winning lines pass, everything else is refused."""

import pytest

from solver import (
    IllegalLine,
    check_line,
    gorilla_out,
    is_winning_line,
    parse_card,
    parse_hand,
    replay,
)

TAKER = parse_hand("AS 5S 3H")
GIVER = parse_hand("4S KH 2H")


def tricks(text: str):
    """``AS-4S 5S-KH`` into pairs of cards."""
    return [tuple(parse_card(card) for card in trick.split("-")) for trick in text.split()]


def test_winning_line_replays():
    line = tricks("AS-4S 5S-KH 3H-2H")
    assert replay(TAKER, GIVER, line) == (True, True, True)
    check_line(TAKER, GIVER, line)
    assert is_winning_line(TAKER, GIVER, line)


def test_lost_trick_is_reported_but_legal():
    line = tricks("3H-KH AS-4S 5S-2H")
    assert replay(TAKER, GIVER, line) == (False, True, True)
    with pytest.raises(IllegalLine, match="trick 1: the giver's KH beats the taker's 3H"):
        check_line(TAKER, GIVER, line)
    assert not is_winning_line(TAKER, GIVER, line)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("AS-KH 5S-4S 3H-2H", "trick 1: the giver pitches KH on AS but must follow suit"),
        ("KS-4S 5S-KH 3H-2H", "trick 1: the taker does not hold KS"),
        ("AS-QS 5S-KH 3H-2H", "trick 1: the giver does not hold QS"),
        ("AS-4S AS-KH 3H-2H", "trick 2: the taker does not hold AS"),
        ("AS-4S 5S-4S 3H-2H", "trick 2: the giver does not hold 4S"),
        ("AS-4S 5S-KH", "stops after 2 tricks"),
        ("", "stops after 0 tricks"),
    ],
)
def test_illegal_line_is_refused(line, message):
    with pytest.raises(IllegalLine, match=message):
        replay(TAKER, GIVER, tricks(line))
    assert not is_winning_line(TAKER, GIVER, tricks(line))


def test_trick_that_is_not_a_pair_is_refused():
    with pytest.raises(IllegalLine, match="trick 1 is not a pair"):
        replay(TAKER, GIVER, [(parse_card("AS"),)])
    with pytest.raises(IllegalLine, match="does not hold"):
        replay(TAKER, GIVER, [("AS", "4S")])


def test_extra_trick_after_the_cards_run_out_is_refused():
    line = tricks("AS-4S 5S-KH 3H-2H") + tricks("AS-4S")
    with pytest.raises(IllegalLine, match="trick 4: the taker does not hold AS"):
        replay(TAKER, GIVER, line)


def test_solver_line_with_one_trick_tampered_is_refused():
    result = gorilla_out("S AJT3 H A63 D T64 C -", "S Q H T92 D J987 C AT")
    line = list(result.line)
    line[0], line[-1] = (line[0][0], line[-1][1]), (line[-1][0], line[0][1])
    assert not is_winning_line(result.taker, result.giver, line)
