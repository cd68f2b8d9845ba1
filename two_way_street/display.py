"""What a Two Way Street sheet shows, ready to draw: one context for the live
page, the printed sheet and the ratings exports.

:func:`sheet_display` turns a game (with its players and hands loaded) into a
:class:`SheetDisplay`. Every decision the pages show (the case of each hand in
words, who leads, the end of the game, the defaults of the next hand) is made
here from :mod:`two_way_street.rules`; the templates only present. No query is
made here, and no model is imported: callers read.
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Sequence
from dataclasses import dataclass

from scorepads.display import SheetSummary, figure
from scorepads.names import isolate, isolate_all
from scorepads.players import joined
from two_way_street import rules

DIRECTION_LETTERS = {rules.Direction.HIGH: "H", rules.Direction.LOW: "L"}
CHOICE_LETTERS = {rules.Choice.DECLARED: "D", rules.Choice.FORCED: "F"}
# What the letters of the sheet stand for, for its legend (page and PDF).
LEGEND = (
    ("H", "played high: scores the tricks taken"),
    ("L", "played low: scores N minus the tricks taken (below 0 for more than N)"),
    ("D", "declared: refined score × 2"),
    ("F", "forced: refined score × 3"),
)
# Where no earlier hand gives a default: a player plays high, and declared it.
DEFAULT_DIRECTION = rules.Direction.HIGH
DEFAULT_CHOICE = rules.Choice.DECLARED


@dataclass(frozen=True)
class PlayerLine:
    """One player's line of one hand."""

    name: str
    tricks: int
    direction: str  # H or L
    choice: str  # D or F
    n: int
    raw: int
    over_n: bool  # a low player with more than N tricks: raw N − tricks, below 0
    refined: int
    multiplier: int
    final: int
    case_c_forced: bool  # forced, in the case-C tie: scores 1
    total: int  # after this hand

    @property
    def entered(self) -> str:
        return f"{self.tricks} {self.direction} {self.choice}"

    @property
    def raw_text(self) -> str:
        """The raw score, marked * for a low player over N (the note says why)."""
        return figure(self.raw) + ("*" if self.over_n else "")

    @property
    def over_n_note(self) -> str:
        """Why a low player's raw score is below 0 ("" for every other player)."""
        if not self.over_n:
            return ""
        return (
            f"* {isolate(self.name)} took {self.tricks} tricks playing low, more than N = {self.n}:"
            f" raw {self.n} − {self.tricks} = {figure(self.raw)}."
        )

    @property
    def final_working(self) -> str:
        """How the final score came about, in a few characters."""
        if self.case_c_forced:
            return "1 (forced, in the tie)"
        return f"{self.refined} × {self.multiplier} = {self.final}"


@dataclass(frozen=True)
class HandView:
    number: int
    case: str
    case_description: str
    penalty: int
    raws_in_order: tuple[int, ...]  # highest first: what decides the case
    tricks_in_hand: int | None
    lines: tuple[PlayerLine, ...]

    @property
    def penalty_text(self) -> str:
        return figure(self.penalty)

    @property
    def summary(self) -> str:
        return f"case {self.case}, penalty {self.penalty_text}"

    @property
    def raw_order(self) -> str:
        """The raw scores from highest to lowest, as the places of the case count them."""
        return ", ".join(figure(raw) for raw in self.raws_in_order)

    @property
    def explanation(self) -> str:
        """Why the case applied: the raw scores in order, then the case in words."""
        return f"Raw scores in order: {self.raw_order}. Case {self.case}: {self.case_description}."


@dataclass(frozen=True)
class Standing:
    seat: int  # from 1
    name: str
    total: int
    place: str  # 1, 2=, ...
    leads: bool
    wins: bool

    @property
    def mark(self) -> str:
        """What the standings show before the name: the place."""
        return self.place


@dataclass(frozen=True)
class EntryDefault:
    """What the next hand's form shows for one player before anyone touches it."""

    seat: int
    name: str
    tricks: int
    direction: str  # high or low
    choice: str  # declared or forced


