"""The pad rules of RULES.md: innings, running totals, game end, statistics."""

import datetime
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pad.rules import (
    COLUMNS,
    Glyph,
    Outcome,
    PadError,
    PlayedHand,
    Ratio,
    Seat,
    Side,
    compute_pad,
    default_taker,
    first_dealer,
    next_dealer,
    winner_of,
)

M, P, I = Outcome.MADE, Outcome.POSSIBLE, Outcome.IMPOSSIBLE


def played(outcomes, first=Seat.ODD):
    """Hands with the given outcomes, dealt alternately from ``first``."""
    hands = []
    dealer = first
    for number, outcome in enumerate(outcomes, start=1):
        hands.append(PlayedHand(number, Outcome(outcome), dealer))
        dealer = dealer.other
    return hands


def pad_of(outcomes, first=Seat.ODD):
    return compute_pad(played(outcomes, first))


def drawn(pad):
    """The chart as the reference writes it: one string of marks per inning."""
    return ["".join(mark.outcome for mark in inning.marks) for inning in pad.innings]


def totals(pad):
    return [tuple(inning.totals[column] for column in COLUMNS) for inning in pad.innings]


def is_game_over_sequence(outcomes):
    """Whether some proper prefix of ``outcomes`` already ended the game."""
    partnership = fates = 0
    for outcome in outcomes[:-1]:
        partnership += outcome == "M"
        fates += outcome != "M"
        if winner_of(partnership, fates):
            return True
    return False


def all_sequences(max_length):
    for length in range(1, max_length + 1):
        for outcomes in itertools.product("MPI", repeat=length):
            if not is_game_over_sequence(outcomes):
                yield "".join(outcomes)


# The worked example of RULES.md and the reference.


def test_worked_example_innings():
    pad = pad_of("MMMMIIIPPPIMMM")
    assert drawn(pad) == ["MMMMIII", "PPPI", "MMM"]


def test_worked_example_totals_appear_when_definite():
    # Inning 1: 4 and 0 are written at the first I; 3 when inning 2 begins.
    assert totals(pad_of("MMMMI")) == [(4, 0, None)]
    assert totals(pad_of("MMMMIII")) == [(4, 0, None)]
    assert totals(pad_of("MMMMIIIP")) == [(4, 0, 3), (4, None, None)]
    # Inning 2: 4 at its first P, then 3 and 4 when inning 3 begins.
    assert totals(pad_of("MMMMIIIPPPI")) == [(4, 0, 3), (4, 3, None)]
    assert totals(pad_of("MMMMIIIPPPIM")) == [(4, 0, 3), (4, 3, 4), (None, None, None)]
    assert totals(pad_of("MMMMIIIPPPIMMM")) == [(4, 0, 3), (4, 3, 4), (None, None, None)]


def test_m_to_i_fills_in_two_numbers():
    before, after = totals(pad_of("MM")), totals(pad_of("MMI"))
    assert before == [(None, None, None)]
    assert after == [(2, 0, None)]


@pytest.mark.parametrize(
    ("outcomes", "expected_innings", "expected_totals"),
    [
        ("M", ["M"], [(None, None, None)]),
        ("P", ["P"], [(0, None, None)]),
        ("I", ["I"], [(0, 0, None)]),
        ("MM", ["MM"], [(None, None, None)]),
        ("MP", ["MP"], [(1, None, None)]),
        ("MI", ["MI"], [(1, 0, None)]),
        ("PM", ["P", "M"], [(0, 1, 0), (None, None, None)]),
        ("PP", ["PP"], [(0, None, None)]),
        ("PI", ["PI"], [(0, 1, None)]),
        ("IM", ["I", "M"], [(0, 0, 1), (None, None, None)]),
        ("IP", ["I", "P"], [(0, 0, 1), (0, None, None)]),
        ("II", ["II"], [(0, 0, None)]),
    ],
)
def test_every_transition_between_outcomes(outcomes, expected_innings, expected_totals):
    pad = pad_of(outcomes)
    assert drawn(pad) == expected_innings
    assert totals(pad) == expected_totals


def test_glyphs_follow_the_dealer():
    hands = [
        PlayedHand(1, M, Seat.EVEN),
        PlayedHand(2, M, Seat.ODD),
        PlayedHand(3, I, Seat.ODD),
    ]
    glyphs = [mark.glyph for mark in compute_pad(hands).innings[0].marks]
    assert glyphs == [Glyph.SHORT, Glyph.TALL, Glyph.TALL]


# Dealing and roles.


@pytest.mark.parametrize(
    ("day", "dealer"),
    [(1, Seat.ODD), (2, Seat.EVEN), (9, Seat.ODD), (30, Seat.EVEN), (31, Seat.ODD)],
)
def test_first_dealer_comes_from_the_day_of_the_month(day, dealer):
    assert first_dealer(datetime.date(2026, 7, day)) is dealer


def test_deal_alternates_from_the_previous_dealer():
    assert next_dealer(Seat.ODD, None) is Seat.ODD
    assert next_dealer(Seat.EVEN, None) is Seat.EVEN
    assert next_dealer(Seat.ODD, Seat.ODD) is Seat.EVEN
    assert next_dealer(Seat.ODD, Seat.EVEN) is Seat.ODD


