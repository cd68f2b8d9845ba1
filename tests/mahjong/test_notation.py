"""Reading and writing hands in the notation; every refusal names its token and column."""

import pytest

from mahjong import (
    Dragon,
    Family,
    Hand,
    HandError,
    NotationError,
    SetKind,
    Tile,
    Wind,
    format_hand,
    parse_hand,
    parse_tile,
    parse_tiles,
)
from mahjong.tiles import dragon_tile, suit_tile, wind_tile


def test_suit_tiles_are_digits_then_the_suit_letter_with_the_usual_alternatives():
    assert parse_tiles("123b") == parse_tiles("123s") == parse_tiles("1b 2b 3b")
    assert parse_tiles("99c") == parse_tiles("99m") == (suit_tile(Family.CHARACTERS, 9),) * 2
    assert parse_tiles("5d") == parse_tiles("5p") == parse_tiles("5D") == (suit_tile(Family.DOTS, 5),)
    assert parse_tile("7b").name == "7 bamboo"


def test_honours_by_letter_by_name_and_numbered():
    east, west = wind_tile(Wind.EAST), wind_tile(Wind.WEST)
    white = dragon_tile(Dragon.WHITE)
    assert parse_tiles("E S W N") == parse_tiles("east south west north") == parse_tiles("1234z")
    assert parse_tiles("EEE") == (east,) * 3
    assert parse_tiles("W") == (west,)
    assert parse_tiles("Wh") == parse_tiles("white") == parse_tiles("5z") == (white,)
    assert parse_tiles("RdGdWh") == parse_tiles("red green white") == parse_tiles("765z")
    assert parse_tiles("WWh") == (west, white)
    assert parse_tiles("rdRDrd") == (dragon_tile(Dragon.RED),) * 3


def test_bonus_tiles_and_unicode_tiles():
    assert [tile.name for tile in parse_tiles("1f 4f 2y")] == ["flower 1", "flower 4", "season 2"]
    assert parse_tiles("🀀🀄🀇🀐🀙🀢🀩") == parse_tiles("E Rd 1c 1b 1d 1f 4y")
    assert all(parse_tile(tile.symbol) == tile for tile in parse_tiles("19b19c19dESWNRdGdWh1234f1234y"))


def test_items_may_run_together_and_are_separated_by_spaces_or_commas():
    assert parse_tiles("123b456cEEE") == parse_tiles("123b, 456c; E E E")


def test_a_hand_has_concealed_tiles_declared_sets_and_bonus_tiles():
    hand = parse_hand("123b 55d [EEE] {9999c} [234d] 1f 3y")
    assert [tile.text for tile in hand.concealed] == ["1b", "2b", "3b", "5d", "5d"]
    kinds = [(s.kind, s.melded, s.first.text) for s in hand.declared]
    assert kinds == [
        (SetKind.KONG, False, "9c"),
        (SetKind.CHOW, True, "2d"),
        (SetKind.PUNG, True, "E"),
    ]
    assert [tile.text for tile in hand.bonus] == ["1f", "3y"]


def test_the_order_of_the_items_does_not_matter():
    assert parse_hand("123b 55d [EEE] {9999c} [234d] 1f") == parse_hand(
        "1f 5d [234d] 3b {9999c} 2b 5d [EEE] 1b"
    )


def test_format_hand_writes_what_parse_hand_reads():
    hand = parse_hand("3y EE 9c [234d] 1b2b3b {1111c} Rd Wh 1f")
    assert format_hand(hand) == "123b 9c EE RdWh {1111c} [234d] 1f 3y"
    assert parse_hand(format_hand(hand)) == hand
    assert str(hand) == format_hand(hand)


