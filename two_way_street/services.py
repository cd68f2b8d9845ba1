"""Every write to Two Way Street games: starting a game, recording, undoing and
changing hands.

Each service checks with :mod:`two_way_street.rules` and writes atomically,
holding the game's row lock (:mod:`scorepads.recording`): a refused request
raises :class:`RecordingError` and leaves the database as it was.
"""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Sequence
from typing import cast

from django.db import transaction
from django.utils import timezone

from scorepads import recording, seating
from scorepads.players import Seat
from scorepads.recording import RecordingError
from two_way_street import rules
from two_way_street.models import Game, Hand, Player
from two_way_street.selectors import HandInPlay, hands_in_play


def game_start(
    *, seats: Sequence[Seat], target: int, date: datetime.date, user, restored: uuid.UUID | None = None
) -> Game:
    """A new game with these players in seat order, played to ``target``.

    ``user`` (who starts it) becomes its member, and sits where the seats name
    their account; the other accounts named are invited
    (:mod:`scorepads.seating`). Refused past the day's limit of games an
    account may start (its registration's, :mod:`scorepads.limits`); a game
    ``restored`` from a data download (its uid) counts like any other.
    """
    try:
        rules.check_player_count(len(seats))
        rules.check_target(target)
    except (rules.InvalidHand, rules.InvalidGame) as error:
        field = "players" if isinstance(error, rules.InvalidHand) else "target"
        raise RecordingError(str(error), field=field) from None
    return cast(Game, seating.seated_game_start(Game, seats=seats, date=date, user=user, restored=restored, target=target))


def _locked(game: Game) -> tuple[list[Player], list[HandInPlay]]:
    """Lock the game's row for this transaction; its players and hands in order.

    The players never change once the game has started, so those the caller
    loaded serve (``Player``'s ordering is by seat); the hands are read under
    the lock, as the rules take them.
    """
    recording.lock(game, "target", "finished_at")
    return list(game.players.all()), hands_in_play(game)


def _state(game: Game, players: list[Player], hands: Sequence[HandInPlay | Hand]) -> rules.GameState:
    return rules.game_state(
        (hand.results for hand in hands), game.target, names=[player.name for player in players]
    )


def _checked_results(
    results: Sequence, players: list[Player], tricks_in_hand: int | None
) -> list[list]:
    """The hand's entries checked by the rules, as they are stored."""
    results = list(results)
    if len(results) != len(players):
        raise RecordingError(
            f"the hand has {len(results)} players, but the game has {len(players)}", field="results"
        )
    try:
        parsed = rules.score_hand(
            results, names=[player.name for player in players], tricks_in_hand=tricks_in_hand
        )
    except rules.InvalidHand as error:
        field = "tricks_in_hand" if isinstance(error, rules.TricksDoNotAddUp) else "results"
        raise RecordingError(str(error), field=field) from None
    return [[score.tricks, str(score.direction), str(score.choice)] for score in parsed]


def _store_summary(game: Game, state: rules.GameState) -> None:
    """Keep the game's summary in step with its sheet and raise its revision (hold the lock)."""
    finished_at = None
    if state.finished:
        finished_at = game.finished_at or timezone.now()
    recording.raise_revision(
        game,
        hand_count=state.hand_count,
        totals=list(state.totals),
        winner_seat=None if state.winner is None else state.winner + 1,
        finished_at=finished_at,
    )


def _check_tricks_in_hand(tricks_in_hand: int | None) -> None:
    if tricks_in_hand is not None and not 0 <= tricks_in_hand <= rules.MAX_TRICKS:
        raise RecordingError(
            f"a hand has from 0 to {rules.MAX_TRICKS} tricks, not {tricks_in_hand}", field="tricks_in_hand"
        )


def hand_record(
    *, game: Game, number: int, results: Sequence, tricks_in_hand: int | None = None
) -> Hand:
    """Record hand ``number``: it must be the next one of a game not over.

    ``results`` has one ``(tricks, high|low, declared|forced)`` per player in
    seat order; with ``tricks_in_hand`` the tricks must add up to it.
    """
    _check_tricks_in_hand(tricks_in_hand)
    with transaction.atomic():
        players, hands = _locked(game)
        before = recording.SheetState.of(game, hands)
        state = _state(game, players, hands)
        if state.full:
            raise RecordingError(
                f"hand {number} cannot be recorded: a game holds at most {rules.MAX_HANDS} hands",
                code="full",
            )
        recording.check_next_number(number, next_number=state.next_hand_number, finished_at=state.hand_count)
        hand = Hand(
            game=game,
            number=number,
            results=_checked_results(results, players, tricks_in_hand),
            tricks_in_hand=tricks_in_hand,
        )
        recording.save_once(hand)
        _store_summary(game, _state(game, players, [*hands, hand]))
    recording.sheet_left(game, before, [*hands, hand])
    return hand


def hand_undo_last(*, game: Game, expected_number: int | None = None) -> Hand:
    """Remove the last hand (a finished game is reopened this way), and
    return it as it was (unsaved). With ``expected_number``, refused when the
    last hand is another one: the phone was showing an older sheet."""
    with transaction.atomic():
        players, hands = _locked(game)
        before = recording.SheetState.of(game, hands)
        last = recording.last_to_undo(hands, expected_number)
        hands.pop()
        Hand.objects.filter(game=game, number=last.number).delete()
        _store_summary(game, _state(game, players, hands))
    recording.sheet_left(game, before, hands)
    return Hand(game=game, number=last.number, results=last.results, tricks_in_hand=last.tricks_in_hand)


def hand_change(
    *,
    game: Game,
    number: int,
    results: Sequence,
    tricks_in_hand: int | None = None,
    expected_revision: int | None = None,
) -> Hand:
    """Change what was entered for an earlier hand. Refused when the sheet
    changed since the phone showed it (``expected_revision``), and when the
    change would end the game before its last hand."""
    _check_tricks_in_hand(tricks_in_hand)
    with transaction.atomic():
        players, hands = _locked(game)
        if expected_revision is not None and game.revision != expected_revision:
            raise RecordingError(
                "the sheet has changed since this page was opened: look at it again before changing"
                f" hand {number}",
                code="stale",
            )
        if not any(hand.number == number for hand in hands):
            raise RecordingError(f"there is no hand {number} in this game")
        hand = game.hands.get(number=number)
        hand.results = _checked_results(results, players, tricks_in_hand)
        hand.tricks_in_hand = tricks_in_hand
        try:
            state = _state(game, players, [hand if each.number == number else each for each in hands])
        except rules.InvalidGame:
            raise RecordingError(
                f"with this change the game would end before hand {len(hands)}: undo the later hands first"
            ) from None
        hand.save(update_fields=["results", "tricks_in_hand"])
        _store_summary(game, state)
    return hand
