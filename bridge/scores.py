"""Duplicate bridge scores: what a contract scores, which scores can happen at all,
and the IMP scale of Law 78B."""

from __future__ import annotations

import numbers
from bisect import bisect_right
from enum import StrEnum
from functools import cache

from .figures import Exact, ScoringError, Side

# Law 78B (2017): the lowest point difference of each IMP from 1 to 24.
# 0-10 is 0 IMP, 20-40 is 1 IMP, ..., 3500-3990 is 23 IMP, 4000 and more is 24 IMP.
IMP_SCALE: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip

MAX_IMPS = len(IMP_SCALE)


def imps(points: Exact | float) -> int:
    """The IMPs for a point difference, signed: ``imps(-1270) == -15``.

    A difference between the scale's rows (never one between two real scores, which
    are multiples of 10) takes the IMPs of the row it has passed: 45 points is 1 IMP.
    """
    if isinstance(points, bool) or not isinstance(points, numbers.Real):
        raise ScoringError(f"a point difference is a number of points, not {points!r}", field="score")
    won = bisect_right(IMP_SCALE, abs(points))
    return won if points >= 0 else -won


class Strain(StrEnum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    @property
    def trick_value(self) -> int:
        return 20 if self in (Strain.CLUBS, Strain.DIAMONDS) else 30

    @property
    def first_trick_value(self) -> int:
        return 40 if self is Strain.NOTRUMP else self.trick_value


STRAIN_NAMES = {
    "C": Strain.CLUBS, "♣": Strain.CLUBS,
    "D": Strain.DIAMONDS, "♦": Strain.DIAMONDS,
    "H": Strain.HEARTS, "♥": Strain.HEARTS,
    "S": Strain.SPADES, "♠": Strain.SPADES,
    "N": Strain.NOTRUMP, "NT": Strain.NOTRUMP,
}  # fmt: skip

DOUBLINGS = {"": 0, "X": 1, "XX": 2}


class Vulnerability(StrEnum):
    """Who is vulnerable on the board."""

    NONE = "none"
    NS = "NS"
    EW = "EW"
    BOTH = "both"

    def vulnerable(self, side: Side) -> bool:
        return self is Vulnerability.BOTH or self.value == side.value

    @property
    def seen_from_ew(self) -> Vulnerability:
        """The same board with the seats turned, for checking a score given from EW's side."""
        turned = {Vulnerability.NS: Vulnerability.EW, Vulnerability.EW: Vulnerability.NS}
        return turned.get(self, self)


def contract_score(
    level: int,
    strain: Strain | str,
    tricks: int,
    *,
    vulnerable: bool = False,
    doubling: int | str = 0,
) -> int:
    """The declaring side's score: positive when the contract makes, negative when
    it fails (the defenders' score with the sign turned).

    ``doubling`` is 0, 1 or 2 (or ``""``, ``"X"``, ``"XX"``); ``tricks`` is the
    number of tricks declarer took, 0 to 13.
    """
    if isinstance(strain, str) and not isinstance(strain, Strain):
        key = strain.strip().upper()
        if key not in STRAIN_NAMES:
            raise ScoringError(f"{strain!r} is not a strain (C, D, H, S or NT)", field="contract")
        strain = STRAIN_NAMES[key]
    if isinstance(doubling, str):
        if doubling.strip().upper() not in DOUBLINGS:
            raise ScoringError(f"{doubling!r} is not a doubling ('', 'X' or 'XX')", field="contract")
        doubling = DOUBLINGS[doubling.strip().upper()]
    if not 1 <= level <= 7:
        raise ScoringError(f"a contract's level is 1 to 7, not {level}", field="contract")
    if not 0 <= tricks <= 13:
        raise ScoringError(f"declarer takes 0 to 13 tricks, not {tricks}", field="contract")
    if doubling not in (0, 1, 2):
        raise ScoringError(f"doubling is 0, 1 or 2, not {doubling}", field="contract")

    needed = level + 6
    multiplier = 2**doubling  # 1, 2, 4
    if tricks >= needed:
        contract_points = (strain.first_trick_value + strain.trick_value * (level - 1)) * multiplier
        score = contract_points
        score += (500 if vulnerable else 300) if contract_points >= 100 else 50
        if level == 6:
            score += 750 if vulnerable else 500
        elif level == 7:
            score += 1500 if vulnerable else 1000
        score += 50 * doubling  # for the insult: 50 doubled, 100 redoubled
        overtricks = tricks - needed
        if doubling == 0:
            score += overtricks * strain.trick_value
        else:
            score += overtricks * (200 if vulnerable else 100) * doubling
        return score

    down = needed - tricks
    if doubling == 0:
        return -down * (100 if vulnerable else 50)
    if vulnerable:
        penalty = 200 + 300 * (down - 1)
    else:
        penalty = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return -penalty * doubling


@cache
def _declarer_scores(vulnerable: bool) -> frozenset[int]:
    return frozenset(
        contract_score(level, strain, tricks, vulnerable=vulnerable, doubling=doubling)
        for level in range(1, 8)
        for strain in Strain
        for tricks in range(14)
        for doubling in (0, 1, 2)
    )


@cache
def possible_scores(vulnerability: Vulnerability | None = None) -> frozenset[int]:
    """Every NS score a board can end in: 0 (passed out), NS declaring (their
    score) or EW declaring (theirs with the sign turned), any contract, doubling
    and number of tricks. Without ``vulnerability``, any vulnerability."""
    states = [vulnerability] if vulnerability is not None else list(Vulnerability)
    scores = {0}
    for state in states:
        scores |= _declarer_scores(state.vulnerable(Side.NS))
        scores |= {-score for score in _declarer_scores(state.vulnerable(Side.EW))}
    return frozenset(scores)


def is_possible_score(score: object, vulnerability: Vulnerability | None = None) -> bool:
    """Whether ``score`` (for NS, or for EW: the set is symmetric without a
    vulnerability) is one a duplicate board can end in."""
    if isinstance(score, bool) or not isinstance(score, int):
        return False
    return score in possible_scores(vulnerability)


def check_score(score: object, vulnerability: Vulnerability | None = None, *, field: str = "score") -> int:
    """``score`` if it is a possible bridge score, else a :class:`ScoringError` naming it."""
    if isinstance(score, bool) or not isinstance(score, numbers.Integral):
        raise ScoringError(f"{score!r} is not a bridge score: a score is a whole number of points", field=field)
    score = int(score)
    if not is_possible_score(score, vulnerability):
        where = "" if vulnerability is None else f" with vulnerability {vulnerability.value}"
        raise ScoringError(f"{score:+d} is not a possible bridge score{where}", field=field)
    return score
