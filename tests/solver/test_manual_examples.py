"""The manual's example deals, with their known verdicts.

The manual prints its last two examples with the seven of clubs in both hands
(taker ♣76, giver ♣J753), which no deal can have. The verdict does not depend
on which club the giver really held: the tests try every club free in the deal.
"""

import pytest

from solver import (
    CardError,
    check_line,
    exhaustive_possible,
    gorilla_out,
    is_winning_line,
    parse_card,
    parse_hand,
)
from solver.cards import RANKS, Card, Suit

EXAMPLES = [
    ("♠AJ103 ♥A63 ♦1064 ♣-", "♠Q ♥1092 ♦J987 ♣A10", True),
    ("♠AJ854 ♥AQ8 ♦62 ♣-", "♠10 ♥J ♦KQ107 ♣AJ108", True),
    ("♠AJ854 ♥AQ8 ♦62 ♣-", "♠10 ♥J75 ♦K109 ♣A98", True),
]
MISPRINTED_EXAMPLES = [
    ("♠AJ5 ♥76 ♦543 ♣76", "♠Q ♥AKQJ ♦6 ♣J753", True),
    ("♠- ♥76 ♦543 ♣76", "♠- ♥QJ ♦6 ♣J753", False),
]
MANUAL_LINE = (
    "♠A-♠10, ♠J-♥J, ♠8-♣A, ♥A-♣J, ♠4-♦K, ♠5-♦Q, ♥Q-♦10, ♥8-♦7, ♦6-♣10, ♦2-♣8"
)


@pytest.mark.parametrize(("taker", "giver", "possible"), EXAMPLES)
def test_manual_example(taker, giver, possible):
    result = gorilla_out(taker, giver)
    assert result.possible is possible
    assert exhaustive_possible(parse_hand(taker), parse_hand(giver)) is possible
    check_line(result.taker, result.giver, result.line)


def corrected_giver_hands(giver: str, taker: str) -> list[str]:
    """The giver's hand with her misprinted ♣7 replaced by each free club."""
    used = set(parse_hand(taker)) | set(parse_hand(giver))
    seven = Card(Suit.CLUBS, 7)
    rest = [card for card in parse_hand(giver) if card != seven]
    free = [Card(Suit.CLUBS, rank) for rank in RANKS if Card(Suit.CLUBS, rank) not in used]
    return [" ".join(str(card) for card in [*rest, club]) for club in free]


@pytest.mark.parametrize(("taker", "giver", "possible"), MISPRINTED_EXAMPLES)
def test_misprinted_manual_example_is_refused_as_printed(taker, giver, possible):
    with pytest.raises(CardError, match="card 7C is in both hands"):
        gorilla_out(taker, giver)


@pytest.mark.parametrize(("taker", "giver", "possible"), MISPRINTED_EXAMPLES)
def test_misprinted_manual_example_has_its_verdict_whatever_her_seventh_club(
    taker, giver, possible
):
    corrected = corrected_giver_hands(giver, taker)
    assert len(corrected) >= 5
    for giver_hand in corrected:
        result = gorilla_out(taker, giver_hand)
        assert result.possible is possible, giver_hand
        assert exhaustive_possible(parse_hand(taker), parse_hand(giver_hand)) is possible


def test_seven_card_example_is_impossible_for_lack_of_run_cards():
    result = gorilla_out("♠- ♥76 ♦543 ♣76", "♠- ♥QJ ♦6 ♣J853")
    assert len(result.taker) == 7
    assert result.possible is False
    assert result.line is None
    assert result.reason.startswith("The taker has no run cards at all")
    assert "♥QJ" in result.reason and "♦6" in result.reason


def parse_manual_line(text: str) -> list[tuple[Card, Card]]:
    """Tricks written like ``♠A-♠10``: suit symbol then rank, taker's card first."""
    tricks = []
    for trick in text.split(","):
        lead, reply = trick.strip().split("-")
        tricks.append((parse_card(lead[1:] + lead[0]), parse_card(reply[1:] + reply[0])))
    return tricks


def test_manual_line_for_the_second_example_is_legal_and_wins_every_trick():
    taker, giver, _ = EXAMPLES[1]
    line = parse_manual_line(MANUAL_LINE)
    assert len(line) == 10
    check_line(parse_hand(taker), parse_hand(giver), line)
    assert is_winning_line(parse_hand(taker), parse_hand(giver), line)


def test_second_example_areas_follow_the_manual():
    taker, giver, _ = EXAMPLES[1]
    areas = gorilla_out(taker, giver).areas.to_dict()
    assert areas == {
        "taker": {
            "played": ["AS", "AH"],
            "blocked": ["6D", "2D"],
            "run": ["JS", "8S", "5S", "4S", "QH", "8H"],
        },
        "giver": {
            "played": ["10S", "JH"],
            "pitch": ["KD", "QD", "10D", "7D"],
            "keep": ["AC", "JC", "10C", "8C"],
        },
        "attack_order": ["D"],
    }


def test_first_example_attacks_hearts_then_diamonds():
    taker, giver, _ = EXAMPLES[0]
    result = gorilla_out(taker, giver)
    assert [suit.letter for suit in result.areas.attack_order] == ["H", "D"]
    assert result.reason.startswith("The taker attacks hearts, then diamonds")