def test_the_non_dealer_takes_by_default():
    assert default_taker(Seat.ODD) is Seat.EVEN
    assert default_taker(Seat.EVEN) is Seat.ODD


# Game end, win by two, responsibility.


@pytest.mark.parametrize(
    ("partnership", "fates", "winner"),
    [
        (9, 0, None),
        (10, 0, Side.PARTNERSHIP),
        (10, 8, Side.PARTNERSHIP),
        (10, 9, None),
        (11, 10, None),
        (12, 10, Side.PARTNERSHIP),
        (8, 10, Side.FATES),
        (9, 10, None),
        (14, 16, Side.FATES),
        (0, 10, Side.FATES),
    ],
)
def test_winner_needs_ten_and_two_ahead(partnership, fates, winner):
    assert winner_of(partnership, fates) is winner


def test_win_by_two_after_eight_all():
    pad = pad_of("MIMIMIMIMIMIMIMI")  # 8-8
    assert pad.score.partnership == pad.score.fates == 8
    assert pad.win_by_two
    assert not pad_of("MIMIMIMIMIMIMIM").win_by_two  # 8-7
    assert pad_of("MIMIMIMIMIMIMIMIMM").winner is Side.PARTNERSHIP
    long_game = pad_of("MIMIMIMIMIMIMIMI" + "MIMIMI" + "II")
    assert long_game.score.fates == 13 and long_game.score.partnership == 11
    assert long_game.winner is Side.FATES


def test_no_hand_after_the_end():
    with pytest.raises(PadError, match="hand 11 comes after the end"):
        pad_of("M" * 11)


def test_hands_must_be_numbered_in_order():
    with pytest.raises(PadError, match="out of order"):
        compute_pad([PlayedHand(1, M, Seat.ODD), PlayedHand(3, M, Seat.EVEN)])


def test_finished_game_closes_the_last_inning():
    pad = pad_of("M" * 10)
    assert pad.finished and pad.winner is Side.PARTNERSHIP
    assert totals(pad) == [(10, 0, 0)]
    assert pad.next_hand_number is None


def test_responsible_from_the_hand_where_p_as_points_would_have_won():
    # M and P count 10 at hand 12 (against 2 I): responsible from hand 12.
    pad = pad_of("MPMPMIPPIMMP")
    assert pad.responsible_from_hand == 12
    assert pad_of("MPMPMIPPIMM").responsible_from_hand is None


def test_never_responsible_when_the_fates_had_it_anyway():
    pad = pad_of("I" * 10)
    assert pad.winner is Side.FATES
    assert pad.responsible_from_hand is None
    assert pad.statistics.game_pride == "1"  # no P mark at all


def test_game_pride_zero_and_question_mark():
    responsible_loss = pad_of("PPPPPPPPPP")
    assert responsible_loss.winner is Side.FATES
    assert responsible_loss.responsible_from_hand == 10
    assert responsible_loss.statistics.game_pride == "0"
    hopeless_loss = pad_of("IIIIIIIIIP")
    assert hopeless_loss.winner is Side.FATES
    assert hopeless_loss.statistics.game_pride == "?"
    win = pad_of("MPMMMMMMMMM")
    assert win.winner is Side.PARTNERSHIP and win.statistics.game_pride == "1"
    assert pad_of("MPI").statistics.game_pride is None


# Statistics.


def test_statistics_of_the_reference_example_so_far():
    pad = pad_of("MMMMIIIPPPIMMM")  # odd partner deals hands 1, 3, 5, ...
    stats = pad.statistics
    assert (stats.play.numerator, stats.play.denominator) == (7, 10)
    assert (stats.fate.numerator, stats.fate.denominator) == (10, 14)
    odd = stats.generosity[Seat.ODD]
    even = stats.generosity[Seat.EVEN]
    assert (odd.numerator, odd.denominator) == (4, 7)  # hands 1 3 5 7 9 11 13: M M I I P I M
    assert (even.numerator, even.denominator) == (6, 7)  # hands 2 4 6 8 10 12 14: M M I P P M M


def test_zero_denominators_show_a_dash():
    empty = pad_of("")
    assert str(empty.statistics.play) == "-"
    assert str(empty.statistics.fate) == "-"
    assert empty.statistics.play.percent is None
    only_impossible = pad_of("I")
    assert str(only_impossible.statistics.play) == "-"
    assert str(only_impossible.statistics.fate) == "0/1"
    assert str(only_impossible.statistics.generosity[Seat.EVEN]) == "-"


def test_ratio_prints_counts_unreduced():
    assert str(Ratio(6, 8)) == "6/8"
    assert Ratio(6, 8).percent == 75


def test_empty_game():
    pad = pad_of("")
    assert pad.innings == ()
    assert pad.next_hand_number == 1
    assert not pad.finished and pad.winner is None


