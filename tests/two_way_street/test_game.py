"""A game over many hands (section 3b) and its ratings record (3c), with the
worked game of RULES.md."""

import datetime

import pytest

from two_way_street.rules import (
    InvalidGame,
    InvalidHand,
    Place,
    game_state,
    leaders,
    places,
    ratings_eligible,
    ratings_mark,
    ratings_record,
    winner_of,
)

NAMES = ["Ann", "Ben", "Cat", "Dan"]
D, F = "declared", "forced"

# The four hands of the worked game in RULES.md, played to 12.
WORKED_GAME = [
    [(5, "high", D), (3, "high", F), (2, "low", D), (0, "low", F)],
    [(4, "high", D), (3, "low", D), (3, "high", F), (5, "low", D)],
    [(3, "high", D), (1, "high", D), (6, "low", D), (4, "high", D)],
    [(2, "high", D), (5, "high", D), (1, "high", D), (6, "low", D)],
]
PLAYED_ON = datetime.date(2026, 7, 9)
FINISHED_AT = datetime.datetime(2026, 7, 9, 20, 15, 42)


def test_worked_game_running_totals():
    state = game_state(WORKED_GAME, 12)
    assert [[score.final for score in hand] for hand in state.hands] == [
        [2, 0, 0, 6],
        [6, 4, 6, 0],
        [4, 0, 0, 6],
        [2, 8, 0, 0],
    ]
    assert state.running_totals == ((2, 0, 0, 6), (8, 4, 6, 6), (12, 4, 6, 12), (14, 12, 6, 12))


def test_worked_game_goes_on_after_a_tie_for_first_at_the_target():
    state = game_state(WORKED_GAME[:3], 12)
    assert state.totals == (12, 4, 6, 12)
    assert state.target_reached
    assert state.tie_at_target
    assert not state.finished
    assert state.winner is None
    assert state.leaders == (0, 3)
    assert state.next_hand_number == 4


def test_worked_game_ends_with_ann_alone_on_top():
    state = game_state(WORKED_GAME, 12)
    assert state.finished
    assert state.winner == 0
    assert state.leaders == (0,)
    assert not state.tie_at_target
    assert [str(place) for place in state.places] == ["1", "2=", "4", "2="]
    assert state.next_hand_number is None


def test_worked_game_ratings_record():
    record = ratings_record(game_state(WORKED_GAME, 12), NAMES, PLAYED_ON, FINISHED_AT)
    assert record.as_text() == (
        "Two Way Street, 2026-07-09 20:15, to 12 points\n"
        "1 \u2068Ann\u2069 14\n"
        "2= \u2068Ben\u2069 12\n"
        "2= \u2068Dan\u2069 12\n"
        "4 \u2068Cat\u2069 6"
    )
    assert record.date == datetime.date(2026, 7, 9)
    assert record.time == datetime.time(20, 15)
    assert record.mark is None
    assert record.to_dict()["entries"][1] == {"place": "2=", "name": "Ben", "score": 12}


def test_the_game_state_serialises():
    data = game_state(WORKED_GAME, 12).to_dict()
    assert data["totals"] == [14, 12, 6, 12]
    assert data["places"] == ["1", "2=", "4", "2="]
    assert data["winner"] == 0
    assert data["hands"][1][0]["case"] == "B"


def test_a_lower_target_ends_the_game_sooner():
    # After hand 2 the totals are 8, 4, 6, 6: Ann alone reaches 8.
    state = game_state(WORKED_GAME[:2], 8)
    assert state.finished and state.winner == 0
    with pytest.raises(InvalidGame, match="hand 3 comes after the end"):
        game_state(WORKED_GAME[:3], 8)


def test_a_game_before_its_first_hand():
    state = game_state([], 12, names=NAMES)
    assert state.player_count == 4
    assert state.totals == (0, 0, 0, 0)
    assert state.leaders == (0, 1, 2, 3)
    assert not state.target_reached and not state.finished
    assert state.next_hand_number == 1


# The end of the game, on totals alone.


@pytest.mark.parametrize(
    ("totals", "target", "winner"),
    [
        ((11, 3, 5), 12, None),  # nobody has the target
        ((12, 3, 5), 12, 0),  # exactly the target
        ((3, 20, 19), 12, 1),  # past it, most points wins
        ((13, 13, 2), 12, None),  # tied for first: another hand
        ((13, 13, 14), 12, 2),  # the tie is below the leader
        ((4, 13, 13, 0), 12, None),
    ],
)
def test_winner_of(totals, target, winner):
    assert winner_of(totals, target) == winner


def test_places_share_and_skip():
    assert places([5, 9, 5, 1]) == [
        Place(2, True),
        Place(1, False),
        Place(2, True),
        Place(4, False),
    ]
    assert [str(place) for place in places([3, 3, 3])] == ["1=", "1=", "1="]
    assert leaders([3, 7, 7]) == [1, 2]


