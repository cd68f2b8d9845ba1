"""What every game's sheet display says of itself, whatever the game."""

from __future__ import annotations


class SheetSummary:
    """Mixed into a game's sheet display (a dataclass with ``hands``,
    ``status`` and ``finished``): the last hand, and the result once over."""

    @property
    def last_hand(self):
        return self.hands[-1] if self.hands else None

    @property
    def result(self) -> str:
        """Who won, once the game is over ("" before)."""
        return self.status if self.finished else ""
