"""Reading and writing hands: both notations, and every refusal names its token."""

import re

import pytest

from solver import (
    DECK,
    Card,
    CardError,
    Suit,
    format_cards,
    format_hand,
    parse_card,
    parse_hand,
)
from solver.cards import QUOTED_LENGTH, check_deal, check_hand, parse_deal


def cards(text: str) -> tuple[Card, ...]:
    return parse_hand(text)


def test_card_prints_as_typed_and_with_its_suit_symbol():
    ace = Card(Suit.SPADES, 14)
    ten = Card(Suit.HEARTS, 10)
    nine = Card(Suit.DIAMONDS, 9)
    assert (str(ace), str(ten), str(nine)) == ("AS", "10H", "9D")
    assert (ace.symbol, ten.symbol, Card(Suit.CLUBS, 2).symbol) == ("A♠", "10♥", "2♣")


def test_cards_are_equal_by_value_and_sort_in_hand_order():
    assert Card(Suit.HEARTS, 12) == parse_card("qh")
    assert len({Card(Suit.HEARTS, 12), parse_card("QH")}) == 1
    assert sorted(cards("2C 10H AS KS 3H")) == list(cards("AS KS 10H 3H 2C"))
    assert [str(card) for card in sorted(parse_card(t) for t in ["2C", "AD", "3S"])] == [
        "3S",
        "AD",
        "2C",
    ]


def test_deck_has_52_different_cards():
    assert len(set(DECK)) == 52


@pytest.mark.parametrize(
    "text",
    [
        "AS KS 10H 9d 2c",
        "as,ks,10h,9d,2c",
        "A♠ K♠ T♥ 9♦ 2♣",
        "S AK H T D 9 C 2",
        "S AK H 10 D 9 C 2",
        "♠AK ♥10 ♦9 ♣2",
        "C 2 D 9 H 10 S AK",
        "s ak h t d 9 c 2",
        "♠ A K ♥ 10 ♦ 9 ♣ 2",
        "S AK, H T, D 9, C 2",
        "♤AK ♡10 ♢9 ♧2",
        "♠️AK ♥️10 ♦️9 ♣️2",
    ],
)
def test_hand_in_any_notation(text):
    assert format_cards(parse_hand(text)) == "AS KS 10H 9D 2C"


def test_grouped_notation_with_voids():
    hand = parse_hand("S AJT3 H A63 D T64 C -")
    assert format_cards(hand) == "AS JS 10S 3S AH 6H 3H 10D 6D 4D"
    assert parse_hand("♠AJ103 ♥A63 ♦1064 ♣-") == hand
    assert parse_hand("♠AJ103 ♥A63 ♦1064") == hand  # a suit left out is void


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("S5 S4 S3 H2", "5S 4S 3S 2H"),
        ("s10 sT", None),
        ("♠A ♠K ♥Q", "AS KS QH"),
        ("S AK S Q", "AS KS QS"),
        ("S AK H 2 S Q", "AS KS QS 2H"),
        ("S5, D4; S3", "5S 3S 4D"),
    ],
)
def test_a_suit_given_again_goes_on(text, cards):
    if cards is None:
        with pytest.raises(CardError, match="card 10S appears twice"):
            parse_hand(text)
    else:
        assert format_cards(parse_hand(text)) == cards


def test_formats_a_hand_suit_by_suit():
    hand = parse_hand("AS JS 10S 3S AH 6H 3H 10D 6D 4D")
    assert format_hand(hand) == "S AJ103 H A63 D 1064 C -"
    assert format_hand(hand, symbols=True) == "♠AJ103 ♥A63 ♦1064 ♣-"
    assert format_cards(hand, symbols=True) == "A♠ J♠ 10♠ 3♠ A♥ 6♥ 3♥ 10♦ 6♦ 4♦"


@pytest.mark.parametrize(
    ("text", "named", "problem"),
    [
        ("AS XS", "'X'", "unknown rank"),
        ("AS 1S", "'1'", "unknown rank"),
        ("AS 11S", "'11'", "unknown rank"),
        ("AS KX", "'X'", "unknown suit"),
        ("AS K", "'K'", "not a card"),
        ("S AXT", "'X'", "unknown rank"),
        ("S A1 H 2", "'1'", "unknown rank"),
        ("S A13", "'1'", "unknown rank"),
        ("AS S5", "'S5'", "written suit first: write 5S"),
        ("AS ♥10", "'♥10'", "written suit first: write 10♥"),
        ("S 5 S -", "'-'", "'-' marks a void"),
        ("S - S 5", "'5'", "marked void"),
        ("S - H 2 D A- ", "'A-'", "'-' marks a void"),
        ("S -A", "'-A'", "marked void"),
    ],
)
def test_unreadable_token_is_named(text, named, problem):
    with pytest.raises(CardError) as error:
        parse_hand(text)
    assert named in str(error.value)
    assert problem in str(error.value)


@pytest.mark.parametrize("text", ["AS KS AS", "S AKA", "as AS", "S AT10", "♠AK ♥Q ♣QQ"])
def test_card_written_twice_in_a_hand_is_refused(text):
    with pytest.raises(CardError, match="appears twice") as error:
        parse_hand(text, who="the taker's hand")
    assert "the taker's hand" in str(error.value)
    assert any(name in str(error.value) for name in ("AS", "10S", "QC"))


def test_card_written_twice_names_the_card():
    with pytest.raises(CardError, match="card AS appears twice in the giver's hand"):
        parse_hand("AS KS as", who="the giver's hand")


