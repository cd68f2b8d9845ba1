"""What every game's sheet display says of itself, whatever the game, and how
its figures are written."""

from __future__ import annotations


class SheetSummary:
    """Mixed into a game's sheet display (a dataclass with ``hands``,
    ``status`` and ``finished``): the last hand, and the result once over."""

    status: str
    finished: bool

    @property
    def last_hand(self):
        return self.hands[-1] if self.hands else None

    @property
    def result(self) -> str:
        """Who won, once the game is over ("" before)."""
        return self.status if self.finished else ""


MINUS = "\u2212"


def figure(value: int) -> str:
    """A whole number as a sheet writes it: a true minus sign before a number
    below 0 (−2), nothing before 0 or more (0, 4)."""
    return f"{MINUS}{-value}" if value < 0 else str(value)