# Ratings.


@pytest.mark.parametrize(
    ("target", "mark"),
    [(12, None), (18, None), (19, 19), (24, 19), (25, 25), (40, 25)],
)
def test_ratings_marks(target, mark):
    assert ratings_mark(target) == mark


def test_ratings_need_a_target_of_twelve_and_fewer_than_eleven_players():
    assert not ratings_eligible(11, 4)
    assert ratings_eligible(12, 3)
    assert ratings_eligible(12, 10)
    assert not ratings_eligible(30, 11)
    assert not ratings_eligible(30, 12)


def test_the_record_is_dated_with_the_game_s_date_whenever_the_last_hand_was_entered():
    # Played on 9 July; its last hand typed in after midnight.
    record = ratings_record(
        game_state(WORKED_GAME, 12), NAMES, PLAYED_ON, datetime.datetime(2026, 7, 10, 0, 30, 5)
    )
    assert record.date == datetime.date(2026, 7, 9)
    assert record.time == datetime.time(0, 30)
    assert record.as_text().splitlines()[0] == "Two Way Street, 2026-07-09 00:30, to 12 points"
    assert record.to_dict()["date"] == "2026-07-09"


def test_no_record_for_a_game_to_fewer_than_twelve():
    assert ratings_record(game_state(WORKED_GAME[:2], 8), NAMES, PLAYED_ON, FINISHED_AT) is None


def test_a_game_to_nineteen_or_more_is_marked():
    # Hand 1 replayed until somebody passes 19: Dan scores 6 a hand.
    state = game_state([WORKED_GAME[0]] * 4, 19)
    assert state.totals == (8, 0, 0, 24)
    record = ratings_record(state, NAMES, PLAYED_ON, FINISHED_AT)
    assert record.mark == 19
    assert record.as_text().splitlines()[0].endswith("to 19 points (a game to 19 or more)")
    assert [entry.name for entry in record.entries] == ["Dan", "Ann", "Ben", "Cat"]
    assert [str(entry.place) for entry in record.entries] == ["1", "2", "3=", "3="]


def test_eleven_players_are_not_rated():
    hand = [(3, "high", D)] + [(0, "high", D)] * 10
    # Raws 3, 0, ..., 0: case C, penalty 0; the first player scores 6 a hand.
    state = game_state([hand] * 2, 12)
    assert state.finished and state.totals[0] == 12
    assert ratings_record(state, [f"P{seat}" for seat in range(11)], PLAYED_ON, FINISHED_AT) is None


def test_an_unfinished_game_has_no_record():
    with pytest.raises(InvalidGame, match="not over"):
        ratings_record(game_state(WORKED_GAME[:3], 12), NAMES, PLAYED_ON, FINISHED_AT)


# Refusals.


@pytest.mark.parametrize("target", [0, -5, 12.5, "12", True])
def test_a_bad_target_is_refused(target):
    with pytest.raises(InvalidGame, match="target"):
        game_state([], target)


def test_a_bad_hand_names_the_hand_and_the_player():
    bad = [(4, "high", D), (3, "low", D), (-3, "high", F), (5, "low", D)]
    with pytest.raises(InvalidHand) as caught:
        game_state([WORKED_GAME[0], bad], 12, names=NAMES)
    assert str(caught.value).startswith("hand 2: seat 3 (Cat)")
    assert caught.value.hand == 2
    assert caught.value.seat == 3


def test_every_hand_has_the_same_players():
    with pytest.raises(InvalidHand, match="hand 2: 3 players, but the game has 4"):
        game_state([WORKED_GAME[0], WORKED_GAME[1][:3]], 12)


def test_a_game_of_two_is_refused():
    with pytest.raises(InvalidHand, match="Duel"):
        game_state([], 12, names=["Ann", "Ben"])


def test_a_game_is_full_at_the_hand_limit_and_takes_no_more():
    from two_way_street.rules import MAX_HANDS

    nothing = [(0, "high", "declared")] * 3  # everybody tied on 0: case D, nobody scores
    state = game_state([nothing] * MAX_HANDS, 12)
    assert state.full and not state.finished and state.next_hand_number is None
    assert not game_state([nothing] * (MAX_HANDS - 1), 12).full
    with pytest.raises(InvalidGame, match=f"at most {MAX_HANDS} hands"):
        game_state([nothing] * (MAX_HANDS + 1), 12)


def test_the_target_has_a_ceiling():
    from two_way_street.rules import MAX_TARGET

    assert game_state([], MAX_TARGET).target == MAX_TARGET
    with pytest.raises(InvalidGame, match="from 1 to 100"):
        game_state([], MAX_TARGET + 1)
