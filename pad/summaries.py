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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
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


def game_summary(pad: rules.Pad) -> dict[str, int | str | None]:
    """The summary fields of a game whose pad is ``pad``, by field name."""
    return {
        "partnership_score": pad.score.partnership,
        "fates_score": pad.score.fates,
        "result": pad.result.value,
        "game_pride": pad.statistics.game_pride or "",
        "responsible_from_hand": pad.responsible_from_hand,
        **statistics.counts_of(pad),
    }


def summary_of_hands(hands: list[rules.PlayedHand]) -> dict[str, int | str | None]:
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
    # A run found by the database holds its first and last game only, and says its length.
    counted: int | None = None

    @property
    def length(self) -> int:
        return len(self.games) if self.counted is None else self.counted

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


def seasons(dates: Iterable[datetime.date]) -> list[tuple[str, str]]:
    """The seasons a report can be printed for, as (``season`` parameter, label):
    each year with a finished game, then its latest months, newest first;
    ``dates`` are those of the finished games (one a month is enough)."""
    dates = list(dates)
    years = sorted({date.year for date in dates}, reverse=True)
    months = sorted({(date.year, date.month) for date in dates}, reverse=True)[:SEASON_MONTHS]
    return [(str(year), str(year)) for year in years] + [
        (f"{year}-{month:02d}", datetime.date(year, month, 1).strftime("%B %Y")) for year, month in months
    ]


# The season report's chart: every finished game of the season, in two frames
# one above the other on the same x axis (a slot for each game, oldest first).
# Above, the play and fate ratios so far, counted from the season's first game,
# on a scale of 0 to 100%; below, each game's margin as a bar on a scale of
# ±MAX_MARGIN. Coordinates are millimetres of the printed page, so nothing is
# stretched; the scales' labels are placed by percentages of their frame.

