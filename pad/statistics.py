"""The pad's statistics, each declared once: its name, what it means, how it is
computed. The live pad, the printed pad, the blank pad, the games list, the CSV
and the partnership page all read :data:`STATISTICS`.

Every statistic is computed from a :class:`Tally`: counts of one game (from its
pad, or from the counts stored on it) or of many games added up. So a game's
figures and a partnership's lifetime figures come from the same code, and a
lifetime ratio is a ratio of sums (7/9 and 3/4 make 10/13), not an average.

The counts themselves are declared once too, in :data:`STORED_COUNTS`: the
model stores one field each, the summary fills them, the history adds them up.

Pure: no Django import.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from pad import rules


class Lifetime(StrEnum):
    """How one count of many games is made from the counts of each."""

    SUM = "sum"
    MAX = "max"


@dataclass(frozen=True)
class StoredCount:
    field: str  # the field of pad.models.Game that stores it
    heading: str  # its column in the CSV export
    count: Callable[[rules.Pad], int]
    lifetime: Lifetime = Lifetime.SUM


def _made_in_a_row(pad: rules.Pad) -> int:
    """The longest run of hands made (M) one after the other."""
    longest = current = 0
    for inning in pad.innings:
        for mark in inning.marks:
            current = current + 1 if mark.outcome is rules.Outcome.MADE else 0
            longest = max(longest, current)
    return longest


def _makeable_dealt_by(seat: rules.Seat) -> Callable[[rules.Pad], int]:
    return lambda pad: pad.statistics.generosity[seat].numerator


def _dealt_by(seat: rules.Seat) -> Callable[[rules.Pad], int]:
    return lambda pad: pad.statistics.generosity[seat].denominator


def _count_of(outcome: rules.Outcome) -> Callable[[rules.Pad], int]:
    return lambda pad: sum(
        mark.outcome is outcome for inning in pad.innings for mark in inning.marks
    )


#: The counts stored on each game, in this order.
STORED_COUNTS: tuple[StoredCount, ...] = (
    StoredCount("hand_count", "hands", lambda pad: pad.hand_count),
    StoredCount("made_count", "M", _count_of(rules.Outcome.MADE)),
    StoredCount("possible_count", "P", _count_of(rules.Outcome.POSSIBLE)),
    StoredCount("impossible_count", "I", _count_of(rules.Outcome.IMPOSSIBLE)),
    StoredCount("odd_dealt", "odd partner dealt", _dealt_by(rules.Seat.ODD)),
    StoredCount("odd_makeable", "odd partner dealt, makeable", _makeable_dealt_by(rules.Seat.ODD)),
    StoredCount("even_dealt", "even partner dealt", _dealt_by(rules.Seat.EVEN)),
    StoredCount("even_makeable", "even partner dealt, makeable", _makeable_dealt_by(rules.Seat.EVEN)),
    StoredCount("longest_made_run", "M in a row", _made_in_a_row, Lifetime.MAX),
)
COUNT_FIELDS: tuple[str, ...] = tuple(count.field for count in STORED_COUNTS)


def counts_of(pad: rules.Pad) -> dict[str, int]:
    """The stored counts of a game whose pad is ``pad``, by field name."""
    return {count.field: count.count(pad) for count in STORED_COUNTS}


def add_up(tallies: Iterable[Mapping[str, int]]) -> dict[str, int]:
    """The counts of several games together (a sum, or a maximum where declared so)."""
    total = dict.fromkeys(COUNT_FIELDS, 0)
    for counts in tallies:
        for count in STORED_COUNTS:
            value = counts[count.field]
            if count.lifetime is Lifetime.MAX:
                total[count.field] = max(total[count.field], value)
            else:
                total[count.field] += value
    return total


#: What each game pride mark means, in the order the pad lists them.
GAME_PRIDE_MEANINGS: dict[str, str] = {
    "1": "won, or lost without a P",
    "0": "lost a game that was theirs to win",
    "?": "lost, never theirs to win",
}
NO_VALUE = "-"
LONG_VALUE = 5  # characters of a value that fit a statistic's box in the big type: 47/92, not 52/102


@dataclass(frozen=True)
class Tally:
    """The counts of one game, or of many added up, and the game pride marks
    of the finished ones (mark -> number of games)."""

    counts: Mapping[str, int] = field(default_factory=lambda: dict.fromkeys(COUNT_FIELDS, 0))
    game_pride: Mapping[str, int] = field(default_factory=dict)

    def __getitem__(self, name: str) -> int:
        return self.counts[name]

    @classmethod
    def of_game(cls, counts: Mapping[str, int], game_pride: str | None) -> Tally:
        """One game's tally: its counts, and its pride mark once it is over."""
        return cls(counts, {game_pride: 1} if game_pride else {})

    @classmethod
    def of_pad(cls, pad: rules.Pad) -> Tally:
        return cls.of_game(counts_of(pad), pad.statistics.game_pride)

    @property
    def play(self) -> rules.Ratio:
        made = self["made_count"]
        return rules.Ratio(made, made + self["possible_count"])

    @property
    def fate(self) -> rules.Ratio:
        return rules.Ratio(self["made_count"] + self["possible_count"], self["hand_count"])

    def generosity(self, seat: rules.Seat) -> rules.Ratio:
        return rules.Ratio(self[f"{seat.value}_makeable"], self[f"{seat.value}_dealt"])

    @property
    def pride_mark(self) -> str:
        """The one game's pride mark; for many games, how many had each."""
        marks = [mark for mark in GAME_PRIDE_MEANINGS if self.game_pride.get(mark)]
        if sum(self.game_pride.values()) == 1:
            return marks[0]
        if not marks:
            return NO_VALUE
        return " · ".join(f"{self.game_pride.get(mark, 0)}× {mark}" for mark in GAME_PRIDE_MEANINGS)


