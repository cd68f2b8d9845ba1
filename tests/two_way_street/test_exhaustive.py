"""Every raw-score vector of 3, 4 and 5 players with raw scores −2 to 6 (below 0:
a low player over N), against a reference written from the text's cases by
counting tied players (the rules order the scores and compare places instead),
and against invariants of the text."""

import itertools
from collections import Counter

import pytest

from two_way_street.rules import Case, n_for_players, penalty, score_hand

RAW_SCORES = range(-2, 7)


def reference_penalty(raws):
    """The penalty and case by counting how many players share each score.

    ``tied[k]`` is how many players have the k-th highest distinct score.
    """
    distinct = sorted(set(raws), reverse=True)
    tied = [Counter(raws)[score] for score in distinct]
    players = len(raws)

    def below(index):
        """The next distinct score below distinct[index], if any."""
        return distinct[index + 1] if index + 1 < len(distinct) else None

    if tied[0] >= 4 or tied[0] == players:
        # D: first to fourth tied (with three players: all three).
        return (below(0) if below(0) is not None else distinct[0]), "D"
    if tied[0] == 3:
        # First, second and third tied, a lower fourth: second = third, fourth distinct.
        return below(0), "B"
    if tied[0] == 2:
        # Second place is tied with first; third place is the next score down.
        return distinct[1], "A"
    # One player alone in first place; look at the players sharing second.
    if tied[1] == 1:
        return below(1), "A"
    if tied[1] == 2 and players >= 4:
        return below(1), "B"
    # Second, third and fourth tied (or, with three players, second and last).
    return distinct[1], "C"


def every_vector():
    for players in (3, 4, 5):
        yield from itertools.product(RAW_SCORES, repeat=players)


VECTORS = list(every_vector())


def test_the_table_is_complete():
    assert len(VECTORS) == 9**3 + 9**4 + 9**5


def test_penalty_matches_the_reference_for_every_vector():
    mismatches = []
    for raws in VECTORS:
        found = penalty(raws)
        if (found.amount, str(found.case)) != reference_penalty(raws):
            mismatches.append((raws, found, reference_penalty(raws)))
    assert mismatches == []


def entry_for(raw, choice, players):
    """An entry scoring ``raw``: a high player's tricks, or a low player over N below 0."""
    if raw >= 0:
        return (raw, "high", choice)
    return (n_for_players(players) - raw, "low", choice)


def choices_for(raws):
    """A spread of declared and forced over the table, different per vector."""
    return ["forced" if (seat + sum(raws)) % 3 == 0 else "declared" for seat in range(len(raws))]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_invariants_for_every_vector(players):
    for raws in itertools.product(RAW_SCORES, repeat=players):
        choices = choices_for(raws)
        scores = score_hand([entry_for(raw, choice, players) for raw, choice in zip(raws, choices)])
        ordered = sorted(raws, reverse=True)
        hand_penalty, case = scores[0].penalty, scores[0].case
        assert [score.raw for score in scores] == list(raws)
        assert {score.penalty for score in scores} == {hand_penalty}
        # The penalty is one of the raw scores, no higher than the second place score.
        assert hand_penalty in raws
        assert hand_penalty <= ordered[1]
        # The last-placed player always refines to zero.
        assert min(score.refined for score in scores) == 0
        # Refining keeps the order of the raw scores.
        for one, other in itertools.combinations(scores, 2):
            if one.raw >= other.raw:
                assert one.refined >= other.refined
        for score, choice in zip(scores, choices):
            assert score.refined == max(score.raw - hand_penalty, 0)
            in_c_tie = case is Case.C and score.raw == ordered[1]
            if in_c_tie and choice == "forced":
                assert score.final == 1
            else:
                assert score.final == score.refined * (3 if choice == "forced" else 2)
        # Who scores, case by case.
        scoring = sum(score.refined > 0 for score in scores)
        if case is Case.A:
            assert scoring == 2
        elif case is Case.B:
            assert scoring >= 3
        elif case is Case.C:
            assert scoring == 1
        else:
            assert scoring == (0 if len(set(raws)) == 1 else raws.count(ordered[0]))


def test_every_case_occurs_with_three_four_and_five_players():
    seen = {(len(raws), str(penalty(raws).case)) for raws in VECTORS}
    assert seen == {(3, case) for case in "ACD"} | {
        (players, case) for players in (4, 5) for case in "ABCD"
    }