SEASON_PLOT_WIDTH = 150
SEASON_RATIO_HEIGHT = 40
SEASON_MARGIN_HEIGHT = 24
SEASON_MAX_BAR = 4  # a few games keep bars of a sensible width
SEASON_MARKER = 1.4  # the square drawn at the last point of each ratio line
SEASON_LABEL_CHARACTER = 1.5  # millimetres a character of a date takes, about (6.5pt)
SEASON_LABEL_GAP = 3  # millimetres kept between two dates on the x axis
SEASON_HALF_LABEL = 6  # a date nearer the frame's edge than this is aligned to it
RATIO_TICKS = (0, 25, 50, 75, 100)
MARGIN_TICKS = (MAX_MARGIN, MAX_MARGIN // 2, 0, -(MAX_MARGIN // 2), -MAX_MARGIN)


@dataclass(frozen=True)
class Tick:
    """A labelled place on a scale: ``position`` in the frame's millimetres,
    ``percent`` the same as a share of the frame (for the label beside it)."""

    label: str
    position: float
    percent: float
    align: str = "middle"  # start, middle or end: how a date sits on its place


@dataclass(frozen=True)
class RatioPoint:
    x: float
    y: float
    ratio: rules.Ratio  # the ratio over the season's games up to this one

    @property
    def corner(self) -> tuple[float, float]:
        """The top left corner of the square marking this point."""
        return round(self.x - SEASON_MARKER / 2, 2), round(self.y - SEASON_MARKER / 2, 2)


@dataclass(frozen=True)
class MarginBar:
    x: float
    y: float
    width: float
    height: float
    game: FinishedGame


def signed(number: int) -> str:
    """A margin as the charts and lists write it: +2, −3 (a minus sign), 0."""
    return f"+{number}" if number > 0 else f"−{-number}" if number < 0 else "0"


def short_date(date: datetime.date) -> str:
    """Like ``9 Jul``: a date on a chart's axis."""
    return f"{date.day} {date.strftime('%b')}"


@dataclass(frozen=True)
class SeasonChart:
    games: tuple[FinishedGame, ...]
    play: tuple[RatioPoint, ...]  # from the first game with a hand possible to make
    fate: tuple[RatioPoint, ...]
    bars: tuple[MarginBar, ...]
    ratio_ticks: tuple[Tick, ...]
    margin_ticks: tuple[Tick, ...]
    date_ticks: tuple[Tick, ...]  # the first and last dates, and where each month starts
    month_lines: tuple[float, ...]  # x of each month's first game's slot
    end_labels: tuple[Tick, ...]  # the last value of each ratio, beside the frame's right edge
    width: float = SEASON_PLOT_WIDTH
    ratio_height: float = SEASON_RATIO_HEIGHT
    margin_height: float = SEASON_MARGIN_HEIGHT
    max_margin: int = MAX_MARGIN
    marker: float = SEASON_MARKER

    @property
    def play_end(self) -> RatioPoint | None:
        return self.play[-1] if self.play else None

    @property
    def margin_axis(self) -> float:
        return self.margin_height / 2

    @property
    def play_final(self) -> rules.Ratio:
        return self.play[-1].ratio if self.play else rules.Ratio(0, 0)

    @property
    def fate_final(self) -> rules.Ratio:
        return self.fate[-1].ratio if self.fate else rules.Ratio(0, 0)

    @staticmethod
    def _points(points: Sequence[RatioPoint]) -> str:
        return " ".join(f"{point.x:.2f},{point.y:.2f}" for point in points)

    @property
    def play_points(self) -> str:
        """The play line as an SVG polyline's points."""
        return self._points(self.play)

    @property
    def fate_points(self) -> str:
        return self._points(self.fate)

    @property
    def markers(self) -> tuple[RatioPoint, ...]:
        """The last point of each line, drawn as a square (a one-game season's only point)."""
        return tuple(points[-1] for points in (self.play, self.fate) if points)

    @property
    def ends(self) -> str:
        """Where the ratio lines end: the season's ratios, as its statistics give them."""

        def value(ratio: rules.Ratio) -> str:
            return "nowhere (no hand yet)" if ratio.percent is None else f"{ratio.percent}% ({ratio})"

        return (
            f"The play ratio ends at {value(self.play_final)} and the fate ratio at "
            f"{value(self.fate_final)}, the season's figures below."
        )

    @property
    def label(self) -> str:
        won = sum(game.won for game in self.games)
        count = len(self.games)
        games = "1 finished game" if count == 1 else f"{count} finished games"
        return (
            f"Results of {games}, oldest first: {won} won, {count - won} lost. Above: the play ratio "
            f"(made / possible to make) and, dashed, the fate ratio (possible to make / all hands) over "
            f"the season so far, from its first game. Below: each game's margin, wins up and losses down "
            f"(full height: {self.max_margin} points)."
        )


def _ratio_y(ratio: rules.Ratio) -> float:
    return SEASON_RATIO_HEIGHT * (1 - ratio.numerator / ratio.denominator)


def _extent(tick: Tick) -> tuple[float, float]:
    """Where a date's label runs along the x axis, about: its characters at
    SEASON_LABEL_CHARACTER each, aligned as the tick says."""
    width = len(tick.label) * SEASON_LABEL_CHARACTER
    start = {"start": tick.position, "middle": tick.position - width / 2, "end": tick.position - width}[tick.align]
    return start, start + width


def _apart(one: Tick, other: Tick) -> bool:
    """Whether two dates' labels leave SEASON_LABEL_GAP between them."""
    (one_start, one_end), (other_start, other_end) = _extent(one), _extent(other)
    return one_start >= other_end + SEASON_LABEL_GAP or other_start >= one_end + SEASON_LABEL_GAP


def _date_ticks(games: Sequence[FinishedGame], xs: Sequence[float], slot: float) -> tuple[tuple[Tick, ...], tuple[float, ...]]:
    """The dates under the frames: the first and last games' (one date for a
    one-day season), and each month's first game's where there is room."""

    def tick(label: str, x: float) -> Tick:
        align = "start" if x < SEASON_HALF_LABEL else "end" if x > SEASON_PLOT_WIDTH - SEASON_HALF_LABEL else "middle"
        return Tick(label, round(x, 2), round(100 * x / SEASON_PLOT_WIDTH, 2), align)

    first, last = games[0].date, games[-1].date
    ends = [tick(short_date(first), xs[0])]
    if last != first:
        ends.append(tick(short_date(last), xs[-1]))
    month_starts = [
        index
        for index in range(1, len(games))
        if (games[index].date.year, games[index].date.month) != (games[index - 1].date.year, games[index - 1].date.month)
    ]
    month_lines = tuple(round(xs[index] - slot / 2, 2) for index in month_starts)
    months: list[Tick] = []
    for index, x in zip(month_starts, month_lines):
        # Centred on its line, else beginning at it (or ending there) when that clears its neighbours.
        centred = tick(games[index].date.strftime("%b"), x)
        aligned = (centred,) if centred.align != "middle" else (centred, *(replace(centred, align=side) for side in ("start", "end")))
        for month in aligned:
            start, end = _extent(month)
            if 0 <= start and end <= SEASON_PLOT_WIDTH and all(_apart(month, kept) for kept in (*ends, *months)):
                months.append(month)
                break
    return tuple(sorted((*ends, *months), key=attrgetter("position"))), month_lines


def _end_labels(play: Sequence[RatioPoint], fate: Sequence[RatioPoint]) -> tuple[Tick, ...]:
    """The last value of each line beside the frame's right edge, at its height,
    moved apart when the two would overlap."""
    ends = [(name, points[-1]) for name, points in (("play", play), ("fate", fate)) if points]
    heights = [end.y for _, end in ends]
    if len(heights) == 2 and abs(heights[0] - heights[1]) < 4:
        # The upper is the one nearer the top (the smaller y), play's when level.
        upper, lower = (0, 1) if heights[0] <= heights[1] else (1, 0)
        middle = (heights[upper] + heights[lower]) / 2
        heights[upper], heights[lower] = middle - 2, middle + 2
    return tuple(
        Tick(f"{name} {end.ratio.percent}%", round(y, 2), round(100 * min(max(y, 0), SEASON_RATIO_HEIGHT) / SEASON_RATIO_HEIGHT, 2))
        for (name, end), y in zip(ends, heights)
    )


def season_chart(games: Sequence[FinishedGame]) -> SeasonChart:
    """The season report's chart of ``games`` (every finished game of the
    season, in date order): one slot each across the frame's width, the
    ratios so far counted from the first, so that the lines end at the
    season's ratios."""
    count = len(games)
    slot = SEASON_PLOT_WIDTH / count if count else SEASON_PLOT_WIDTH
    xs = [round((index + 0.5) * slot, 2) for index in range(count)]
    bar_width = min(SEASON_MAX_BAR, slot * 0.7 if slot >= 1 else slot)
    axis = SEASON_MARGIN_HEIGHT / 2
    play, fate, bars = [], [], []
    made = possible = hands = 0
    for x, game in zip(xs, games):
        made, possible, hands = made + game.made, possible + game.possible, hands + game.hands
        if possible:
            ratio = rules.Ratio(made, possible)
            play.append(RatioPoint(x, round(_ratio_y(ratio), 2), ratio))
        if hands:
            ratio = rules.Ratio(possible, hands)
            fate.append(RatioPoint(x, round(_ratio_y(ratio), 2), ratio))
        height = axis * min(game.lead, MAX_MARGIN) / MAX_MARGIN
        bars.append(MarginBar(round(x - bar_width / 2, 3), axis - height if game.won else axis, round(bar_width, 3), height, game))
    date_ticks, month_lines = _date_ticks(games, xs, slot) if games else ((), ())
    return SeasonChart(
        games=tuple(games),
        play=tuple(play),
        fate=tuple(fate),
        bars=tuple(bars),
        ratio_ticks=tuple(
            Tick(f"{value}%", SEASON_RATIO_HEIGHT * (100 - value) / 100, 100 - value) for value in RATIO_TICKS
        ),
        margin_ticks=tuple(
            Tick(signed(value), axis - axis * value / MAX_MARGIN, 50 - 50 * value / MAX_MARGIN) for value in MARGIN_TICKS
        ),
        date_ticks=date_ticks,
        month_lines=month_lines,
        end_labels=_end_labels(play, fate),
    )
