"""Writing Two Way Street games: every refusal names what is wrong and changes nothing."""

import datetime

import pytest
from django.db import IntegrityError, transaction

from scorepads.recording import RecordingError
from tests.two_way_street.conftest import WORKED_HANDS, record
from two_way_street import rules, services
from two_way_street.models import Game, Hand, Player
from two_way_street.services import Seat

DATE = datetime.date(2026, 7, 9)


def start(user, names, target=12, accounts=None):
    accounts = accounts or {}
    return services.game_start(
        seats=[Seat(name, accounts.get(name, "")) for name in names], target=target, date=DATE, user=user
    )


def test_a_game_seats_its_players_in_order_and_its_starter_is_a_member(user):
    game = start(user, ["Ann", "Ben", "Cat"])
    assert list(game.players.values_list("seat", "name")) == [(1, "Ann"), (2, "Ben"), (3, "Cat")]
    assert list(game.members.all()) == [user]
    assert (game.totals, game.hand_count, game.winner_seat) == ([0, 0, 0], 0, None)


def test_players_with_accounts_are_invited_and_the_starter_sits_at_once(user, stranger):
    game = start(user, ["Ann", "Ben", "Cat"], accounts={"Ben": "STRANGER", "Ann": "Jon", "Cat": "nobody"})
    assert list(game.members.all()) == [user]
    seats = {player.name: (player.account, player.invited) for player in game.players.all()}
    assert seats == {"Ann": (user, None), "Ben": (None, stranger), "Cat": (None, None)}


@pytest.mark.parametrize(
    ("names", "accounts", "target", "message"),
    [
        (["Ann", "Ben"], {}, 12, "two players play a Duel"),
        ([f"P{n}" for n in range(13)], {}, 12, "at most 12 players"),
        (["Ann", "Ben", "ann"], {}, 12, "two players are called ann"),
        (["Ann", "Ben", "   "], {}, 12, "player 3 has no name"),
        (["Ann", "Ben", "C\u202eat"], {}, 12, "text-direction control"),
        (["Ann", "Ben", "x" * 61], {}, 12, "longer than 60"),
        (["Ann", "Ben", "Cat"], {"Ben": "jon", "Cat": "Jon"}, 12, "the account 'Jon' is named for player 2 too"),
        (["Ann", "Ben", "Cat"], {"Ben": "nobody", "Cat": "NOBODY"}, 12, "the account 'NOBODY' is named for player 2 too"),
        (["Ann", "Ben", "Cat"], {}, 0, "the target must be"),
        (["Ann", "Ben", "Cat"], {}, rules.MAX_TARGET + 1, "from 1 to 100"),
    ],
)
def test_a_game_that_cannot_be_played_is_refused_and_nothing_is_written(user, names, accounts, target, message):
    with pytest.raises(RecordingError, match=message):
        start(user, names, target=target, accounts=accounts)
    assert not Game.objects.exists() and not Player.objects.exists()


def test_hands_score_the_worked_game_and_keep_its_summary(street):
    record(street, WORKED_HANDS[:3])
    assert (street.totals, street.hand_count, street.winner_seat, street.finished_at) == ([12, 4, 6, 12], 3, None, None)
    record(street, WORKED_HANDS[3:], start=4)
    assert (street.totals, street.winner_seat) == ([14, 12, 6, 12], 1)
    assert street.finished_at is not None


def test_each_change_raises_the_revision(street):
    revisions = [street.revision]
    services.hand_record(game=street, number=1, results=WORKED_HANDS[0])
    revisions.append(Game.objects.get().revision)
    services.hand_change(game=street, number=1, results=WORKED_HANDS[1])
    revisions.append(Game.objects.get().revision)
    services.hand_undo_last(game=street)
    revisions.append(Game.objects.get().revision)
    assert revisions == sorted(set(revisions))


def test_a_hand_number_is_recorded_once(street):
    services.hand_record(game=street, number=1, results=WORKED_HANDS[0])
    with pytest.raises(RecordingError) as refused:
        services.hand_record(game=street, number=1, results=WORKED_HANDS[1])
    assert refused.value.code == "taken"
    with pytest.raises(RecordingError) as ahead:
        services.hand_record(game=street, number=3, results=WORKED_HANDS[1])
    assert ahead.value.code == "ahead"
    assert list(Hand.objects.values_list("number", "results")) == [
        (1, [list(entry) for entry in WORKED_HANDS[0]])
    ]


def test_the_database_holds_one_hand_per_number(street):
    services.hand_record(game=street, number=1, results=WORKED_HANDS[0])
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(game=street, number=1, results=WORKED_HANDS[1])


