"""The score pad's rules: from a game's hands to everything the pad shows.

Pure functions over plain values, no ORM: the live pad, the PDF, the JSON export
and the history browser all draw from :func:`compute_pad`. The rules are those of
RULES.md ("The pad", "Game end"); the comments below name the decisions taken
where the source texts are silent.
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

GAME_POINT = 10
WINNING_LEAD = 2
WIN_BY_TWO_FROM = 8
# The most hands a game's pad holds. Past 8-8 a game goes on until one side is
# two ahead, so alternating results could go on for ever; the longest games we
# know of are under 100 hands, so no real game meets the limit, and it bounds
# what every page, PDF and export of a game can cost.
MAX_HANDS = 200


class Outcome(StrEnum):
    """The three columns of the pad, left to right."""

    MADE = "M"
    POSSIBLE = "P"
    IMPOSSIBLE = "I"

    @property
    def column(self) -> int:
        return COLUMNS.index(self)


COLUMNS: tuple[Outcome, ...] = (Outcome.MADE, Outcome.POSSIBLE, Outcome.IMPOSSIBLE)


class Seat(StrEnum):
    """A partner: the odd one learned the game first and is underlined on the pad."""

    ODD = "odd"
    EVEN = "even"

    @property
    def other(self) -> Seat:
        return Seat.EVEN if self is Seat.ODD else Seat.ODD


class Side(StrEnum):
    PARTNERSHIP = "partnership"
    FATES = "fates"


class Result(StrEnum):
    """Where a game stands: won, lost to the Fates, or still in progress. Stored
    on each game as its value; every page, list, filter and export reads its words here."""

    WON = "won"
    LOST = "lost"
    IN_PROGRESS = ""

    @classmethod
    def of(cls, winner: Side | None) -> Result:
        if winner is Side.PARTNERSHIP:
            return cls.WON
        if winner is Side.FATES:
            return cls.LOST
        return cls.IN_PROGRESS

    @property
    def label(self) -> str:
        """For people: "Won", "Lost to the Fates", "In progress"."""
        return _RESULT_LABELS[self]

    @property
    def slug(self) -> str:
        """For addresses, CSV cells and style classes: won, lost, in-progress."""
        return self.value or "in-progress"

    @property
    def winner(self) -> Side | None:
        return {Result.WON: Side.PARTNERSHIP, Result.LOST: Side.FATES}.get(self)

    @property
    def finished(self) -> bool:
        return self is not Result.IN_PROGRESS

    @classmethod
    def from_slug(cls, slug: str) -> Result:
        """The result a slug names; ValueError for any other text."""
        for result in cls:
            if result.slug == slug:
                return result
        raise ValueError(f"{slug!r} is not a result: use won, lost or in-progress")


_RESULT_LABELS = {Result.WON: "Won", Result.LOST: "Lost to the Fates", Result.IN_PROGRESS: "In progress"}


class Glyph(StrEnum):
    """How a mark is drawn: tall (touching the base line) when the odd partner dealt."""

    TALL = "tall"
    SHORT = "short"

    @classmethod
    def for_dealer(cls, dealer: Seat) -> Glyph:
        return cls.TALL if dealer is Seat.ODD else cls.SHORT


class PadError(ValueError):
    """A sequence of hands that no pad can hold (a gap, or a hand after the end)."""


@dataclass(frozen=True)
class PlayedHand:
    """What the pad needs to know of a hand: its number, its outcome and its dealer."""

    number: int
    outcome: Outcome
    dealer: Seat


@dataclass(frozen=True)
class Mark:
    hand: int
    outcome: Outcome
    glyph: Glyph

    def to_dict(self) -> dict:
        return {"hand": self.hand, "outcome": str(self.outcome), "glyph": str(self.glyph)}


@dataclass(frozen=True)
class Inning:
    """One row of the chart: its marks, and the running totals known so far.

    ``totals`` maps each column to the cumulative count up to the end of this
    inning, or to ``None`` while that number is not yet definite.
    """

    marks: tuple[Mark, ...]
    totals: dict[Outcome, int | None]

    def marks_in(self, column: Outcome) -> tuple[Mark, ...]:
        return tuple(mark for mark in self.marks if mark.outcome is column)

    def to_dict(self) -> dict:
        return {
            "marks": [mark.to_dict() for mark in self.marks],
            "totals": {str(column): self.totals[column] for column in COLUMNS},
        }


@dataclass(frozen=True)
class Ratio:
    """A statistic as the paper pad writes it: counts, unreduced, like 7/9."""

    numerator: int
    denominator: int

    def __str__(self) -> str:
        if self.denominator == 0:
            return "-"
        return f"{self.numerator}/{self.denominator}"

    @property
    def percent(self) -> int | None:
        if self.denominator == 0:
            return None
        return round(100 * self.numerator / self.denominator)

    def to_list(self) -> list[int]:
        return [self.numerator, self.denominator]


@dataclass(frozen=True)
class Score:
    partnership: int
    fates: int

    def to_dict(self) -> dict:
        return {"partnership": self.partnership, "fates": self.fates}


@dataclass(frozen=True)
class Statistics:
    play: Ratio
    fate: Ratio
    game_pride: str | None
    generosity: dict[Seat, Ratio]

    def to_dict(self) -> dict:
        return {
            "play": self.play.to_list(),
            "fate": self.fate.to_list(),
            "game_pride": self.game_pride,
            "generosity": {str(seat): self.generosity[seat].to_list() for seat in Seat},
        }


@dataclass(frozen=True)
class Pad:
    """Everything the score pad shows for a game's hands."""

    innings: tuple[Inning, ...]
    score: Score
    finished: bool
    winner: Side | None
    responsible_from_hand: int | None
    statistics: Statistics
    hand_count: int
    last_dealer: Seat | None

    @property
    def full(self) -> bool:
        """True when the game goes on but its pad holds the most hands it can."""
        return not self.finished and self.hand_count >= MAX_HANDS

    @property
    def next_hand_number(self) -> int | None:
        """The number the next hand gets, or None once the game is over or full."""
        return None if self.finished or self.full else self.hand_count + 1

    @property
    def result(self) -> Result:
        return Result.of(self.winner)

    @property
    def win_by_two(self) -> bool:
        """True while the game goes on past 8-8, until one side is two ahead."""
        return (
            not self.finished
            and self.score.partnership >= WIN_BY_TWO_FROM
            and self.score.fates >= WIN_BY_TWO_FROM
        )

    def to_dict(self) -> dict:
        return {
            "innings": [inning.to_dict() for inning in self.innings],
            "score": self.score.to_dict(),
            "finished": self.finished,
            "winner": None if self.winner is None else str(self.winner),
            "responsible_from_hand": self.responsible_from_hand,
            "statistics": self.statistics.to_dict(),
        }


