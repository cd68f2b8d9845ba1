"""What the history browser stores about a game: its pad in a few numbers.

:func:`game_summary` is pure (no ORM): it turns a :class:`pad.rules.Pad` into the
values of the summary fields of :class:`pad.models.Game`. It is the only writer
of those fields: :func:`pad.services._refresh_game_state` stores its result
after every change to a game's hands and ``seed_demo`` stores it for games
built in bulk. (The migrations that added the fields filled them from frozen
copies of it; tests hold the two to the same results.)

The counts among them are declared in :mod:`pad.statistics`, which also turns
them, for one game or added up over many, into the pad's statistics.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import groupby
from operator import attrgetter

from pad import rules, statistics

#: The summary fields of Game, in the order :func:`game_summary` gives them.
SUMMARY_FIELDS: tuple[str, ...] = (
    "partnership_score",
    "fates_score",
    "result",
    "game_pride",
    "responsible_from_hand",
    *statistics.COUNT_FIELDS,
)


def game_summary(pad: rules.Pad) -> dict[str, int | str]:
    """The summary fields of a game whose pad is ``pad``, by field name."""
    return {
        "partnership_score": pad.score.partnership,
        "fates_score": pad.score.fates,
        "result": pad.result.value,
        "game_pride": pad.statistics.game_pride or "",
        "responsible_from_hand": pad.responsible_from_hand,
        **statistics.counts_of(pad),
    }


def summary_of_hands(hands: list[rules.PlayedHand]) -> dict[str, int | str]:
    """The summary fields of a game with these hands (numbered 1, 2, ...)."""
    return game_summary(rules.compute_pad(hands))


# A partnership's record over its finished games, from summary rows in date
# order (the games' date, then the order they were started on that date).


@dataclass(frozen=True)
class FinishedGame:
    """One finished game as the partnership page needs it."""

    id: int
    date: datetime.date
    won: bool
    partnership_score: int
    fates_score: int
    made: int = 0  # hands made (M)
    possible: int = 0  # hands possible to make (M and P)
    hands: int = 0

    @property
    def margin(self) -> int:
        """Points ahead of the Fates: positive for a win, negative for a loss."""
        return self.partnership_score - self.fates_score

    @property
    def lead(self) -> int:
        """By how many points the game was won or lost."""
        return abs(self.margin)

    @property
    def score(self) -> str:
        return f"{self.partnership_score}–{self.fates_score}"

    @property
    def description(self) -> str:
        outcome = "won" if self.won else "lost"
        return f"{self.date.isoformat()}: {outcome} {self.score}"


@dataclass(frozen=True)
class Run:
    """Consecutive finished games with the same result."""

    won: bool
    games: tuple[FinishedGame, ...] = ()

    @property
    def length(self) -> int:
        return len(self.games)

    @property
    def first(self) -> FinishedGame | None:
        return self.games[0] if self.games else None

    @property
    def last(self) -> FinishedGame | None:
        return self.games[-1] if self.games else None


def runs(games: Sequence[FinishedGame]) -> list[Run]:
    """The games in date order, cut into runs of equal results."""
    return [Run(won, tuple(run)) for won, run in groupby(games, key=attrgetter("won"))]


def longest_run(all_runs: Sequence[Run], *, won: bool) -> Run:
    """The longest run of wins (or of losses); of equal runs, the latest.
    An empty run when there is none."""
    best = Run(won)
    for run in all_runs:
        if run.won == won and run.length >= best.length:
            best = run
    return best


def best_game(games: Sequence[FinishedGame]) -> FinishedGame | None:
    """The win by the largest margin; of equal margins, the latest."""
    wins = [game for game in games if game.won]
    return max(reversed(wins), key=lambda game: game.margin, default=None)


def worst_game(games: Sequence[FinishedGame]) -> FinishedGame | None:
    """The loss by the largest margin; of equal margins, the latest."""
    losses = [game for game in games if not game.won]
    return max(reversed(losses), key=lambda game: -game.margin, default=None)


@dataclass(frozen=True)
class YearResults:
    year: int
    won: int
    lost: int

    @property
    def share(self) -> rules.Ratio:
        return rules.Ratio(self.won, self.won + self.lost)


def results_by_year(games: Sequence[FinishedGame]) -> list[YearResults]:
    counts: dict[int, list[int]] = {}
    for game in games:
        counts.setdefault(game.date.year, [0, 0])[0 if game.won else 1] += 1
    return [YearResults(year, won, lost) for year, (won, lost) in sorted(counts.items())]


# The chart of results: one bar per finished game, wins above the axis and
# losses below, the height the margin. Drawn in a fixed frame so a margin of 2
# looks the same on every page; coordinates are in the SVG's own units.

CHART_GAMES = 60
CHART_MIN_SLOTS = 12  # a few games keep bars of a sensible width
CHART_SLOT = 10
CHART_BAR = 7
CHART_HEIGHT = 100
MAX_MARGIN = rules.GAME_POINT


@dataclass(frozen=True)
class ChartBar:
    x: float
    y: float
    width: int
    height: float
    game: FinishedGame


@dataclass(frozen=True)
class ResultsChart:
    bars: tuple[ChartBar, ...]
    width: int
    height: int
    axis: float
    games: tuple[FinishedGame, ...]
    of_total: int
    # The play ratio so far (made / possible to make, over the games shown up
    # to each one): "x,y x,y ..." for an SVG polyline, 100% at the top.
    play_trend: str = ""
    # The fate ratio so far (possible to make / all hands), likewise.
    fate_trend: str = ""
    max_margin: int = MAX_MARGIN  # the margin of the tallest bar: the scale

    @property
    def label(self) -> str:
        won = sum(game.won for game in self.games)
        shown = len(self.games)
        which = "finished game" if shown == 1 else f"{shown} finished games"
        if shown < self.of_total:
            which = f"the last {shown} of {self.of_total} finished games"
        return (
            f"Results of {which}, oldest first: {won} won, {shown - won} lost; "
            f"bars above the line are wins, below are losses, as tall as the margin (full height: "
            f"{self.max_margin} points or more); the line is the play ratio so far."
        )


def results_chart(games: Sequence[FinishedGame], *, limit: int = CHART_GAMES) -> ResultsChart:
    """The chart of the last ``limit`` finished games (``games`` in date order):
    as wide as the games shown (at least ``CHART_MIN_SLOTS`` slots), a bar for
    each, and the play ratio so far as a line."""
    shown = tuple(games[-limit:]) if limit else ()
    axis = CHART_HEIGHT / 2
    slots = max(len(shown), CHART_MIN_SLOTS)
    offset = (slots - len(shown)) * CHART_SLOT / 2  # a few games sit in the middle
    bars = []
    trend, fate_trend = [], []
    made = possible = hands = 0
    for slot, game in enumerate(shown):
        height = axis * min(abs(game.margin), MAX_MARGIN) / MAX_MARGIN
        bars.append(
            ChartBar(
                x=offset + slot * CHART_SLOT + (CHART_SLOT - CHART_BAR) // 2,
                y=axis - height if game.won else axis,
                width=CHART_BAR,
                height=height,
                game=game,
            )
        )
        made, possible, hands = made + game.made, possible + game.possible, hands + game.hands
        x = offset + slot * CHART_SLOT + CHART_SLOT / 2
        if possible:
            trend.append(f"{x:.1f},{CHART_HEIGHT * (1 - made / possible):.1f}")
        if hands:
            fate_trend.append(f"{x:.1f},{CHART_HEIGHT * (1 - possible / hands):.1f}")
    return ResultsChart(
        bars=tuple(bars),
        width=slots * CHART_SLOT,
        height=CHART_HEIGHT,
        axis=axis,
        games=shown,
        of_total=len(games),
        play_trend=" ".join(trend),
        fate_trend=" ".join(fate_trend),
    )


SEASON_MONTHS = 24  # months offered for a season report, newest first


def seasons(games: Sequence[FinishedGame]) -> list[tuple[str, str]]:
    """The seasons a report can be printed for, as (``season`` parameter, label):
    each year with a finished game, then its latest months, newest first."""
    years = sorted({game.date.year for game in games}, reverse=True)
    months = sorted({(game.date.year, game.date.month) for game in games}, reverse=True)[:SEASON_MONTHS]
    return [(str(year), str(year)) for year in years] + [
        (f"{year}-{month:02d}", datetime.date(year, month, 1).strftime("%B %Y")) for year, month in months
    ]
