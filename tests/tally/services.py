"""Every write to Tally's games, each checked by :mod:`tests.tally.rules` and
atomic under the game's row lock (:mod:`scorepads.recording`)."""

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
from tests.tally import rules
from tests.tally.models import Game, Hand


def game_start(*, seats: Sequence[Seat], date: datetime.date, user, restored: uuid.UUID | None = None) -> Game:
    try:
        rules.check_player_count(len(seats))
    except rules.InvalidHand as error:
        raise RecordingError(str(error), field="players") from None
    return cast(Game, seating.seated_game_start(Game, seats=seats, date=date, user=user, restored=restored))


def _locked_hands(game: Game) -> list[Hand]:
    recording.lock(game, "finished_at")
    return list(Hand.objects.filter(game_id=game.pk).order_by("number"))


def _checked(game: Game, scores: Sequence[int]) -> list[int]:
    try:
        return rules.checked_scores(scores, len(game.players.all()))
    except rules.InvalidHand as error:
        raise RecordingError(str(error), field="scores") from None


def _store_summary(game: Game, hands: Sequence[Hand]) -> None:
    after = rules.running_totals([hand.scores for hand in hands], len(game.players.all()))
    totals = list(after[-1]) if after else [0] * len(game.players.all())
    over = bool(rules.winners(totals, len(hands)))
    recording.raise_revision(
        game, hand_count=len(hands), totals=totals, finished_at=(game.finished_at or timezone.now()) if over else None
    )


def hand_record(*, game: Game, number: int, scores: Sequence[int]) -> Hand:
    """Record hand ``number``: the next one of a game not over."""
    with transaction.atomic():
        hands = _locked_hands(game)
        before = recording.SheetState.of(game, hands)
        over = len(hands) >= rules.HANDS
        recording.check_next_number(number, next_number=None if over else len(hands) + 1, finished_at=rules.HANDS)
        hand = Hand(game=game, number=number, scores=_checked(game, scores))
        recording.save_once(hand)
        _store_summary(game, [*hands, hand])
    recording.sheet_left(game, before, [*hands, hand])
    return hand


def hand_undo_last(*, game: Game, expected_number: int | None = None) -> Hand:
    """Remove the last hand and return it as it was (unsaved)."""
    with transaction.atomic():
        hands = _locked_hands(game)
        before = recording.SheetState.of(game, hands)
        last = recording.last_to_undo(hands, expected_number)
        hands.pop()
        Hand.objects.filter(game=game, number=last.number).delete()
        _store_summary(game, hands)
    recording.sheet_left(game, before, hands)
    return Hand(game=game, number=last.number, scores=last.scores)


def hand_change(*, game: Game, number: int, scores: Sequence[int], expected_revision: int | None = None) -> Hand:
    """Change an earlier hand's scores; refused when the sheet moved since the page was shown."""
    with transaction.atomic():
        hands = _locked_hands(game)
        if expected_revision is not None and game.revision != expected_revision:
            raise RecordingError(f"the sheet has changed since this page was opened: look at it again before changing hand {number}", code="stale")
        hand = next((hand for hand in hands if hand.number == number), None)
        if hand is None:
            raise RecordingError(f"there is no hand {number} in this game")
        hand.scores = _checked(game, scores)
        hand.save(update_fields=["scores"])
        _store_summary(game, hands)
    return hand