@dataclass(frozen=True)
class SheetDisplay(SheetSummary):
    game_id: int
    version: int
    date: datetime.date
    target: int
    names: tuple[str, ...]
    n: int
    hands: tuple[HandView, ...]
    standings: tuple[Standing, ...]
    status: str
    finished: bool
    full: bool
    next_hand_number: int | None
    next_entries: tuple[EntryDefault, ...]
    next_tricks_in_hand: int | None
    ratings: rules.RatingsRecord | None
    ratings_note: str

    @property
    def full_message(self) -> str:
        """What the sheet says in place of the next hand's entry once it holds the most hands."""
        return f"{self.status}." if self.full else ""

    @property
    def standings_note(self) -> str:
        """The line under the standings while the game goes on."""
        return "" if self.finished else self.status

    @property
    def player_count(self) -> int:
        return len(self.names)

    @property
    def legend(self) -> tuple[tuple[str, str], ...]:
        return LEGEND

    @property
    def any_over_n(self) -> bool:
        """Whether a low player took more than N tricks in some hand (the sheet explains the raw score)."""
        return any(line.over_n for hand in self.hands for line in hand.lines)

    @property
    def cases(self) -> tuple[tuple[str, str], ...]:
        """The penalty cases that can happen at this table, each in words."""
        return case_list(self.player_count)

    @property
    def max_tricks(self) -> int:
        return rules.MAX_TRICKS

    @property
    def table_note(self) -> str:
        return f"{self.player_count} players: N = {self.n}"


def case_list(player_count: int) -> tuple[tuple[str, str], ...]:
    """The cases of a table of ``player_count`` players as the sheets list them: letter, words."""
    return tuple((str(case), words) for case, words in rules.case_descriptions(player_count).items())


def standings_status(names: Sequence[str], state: rules.GameState) -> str:
    """One sentence: who leads, a tie at the target, or who won."""
    names = isolate_all(names)
    winner = state.winner
    if state.finished and winner is not None:  # a finished game has its winner
        return f"{names[winner]} wins with {state.totals[winner]} points"
    if not state.hands:
        return f"No hand yet: the game is played to {state.target}"
    best = state.totals[state.leaders[0]]
    leader_names = [names[index] for index in state.leaders]
    if state.full:
        return f"The game holds at most {rules.MAX_HANDS} hands: it stops here, {joined(leader_names)} tied on {best}"
    if state.tie_at_target:
        return f"{joined(leader_names)} tie on {best}: the game goes on until one leads alone"
    if len(leader_names) > 1:
        return f"{joined(leader_names)} lead with {best} (to {state.target})"
    return f"{leader_names[0]} leads with {best} (to {state.target})"


def list_status(names: Sequence[str], totals: Sequence[int], winner_seat: int | None, hand_count: int) -> str:
    """A game in a list, in a few words: "Ann won with 14", "In progress, 3 hands"."""
    if winner_seat is not None:
        return f"{isolate(names[winner_seat - 1])} won with {totals[winner_seat - 1]}"
    return f"In progress, {hand_count} hand{'' if hand_count == 1 else 's'}"


def ratings_note(state: rules.GameState) -> str:
    """Why a finished game has no ratings record, or what its record is marked."""
    if not rules.ratings_eligible(state.target, state.player_count):
        if state.player_count >= rules.ELEVEN_PLAYERS:
            return "Games of 11 or more players are not rated."
        return f"Only games to {rules.RATINGS_MIN_TARGET} points or more are rated."
    mark = rules.ratings_mark(state.target)
    return f"A game to {mark} or more: it counts more in the ratings." if mark else ""


def _hand_views(hands: Sequence, target: int, names: tuple[str, ...]) -> tuple[HandView, ...]:
    """Each hand as the sheet shows it. Kept for each run of hands, like the
    game's state (:func:`rules.game_state`): a tap makes the view of its own
    hand alone."""
    key = tuple((hand.number, hand.tricks_in_hand, tuple(map(tuple, hand.results))) for hand in hands)
    try:
        hash(key)
    except TypeError:  # entries that are not plain values: made again, kept nowhere
        return _views_of(key, target, names)
    return _views_kept(key, target, names)