@pytest.mark.parametrize("text", ["", "   ", " , ", "S - H - D - C -", "♠-"])
def test_empty_hand_is_refused(text):
    with pytest.raises(CardError, match="empty"):
        parse_hand(text, who="the taker's hand")


def test_hand_of_more_than_13_cards_is_refused():
    with pytest.raises(CardError, match="14 cards: at most 13"):
        parse_hand("S AKQJT98765432 H A")


def test_hands_of_1_and_13_cards_are_valid():
    assert len(parse_hand("AS")) == 1
    assert len(parse_hand("S AKQJT98765432")) == 13


def test_card_in_both_hands_is_refused_and_named():
    with pytest.raises(CardError, match="card QS is in both hands"):
        parse_deal("AS QS", "QS 2S")
    with pytest.raises(CardError, match="cards AS QS are in both hands"):
        parse_deal("AS QS", "QS AS")


def test_hands_of_different_sizes_are_refused():
    with pytest.raises(CardError, match="the taker has 2 cards, the giver has 1"):
        parse_deal("AS KS", "2S")


def test_deal_from_cards_is_checked_like_text():
    with pytest.raises(CardError, match="in both hands"):
        check_deal(parse_hand("AS"), parse_hand("AS"))
    with pytest.raises(CardError, match="not a card"):
        check_deal(["AS"], parse_hand("KS"))  # type: ignore[list-item]
    taker, giver = parse_deal(list(parse_hand("2S AS")), "2H KH")
    assert taker == parse_hand("AS 2S") and giver == parse_hand("KH 2H")


def test_card_with_bad_rank_or_suit_cannot_be_built():
    with pytest.raises(CardError):
        Card(Suit.SPADES, 1)
    with pytest.raises(CardError):
        Card("S", 14)  # type: ignore[arg-type]


@pytest.mark.parametrize("rank", [14.0, True, "A", None, [14]])
def test_a_rank_that_is_not_a_whole_number_is_refused(rank):
    with pytest.raises(CardError, match="unknown rank"):
        Card(Suit.SPADES, rank)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("taker", "giver", "message"),
    [
        (None, None, "The taker's hand is None: give it as text"),
        ("AS", None, "The giver's hand is None: give it as text"),
        (5, "AS", "The taker's hand is 5: give it as text"),
        (b"AS", "KS", "The taker's hand is b'AS': give it as text"),
        ("AS", ["KS"], "'KS' in the giver's hand is not a card"),
    ],
)
def test_hands_that_are_neither_text_nor_cards_are_refused_by_name(taker, giver, message):
    with pytest.raises(CardError) as error:
        parse_deal(taker, giver)
    assert str(error.value).startswith(message)


def test_each_reader_refuses_what_is_not_text():
    with pytest.raises(CardError, match="The taker's hand is None, not text"):
        parse_hand(None, who="the taker's hand")  # type: ignore[arg-type]
    with pytest.raises(CardError, match="The card is 14, not text"):
        parse_card(14)  # type: ignore[arg-type]
    with pytest.raises(CardError, match="Hand is None: give it as text"):
        check_hand(None)  # type: ignore[arg-type]


LONG = 100_000


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("X" * LONG, "unknown suit 'X'"),
        ("AS " + "K" * LONG + "S", "unknown rank 'KKKK"),
        ("S " + "A" * LONG, "appears twice"),
        ("S A" + "Q" * LONG + "X", "appears twice"),
        ("S " + "X" * LONG, "unknown rank 'X'"),
        ("S -" + "A" * LONG, "marked void"),
        ("S A" + "-" * LONG, "'-' marks a void"),
        ("AS " * LONG, "card AS appears twice"),
    ],
)
def test_a_long_bad_hand_is_quoted_in_part(text, problem):
    with pytest.raises(CardError) as error:
        parse_hand(text, who="the taker's hand")
    message = str(error.value)
    assert problem in message and "the taker's hand" in message
    assert len(message) < 200
    for quoted in re.findall(r"'([^']*)'", message):
        assert len(quoted) <= QUOTED_LENGTH + 1  # and an ellipsis where it is cut


def test_a_long_token_is_cut_with_an_ellipsis():
    with pytest.raises(CardError, match=re.escape(f"in '{'S' + 'X' * 39}…' in the taker's hand")):
        parse_hand("S" + "X" * LONG, who="the taker's hand")


SPACES = ["\u00a0", "\u202f", "\u2007", "\u2003", "\u3000", "\u2028", "\t\u00a0 ,"]


@pytest.mark.parametrize("space", SPACES)
@pytest.mark.parametrize("text", ["S AJT3 H A63 D T64 C -", "♠AJ103 ♥A63 ♦1064", "AS JS 10S 3S AH 6H 3H 10D 6D 4D"])
def test_unicode_spaces_around_a_hand_are_spaces(space, text):
    expected = parse_hand(text)
    assert parse_hand(space + text) == expected
    assert parse_hand(text + space) == expected
    assert parse_hand(space + text.replace(" ", space) + space) == expected


@pytest.mark.parametrize("space", SPACES)
def test_a_hand_of_unicode_spaces_only_is_empty(space):
    with pytest.raises(CardError, match="empty"):
        parse_hand(space * 3, who="the taker's hand")


def test_a_card_read_alone_may_have_spaces_around_it():
    assert parse_card("\u00a0AS\u2003") == parse_card("AS")
