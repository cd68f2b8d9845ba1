"""The numbers of a director's working: exact figures, and how they are written.

Every calculation is exact (:class:`fractions.Fraction`); a figure is rounded only
when it is written: for display, and (RULES.md, "Decisions") when the working
carries a written figure into a later step, as the reference does.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal, localcontext
from enum import StrEnum
from fractions import Fraction
from typing import Literal, overload

Ties = Literal["away", "up", "down"]

# An exact number of the working: what ``numbers.Rational`` holds at run time (an
# int or a Fraction, a Figure among them), written so that mypy, which does not
# count int as a ``numbers.Rational``, reads it too.
Exact = int | Fraction

DISPLAY_PLACES = 1

# The decimals a sheet writes its figures to (RULES.md, "The sheet adds up as
# written"): matchpoints to two (the reference's 60% x 19.4 = 11.64), IMPs to
# one (its 2/3 x -8 = -5.3). Every figure worked out on a sheet is worked out
# from the figures as written to these places.
MATCHPOINT_PLACES = 2
IMP_PLACES = 1


class ScoringError(ValueError):
    """Input no calculation can use. The message names what is wrong; ``field``
    names the input it came from (``"field"``, ``"weights"``, ``"score"`` ...),
    so a form can show it beside the right box."""

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.field = field


class Side(StrEnum):
    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS


class Figure(Fraction):
    """An exact figure of the working (a matchpoint or IMP score, a weight).

    A ``Fraction`` in every respect but three, so that a figure reads as a director
    reads it: compared with a float it compares as the nearest float
    (``Figure(69, 5) == 13.8``); ``round()`` rounds half away from zero and keeps
    the figure exact (``round(Figure(-31, 3), 1) == Figure(-103, 10)``); and it
    formats like a float (``f"{figure:.1f}"``), rounding half away from zero.
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, float):
            return float(self) == other
        return Fraction.__eq__(self, other)

    __hash__ = Fraction.__hash__

    def __round__(self, ndigits: int | None = None):  # type: ignore[override]
        if ndigits is None:
            return int(rounded(self, 0))
        return rounded(self, ndigits)

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        with localcontext() as context:
            context.prec = 60
            context.rounding = ROUND_HALF_UP
            return format(Decimal(self.numerator) / Decimal(self.denominator), spec)


def rounded(value: Exact | ActsAsFigure, places: int = DISPLAY_PLACES, *, ties: Ties = "away") -> Figure:
    """``value`` rounded to ``places`` decimals, still exact.

    A value exactly halfway is rounded ``"away"`` from zero (the schoolbook rule),
    ``"up"`` or ``"down"``: the calculations pass ``"up"`` or ``"down"`` when a tie
    should go in favour of the non-offending side.
    """
    scale = Fraction(10) ** places
    scaled = Fraction(_unwrap(value)) * scale
    floor = math.floor(scaled)
    rest = scaled - floor
    if rest > Fraction(1, 2):
        whole = floor + 1
    elif rest < Fraction(1, 2):
        whole = floor
    elif ties == "up" or (ties == "away" and scaled > 0):
        whole = floor + 1
    else:
        whole = floor
    return Figure(Fraction(whole) / scale)


def display(value: Exact | ActsAsFigure, places: int = DISPLAY_PLACES, *, signed: bool = False) -> str:
    """A figure as the reference writes it: ``13.8``, ``-5.3``, ``19``, ``+1.3``.

    Rounded half away from zero to ``places`` decimals; a whole number is written
    without decimals. ``signed`` writes a ``+`` before a positive figure (IMPs).
    """
    written = rounded(value, places)
    if written.denominator == 1:
        text = str(written.numerator)
    else:
        text = format(written, f".{places}f")
    if signed and written > 0:
        text = "+" + text
    return text


def opposite(ties: Ties) -> Ties:
    """The way a tie goes in a figure seen from the other side (EW's matchpoints
    against NS's): ``"up"`` and ``"down"`` swap, ``"away"`` stays."""
    return {"up": "down", "down": "up"}.get(ties, ties)  # type: ignore[return-value]


def as_side(side: Side | str, *, field: str = "offenders") -> Side:
    """``side`` as a :class:`Side`: ``"NS"``, ``"ew"`` ..., or a refusal naming ``field``."""
    if isinstance(side, Side):
        return side
    try:
        return Side(str(side).strip().upper())
    except ValueError:
        raise ScoringError(f"{side!r} is not a side: the offenders are NS or EW", field=field) from None


def ties_favouring(non_offenders: Side, *, raising_helps_ns: bool) -> Ties:
    """Which way an exact tie goes so that it favours the non-offending side.

    ``raising_helps_ns`` says whether a higher figure (in the NS view) is better
    for NS in the line being written.
    """
    helps_non_offenders = raising_helps_ns == (non_offenders is Side.NS)
    return "up" if helps_non_offenders else "down"


@overload
def _unwrap(value: Operand) -> int | float | Fraction: ...
@overload
def _unwrap(value: object) -> object: ...
def _unwrap(value: object) -> object:
    if isinstance(value, ActsAsFigure):
        return value.figure_value()
    return value


class ActsAsFigure:
    """A result that stands for its headline figure wherever a number is expected:
    ``float(result)``, ``round(result, 1)``, ``result == -10.3``, ``result + 1``.
    Subclasses name the figure in :meth:`figure_value`."""

    __slots__ = ()

    def figure_value(self) -> Figure:
        raise NotImplementedError

    def __float__(self) -> float:
        return float(self.figure_value())

    def __int__(self) -> int:
        return int(self.figure_value())

    def __round__(self, ndigits: int | None = None):
        return round(self.figure_value(), ndigits)

    def __trunc__(self) -> int:
        return math.trunc(self.figure_value())

    def __floor__(self) -> int:
        return math.floor(self.figure_value())

    def __ceil__(self) -> int:
        return math.ceil(self.figure_value())

    def __abs__(self) -> Fraction:
        return abs(self.figure_value())

    def __neg__(self) -> Fraction:
        return -self.figure_value()

    def __pos__(self) -> Figure:
        return self.figure_value()

    def __eq__(self, other: object) -> bool:
        return self.figure_value() == _unwrap(other)

    def __hash__(self) -> int:
        return hash(self.figure_value())

    def __lt__(self, other: Operand) -> bool:
        return self.figure_value() < _unwrap(other)

    def __le__(self, other: Operand) -> bool:
        return self.figure_value() <= _unwrap(other)

    def __gt__(self, other: Operand) -> bool:
        return self.figure_value() > _unwrap(other)

    def __ge__(self, other: Operand) -> bool:
        return self.figure_value() >= _unwrap(other)

    def __add__(self, other: Operand):
        return self.figure_value() + _unwrap(other)

    def __radd__(self, other: Operand):
        return _unwrap(other) + self.figure_value()

    def __sub__(self, other: Operand):
        return self.figure_value() - _unwrap(other)

    def __rsub__(self, other: Operand):
        return _unwrap(other) - self.figure_value()

    def __mul__(self, other: Operand):
        return self.figure_value() * _unwrap(other)

    def __rmul__(self, other: Operand):
        return _unwrap(other) * self.figure_value()

    def __truediv__(self, other: Operand):
        return self.figure_value() / _unwrap(other)

    def __rtruediv__(self, other: Operand):
        return _unwrap(other) / self.figure_value()

    def __format__(self, spec: str) -> str:
        return format(self.figure_value(), spec)


# What a figure is compared with or worked with: a number, or another result.
Operand = int | float | Fraction | ActsAsFigure
