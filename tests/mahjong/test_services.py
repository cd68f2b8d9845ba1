"""Writing Mah Jongg games: each hand recorded once, every refusal names what
is wrong and changes nothing, undo and change replay the sheet."""

import datetime

import pytest

from mahjong import services
from mahjong.game import HandEntry
from mahjong.models import Game, Hand
from scorepads.players import Seat
from scorepads.recording import RecordingError
from tests.mahjong.conftest import BEN_WINS, BEN_WINS_AGAIN, NAMES, WASHOUT, record

DATE = datetime.date(2026, 7, 9)


def stored(game):
    return list(Hand.objects.filter(game=game).order_by("number").values_list("number", "winner_seat", "scores"))


def test_a_game_seats_four_players_in_order_and_its_starter_is_a_member(mahjong_game, user):
    assert list(mahjong_game.players.values_list("seat", "name")) == list(enumerate(NAMES, start=1))
    assert list(mahjong_game.members.all()) == [user]
    assert (mahjong_game.totals, mahjong_game.hand_count) == ([0, 0, 0, 0], 0)


def test_a_player_s_account_is_invited_not_made_a_member(user, stranger):
    game = services.game_start(
        seats=[Seat("Ann"), Seat("Ben", "Stranger"), Seat("Cat"), Seat("Dan")], date=DATE, user=user
    )
    assert list(game.members.all()) == [user]
    assert game.players.get(seat=2).invited == stranger and game.players.get(seat=2).account is None


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["Ann", "Ben", "Cat"], "played by 4 players, not 3"),
        (["Ann", "Ben", "Cat", "ann"], "two players are called ann"),
        (["Ann", "Ben", "Cat", "Dan\u202e"], "text-direction control"),
        (["Ann", "Ben", "Cat", " "], "player 4 has no name"),
    ],
)
def test_a_game_that_cannot_start_says_why_and_writes_nothing(user, names, message):
    with pytest.raises(RecordingError, match=message):
        services.game_start(seats=[Seat(name) for name in names], date=DATE, user=user)
    assert not Game.objects.exists()


def test_a_hand_is_stored_with_the_winner_s_hand_written_back_in_the_notation(mahjong_game):
    record(mahjong_game, [BEN_WINS])
    hand = Hand.objects.get()
    assert (hand.winner_seat, hand.scores) == (2, [10, None, 20, 0])
    assert (hand.winning_hand, hand.winning_tile, hand.self_drawn) == ("23467899c EEE RdRdRd", "9c", True)
    assert mahjong_game.totals == [-600, 1200, -260, -340]
    assert (mahjong_game.hand_count, mahjong_game.revision) == (1, 1)


def test_a_hand_number_is_recorded_once(mahjong_game):
    record(mahjong_game, [BEN_WINS])
    with pytest.raises(RecordingError) as refused:
        services.hand_record(game=mahjong_game, number=1, entry=BEN_WINS_AGAIN)
    assert refused.value.code == "taken"
    with pytest.raises(RecordingError) as ahead:
        services.hand_record(game=mahjong_game, number=3, entry=BEN_WINS_AGAIN)
    assert ahead.value.code == "ahead"
    mahjong_game.refresh_from_db()
    assert stored(mahjong_game) == [(1, 2, [10, None, 20, 0])]
    assert mahjong_game.revision == 1


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        (HandEntry(1, (0, None, 0, 0), "123b 456b 789b 111c 99d 9d", "9d"), "winning_hand"),
        (HandEntry(1, (0, 600, 0, 0)), "score_2"),
        (HandEntry(1, (-5, 30, 0, 0)), "score_1"),
        (HandEntry(7, (0, 30, 0, 0)), "winner"),
    ],
)
def test_a_bad_hand_is_refused_naming_the_field_and_nothing_changes(mahjong_game, entry, field):
    with pytest.raises(RecordingError) as refused:
        services.hand_record(game=mahjong_game, number=1, entry=entry)
    assert refused.value.field == field
    mahjong_game.refresh_from_db()
    assert (stored(mahjong_game), mahjong_game.revision) == ([], 0)


def test_undo_takes_back_the_last_hand_only_when_it_is_the_one_named(mahjong_game):
    record(mahjong_game, [BEN_WINS, WASHOUT])
    with pytest.raises(RecordingError, match="hand 1 is no longer the last hand"):
        services.hand_undo_last(game=mahjong_game, expected_number=1)
    assert services.hand_undo_last(game=mahjong_game, expected_number=2).number == 2
    mahjong_game.refresh_from_db()
    assert [number for number, _, _ in stored(mahjong_game)] == [1]
    assert mahjong_game.totals == [-600, 1200, -260, -340]


def test_changing_an_earlier_hand_plays_the_later_hands_again(mahjong_game):
    record(mahjong_game, [BEN_WINS, BEN_WINS_AGAIN])
    # Ann wins hand 1 instead: she keeps East, so Ben is South in hand 2 (not East).
    ann_wins = HandEntry(0, (100, 0, 0, 0))
    services.hand_change(game=mahjong_game, number=1, entry=ann_wins, expected_revision=mahjong_game.revision)
    mahjong_game.refresh_from_db()
    # Hand 1: Ann (East) receives 200 from each: +600. Hand 2, Ben (South) wins 40:
    # Ann (East) pays 80, Cat 40, Dan 40; Ann pays Dan... differences: Ann 10,
    # Cat 0, Dan 8: Cat pays Ann 10 x 2 = 20, Dan pays Ann 2 x 2 = 4, Cat pays Dan 8.
    assert mahjong_game.totals == [600 - 80 + 20 + 4, -200 + 160, -200 - 40 - 20 - 8, -200 - 40 - 4 + 8]
    assert sum(mahjong_game.totals) == 0


def test_a_change_against_a_sheet_that_moved_is_refused(mahjong_game):
    record(mahjong_game, [BEN_WINS])
    with pytest.raises(RecordingError, match="the sheet has changed") as refused:
        services.hand_change(game=mahjong_game, number=1, entry=WASHOUT, expected_revision=0)
    assert refused.value.code == "stale"
    assert stored(mahjong_game) == [(1, 2, [10, None, 20, 0])]


def test_a_change_that_would_end_the_game_early_is_refused(mahjong_game):
    others_win = [HandEntry(winner, tuple(20 if p == winner else 0 for p in range(4))) for winner in (1, 2, 3, 0)]
    # Hands 16 and 17 are washouts: Dan, East in the North round, keeps the deal.
    record(mahjong_game, [*others_win * 3, *others_win[:3], WASHOUT, WASHOUT])
    revision = mahjong_game.revision
    with pytest.raises(RecordingError, match="the game ended before hand 17"):
        services.hand_change(game=mahjong_game, number=16, entry=HandEntry(1, (0, 20, 0, 0)), expected_revision=revision)
    mahjong_game.refresh_from_db()
    assert mahjong_game.revision == revision and not mahjong_game.finished


def test_the_last_hand_of_the_north_round_finishes_the_game(mahjong_game):
    others_win = [HandEntry(winner, tuple(20 if p == winner else 0 for p in range(4))) for winner in (1, 2, 3, 0)]
    record(mahjong_game, others_win * 4)
    assert mahjong_game.finished and mahjong_game.hand_count == 16
    with pytest.raises(RecordingError) as refused:
        services.hand_record(game=mahjong_game, number=17, entry=WASHOUT)
    assert refused.value.code == "finished"
    services.hand_undo_last(game=mahjong_game, expected_number=16)
    mahjong_game.refresh_from_db()
    assert not mahjong_game.finished
