"""A game of Mah Jongg hand by hand: who was East and which wind prevailed for
each hand, each player's score, the settlement and the running totals.

Pure Python, like :mod:`mahjong.scoring`: the score sheet (page, PDF, history)
and the services read the game through :func:`play`. Players are numbered 0 to
3 in playing order round the table; player 0 is East in the first hand.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .scoring import ScoreCard, score_hand
from .settlement import Deal, Settlement, first_deal, next_deal, settle
from .tiles import LIMIT, MahjongError, SettlementError, parse_tile

PLAYERS = 4
MAX_HANDS = 200
"""A game holds at most this many hands (East may keep the deal without limit)."""
MIN_WINNER_SCORE = 20
"""A winner's score typed in is at least the 20 points of going Mah Jongg."""
HAND_TEXT_MAX_LENGTH = 200
"""The longest notation of a hand the sheet keeps (a hand with four kongs and
every bonus tile, spelt out in words, is shorter)."""


class EntryError(MahjongError):
    """A hand that cannot go on the sheet; ``field`` names what is wrong
    (``winner``, ``score_1`` to ``score_4``, ``winning_hand``, ``winning_tile``)."""

    def __init__(self, message: str, *, field: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class HandEntry:
    """One hand as the players entered it.

    ``winner`` is the player who went Mah Jongg (0 to 3), or None for a washout.
    ``scores`` holds each player's score in player order; the winner's is None
    when their hand is given (``winning_hand`` in the notation, with the
    ``winning_tile`` and ``self_drawn``): it is then scored with the winds of
    the hand's deal.
    """

    winner: int | None
    scores: tuple[int | None, ...]
    winning_hand: str = ""
    winning_tile: str = ""
    self_drawn: bool = False


@dataclass(frozen=True)
class PlayedHand:
    number: int
    deal: Deal
    entry: HandEntry
    scores: tuple[int, ...]  # each player's score, the winner's included
    card: ScoreCard | None  # the winner's score card, when their hand was given
    settlement: Settlement
    net: tuple[int, ...]  # each player's gain (or loss) in this hand
    totals: tuple[int, ...]  # each player's total after this hand


@dataclass(frozen=True)
class GameState:
    hands: tuple[PlayedHand, ...]
    totals: tuple[int, ...]
    deal: Deal | None  # the next hand's deal; None once the North round is over

    @property
    def finished(self) -> bool:
        return self.deal is None

    @property
    def full(self) -> bool:
        return len(self.hands) >= MAX_HANDS

    @property
    def next_hand_number(self) -> int | None:
        """The number of the next hand, or None when the game is over or full."""
        if self.finished or self.full:
            return None
        return len(self.hands) + 1

    @property
    def leaders(self) -> tuple[int, ...]:
        best = max(self.totals)
        return tuple(player for player, total in enumerate(self.totals) if total == best)


def field_at_fault(error: MahjongError) -> str:
    """Which of a winning hand's entries a scorer's refusal is about: the
    winning tile (not one of the tiles, or not among the concealed ones) or
    the hand."""
    return "winning_tile" if "winning tile" in str(error) else "winning_hand"


def winner_card(entry: HandEntry, deal: Deal) -> ScoreCard | None:
    """The winner's score card, when their hand was given; EntryError naming the
    field at fault when the hand is not a Mah Jongg hand."""
    if entry.winner is None or not entry.winning_hand.strip():
        return None
    if len(entry.winning_hand) > HAND_TEXT_MAX_LENGTH:
        raise EntryError(
            f"the winning hand is longer than {HAND_TEXT_MAX_LENGTH} characters", field="winning_hand"
        )
    if not entry.winning_tile.strip():
        raise EntryError("name the winning tile (the tile that completed the hand)", field="winning_tile")
    try:
        parse_tile(entry.winning_tile)
    except MahjongError as error:
        raise EntryError(f"the winning tile: {error}", field="winning_tile") from None
    try:
        return score_hand(
            entry.winning_hand,
            own_wind=deal.wind_of(entry.winner),
            prevailing_wind=deal.prevailing_wind,
            winning_tile=entry.winning_tile,
            self_drawn=entry.self_drawn,
        )
    except MahjongError as error:
        raise EntryError(str(error), field=field_at_fault(error)) from None


def checked_scores(entry: HandEntry, card: ScoreCard | None) -> tuple[int, ...]:
    """Each player's score: the winner's from the card or typed in, the losers'
    typed in; 0 for everyone in a washout. EntryError for a missing score or
    one out of range."""
    if entry.winner is not None and entry.winner not in range(PLAYERS):
        raise EntryError(f"the winner must be player 1 to {PLAYERS}, not {entry.winner + 1}", field="winner")
    if len(entry.scores) != PLAYERS:
        raise EntryError(f"a hand has {PLAYERS} scores, not {len(entry.scores)}", field="winner")
    if entry.winner is None:
        return (0,) * PLAYERS
    scores = []
    for player, score in enumerate(entry.scores):
        field = f"score_{player + 1}"
        if player == entry.winner and card is not None:
            scores.append(card.score)
            continue
        if score is None:
            who = "the winner" if player == entry.winner else f"player {player + 1}"
            raise EntryError(f"no score for {who}", field=field)
        if isinstance(score, bool) or not isinstance(score, int):
            raise EntryError(f"the score of player {player + 1} is not a whole number", field=field)
        lowest = MIN_WINNER_SCORE if player == entry.winner else 0
        if not lowest <= score <= LIMIT:
            whose = "the winner's score" if player == entry.winner else f"the score of player {player + 1}"
            raise EntryError(f"{whose} is {score}: it must be {lowest} to {LIMIT}", field=field)
        scores.append(score)
    return tuple(scores)


def play_hand(number: int, entry: HandEntry, deal: Deal, totals: Sequence[int]) -> PlayedHand:
    """Hand ``number`` played with ``deal``, after ``totals``; EntryError when it cannot be."""
    card = winner_card(entry, deal)
    scores = checked_scores(entry, card)
    winner_wind = None if entry.winner is None else deal.wind_of(entry.winner)
    try:
        settlement = settle({deal.wind_of(player): scores[player] for player in range(PLAYERS)}, winner_wind)
    except SettlementError as error:
        field = "winner" if error.wind is None else f"score_{deal.player_of(error.wind) + 1}"
        raise EntryError(str(error), field=field) from None
    net = tuple(settlement.net[deal.wind_of(player)] for player in range(PLAYERS))
    return PlayedHand(
        number=number,
        deal=deal,
        entry=entry,
        scores=scores,
        card=card,
        settlement=settlement,
        net=net,
        totals=tuple(total + gain for total, gain in zip(totals, net)),
    )


def play(entries: Iterable[HandEntry]) -> GameState:
    """The game after ``entries``, the hands in the order played. EntryError
    (with the hand's number in the message) when a hand cannot be played: a
    bad entry, or a hand after the end of the game.

    A game is played again at every tap with one hand more (or less) than
    the last time: the game after each run of hands is kept, so the hands
    before are not scored again."""
    entries = tuple(entries)
    try:
        hash(entries)
    except TypeError:  # an entry of values that are not plain: played hand by hand, kept nowhere
        state = _start()
        for number, entry in enumerate(entries, start=1):
            state = _then(state, number, entry)
        return state
    return _played(entries)


def _start() -> GameState:
    return GameState(hands=(), totals=(0,) * PLAYERS, deal=first_deal())


@functools.lru_cache(maxsize=1024)
def _played(entries: tuple[HandEntry, ...]) -> GameState:
    """The game after ``entries``, from the game after all of them but the last (kept)."""
    if not entries:
        return _start()
    return _then(_played(entries[:-1]), len(entries), entries[-1])


def _then(state: GameState, number: int, entry: HandEntry) -> GameState:
    """The game after ``state`` and hand ``number``, ``entry``."""
    deal = state.deal
    if deal is None:
        raise EntryError(f"the game ended before hand {number}", field="winner")
    try:
        hand = play_hand(number, entry, deal, state.totals)
    except EntryError as error:
        raise EntryError(f"hand {number}: {error}", field=error.field) from None
    following = next_deal(deal, None if entry.winner is None else deal.wind_of(entry.winner))
    return GameState(hands=(*state.hands, hand), totals=hand.totals, deal=following)