@functools.lru_cache(maxsize=1024)
def _views_kept(key: tuple, target: int, names: tuple[str, ...]) -> tuple[HandView, ...]:
    if not key:
        return ()
    return (*_views_kept(key[:-1], target, names), _last_view(key, target, names))


def _views_of(key: tuple, target: int, names: tuple[str, ...]) -> tuple[HandView, ...]:
    state = rules.game_state((results for _, _, results in key), target, names=names)
    return tuple(
        _hand_view(number, tricks, scores, totals, names)
        for (number, tricks, _), scores, totals in zip(key, state.hands, state.running_totals)
    )


def _last_view(key: tuple, target: int, names: tuple[str, ...]) -> HandView:
    state = rules.game_state((results for _, _, results in key), target, names=names)
    number, tricks, _ = key[-1]
    return _hand_view(number, tricks, state.hands[-1], state.running_totals[-1], names)


def _hand_view(
    number: int, tricks_in_hand: int | None, scores: tuple[rules.PlayerScore, ...], totals: tuple[int, ...], names: tuple[str, ...]
) -> HandView:
    return HandView(
        number=number,
        case=str(scores[0].case),
        case_description=scores[0].case.description(len(names)),
        penalty=scores[0].penalty,
        raws_in_order=tuple(sorted((score.raw for score in scores), reverse=True)),
        tricks_in_hand=tricks_in_hand,
        lines=tuple(
            PlayerLine(
                name=name,
                tricks=score.tricks,
                direction=DIRECTION_LETTERS[score.direction],
                choice=CHOICE_LETTERS[score.choice],
                n=score.n,
                raw=score.raw,
                over_n=score.over_n,
                refined=score.refined,
                multiplier=score.multiplier,
                final=score.final,
                case_c_forced=score.case_c_forced,
                total=total,
            )
            for name, score, total in zip(names, scores, totals)
        ),
    )


def sheet_display(
    game, players: Sequence, hands: Sequence, *, finished_at: datetime.datetime | None = None
) -> SheetDisplay:
    """The sheet of ``game`` from its players (in seat order) and hands (in
    order); ``finished_at`` is when it ended, in the players' time zone (the
    ratings record takes its time; its date is the game's)."""
    names = tuple(player.name for player in players)
    state = rules.game_state((hand.results for hand in hands), game.target, names=names)
    hand_views = _hand_views(hands, game.target, names)
    # Before the first hand everybody is level on 0: nobody leads, no places yet.
    leaders = set(state.leaders) if state.hands else set()
    standings = tuple(
        Standing(
            seat=index + 1,
            name=name,
            total=state.totals[index],
            place=str(state.places[index]) if state.hands else "",
            leads=index in leaders,
            wins=state.winner == index,
        )
        for index, name in enumerate(names)
    )
    last = state.hands[-1] if state.hands else None
    next_entries = tuple(
        EntryDefault(
            seat=index + 1,
            name=name,
            tricks=0,
            direction=str(last[index].direction if last else DEFAULT_DIRECTION),
            choice=str(last[index].choice if last else DEFAULT_CHOICE),
        )
        for index, name in enumerate(names)
    )
    record = None
    if state.finished and finished_at is not None:
        record = rules.ratings_record(state, names, game.date, finished_at)
    return SheetDisplay(
        game_id=game.pk,
        version=game.revision,
        date=game.date,
        target=game.target,
        names=names,
        n=rules.n_for_players(len(names)),
        hands=hand_views,
        standings=standings,
        status=standings_status(names, state),
        finished=state.finished,
        full=state.full,
        next_hand_number=state.next_hand_number,
        next_entries=next_entries,
        next_tricks_in_hand=hands[-1].tricks_in_hand if hands else None,
        ratings=record,
        ratings_note=ratings_note(state) if state.finished else "",
    )

