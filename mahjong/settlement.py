"""Settling a hand between the four players, and who deals the next one.

Seats are named by their wind for the hand being settled: East deals, South plays
after East, then West, then North. :class:`Deal` says which player (0 to 3, in
playing order round the table) holds East, and which wind prevails.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations

from .tiles import LIMIT, WINDS, SettlementError, Wind

EAST_FACTOR = 2
"""East pays double and receives double."""


@dataclass(frozen=True)
class Payment:
    payer: Wind
    payee: Wind
    amount: int
    reason: str

    def to_dict(self) -> dict:
        return {
            "payer": str(self.payer),
            "payee": str(self.payee),
            "amount": self.amount,
            "reason": self.reason,
        }


@dataclass(frozen=True)
class Settlement:
    """Every payment of a hand and the net change of each seat (summing to zero)."""

    payments: tuple[Payment, ...]
    net: dict[Wind, int]

    def to_dict(self) -> dict:
        return {
            "payments": [payment.to_dict() for payment in self.payments],
            "net": {str(wind): self.net[wind] for wind in WINDS},
        }


def settle(scores: Mapping[Wind | str, int], winner: Wind | str | None) -> Settlement:
    """Who pays whom at the end of a hand.

    ``scores`` gives each seat's score (the winner's from the scorer, the losers'
    as scored or typed in), 0 to 500; ``winner`` is the seat that went Mah Jongg,
    or ``None`` for a washout (the wall ran out), when nobody pays.

    Each loser pays the winner the winner's score; then each two losers settle
    the difference of their scores, the lower paying the higher. Every payment
    to or from East is doubled.
    """
    by_wind = _checked_scores(scores)
    if winner is None:
        return Settlement((), dict.fromkeys(WINDS, 0))
    winner = Wind.parse(winner)
    payments = []
    losers = [wind for wind in WINDS if wind is not winner]
    for loser in losers:
        if by_wind[winner] == 0:
            break
        factor = EAST_FACTOR if Wind.EAST in (loser, winner) else 1
        payments.append(
            Payment(
                loser,
                winner,
                by_wind[winner] * factor,
                f"{loser.noun} pays the winner's {by_wind[winner]}"
                + (" doubled (East)" if factor > 1 else ""),
            )
        )
    for first, second in combinations(losers, 2):
        difference = by_wind[first] - by_wind[second]
        if difference == 0:
            continue
        higher, lower = (first, second) if difference > 0 else (second, first)
        factor = EAST_FACTOR if Wind.EAST in (first, second) else 1
        payments.append(
            Payment(
                lower,
                higher,
                abs(difference) * factor,
                f"{lower.noun} pays {higher.noun} the difference "
                f"{by_wind[higher]} - {by_wind[lower]}"
                + (" doubled (East)" if factor > 1 else ""),
            )
        )
    net = dict.fromkeys(WINDS, 0)
    for payment in payments:
        net[payment.payer] -= payment.amount
        net[payment.payee] += payment.amount
    return Settlement(tuple(payments), net)


def _checked_scores(scores: Mapping[Wind | str, int]) -> dict[Wind, int]:
    """Each seat's score, or a :class:`SettlementError` naming the seat and what to give."""
    by_wind: dict[Wind, int] = {}
    for key, score in scores.items():
        wind = Wind.parse(key)
        if wind in by_wind:
            raise SettlementError(
                f"{wind.noun}'s score is given twice: give each seat's score once", wind=wind
            )
        if isinstance(score, bool) or not isinstance(score, int):
            raise SettlementError(
                f"{wind.noun}'s score is {score!r}, not a whole number: "
                f"give a whole number from 0 to {LIMIT}",
                wind=wind,
            )
        if not 0 <= score <= LIMIT:
            raise SettlementError(
                f"{wind.noun}'s score is {score}: a score is a whole number from 0 to {LIMIT}",
                wind=wind,
            )
        by_wind[wind] = score
    missing = [wind for wind in WINDS if wind not in by_wind]
    if missing:
        raise SettlementError(
            f"no score for {', '.join(wind.noun for wind in missing)}: give all four seats' scores",
            wind=missing[0],
        )
    return by_wind


@dataclass(frozen=True)
class Deal:
    """Who is East and which wind prevails, for one hand.

    Players are numbered 0 to 3 in playing order round the table; player 0 is
    East for the first hand of the game, and East wind prevails.
    """

    prevailing_wind: Wind = Wind.EAST
    east_player: int = 0

    def __post_init__(self) -> None:
        if self.east_player not in range(4):
            raise SettlementError(
                f"East is player {self.east_player!r}: the players are numbered 0 to 3 round the table"
            )
        object.__setattr__(self, "prevailing_wind", Wind.parse(self.prevailing_wind))

    def wind_of(self, player: int) -> Wind:
        """The seat wind of ``player`` (0 to 3) for this hand."""
        return WINDS[(player - self.east_player) % 4]

    def player_of(self, wind: Wind | str) -> int:
        """The player who sits at ``wind`` for this hand."""
        return (self.east_player + WINDS.index(Wind.parse(wind))) % 4

    @property
    def seat_winds(self) -> tuple[Wind, ...]:
        """Each player's seat wind, player 0 first."""
        return tuple(self.wind_of(player) for player in range(4))


def first_deal() -> Deal:
    return Deal(Wind.EAST, 0)


def next_deal(deal: Deal, winner: Wind | str | None) -> Deal | None:
    """The deal after a hand won by ``winner`` (a seat wind), or after a washout
    (``None``); ``None`` once the game is over.

    East keeps the deal when East wins and after a washout; otherwise South
    becomes East. When the deal comes back to player 0 the next wind prevails;
    the game ends after the North round.
    """
    if winner is None or Wind.parse(winner) is Wind.EAST:
        return deal
    east = (deal.east_player + 1) % 4
    if east != 0:
        return Deal(deal.prevailing_wind, east)
    if deal.prevailing_wind is Wind.NORTH:
        return None
    return Deal(deal.prevailing_wind.next, 0)
