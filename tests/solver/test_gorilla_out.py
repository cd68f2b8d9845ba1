"""The result of gorilla_out: fields, dictionary form, areas and reasons."""

import dataclasses
import json

import pytest

from solver import Areas, Card, CardError, GorillaResult, Suit, gorilla_out, parse_hand

FIRST_EXAMPLE = ("S AJT3 H A63 D T64 C -", "S Q H T92 D J987 C AT")


def test_result_is_frozen_with_the_documented_fields():
    result = gorilla_out(*FIRST_EXAMPLE)
    assert isinstance(result, GorillaResult)
    assert {field.name for field in dataclasses.fields(result)} == {
        "taker",
        "giver",
        "possible",
        "line",
        "reason",
        "areas",
        "possible_if_swapped",
    }
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.possible = False  # type: ignore[misc]
    assert isinstance(result.areas, Areas)


def test_accepts_cards_as_well_as_text():
    taker, giver = map(parse_hand, FIRST_EXAMPLE)
    assert gorilla_out(list(reversed(taker)), giver) == gorilla_out(*FIRST_EXAMPLE)


def test_to_dict_is_json_with_card_strings():
    result = gorilla_out(*FIRST_EXAMPLE)
    data = result.to_dict()
    assert list(data) == ["possible", "line", "reason", "areas", "possible_if_swapped"]
    assert data["possible"] is True
    assert data["line"][0] == ["AS", "QS"]
    assert all(
        len(trick) == 2 and all(isinstance(card, str) for card in trick) for trick in data["line"]
    )
    assert len(data["line"]) == 10
    assert data["areas"]["taker"] == {
        "played": ["AS", "AH", "6H", "10D"],
        "blocked": ["3H", "6D", "4D"],
        "run": ["JS", "10S", "3S"],
    }
    assert data["areas"]["giver"] == {
        "played": ["QS", "10H", "2H", "9D"],
        "pitch": ["9H", "JD", "8D", "7D"],
        "keep": ["AC", "10C"],
    }
    assert data["areas"]["attack_order"] == ["H", "D"]
    assert json.loads(json.dumps(data)) == data


def test_impossible_hand_has_no_line():
    data = gorilla_out("♥76 ♦543 ♣76", "♥QJ ♦6 ♣J853").to_dict()
    assert data["possible"] is False
    assert data["line"] is None
    assert data["possible_if_swapped"] is True


def test_areas_split_both_hands():
    for taker, giver in [FIRST_EXAMPLE, ("♥76 ♦543 ♣76", "♥QJ ♦6 ♣J853")]:
        result = gorilla_out(taker, giver)
        areas = result.areas
        assert sorted(areas.taker_played + areas.taker_blocked + areas.taker_run) == sorted(
            result.taker
        )
        assert sorted(areas.giver_played + areas.giver_pitch + areas.giver_keep) == sorted(
            result.giver
        )


def test_every_giver_card_lower():
    result = gorilla_out("AS KH QD", "2S 3H 4D")
    assert result.possible
    assert result.reason.startswith("Every card of the giver is lower")
    assert result.areas.attack_order == ()


def test_nothing_blocked_names_the_run_cards():
    result = gorilla_out("AS KS 2H", "QS 3D 4C")
    assert result.possible
    assert result.reason.startswith("No suit is blocked")
    assert "♠K ♥2" in result.reason


def test_single_suit_attack_is_explained():
    result = gorilla_out("AS KS QS 2H", "AH KH 3C 4C")
    assert result.possible
    assert result.reason == (
        "The taker attacks hearts: he leads run cards while the giver pitches ♥AK, "
        "so his ♥2 can run."
    )
    assert result.areas.attack_order == (Suit.HEARTS,)


def test_no_run_cards_at_all():
    result = gorilla_out("2S 2H", "AS AH")
    assert not result.possible
    assert result.reason.startswith("The taker has no run cards at all")
    assert "♠A ♥A" in result.reason


