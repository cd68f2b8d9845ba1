"""static/pad/pad_rules.js, which draws the pad on the phone while taps wait to
be sent, agrees with pad/rules.py: on every game of up to nine hands, on long
games up to the most a pad holds, on who wins at every score and on who deals
every hand. Run under node (tests/javascript.py)."""

import itertools
import random

from pad import rules
from tests import javascript

RULES = {"game_point": rules.GAME_POINT, "winning_lead": rules.WINNING_LEAD}


def played(hands: str, first: rules.Seat = rules.Seat.ODD) -> list[rules.PlayedHand]:
    dealers = itertools.cycle([first, first.other])
    return [
        rules.PlayedHand(number, rules.Outcome(outcome), next(dealers))
        for number, outcome in enumerate(hands, start=1)
    ]


def playable(length: int):
    """Every sequence of ``length`` outcomes that a game can hold (none after its end)."""
    for outcomes in itertools.product("MPI", repeat=length):
        hands = "".join(outcomes)
        if length < 2 or rules.compute_pad(played(hands[:-1])).winner is None:
            yield hands


def long_games(count: int, seed: int = 2026) -> list[str]:
    """``count`` random games played to their end or to the most hands a pad
    holds, mostly alternating so that many run long past 8-8."""
    generator = random.Random(seed)
    games = []
    for _ in range(count):
        hands = ""
        partnership = fates = 0
        while len(hands) < rules.MAX_HANDS and rules.winner_of(partnership, fates) is None:
            hands += generator.choice("MP" if len(hands) % 2 else "MI")
            partnership += hands[-1] == "M"
            fates += hands[-1] != "M"
        games.append(hands)
    return games


def python_pad(hands: str) -> dict:
    pad = rules.compute_pad(played(hands))
    return {
        "innings": [[[mark.hand, str(mark.outcome)] for mark in inning.marks] for inning in pad.innings],
        "totals": [[inning.totals[column] for column in rules.COLUMNS] for inning in pad.innings],
        "score": [pad.score.partnership, pad.score.fates],
        "winner": pad.winner and str(pad.winner),
        "responsible": pad.responsible_from_hand,
    }


def test_the_phone_draws_every_pad_as_the_server_does():
    full = [pair * (rules.MAX_HANDS // 2) for pair in ("MI", "MP", "IM", "PM")]  # never two ahead
    sequences = [hands for length in range(10) for hands in playable(length)] + long_games(3000) + full
    assert max(map(len, sequences)) == rules.MAX_HANDS  # a full pad is among them
    drawn = javascript.run(
        ["pad/pad_rules.js"],
        """([sequences, rules]) => sequences.map((hands) => {
            const pad = padRules.pad(hands, rules);
            return {
                innings: pad.innings.map((marks) => marks.map((mark) => [mark.hand, mark.outcome])),
                totals: pad.totals, score: [pad.score.partnership, pad.score.fates],
                winner: pad.winner, responsible: pad.responsibleFrom,
            };
        })""",
        [sequences, RULES],
    )
    assert len(drawn) == len(sequences)
    for hands, phone in zip(sequences, drawn):
        assert phone == python_pad(hands), hands


def test_the_phone_ends_a_game_at_the_same_scores():
    scores = [[partnership, fates] for partnership in range(rules.MAX_HANDS + 1) for fates in range(rules.MAX_HANDS + 1)]
    winners = javascript.run(
        ["pad/pad_rules.js"], "([scores, rules]) => scores.map(([p, f]) => padRules.winner(p, f, rules))", [scores, RULES]
    )
    for (partnership, fates), winner in zip(scores, winners):
        expected = rules.winner_of(partnership, fates)
        assert winner == (expected and str(expected)), (partnership, fates)


def test_the_phone_ends_the_entries_of_a_game_where_the_server_does():
    """Nothing more is recorded once the game is won or its pad is full, on the phone as on the server."""
    sequences = [hands for length in range(10) for hands in playable(length)] + long_games(300)
    sequences += [pair * (rules.MAX_HANDS // 2) for pair in ("MI", "MP")]  # full, never won
    ended = javascript.run(
        ["pad/pad_rules.js"],
        "([sequences, rules]) => sequences.map((hands) => padRules.over(hands, rules))",
        [sequences, {**RULES, "max_hands": rules.MAX_HANDS}],
    )
    assert any(ended) and not all(ended)
    for hands, phone in zip(sequences, ended):
        assert phone == (rules.compute_pad(played(hands)).next_hand_number is None), hands


def test_the_phone_names_the_dealer_of_every_hand_as_the_server_does():
    dealt = javascript.run(
        ["pad/pad_rules.js"],
        """(count) => Object.fromEntries(["odd", "even"].map((first) => [first,
            Array.from({ length: count }, (_, index) => padRules.dealer(index + 1, first))]))""",
        rules.MAX_HANDS,
    )
    for first in rules.Seat:
        dealers, previous = [], None
        for _ in range(rules.MAX_HANDS):
            previous = rules.next_dealer(first, previous)
            dealers.append(str(previous))
        assert dealt[str(first)] == dealers


def test_the_phone_has_the_columns_of_the_pad():
    assert javascript.run(["pad/pad_rules.js"], "() => padRules.COLUMNS") == [str(column) for column in rules.COLUMNS]
