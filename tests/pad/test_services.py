"""Recording, undoing and changing hands: validated, atomic, nothing half-written."""

import datetime

import pytest
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError

from pad import rules, services
from pad.models import NOTES_MAX_LENGTH, Game, Hand
from pad.services import RecordingError
from tests.conftest import record_outcomes


def snapshot(game):
    game.refresh_from_db()
    return (
        game.finished_at,
        list(game.hands.order_by("number").values_list("number", "outcome", "dealer", "taker")),
    )


def test_record_hand_defaults_dealer_from_date_and_taker_to_non_dealer(game):
    first = services.hand_record(game=game, number=1, outcome="M")
    second = services.hand_record(game=game, number=2, outcome="P")
    assert (first.dealer, first.taker) == ("odd", "even")
    assert (second.dealer, second.taker) == ("even", "odd")


def test_even_day_even_partner_deals_first(partnership):
    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 10))
    assert services.hand_record(game=game, number=1, outcome="M").dealer == "even"


def test_deal_alternates_from_an_explicit_dealer(game):
    services.hand_record(game=game, number=1, outcome="M", dealer="even")
    assert services.hand_record(game=game, number=2, outcome="M").dealer == "odd"


def test_roles_swapped_when_the_dealer_took(game):
    hand = services.hand_record(game=game, number=1, outcome="M", taker="odd")
    assert (hand.dealer, hand.taker) == ("odd", "odd")
    # Said as "the dealer took", the service finds the dealer, under the lock.
    hand = services.hand_record(game=game, number=2, outcome="M", dealer_took=True)
    assert (hand.dealer, hand.taker) == ("even", "even")
    hand = services.hand_record_gorillaed(
        game=game, number=3, outcome="I", taker_cards="7H 6H 5D", giver_cards="QH JH 6D", dealer_took=True
    )
    assert (hand.dealer, hand.taker, hand.verdict_by) == ("odd", "odd", "solver")


def test_the_dealer_took_and_another_taker_is_refused(game):
    before = snapshot(game)
    with pytest.raises(RecordingError, match="the dealer \\(odd\\) took") as raised:
        services.hand_record(game=game, number=1, outcome="M", taker="even", dealer_took=True)
    assert raised.value.field == "taker"
    assert snapshot(game) == before


def test_fates_point_and_irregularity(game):
    services.hand_record(game=game, number=1, outcome="I", fates_point=True)
    hand = services.hand_record(game=game, number=2, outcome="I", irregularity=" card exposed ")
    assert hand.irregularity == "card exposed"


@pytest.mark.parametrize(
    ("details", "message"),
    [
        ({"number": 2, "outcome": "M"}, "hand 2 cannot be recorded: the next hand is hand 1"),
        ({"number": 0, "outcome": "M"}, "hand 0 cannot be recorded"),
        ({"number": 1, "outcome": "X"}, "outcome must be one of M, P, I, not 'X'"),
        ({"number": 1, "outcome": "M", "dealer": "north"}, "dealer must be one of odd, even"),
        ({"number": 1, "outcome": "M", "taker": ""}, "taker must be one of odd, even"),
        ({"number": 1, "outcome": "M", "fates_point": True}, "a Fates' point is recorded as I"),
        ({"number": 1, "outcome": "M", "irregularity": "revoke"}, "cannot be made"),
        ({"number": 1, "outcome": "P", "irregularity": "x" * 201}, "longer than 200 characters"),
        ({"number": 1, "outcome": "P", "verdict_by": "solver"}, "needs both hands' cards"),
        ({"number": 1, "outcome": "M", "verdict_by": "players"}, "only a lost hand"),
        ({"number": 1, "outcome": "P", "verdict_by": "oracle"}, "verdict_by must be one of"),
    ],
)
def test_refused_hand_writes_nothing(game, details, message):
    before = snapshot(game)
    with pytest.raises(RecordingError, match=message):
        services.hand_record(game=game, **details)
    assert snapshot(game) == before


def test_a_hand_number_already_taken_is_refused(game):
    record_outcomes(game, "MM")
    with pytest.raises(RecordingError, match="hand 2 cannot be recorded: the next hand is hand 3"):
        services.hand_record(game=game, number=2, outcome="I")
    assert list(game.hands.values_list("outcome", flat=True)) == ["M", "M"]


def test_game_finishes_and_refuses_more_hands(game):
    record_outcomes(game, "M" * 10)
    game.refresh_from_db()
    assert game.finished_at is not None
    before = snapshot(game)
    with pytest.raises(RecordingError, match="the game is over: it ended at hand 10"):
        services.hand_record(game=game, number=11, outcome="M")
    assert snapshot(game) == before


