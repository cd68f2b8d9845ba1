"""Every write to Mah Jongg games: starting a game, recording, undoing and
changing hands.

Each service checks the hands with :mod:`mahjong.game` and writes atomically,
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

from mahjong import game as rules
from mahjong.models import Game, Hand
from mahjong.selectors import HandInPlay, hands_in_play
from scorepads import recording, seating
from scorepads.players import Seat
from scorepads.recording import RecordingError


def game_start(*, seats: Sequence[Seat], date: datetime.date, user, restored: uuid.UUID | None = None) -> Game:
    """A new game with these four players in playing order (the first is East
    in the first hand). ``user`` (who starts it) becomes its member, and sits
    where the seats name their account; the other accounts named are invited
    (:mod:`scorepads.seating`). Refused past the day's limit of games an
    account may start (its registration's, :mod:`scorepads.limits`); a game
    ``restored`` from a data download (its uid) counts like any other."""
    if len(seats) != rules.PLAYERS:
        raise RecordingError(f"Mah Jongg is played by {rules.PLAYERS} players, not {len(seats)}", field="players")
    return cast(Game, seating.seated_game_start(Game, seats=seats, date=date, user=user, restored=restored))


def _locked_hands(game: Game) -> list[HandInPlay]:
    """Lock the game's row for this transaction; its hands in order, read under the lock."""
    recording.lock(game, "finished_at")
    return hands_in_play(game)


def _state(entries: Sequence[rules.HandEntry]) -> rules.GameState:
    """The game after ``entries``; RecordingError naming the field when a hand cannot be played."""
    try:
        return rules.play(entries)
    except rules.EntryError as error:
        raise RecordingError(str(error), field=error.field) from None


def _stored(entry: rules.HandEntry, played: rules.PlayedHand) -> dict:
    """The hand's fields as stored: the winner's hand and tile as the notation writes them."""
    card = played.card
    return {
        "winner_seat": None if entry.winner is None else entry.winner + 1,
        "scores": [None if card is not None and player == entry.winner else score
                   for player, score in enumerate(played.scores)] if entry.winner is not None else [0] * rules.PLAYERS,
        "winning_hand": card.hand.text if card else "",
        "winning_tile": card.win.winning_tile.text if card else "",
        "self_drawn": bool(card and card.win.self_drawn),
    }


def _store_summary(game: Game, state: rules.GameState) -> None:
    """Keep the game's summary in step with its sheet and raise its revision (hold the lock)."""
    finished_at = (game.finished_at or timezone.now()) if state.finished else None
    recording.raise_revision(
        game, hand_count=len(state.hands), totals=list(state.totals), finished_at=finished_at
    )


def hand_record(*, game: Game, number: int, entry: rules.HandEntry) -> Hand:
    """Record hand ``number``: it must be the next one of a game not over."""
    with transaction.atomic():
        hands = _locked_hands(game)
        before = recording.SheetState.of(game, hands)
        state = _state([hand.entry for hand in hands])
        if state.full:
            raise RecordingError(
                f"hand {number} cannot be recorded: a game holds at most {rules.MAX_HANDS} hands", code="full"
            )
        recording.check_next_number(number, next_number=state.next_hand_number, finished_at=len(hands))
        after = _state([*(hand.entry for hand in hands), entry])
        hand = Hand(game=game, number=number, **_stored(entry, after.hands[-1]))
        recording.save_once(hand)
        _store_summary(game, after)
    recording.sheet_left(game, before, [*hands, hand])
    return hand


def hand_undo_last(*, game: Game, expected_number: int | None = None) -> Hand:
    """Remove the last hand (a finished game is reopened this way). With
    ``expected_number``, refused when the last hand is another one: the phone
    was showing an older sheet."""
    with transaction.atomic():
        hands = _locked_hands(game)
        before = recording.SheetState.of(game, hands)
        last = recording.last_to_undo(hands, expected_number)
        hands.pop()
        removed = game.hands.get(number=last.number)
        removed.delete()
        _store_summary(game, _state([hand.entry for hand in hands]))
    recording.sheet_left(game, before, hands)
    return removed


def hand_change(
    *, game: Game, number: int, entry: rules.HandEntry, expected_revision: int | None = None
) -> Hand:
    """Change what was entered for an earlier hand; the later hands are played
    again with the deals that follow. Refused when the sheet changed since the
    phone showed it (``expected_revision``), and when the change would end the
    game before its last hand."""
    with transaction.atomic():
        hands = _locked_hands(game)
        if expected_revision is not None and game.revision != expected_revision:
            raise RecordingError(
                "the sheet has changed since this page was opened: look at it again before changing"
                f" hand {number}",
                code="stale",
            )
        index = next((index for index, hand in enumerate(hands) if hand.number == number), None)
        if index is None:
            raise RecordingError(f"there is no hand {number} in this game")
        entries = [hand.entry for hand in hands]
        entries[index] = entry
        state = _state(entries)
        hand = game.hands.get(number=number)
        for name, value in _stored(entry, state.hands[index]).items():
            setattr(hand, name, value)
        hand.save(update_fields=["winner_seat", "scores", "winning_hand", "winning_tile", "self_drawn"])
        _store_summary(game, state)
    return hand