def test_export_shape_of_the_format_example():
    hands = [PlayedHand(1, M, Seat.ODD), PlayedHand(2, I, Seat.EVEN), PlayedHand(3, P, Seat.ODD)]
    assert compute_pad(hands).to_dict() == {
        "innings": [
            {
                "marks": [
                    {"hand": 1, "outcome": "M", "glyph": "tall"},
                    {"hand": 2, "outcome": "I", "glyph": "short"},
                ],
                "totals": {"M": 1, "P": 0, "I": 1},
            },
            {"marks": [{"hand": 3, "outcome": "P", "glyph": "tall"}], "totals": {"M": 1, "P": None, "I": None}},
        ],
        "score": {"partnership": 1, "fates": 2},
        "finished": False,
        "winner": None,
        "responsible_from_hand": None,
        "statistics": {
            "play": [1, 2],
            "fate": [2, 3],
            "game_pride": None,
            "generosity": {"odd": [2, 2], "even": [0, 1]},
        },
    }


# Exhaustively over every sequence of up to nine hands, and by property.


def check_pad_invariants(outcomes):
    pad = pad_of(outcomes)
    marks = [mark for inning in pad.innings for mark in inning.marks]
    assert [mark.hand for mark in marks] == list(range(1, len(outcomes) + 1))
    assert "".join(mark.outcome for mark in marks) == outcomes
    for inning in pad.innings:
        columns = [mark.outcome.column for mark in inning.marks]
        assert columns == sorted(columns), "marks in an inning never step left"
    for earlier, later in itertools.pairwise(pad.innings):
        assert later.marks[0].outcome.column < earlier.marks[-1].outcome.column
    # Each definite total is the count of its column up to the end of its inning.
    seen = 0
    for inning in pad.innings:
        seen += len(inning.marks)
        for column in COLUMNS:
            value = inning.totals[column]
            if value is not None:
                assert value == outcomes[:seen].count(column)
    for inning in pad.innings[:-1]:
        assert None not in inning.totals.values(), "a closed inning has all its totals"
    assert pad.score.partnership == outcomes.count("M")
    assert pad.score.fates == outcomes.count("P") + outcomes.count("I")
    assert pad.finished == (winner_of(pad.score.partnership, pad.score.fates) is not None)
    if pad.finished:
        last = pad.innings[-1].totals
        assert [last[column] for column in COLUMNS] == [outcomes.count(c) for c in "MPI"]
    return pad


def test_every_sequence_of_up_to_nine_hands():
    count = 0
    previous = {}
    for outcomes in all_sequences(9):
        pad = check_pad_invariants(outcomes)
        # A total, once definite, never changes as more hands are added.
        before = previous.get(outcomes[:-1])
        if before is not None:
            for old, new in zip(before.innings, pad.innings):
                for column in COLUMNS:
                    if old.totals[column] is not None:
                        assert new.totals[column] == old.totals[column]
        previous[outcomes] = pad
        count += 1
    assert count == sum(3**n for n in range(1, 10))


game_outcomes = st.lists(st.sampled_from("MPI"), max_size=40).map("".join)


def playable(outcomes):
    """The longest prefix of ``outcomes`` that stops at the end of the game."""
    for length in range(1, len(outcomes) + 1):
        if winner_of(outcomes[:length].count("M"), length - outcomes[:length].count("M")):
            return outcomes[:length]
    return outcomes


@given(game_outcomes, st.sampled_from(Seat))
def test_invariants_hold_for_any_game(outcomes, first):
    outcomes = playable(outcomes)
    check_pad_invariants(outcomes)
    pad = compute_pad(played(outcomes, first))
    glyphs = [mark.glyph for inning in pad.innings for mark in inning.marks]
    assert glyphs == [Glyph.for_dealer(hand.dealer) for hand in played(outcomes, first)]


@given(game_outcomes, game_outcomes)
def test_definite_totals_never_change(start, more):
    full = playable(start + more)
    prefix = full[: len(playable(start))]
    before, after = pad_of(prefix), pad_of(full)
    for old, new in zip(before.innings, after.innings):
        for column in COLUMNS:
            if old.totals[column] is not None:
                assert new.totals[column] == old.totals[column]


@given(game_outcomes)
def test_statistics_are_counts(outcomes):
    outcomes = playable(outcomes)
    stats = pad_of(outcomes).statistics
    made, possible = outcomes.count("M"), outcomes.count("P")
    assert stats.play.to_list() == [made, made + possible]
    assert stats.fate.to_list() == [made + possible, len(outcomes)]
    odd, even = stats.generosity[Seat.ODD], stats.generosity[Seat.EVEN]
    assert odd.denominator + even.denominator == len(outcomes)
    assert odd.numerator + even.numerator == made + possible


@given(game_outcomes)
def test_responsibility_comes_no_later_than_a_win(outcomes):
    outcomes = playable(outcomes)
    pad = pad_of(outcomes)
    if pad.winner is Side.PARTNERSHIP:
        assert pad.responsible_from_hand is not None
        assert pad.responsible_from_hand <= len(outcomes)
    if pad.finished:
        assert pad.statistics.game_pride in {"1", "0", "?"}
        if "P" not in outcomes:
            assert pad.statistics.game_pride == "1"