def test_undo_last_hand_reopens_a_finished_game(game):
    record_outcomes(game, "I" * 10)
    undone = services.hand_undo_last(game=game)
    assert undone.number == 10
    game.refresh_from_db()
    assert game.finished_at is None
    assert game.hands.count() == 9
    services.hand_record(game=game, number=10, outcome="M")


def test_undo_with_no_hands_is_refused(game):
    with pytest.raises(RecordingError, match="there is no hand to undo"):
        services.hand_undo_last(game=game)


def test_change_outcome_of_an_earlier_hand(game):
    record_outcomes(game, "MIP")
    services.hand_change_outcome(game=game, number=2, outcome="M")
    assert list(game.hands.order_by("number").values_list("outcome", flat=True)) == ["M", "M", "P"]


def test_change_that_finishes_the_game_marks_it_finished(game):
    record_outcomes(game, "MMMMMMMMMI")
    services.hand_change_outcome(game=game, number=10, outcome="M")
    game.refresh_from_db()
    assert game.finished_at is not None


def test_change_that_would_end_the_game_early_is_refused(game):
    record_outcomes(game, "MMMMMMMMMIM")
    before = snapshot(game)
    with pytest.raises(RecordingError, match="would end the game before hand 11"):
        services.hand_change_outcome(game=game, number=10, outcome="M")
    assert snapshot(game) == before


def test_change_to_an_unknown_outcome_or_hand_is_refused(game):
    record_outcomes(game, "M")
    with pytest.raises(RecordingError, match="outcome must be one of"):
        services.hand_change_outcome(game=game, number=1, outcome="Z")
    with pytest.raises(RecordingError, match="there is no hand 4"):
        services.hand_change_outcome(game=game, number=4, outcome="P")


def test_change_keeps_a_fates_point_impossible(game):
    services.hand_record(game=game, number=1, outcome="I", fates_point=True)
    with pytest.raises(RecordingError, match="Fates' point"):
        services.hand_change_outcome(game=game, number=1, outcome="P")


def test_change_unfinishing_a_game_is_allowed(game):
    record_outcomes(game, "M" * 10)
    services.hand_change_outcome(game=game, number=10, outcome="I")
    game.refresh_from_db()
    assert game.finished_at is None


@pytest.mark.parametrize(
    ("odd", "even", "message"),
    [
        ("", "Richard", "the odd partner's name is empty"),
        ("Jon", "   ", "the even partner's name is empty"),
        ("Jon", "jon", "need different names"),
        ("J" * 61, "Richard", "longer than 60 characters"),
    ],
)
def test_partnership_names_are_checked(db, odd, even, message):
    with pytest.raises(RecordingError, match=message):
        services.partnership_get_or_create(odd_name=odd, even_name=even)


def test_partnership_is_found_again_by_names(partnership, user):
    again = services.partnership_get_or_create(odd_name=" Jon ", even_name="Richard", user=user)
    assert again.pk == partnership.pk


def test_partnership_names_are_unique_per_member_only(partnership, user, stranger):
    theirs = services.partnership_get_or_create(odd_name="Jon", even_name="Richard", user=stranger)
    assert theirs.pk != partnership.pk
    assert list(theirs.members.all()) == [stranger] and theirs.created_by == stranger
    assert list(partnership.members.all()) == [user]
    ownerless = services.partnership_get_or_create(odd_name="Jon", even_name="Richard")
    assert ownerless.pk not in (partnership.pk, theirs.pk) and not ownerless.members.exists()
    assert services.partnership_get_or_create(odd_name="Jon", even_name="Richard").pk == ownerless.pk


# The database itself refuses what must never hold.


def test_database_refuses_a_second_hand_with_the_same_number(game):
    services.hand_record(game=game, number=1, outcome="M")
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(game=game, number=1, outcome="P", dealer="odd", taker="even")


@pytest.mark.parametrize(
    "fields",
    [
        {"outcome": "X"},
        # Within max_length, so that the check constraint refuses it on every
        # database: PostgreSQL would refuse "north" as too long for varchar(4).
        {"dealer": "west"},
        {"taker": "east"},
        {"number": 0},
        {"outcome": "M", "fates_point": True},
        {"outcome": "M", "irregularity": "revoke"},
        {"outcome": "P", "taker_cards": "AS", "giver_cards": ""},
        {"outcome": "P", "verdict_by": "guess"},
        {"outcome": "P", "verdict_by": "solver"},
    ],
)
def test_database_constraints(game, fields):
    values = {"number": 1, "outcome": "M", "dealer": "odd", "taker": "even", **fields}
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(game=game, **values)


def test_a_partnership_with_games_cannot_be_deleted(game):
    with pytest.raises(ProtectedError), transaction.atomic():
        game.partnership.delete()
    assert Game.objects.filter(pk=game.pk).exists()