Value = rules.Ratio | int | str
#: The longest partner's name a statistic's heading holds ("Jon dealt"): a longer
#: one would wrap over several lines of the printed pad's statistics.
NAME_IN_HEADING = 20


@dataclass(frozen=True)
class Statistic:
    """One statistic of the pad. ``name`` may name a partner as ``{partner}``;
    such a statistic is shown once for each partner (``seat``)."""

    key: str
    name: str
    explanation: str
    value: Callable[[Tally], Value]
    heading: str  # its column in the CSV export
    seat: rules.Seat | None = None
    is_ratio: bool = False  # written as a fraction like 7/9, with a percentage
    in_games_list: bool = False  # also shown on each row of the games list

    def title(self, names: Mapping[rules.Seat, str]) -> str:
        """Its heading, with the partner's name; when either partner's name is
        too long for a heading, both give way to the seat ("Odd partner dealt"
        beside "Even partner dealt"), the same on every page."""
        if not self.seat:
            return self.name
        if any(len(name) > NAME_IN_HEADING for name in names.values()):
            return self.name.format(partner=f"{self.seat.value.capitalize()} partner")
        return self.name.format(partner=names[self.seat])

    @property
    def csv_headings(self) -> tuple[str, ...]:
        """Its columns in the CSV export: a ratio's two counts each in a column of
        its own, named by its explanation ("play: made", "play: possible to make"),
        for a spreadsheet reads 10/13 as a date."""
        if self.is_ratio:
            return tuple(f"{self.heading}: {part}" for part in self.explanation.split(" / "))
        return (self.heading,)


def _generosity(seat: rules.Seat) -> Statistic:
    return Statistic(
        key=f"{seat.value}_generosity",
        name="{partner} dealt",
        explanation="possible to make / hands dealt",
        value=lambda tally: tally.generosity(seat),
        heading=f"{seat.value} partner generosity",
        seat=seat,
        is_ratio=True,
    )


#: Every statistic of the pad, in the order the pad lists them.
STATISTICS: tuple[Statistic, ...] = (
    Statistic(
        "play",
        "Play",
        "made / possible to make",
        lambda tally: tally.play,
        heading="play",
        is_ratio=True,
        in_games_list=True,
    ),
    Statistic(
        "fate",
        "Fate",
        "possible to make / all hands",
        lambda tally: tally.fate,
        heading="fate",
        is_ratio=True,
        in_games_list=True,
    ),
    Statistic(
        "game_pride",
        "Game pride",
        " · ".join(f"{mark} {meaning}" for mark, meaning in GAME_PRIDE_MEANINGS.items()),
        lambda tally: tally.pride_mark,
        heading="game pride",
        in_games_list=True,
    ),
    *(_generosity(seat) for seat in rules.Seat),
    Statistic(
        "longest_made_run",
        "Longest run of M",
        "most hands made in a row",
        lambda tally: tally["longest_made_run"],
        heading="longest run of M",
    ),
)


@dataclass(frozen=True)
class StatisticValue:
    """A statistic with its value, as every page and export shows it."""

    key: str
    name: str
    explanation: str
    value: str
    percent: int | None
    is_ratio: bool
    in_games_list: bool
    names_odd_partner: bool = False
    cells: tuple = ()  # its cells in the CSV export, one per csv_headings

    @property
    def is_long(self) -> bool:
        """Whether the value is too long for a statistic's box in the big type
        (102/102): the printed pad writes it smaller."""
        return len(self.value) > LONG_VALUE



def statistic_values(tally: Tally, names: Mapping[rules.Seat, str]) -> tuple[StatisticValue, ...]:
    """Every statistic of ``tally``, partners named by ``names``."""
    values = []
    for statistic in STATISTICS:
        value = statistic.value(tally)
        values.append(
            StatisticValue(
                key=statistic.key,
                name=statistic.title(names),
                explanation=statistic.explanation,
                value=str(value),
                percent=value.percent if isinstance(value, rules.Ratio) else None,
                is_ratio=statistic.is_ratio,
                in_games_list=statistic.in_games_list,
                names_odd_partner=statistic.seat is rules.Seat.ODD,
                cells=tuple(value.to_list()) if isinstance(value, rules.Ratio) else (str(value),),
            )
        )
    return tuple(values)