def first_dealer(game_date: datetime.date) -> Seat:
    """Who deals the first hand: the odd partner on an odd day of the month."""
    return Seat.ODD if game_date.day % 2 == 1 else Seat.EVEN


def next_dealer(first: Seat, previous_dealer: Seat | None) -> Seat:
    """Who deals the next hand: ``first`` deals hand 1, then the deal alternates
    every hand, whatever happened."""
    if previous_dealer is None:
        return first
    return previous_dealer.other


def default_taker(dealer: Seat) -> Seat:
    """The non-dealer takes unless the partners swap roles."""
    return dealer.other


def winner_of(partnership: int, fates: int) -> Side | None:
    """The side that has ended the game: at least 10 points and 2 ahead."""
    if partnership >= GAME_POINT and partnership - fates >= WINNING_LEAD:
        return Side.PARTNERSHIP
    if fates >= GAME_POINT and fates - partnership >= WINNING_LEAD:
        return Side.FATES
    return None


def place_marks(hands: Iterable[PlayedHand]) -> list[list[Mark]]:
    """Group the marks into innings: a mark joins the current inning only if its
    column is not left of the previous mark's column."""
    innings: list[list[Mark]] = []
    for hand in hands:
        mark = Mark(hand.number, hand.outcome, Glyph.for_dealer(hand.dealer))
        if not innings or mark.outcome.column < innings[-1][-1].outcome.column:
            innings.append([])
        innings[-1].append(mark)
    return innings