def test_tiles_sort_and_classify():
    one, five, east, red = parse_tiles("1b 5b E Rd")
    assert one < five < east < red
    assert one.is_terminal and not one.is_simple and one.is_suit
    assert five.is_simple and not five.is_terminal
    assert east.is_honour and east.wind is Wind.EAST and red.dragon is Dragon.RED
    assert parse_tile("1f").is_bonus
    assert Tile(Family.DOTS, 9) == parse_tile("9d")


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("123b 45q 999c EEE 55d", ["'q'", "'45q'", "column 8"]),
        ("123 456b", ["'123'", "column 1", "no suit letter"]),
        ("123b EEx", ["'x'", "'EEx'", "column 8"]),
        ("0b", ["0b", "column 1"]),
        ("123b 8z", ["8z", "column 6"]),
        ("5f", ["5f", "column 1", "1 to 4"]),
        ("123b [456c", ["'['", "column 6", "not closed"]),
        ("123b 456c]", ["']'", "column 10", "closes nothing"]),
        ("123b [] 5d", ["'[]'", "column 6", "empty"]),
        ("123b ? 5d", ["'?'", "column 6"]),
        ("", ["empty"]),
    ],
)
def test_unreadable_text_is_refused_naming_the_token_and_its_column(text, names):
    with pytest.raises(NotationError) as error:
        parse_hand(text)
    assert isinstance(error.value, ValueError)
    for name in names:
        assert name in str(error.value)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("[ESW] 123b 456b 789b 55d", ["[ESW]", "column 1", "chow of honours"]),
        ("123b [RdGdWh] 456b 789b 55d", ["[RdGdWh]", "column 6", "chow of honours"]),
        ("[12c3d] 123b 456b 789b 11c", ["[12c 3d]", "mixes suits"]),
        ("[135b] 123b 456b 789b 11c", ["[135b]", "no set"]),
        ("[55b] 123b 456b 789b 11c", ["[55b]", "no set"]),
        ("{555d} 123b 456b 789b 11c", ["{555d}", "concealed kong"]),
        ("[1f2f3f] 123b 456b 789b 11c", ["flower 1", "bonus tile"]),
        ("[5555d] 5d 123b 456b 11c", ["5 dots", "5 times", "only 4"]),
        ("55555d 123b 456b 789b", ["5 dots", "5 times"]),
        ("1f 1f 123b 456b 789b 111c 55d", ["flower 1", "2 times", "only one"]),
        ("123b 456b 789b 111c 5d", ["13 concealed tiles", "needs 14"]),
        ("123b 456b [789b] 111c 555d", ["12 concealed tiles", "one declared set", "needs 11"]),
        (
            "5555d 123b 456b 789b 11c",
            ["15 concealed tiles", "four 5 dots are a kong", "[5555d]", "{5555d}"],
        ),
    ],
)
def test_tiles_that_cannot_be_a_hand_are_refused_saying_why(text, names):
    with pytest.raises(HandError) as error:
        parse_hand(text)
    assert isinstance(error.value, ValueError)
    for name in names:
        assert name in str(error.value)


def test_a_hand_built_from_tiles_is_checked_like_a_parsed_one():
    with pytest.raises(HandError, match="East wind .* appears 5 times"):
        Hand(parse_tiles("EEEEE 123b 456b 789b 1c"))
    with pytest.raises(HandError, match="bonus tile"):
        Hand(parse_tiles("123b 456b 789b 111c 5d 1f"))


def test_a_waiting_hand_is_one_tile_short():
    hand = parse_hand("123b 456b 789b 111c 5d", waiting=True)
    assert hand.waiting and len(hand.concealed) == 13
    with pytest.raises(HandError, match="needs 13"):
        parse_hand("123b 456b 789b 111c 55d", waiting=True)


def test_the_examples_of_rules_md_are_hands():
    assert parse_hand("🀀🀀🀀 🀄🀄🀄 🀊🀋🀌 🀍🀎🀏 🀏🀏") == parse_hand("EEE RdRdRd 456c 789c 99c")
    for text in [
        "123b 456c 789d 234b 55d",
        "123b 456b 789b [222b] 55b",
        "[WWWW] {GdGdGdGd} 234b 567b 88b",
        "19b 19c 19d ESWN RdGdWh 9c",
        "EEE SSS RdRdRd GdGdGd WhWh 1f 3y",
    ]:
        assert parse_hand(text)