def test_suit_that_stays_blocked_is_named():
    # One run card (♠A); she must pitch two hearts above his ♥2.
    result = gorilla_out("AS 2H", "AH KH")
    assert not result.possible
    assert result.reason == (
        "Hearts stay blocked: the giver must pitch ♥AK before the taker's ♥2 can run, "
        "but he has only 1 run card left, too few to shed her high cards there."
    )


def test_suit_blocked_after_opening_another_says_so():
    # ♠A runs; diamonds (cost 1, frees 1) open; hearts still cost 2 with 1 run card.
    result = gorilla_out("AS 2D 2H 3H", "AD AH KH 2C")
    assert not result.possible
    assert "Hearts stay blocked" in result.reason
    assert "after opening diamonds" in result.reason
    assert result.areas.attack_order == (Suit.DIAMONDS,)


def test_the_run_cards_left_after_opening_a_suit_are_counted():
    # ♠AK run: 2 run cards. Diamonds cost 1 (♦A) and free 2 (♦32): 2 - 1 + 2 = 3
    # left, and hearts cost 4 (♥AKQJ): they stay blocked.
    result = gorilla_out("AS KS 2D 3D 2H 3H 4H 5H 6H 7H", "AD AH KH QH JH 2C 3C 4C 5C 6C")
    assert not result.possible
    assert result.reason == (
        "Hearts stay blocked: the giver must pitch ♥AKQJ before the taker's ♥765432 can run, "
        "but he has only 3 run cards left after opening diamonds, too few to shed her high "
        "cards there."
    )
    # ♠A runs: 1. Diamonds cost 1 and free 2: 1 - 1 + 2 = 2 left; hearts cost 3.
    result = gorilla_out("AS 2D 3D 2H 3H", "AD AH KH QH 2C")
    assert "but he has only 2 run cards left after opening diamonds" in result.reason


def test_the_run_cards_for_suits_that_cannot_all_open_are_counted():
    # ♠AK: 2 run cards; hearts and diamonds each cost 2 and free 1.
    result = gorilla_out("AS KS 2H 2D", "AH KH AD KD")
    assert result.reason == (
        "The taker cannot open both hearts and diamonds: the giver must pitch ♥AK ♦AK "
        "before his ♥2 ♦2 can run, but he has only 2 run cards, and these suits free fewer "
        "run cards than they cost, so he runs out before the last of them is open."
    )
    # ♠A: 1; diamonds cost 1 and free 3: 1 - 1 + 3 = 3 left. Hearts cost 3 and
    # free 1, clubs cost 2 and free 1: either first leaves too few for the other.
    result = gorilla_out("AS 2D 3D 4D 2H 2C", "AD AH KH QH AC KC")
    assert result.reason == (
        "The taker cannot open both hearts and clubs: the giver must pitch ♥AKQ ♣AK "
        "before his ♥2 ♣2 can run, but he has only 3 run cards after opening diamonds, "
        "and these suits free fewer run cards than they cost, so he runs out before the "
        "last of them is open."
    )


def test_losing_suits_that_cannot_all_open_are_explained():
    # Two run cards; hearts and diamonds each cost 2 and free 1: either opens, not both.
    result = gorilla_out("AS KS 2H 2D", "AH KH AD KD")
    assert not result.possible
    assert result.reason.startswith("The taker cannot open both hearts and diamonds")


def test_swapped_verdict():
    result = gorilla_out("AS KS", "2H 3H")
    assert result.possible and result.possible_if_swapped
    result = gorilla_out("AS KS", "2S 3S")
    assert result.possible and not result.possible_if_swapped


def test_bad_input_raises_card_error():
    with pytest.raises(CardError):
        gorilla_out("AS", "AS")
    with pytest.raises(CardError):
        gorilla_out("AS KS", "QH")
    with pytest.raises(ValueError):  # CardError is a ValueError
        gorilla_out("", "AS")


def test_one_card_hands():
    assert gorilla_out("2S", "AH").possible
    assert not gorilla_out("2S", "AS").possible
    assert gorilla_out("AS", "2S").line == ((Card(Suit.SPADES, 14), Card(Suit.SPADES, 2)),)
