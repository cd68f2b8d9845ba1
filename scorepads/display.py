"""What every game's sheet display says of itself, whatever the game, and how
its figures are written."""

from __future__ import annotations

from dataclasses import dataclass

from scorepads.names import isolate


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


@dataclass(frozen=True)
class Changer:
    """Who made the last change to a game, as the other phone is told:
    ``name`` (the player, or the account, whose request made it), or this
    very account on another of its phones (``yours``); neither when no
    account made it (an import) or it is gone."""

    name: str = ""
    yours: bool = False

    def recorded(self, number: int, elsewhere: str = "the other phone") -> str:
        """"Ben recorded hand 5", "Hand 5 was recorded on your other phone";
        ``elsewhere`` when nobody is known ("the other phone" of a partnership,
        "another phone" of a table)."""
        if self.name:
            return f"{isolate(self.name)} recorded hand {number}"
        return f"Hand {number} was recorded on {'your other phone' if self.yours else elsewhere}"

    def moved_on(self, number: int, elsewhere: str = "the other phone", now: int | None = None) -> str:
        """What a phone whose entry for hand ``number`` came second is told: the
        entry is kept, for the next hand (``now``, when not ``number + 1``):
        "Ben recorded hand 5 first; your entry is now hand 6: check it, then record it."."""
        now = number + 1 if now is None else now
        return f"{self.recorded(number, elsewhere)} first; your entry is now hand {now}: check it, then record it."

    def undid(self, number: int, elsewhere: str = "the other phone") -> str:
        """"Ben undid hand 5", "Hand 5 was undone on your other phone"..."""
        if self.name:
            return f"{isolate(self.name)} undid hand {number}"
        return f"Hand {number} was undone on {'your other phone' if self.yours else elsewhere}"