def test_first_dealer_chosen_at_the_start_carries_on(partnership):
    game = services.game_start(
        partnership=partnership, date=datetime.date(2026, 7, 9), first_dealer=rules.Seat.EVEN
    )
    assert game.first_dealer_seat is rules.Seat.EVEN
    record_outcomes(game, "MI")
    assert list(game.hands.values_list("dealer", flat=True)) == ["even", "odd"]


def test_first_dealer_as_the_date_says_is_not_stored(partnership):
    game = services.game_start(
        partnership=partnership, date=datetime.date(2026, 7, 9), first_dealer=rules.Seat.ODD
    )
    assert game.first_dealer == ""
    assert game.first_dealer_seat is rules.Seat.ODD


def test_undo_from_a_stale_pad_is_refused(game):
    record_outcomes(game, "MP")
    before = snapshot(game)
    with pytest.raises(RecordingError, match="hand 1 is no longer the last hand"):
        services.hand_undo_last(game=game, expected_number=1)
    assert snapshot(game) == before
    assert services.hand_undo_last(game=game, expected_number=2).number == 2


def test_change_from_a_stale_pad_is_refused(game):
    record_outcomes(game, "MP")
    before = snapshot(game)
    with pytest.raises(RecordingError, match="hand 2 has changed to P since this pad was shown"):
        services.hand_change_outcome(game=game, number=2, outcome="I", expected_outcome="M")
    assert snapshot(game) == before


def test_gorillaed_hand_takes_the_solvers_verdict_or_says_it_was_overruled(game):
    taker, giver = "S AJ103 H A63 D 1064 C -", "S Q H 1092 D J987 C A10"  # possible
    agreed = services.hand_record_gorillaed(
        game=game, number=1, outcome="P", taker_cards=taker, giver_cards=giver
    )
    overruled = services.hand_record_gorillaed(
        game=game, number=2, outcome="I", taker_cards=taker, giver_cards=giver
    )
    assert (agreed.verdict_by, overruled.verdict_by) == ("solver", "players")
    before = snapshot(game)
    with pytest.raises(RecordingError, match="XS") as raised:
        services.hand_record_gorillaed(
            game=game, number=3, outcome="P", taker_cards="AS KS", giver_cards="QS XS"
        )
    assert raised.value.field == "cards"
    assert snapshot(game) == before


# The revision: an open pad polls it, so every change raises it once and
# nothing else does.


def stored_revision(game):
    return Game.objects.values_list("revision", flat=True).get(pk=game.pk)


def test_every_change_to_the_pad_raises_the_revision_once(game):
    changes = [
        lambda: services.game_choose_first_dealer(game=game, first_dealer=rules.Seat.EVEN),
        lambda: services.hand_record(game=game, number=1, outcome="M"),
        lambda: services.hand_record(game=game, number=2, outcome="I"),
        lambda: services.hand_change_outcome(game=game, number=2, outcome="P"),
        lambda: services.hand_undo_last(game=game),
        lambda: services.game_share(game=game),
        lambda: services.game_stop_sharing(game=game),
    ]
    for expected, change in enumerate(changes, start=1):
        change()
        assert stored_revision(game) == expected
        assert game.revision == expected  # the instance the views render from


def test_refused_and_idle_changes_leave_the_revision(game):
    record_outcomes(game, "MI")
    stale = Game.objects.get(pk=game.pk)
    services.hand_record(game=game, number=3, outcome="M")
    before = stored_revision(game)
    refusals = [
        lambda: services.hand_record(game=stale, number=3, outcome="P"),  # taken
        lambda: services.hand_record(game=game, number=9, outcome="P"),  # ahead
        lambda: services.hand_undo_last(game=game, expected_number=2),
        lambda: services.hand_change_outcome(game=game, number=2, outcome="M", expected_outcome="P"),
        lambda: services.game_choose_first_dealer(game=game, first_dealer=rules.Seat.EVEN),
    ]
    for refusal in refusals:
        with pytest.raises(RecordingError):
            refusal()
    assert stale.revision == before  # the refused request saw the stored revision
    services.hand_change_outcome(game=game, number=2, outcome="I")  # it is I already
    services.game_stop_sharing(game=game)  # it was not shared
    assert stored_revision(game) == before
    services.game_share(game=game)
    services.game_share(game=game)  # shared already: the same link
    assert stored_revision(game) == before + 1


# The hand limit: no real game reaches it; no request can go past it.


def game_at_the_limit(game):
    """A game of rules.MAX_HANDS hands that goes on: M and I alternate past 8-8."""
    outcomes = ("MI" * rules.MAX_HANDS)[: rules.MAX_HANDS]
    hands, dealer = [], game.first_dealer_seat
    for number, outcome in enumerate(outcomes, start=1):
        hands.append(Hand(game=game, number=number, outcome=outcome, dealer=dealer.value, taker=dealer.other.value))
        dealer = dealer.other
    Hand.objects.bulk_create(hands)
    return game