def running_totals(
    innings: Sequence[Sequence[Mark]], game_over: bool
) -> list[dict[Outcome, int | None]]:
    """The totals at the right of each inning, each present once it is definite.

    A column's total is definite once a mark of the same inning lies to its
    right, or once the inning is closed (a later inning began, or the game ended).
    """
    counts = dict.fromkeys(COLUMNS, 0)
    rows = []
    for index, marks in enumerate(innings):
        for mark in marks:
            counts[mark.outcome] += 1
        closed = game_over or index < len(innings) - 1
        rightmost = max(mark.outcome.column for mark in marks)
        rows.append(
            {
                column: counts[column] if closed or column.column < rightmost else None
                for column in COLUMNS
            }
        )
    return rows


def responsible_from(hands: Iterable[PlayedHand]) -> int | None:
    """The first hand after which the score with every P counted as the partnership's
    would have ended the game with a partnership win."""
    made_or_possible = impossible = 0
    for hand in hands:
        if hand.outcome is Outcome.IMPOSSIBLE:
            impossible += 1
        else:
            made_or_possible += 1
        if winner_of(made_or_possible, impossible) is Side.PARTNERSHIP:
            return hand.number
    return None


def statistics(
    hands: Sequence[PlayedHand], winner: Side | None, responsible: int | None
) -> Statistics:
    made = sum(hand.outcome is Outcome.MADE for hand in hands)
    possible = sum(hand.outcome is Outcome.POSSIBLE for hand in hands)
    generosity = {}
    for seat in Seat:
        dealt = [hand for hand in hands if hand.dealer is seat]
        makeable = sum(hand.outcome is not Outcome.IMPOSSIBLE for hand in dealt)
        generosity[seat] = Ratio(makeable, len(dealt))
    return Statistics(
        play=Ratio(made, made + possible),
        fate=Ratio(made + possible, len(hands)),
        game_pride=game_pride(winner, possible, responsible),
        generosity=generosity,
    )


def game_pride(winner: Side | None, possible: int, responsible: int | None) -> str | None:
    """1 for a win or a game without P marks, 0 for a loss the partnership was
    responsible for, ? for any other loss; None while the game goes on."""
    if winner is None:
        return None
    if winner is Side.PARTNERSHIP or possible == 0:
        return "1"
    return "0" if responsible is not None else "?"


def compute_pad(hands: Iterable[PlayedHand]) -> Pad:
    """The whole pad for hands numbered 1, 2, ... in the order they were played.

    Raises :class:`PadError` for a gap in the numbers or a hand after the end.
    The last few pads are kept: a change computes the pad its answer shows,
    and the answer then finds it computed.
    """
    return _compute_pad(tuple(hands))


@functools.lru_cache(maxsize=64)
def _compute_pad(hands: tuple[PlayedHand, ...]) -> Pad:
    if len(hands) > MAX_HANDS:
        raise PadError(f"a game holds at most {MAX_HANDS} hands, not {len(hands)}")
    partnership = fates = 0
    winner: Side | None = None
    for expected, hand in enumerate(hands, start=1):
        if hand.number != expected:
            raise PadError(f"hand {hand.number} is out of order: expected hand {expected}")
        if winner is not None:
            raise PadError(f"hand {hand.number} comes after the end of the game")
        if hand.outcome is Outcome.MADE:
            partnership += 1
        else:
            fates += 1
        winner = winner_of(partnership, fates)
    finished = winner is not None
    marks = place_marks(hands)
    totals = running_totals(marks, game_over=finished)
    responsible = responsible_from(hands)
    return Pad(
        innings=tuple(Inning(tuple(row), row_totals) for row, row_totals in zip(marks, totals)),
        score=Score(partnership, fates),
        finished=finished,
        winner=winner,
        responsible_from_hand=responsible,
        statistics=statistics(hands, winner, responsible),
        hand_count=len(hands),
        last_dealer=hands[-1].dealer if hands else None,
    )
