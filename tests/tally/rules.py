"""Tally's rules, pure: a game is HANDS hands; each hand, each player scores
a whole number from -MAX_SCORE to MAX_SCORE; a player's total is the sum of
their scores, and the highest total wins once the last hand is played."""

from __future__ import annotations

from collections.abc import Sequence

MIN_PLAYERS, MAX_PLAYERS = 2, 4
HANDS = 4
MAX_SCORE = 99


class InvalidHand(ValueError):
    """A hand the rules refuse, saying why."""


def check_player_count(count: int) -> None:
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise InvalidHand(f"Tally is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}")


def checked_scores(scores: Sequence[int], players: int) -> list[int]:
    """One score per player, each within the rules."""
    if len(scores) != players:
        raise InvalidHand(f"the hand has {len(scores)} scores, but the game has {players} players")
    for seat, score in enumerate(scores, start=1):
        if not isinstance(score, int) or isinstance(score, bool):
            raise InvalidHand(f"player {seat}'s score must be a whole number, not {score!r}")
        if not -MAX_SCORE <= score <= MAX_SCORE:
            raise InvalidHand(f"player {seat} scores from -{MAX_SCORE} to {MAX_SCORE}, not {score}")
    return list(scores)


def running_totals(hands: Sequence[Sequence[int]], players: int) -> list[tuple[int, ...]]:
    """Each player's total after each hand."""
    totals, after = [0] * players, []
    for scores in hands:
        totals = [total + score for total, score in zip(totals, scores)]
        after.append(tuple(totals))
    return after


def winners(totals: Sequence[int], hand_count: int) -> list[int]:
    """The seats (from 1) of the highest total once the game is over; none before."""
    if hand_count < HANDS or not totals:
        return []
    best = max(totals)
    return [seat for seat, total in enumerate(totals, start=1) if total == best]