def test_no_hand_after_the_end(street):
    record(street, WORKED_HANDS)
    with pytest.raises(RecordingError, match="the game is over") as refused:
        services.hand_record(game=street, number=5, results=WORKED_HANDS[0])
    assert refused.value.code == "finished"
    assert Hand.objects.count() == 4


@pytest.mark.parametrize(
    ("results", "tricks_in_hand", "message"),
    [
        ([(-1, "high", "declared")] + WORKED_HANDS[0][1:], None, r"seat 1 \(Ann\): tricks cannot be negative"),
        (WORKED_HANDS[0][:3], None, "the hand has 3 players, but the game has 4"),
        ([(1, "sideways", "declared")] + WORKED_HANDS[0][1:], None, "Ann"),
        ([(1, "high", "declared")] * 4, 13, "the tricks add up to 4, but the hand had 13"),
        (WORKED_HANDS[0], rules.MAX_TRICKS + 1, "from 0 to 52"),
        ([(53, "high", "declared")] + WORKED_HANDS[0][1:], None, "more than a pack"),
    ],
)
def test_a_bad_hand_names_what_is_wrong_and_writes_nothing(street, results, tricks_in_hand, message):
    revision = street.revision
    with pytest.raises(RecordingError, match=message):
        services.hand_record(game=street, number=1, results=results, tricks_in_hand=tricks_in_hand)
    assert not Hand.objects.exists()
    assert Game.objects.get().revision == revision


def test_tricks_that_add_up_are_kept_with_the_hand(street):
    hand = services.hand_record(game=street, number=1, results=WORKED_HANDS[0], tricks_in_hand=10)
    assert Hand.objects.get(pk=hand.pk).tricks_in_hand == 10


def test_undo_removes_the_last_hand_only_while_it_is_the_last(street):
    record(street, WORKED_HANDS)
    with pytest.raises(RecordingError, match="hand 3 is no longer the last hand"):
        services.hand_undo_last(game=street, expected_number=3)
    services.hand_undo_last(game=street, expected_number=4)
    street.refresh_from_db()
    assert (street.hand_count, street.winner_seat, street.finished_at) == (3, None, None)
    assert street.totals == [12, 4, 6, 12]


def test_a_change_rescores_the_sheet(street):
    record(street, WORKED_HANDS[:2])
    changed = [(5, "high", "declared"), (3, "high", "declared"), (2, "low", "declared"), (0, "low", "declared")]
    services.hand_change(game=street, number=1, results=changed, expected_revision=street.revision)
    street.refresh_from_db()
    # Hand 1 now: raw 5, 3, 4, 6 (case A, penalty 4): 1×2, 0, 0, 2×2; then hand 2 as before.
    assert street.totals == [2 + 6, 0 + 4, 0 + 6, 4 + 0]


def test_a_change_from_a_stale_sheet_is_refused(street):
    record(street, WORKED_HANDS[:2])
    stale = street.revision - 1
    with pytest.raises(RecordingError, match="the sheet has changed"):
        services.hand_change(game=street, number=1, results=WORKED_HANDS[1], expected_revision=stale)
    assert Hand.objects.get(number=1).results == [list(entry) for entry in WORKED_HANDS[0]]


def test_a_change_that_would_end_the_game_early_is_refused(street):
    record(street, WORKED_HANDS[:3])
    # Ann 12 alone after hand 1 would end the game before hands 2 and 3.
    landslide = [(12, "high", "forced"), (0, "high", "declared"), (6, "low", "declared"), (0, "high", "declared")]
    with pytest.raises(RecordingError, match="would end before hand 3"):
        services.hand_change(game=street, number=1, results=landslide)
    assert Hand.objects.get(number=1).results == [list(entry) for entry in WORKED_HANDS[0]]


def test_the_database_refuses_a_hand_past_the_limit(street):
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(game=street, number=rules.MAX_HANDS + 1, results=WORKED_HANDS[0])


def test_a_full_game_takes_no_more_hands(street):
    nothing = [[0, "high", "declared"]] * 4  # everybody tied on 0: nobody scores
    Hand.objects.bulk_create(Hand(game=street, number=number, results=nothing) for number in range(1, rules.MAX_HANDS + 1))
    with pytest.raises(RecordingError, match=f"at most {rules.MAX_HANDS} hands") as refused:
        services.hand_record(game=street, number=rules.MAX_HANDS + 1, results=nothing)
    assert refused.value.code == "full"
    assert Hand.objects.count() == rules.MAX_HANDS


def test_a_change_keeps_the_time_the_game_ended_whatever_the_phone_read(street):
    read_before_the_end = Game.objects.get(pk=street.pk)
    record(street, WORKED_HANDS)
    ended = Game.objects.get().finished_at
    services.hand_change(game=read_before_the_end, number=1, results=WORKED_HANDS[0])
    assert Game.objects.get().finished_at == ended