def test_a_game_takes_no_hand_past_the_limit(game):
    game_at_the_limit(game)
    revision = Game.objects.get(pk=game.pk).revision
    with pytest.raises(RecordingError, match=f"at most {rules.MAX_HANDS} hands") as refused:
        services.hand_record(game=game, number=rules.MAX_HANDS + 1, outcome="M")
    assert refused.value.code == "full"
    assert game.hands.count() == rules.MAX_HANDS
    assert Game.objects.get(pk=game.pk).revision == revision
    services.hand_undo_last(game=game)  # the way back
    services.hand_record(game=game, number=rules.MAX_HANDS, outcome="I")


def test_the_database_holds_no_hand_past_the_limit(game):
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(game=game, number=rules.MAX_HANDS + 1, outcome="M", dealer="odd", taker="even")


def test_a_full_pad_says_so_instead_of_offering_the_buttons(client, game):
    game_at_the_limit(game)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f"This pad holds {rules.MAX_HANDS} hands" in page
    assert 'name="outcome" value="M"' not in page


def test_the_rules_refuse_a_pad_past_the_limit():
    hands, dealer = [], rules.Seat.ODD
    for number, outcome in enumerate(("MI" * rules.MAX_HANDS)[: rules.MAX_HANDS + 1], start=1):
        hands.append(rules.PlayedHand(number, rules.Outcome(outcome), dealer))
        dealer = dealer.other
    assert rules.compute_pad(hands[:-1]).full
    with pytest.raises(rules.PadError, match=f"at most {rules.MAX_HANDS} hands"):
        rules.compute_pad(hands)


def test_recording_a_gorillaed_out_hand_runs_the_solver_once(game, monkeypatch):
    import solver
    from pad import cards

    cards.check_cards.cache_clear()
    calls = []
    real = solver.gorilla_out

    def counting(taker, giver):
        calls.append((taker, giver))
        return real(taker, giver)

    monkeypatch.setattr(cards.solver, "gorilla_out", counting)
    hand = services.hand_record_gorillaed(
        game=game, number=1, outcome="I", taker_cards="AS KS", giver_cards="2H 3H"
    )
    assert len(calls) == 1
    assert (hand.outcome, hand.verdict_by) in {("I", "solver"), ("I", "players")}


def test_the_pad_of_the_same_hands_is_computed_once():
    rules._compute_pad.cache_clear()
    hands = [rules.PlayedHand(1, rules.Outcome.MADE, rules.Seat.ODD)]
    first = rules.compute_pad(hands)
    assert rules.compute_pad(list(hands)) is first
    assert rules._compute_pad.cache_info().misses == 1


def test_a_rematch_is_started_once_however_many_phones_ask(game):
    record_outcomes(game, "M" * 10)
    revision = Game.objects.get(pk=game.pk).revision
    first = services.game_rematch(game=game, date=datetime.date(2026, 7, 10))
    second = services.game_rematch(game=Game.objects.get(pk=game.pk), date=datetime.date(2026, 7, 10))
    assert first.pk == second.pk and Game.objects.count() == 2
    assert Game.objects.get(pk=game.pk).revision == revision + 1  # the other phone's poll learns of it


def test_no_rematch_before_the_game_is_over(game):
    record_outcomes(game, "MP")
    with pytest.raises(RecordingError, match="once this game is over"):
        services.game_rematch(game=game, date=datetime.date(2026, 7, 10))
    assert Game.objects.count() == 1


def test_a_redo_puts_back_exactly_the_hand_that_was_undone(game):
    record_outcomes(game, "MM")
    services.hand_record(game=game, number=3, outcome="P", dealer_took=True, irregularity="revoke")
    undone = services.undone_fields(services.hand_undo_last(game=game))
    services.hand_redo(game=game, undone=undone)
    assert services.undone_fields(Hand.objects.get(game=game, number=3)) == undone
    with pytest.raises(RecordingError) as refused:  # a second redo of the same hand
        services.hand_redo(game=game, undone=undone)
    assert refused.value.code == "taken"


def test_a_game_with_notes_longer_than_the_limit_is_refused_naming_them(partnership):
    with pytest.raises(RecordingError, match="the game's notes are 2,001 characters long: at most 2,000 are kept") as refused:
        services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9), notes="n" * (NOTES_MAX_LENGTH + 1))
    assert refused.value.field == "notes"
    assert not Game.objects.exists()
    at_the_limit = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9), notes="n" * NOTES_MAX_LENGTH)
    assert len(at_the_limit.notes) == NOTES_MAX_LENGTH
