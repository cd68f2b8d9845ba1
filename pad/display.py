"""What a pad shows, ready to draw: one context for the live page and the PDF.

:func:`pad_display` turns a game (with its partnership loaded) and its hands
into a :class:`PadDisplay`, so the page, the printed pad and the history browser
always show the same marks, totals and statistics. Every decision the pages
show (who deals first and why, a verdict's words, the statistics) is made
here; the templates only present. No query is made here: callers read.
"""

from __future__ import annotations

import datetime
import functools
import itertools
import json
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, NamedTuple

import solver
from pad import rules
from pad.statistics import StatisticValue, Tally, statistic_values
from pad.summaries import signed
from scorepads.display import Changer
from scorepads.names import isolate
from scorepads.regions import Region

if TYPE_CHECKING:
    from pad.models import Game, Hand

# Why a running total of the pad may be blank: said under the chart on the
# phone and on a printed pad of a game in progress.
TOTALS_NOTE = "a total is written once it is definite"

OUTCOME_NAMES = {
    rules.Outcome.MADE: "made",
    rules.Outcome.POSSIBLE: "possible",
    rules.Outcome.IMPOSSIBLE: "impossible",
}


@dataclass(frozen=True)
class MarkView:
    hand: int
    outcome: str
    tall: bool
    dealer_name: str
    responsible: bool = False  # the hand from which the game was theirs to win
    note: int | None = None  # the number of the hand's note under the printed chart (PadDisplay.hand_notes)

    @property
    def label(self) -> str:
        return f"hand {self.hand}, {OUTCOME_NAMES[rules.Outcome(self.outcome)]}, {self.dealer_name} dealt"


@dataclass(frozen=True)
class InningView:
    number: int
    columns: tuple[tuple[MarkView, ...], ...]  # M, P, I
    totals: tuple[int | None, ...]  # M, P, I; None while not definite


@dataclass(frozen=True)
class HandView:
    number: int
    outcome: str
    dealer_name: str
    taker_name: str
    roles_swapped: bool
    fates_point: bool
    irregularity: str
    has_cards: bool
    verdict_by: str

    @property
    def note(self) -> str:
        """What the hand list says of the hand beside its dealer: "Fates' point",
        the irregularity note, or both; empty for an ordinary hand."""
        return "; ".join(filter(None, ("Fates' point" if self.fates_point else "", self.irregularity)))

    @property
    def verdict(self) -> str:
        """Whose verdict a gorillaed-out hand's outcome is, in two words."""
        return "solver's verdict" if self.verdict_by == "solver" else "players' verdict"

    def verdict_against(self, solver_says_possible: bool) -> str:
        """How the outcome came about, beside the solver's verdict on the cards."""
        if self.verdict_by != "players":
            return ", the solver's verdict"
        solver_outcome = rules.Outcome.POSSIBLE if solver_says_possible else rules.Outcome.IMPOSSIBLE
        if self.outcome != solver_outcome:
            return " by the players, overruling the solver"
        return " by the players"


@dataclass(frozen=True)
class HandNote:
    """A hand's note as the printed pad lists it under the chart, numbered as its mark is."""

    number: int  # in the list: 1, 2, ...
    hand: HandView

    @property
    def text(self) -> str:
        return f"Hand {self.hand.number} ({self.hand.outcome}, {isolate(self.hand.dealer_name)} dealt): {self.hand.note}"


@dataclass(frozen=True)
class NextHand:
    number: int
    dealer: rules.Seat
    dealer_name: str
    taker_name: str


@dataclass(frozen=True)
class PadDisplay:
    game_id: int
    date: datetime.date
    odd_name: str
    even_name: str
    notes: str
    innings: tuple[InningView, ...]
    partnership_score: int
    fates_score: int
    finished: bool
    full: bool  # the game goes on, but its pad holds no more hands
    winner: rules.Side | None
    win_by_two: bool
    responsible_from_hand: int | None
    next_hand: NextHand | None
    statistics: tuple[StatisticValue, ...]
    hands: tuple[HandView, ...]  # every hand in detail; none in a pad drawn at the table (pad_at_table)
    played_hands: tuple[rules.PlayedHand, ...]  # each hand's number, outcome and dealer
    version: str
    first_dealer: rules.Seat = rules.Seat.ODD
    rematch_id: int | None = None  # the game the partners went on to, once this one is over

    @property
    def totals_note(self) -> str:
        return TOTALS_NOTE

    @property
    def partners(self) -> str:
        """The partners in plain text, each name isolated in its own direction."""
        return f"{isolate(self.odd_name)} & {isolate(self.even_name)}"

    @property
    def hand_notes(self) -> tuple[HandNote, ...]:
        """The hands with a note (a Fates' point, an irregularity), numbered in
        order: the printed pad marks them in the chart and lists them under it."""
        return hand_notes(self.hands)

    @property
    def statistics_long(self) -> bool:
        """Whether the printed statistics take the smaller type: all of them do
        when any value is too long for the big one, so they share one size."""
        return any(statistic.is_long for statistic in self.statistics)

    @property
    def outcomes(self) -> tuple[str, ...]:
        """The outcomes a hand can have, as the columns read: M, P, I."""
        return tuple(column.value for column in rules.COLUMNS)

    @property
    def full_message(self) -> str:
        return (
            f"This pad holds {rules.MAX_HANDS} hands, the most a game may have: "
            "undo a hand to change it, or start a new game."
        )

    @property
    def result_class(self) -> str:
        """won, lost or in-progress: how the result is styled."""
        return rules.Result.of(self.winner).slug

    @property
    def first_dealer_rule(self) -> str:
        """Why the partner the date names deals first."""
        day = "An odd day" if self.date.day % 2 else "An even day"
        return f"{day}: the {rules.first_dealer(self.date).value} partner deals first."

    @property
    def announcement(self) -> str:
        """The state of play in a line, for the screen reader after each change."""
        if self.finished:
            return self.result
        if self.next_hand is None:
            return self.full_message
        return f"Partnership {self.partnership_score}, Fates {self.fates_score}. {self.next_step}"

    @property
    def next_step(self) -> str:
        """What comes next, without the score: read out after the message of a
        tap, which says the score already."""
        if self.finished:
            if self.winner is None:
                return "Game over."
            winner = self.partners if self.winner is rules.Side.PARTNERSHIP else "the Fates"
            return f"Game over: {winner} won."
        if self.next_hand is None:
            return self.full_message
        return f"Hand {self.next_hand.number}: {isolate(self.next_hand.dealer_name)} deals."

    def entry_moved_on(self, by: Changer) -> str:
        """What a phone says when the other phone (``by``) recorded the hand
        being entered here (a note, the dealer's tick): the entry is kept, for
        the next hand."""
        if self.next_hand is None or self.last_hand is None:
            return ""
        return (
            f"{by.recorded(self.last_hand.number)}: what you entered is now for hand "
            f"{self.next_hand.number}, which {isolate(self.next_hand.dealer_name)} deals. Check it before you record."
        )

    def entry_moved_back(self, by: Changer) -> str:
        """As :meth:`entry_moved_on`, when the other phone undid a hand."""
        if self.next_hand is None:
            return ""
        return (
            f"{by.undid(self.next_hand.number)}: what you entered is now for hand "
            f"{self.next_hand.number}, which {isolate(self.next_hand.dealer_name)} deals. Check it before you record."
        )

    @property
    def played(self) -> str:
        """The outcomes of the hands in order, one letter each ("MPIM"): what a
        phone's queue of offline taps checks and draws its waiting marks on."""
        return "".join(hand.outcome for hand in self.played_hands)

    @property
    def hand_count(self) -> int:
        return len(self.played_hands)

    @property
    def table_state(self) -> str:
        """What the pad's script needs to draw the pad as it will be with taps
        still waiting on the phone (static/pad/pad_rules.js), as JSON: the hands
        and the version, and :attr:`table_game`."""
        return json.dumps(
            {"version": int(self.version), "hands": self.played, **self._table_game},
            ensure_ascii=False,
            separators=(",", ":"),
        )

    @property
    def table_game(self) -> str:
        """As :attr:`table_state`, without the hands and the version, which
        each tap changes: on the pad page, the version is its meta region's
        (:func:`pad_regions`), which a tap's answer draws again, and the hands
        are the pad's ``data-hands``, which the whole pad writes and a tap's
        patch leaves in the header every pad answer carries (X-Pad-Hands:
        static/pad/pad.js copies it)."""
        return json.dumps(self._table_game, ensure_ascii=False, separators=(",", ":"))

    @property
    def _table_game(self) -> dict:
        """Who deals hand 1, the names, and the rules' numbers, read from pad.rules."""
        return {
            "game": self.game_id,
            "first_dealer": self.first_dealer.value,
            "names": {rules.Seat.ODD.value: self.odd_name, rules.Seat.EVEN.value: self.even_name},
            "outcome_names": {str(outcome): name for outcome, name in OUTCOME_NAMES.items()},
            "game_point": rules.GAME_POINT,
            "winning_lead": rules.WINNING_LEAD,
            "max_hands": rules.MAX_HANDS,
        }

    @property
    def last_hand(self) -> rules.PlayedHand | None:
        return self.played_hands[-1] if self.played_hands else None

    @property
    def result(self) -> str:
        """The state of the game in a sentence."""
        if self.winner is rules.Side.PARTNERSHIP:
            return f"{self.partners} won {self.partnership_score}–{self.fates_score}."
        if self.winner is rules.Side.FATES:
            return f"The Fates won {self.fates_score}–{self.partnership_score}."
        if not self.played_hands:
            return "No hand played yet."
        return f"In progress: {self.partners} {self.partnership_score}, the Fates {self.fates_score}."


def pad_display(game: Game, hands: Iterable[Hand]) -> PadDisplay:
    """The display context of ``game`` (its partnership loaded) with ``hands``,
    every hand in detail (the hand list, the printed pad). ``version`` is the
    game's revision: read before the hands, it may only be older than what
    they show, so a poll that compares it is at worst sent the same pad again,
    never left behind."""
    hands = sorted(hands, key=lambda hand: hand.number)
    views = tuple(hand_view(hand, game.partnership.names) for hand in hands)
    return replace(_display(_facts(game), tuple(hand.as_played() for hand in hands), views), version=str(game.revision))


def pad_at_table(game: Game, played: Iterable[rules.PlayedHand], *, version: int | None = None) -> PadDisplay:
    """The display context of ``game`` (its partnership loaded) from each
    hand's number, outcome and dealer alone (``played``): all the pad at the
    table shows, without the hands' details (``hands`` is empty). ``version``
    is the game's revision unless given (the pad before a tap: one less).

    Kept for the last few pads drawn: a tap's answer draws the pad before the
    tap, which the tap before drew after it, and the pad after."""
    display = _table_display(_facts(game), tuple(sorted(played, key=lambda hand: hand.number)))
    return replace(display, version=str(game.revision if version is None else version))


class _GameFacts(NamedTuple):
    """What a pad shows of its game besides its hands."""

    game_id: int
    date: datetime.date
    odd_name: str
    even_name: str
    notes: str
    first_dealer: rules.Seat
    rematch_id: int | None

    @property
    def names(self) -> dict[rules.Seat, str]:
        return {rules.Seat.ODD: self.odd_name, rules.Seat.EVEN: self.even_name}


def _facts(game: Game) -> _GameFacts:
    partnership = game.partnership
    return _GameFacts(
        game.pk, game.date, partnership.odd_name, partnership.even_name, game.notes, game.first_dealer_seat, game.rematch_id
    )


@functools.lru_cache(maxsize=64)
def _table_display(facts: _GameFacts, played: tuple[rules.PlayedHand, ...]) -> PadDisplay:
    return _display(facts, played, ())


def _display(facts: _GameFacts, played: tuple[rules.PlayedHand, ...], views: tuple[HandView, ...]) -> PadDisplay:
    """The display of a pad (``version`` left for the caller to give)."""
    pad = rules.compute_pad(played)
    names = facts.names
    notes = {note.hand.number: note.number for note in hand_notes(views)}
    return PadDisplay(
        game_id=facts.game_id,
        date=facts.date,
        odd_name=facts.odd_name,
        even_name=facts.even_name,
        notes=facts.notes,
        innings=tuple(
            inning_view(number, inning, names, pad.responsible_from_hand, notes)
            for number, inning in enumerate(pad.innings, start=1)
        ),
        partnership_score=pad.score.partnership,
        fates_score=pad.score.fates,
        finished=pad.finished,
        full=pad.full,
        winner=pad.winner,
        win_by_two=pad.win_by_two,
        responsible_from_hand=pad.responsible_from_hand,
        next_hand=next_hand(facts.first_dealer, pad, names),
        statistics=statistic_values(Tally.of_pad(pad), names),
        hands=views,
        played_hands=played,
        version="",
        first_dealer=facts.first_dealer,
        rematch_id=facts.rematch_id,
    )


def inning_view(
    number: int,
    inning: rules.Inning,
    names: dict[rules.Seat, str],
    responsible_from_hand: int | None = None,
    notes: dict[int, int] | None = None,
) -> InningView:
    """``inning`` as the chart draws it; ``notes``: the number of each noted
    hand's note (:func:`hand_notes`), by hand. A long game's innings are the
    same from one tap to the next: each is made once, then kept."""
    notes = notes or {}
    return _inning_view(
        number,
        inning.marks,
        tuple(inning.totals[column] for column in rules.COLUMNS),
        (names[rules.Seat.ODD], names[rules.Seat.EVEN]),
        responsible_from_hand if any(mark.hand == responsible_from_hand for mark in inning.marks) else None,
        tuple((mark.hand, notes[mark.hand]) for mark in inning.marks if mark.hand in notes),
    )


@functools.lru_cache(maxsize=4096)
def _inning_view(
    number: int,
    marks: tuple[rules.Mark, ...],
    totals: tuple[int | None, ...],
    names: tuple[str, str],
    responsible: int | None,
    notes: tuple[tuple[int, int], ...],
) -> InningView:
    noted = dict(notes)
    return InningView(
        number=number,
        columns=tuple(
            tuple(
                MarkView(
                    hand=mark.hand,
                    outcome=str(mark.outcome),
                    tall=mark.glyph is rules.Glyph.TALL,
                    dealer_name=names[0] if mark.glyph is rules.Glyph.TALL else names[1],
                    responsible=mark.hand == responsible,
                    note=noted.get(mark.hand),
                )
                for mark in marks
                if mark.outcome is column
            )
            for column in rules.COLUMNS
        ),
        totals=totals,
    )


def next_hand(first_dealer: rules.Seat, pad: rules.Pad, names: dict[rules.Seat, str]) -> NextHand | None:
    if pad.next_hand_number is None:
        return None
    dealer = rules.next_dealer(first_dealer, pad.last_dealer)
    return NextHand(
        number=pad.next_hand_number,
        dealer=dealer,
        dealer_name=names[dealer],
        taker_name=names[rules.default_taker(dealer)],
    )


def hand_notes(hands: Iterable[HandView]) -> tuple[HandNote, ...]:
    """The hands of ``hands`` with a note, numbered from 1 in order."""
    noted = (hand for hand in hands if hand.note)
    return tuple(HandNote(number, hand) for number, hand in enumerate(noted, start=1))


def hand_view(hand: Hand, names: dict[rules.Seat, str]) -> HandView:
    dealer, taker = rules.Seat(hand.dealer), rules.Seat(hand.taker)
    return HandView(
        number=hand.number,
        outcome=hand.outcome,
        dealer_name=names[dealer],
        taker_name=names[taker],
        roles_swapped=taker is dealer,
        fates_point=hand.fates_point,
        irregularity=hand.irregularity,
        has_cards=hand.has_cards,
        verdict_by=hand.verdict_by,
    )


@dataclass(frozen=True)
class GorillaedHand:
    """A hand gorillaed out at the table, for the wallow: its cards as recorded,
    the solver's verdict on them and how the hand came to be recorded."""

    hand: HandView
    taker_name: str
    giver_name: str
    result: solver.GorillaResult
    verdict: str  # ", the solver's verdict", " by the players, overruling the solver" ...


def gorillaed_hand(hand: Hand, names: dict[rules.Seat, str]) -> GorillaedHand:
    """``hand`` (recorded with its cards) with the solver's verdict on them."""
    view = hand_view(hand, names)
    result = solver.gorilla_out(hand.taker_cards, hand.giver_cards)
    return GorillaedHand(
        hand=view,
        taker_name=view.taker_name,
        giver_name=names[rules.Seat(hand.taker).other],
        result=result,
        verdict=view.verdict_against(result.possible),
    )


def wallow(hands: Iterable[Hand], names: dict[rules.Seat, str]) -> list[GorillaedHand]:
    """Every hand of a game recorded with its cards, in order: the printed pad's appendix."""
    return [gorillaed_hand(hand, names) for hand in hands if hand.has_cards]


def deck_in_suits(deck: Iterable[solver.Card]) -> list[tuple[solver.Suit, tuple[solver.Card, ...]]]:
    """The cards of ``deck`` cut into its suits, in deck order: the rows of the card grid."""
    return [(suit, tuple(cards)) for suit, cards in itertools.groupby(deck, key=lambda card: card.suit)]


# A day's session: the page that leads the PDF of the games listed (a day's
# pads), with each game in the order played and the day's totals.


@dataclass(frozen=True)
class SessionGame:
    """One game of the session as its page lists it: the facts of the games
    list's row (the result as the list words it, the score), with its place
    in the session and its margin."""

    number: int  # 1, 2, ...: the order in which the games were started
    date: datetime.date
    started: str  # the time the game was started, like 14:05; "" when not kept for its date
    odd_name: str
    even_name: str
    result: rules.Result
    partnership_score: int
    fates_score: int
    hands: int

    @property
    def score(self) -> str:
        return f"{self.partnership_score}–{self.fates_score}"

    @property
    def margin(self) -> str:
        """Points ahead of the Fates, signed: +2, −3."""
        return signed(self.partnership_score - self.fates_score)

    @property
    def result_label(self) -> str:
        """As the games list says it: Won, Lost, or In progress with the hands so far."""
        if self.result.finished:
            return self.result.label
        return f"{self.result.label} · {self.hands} hand{'' if self.hands == 1 else 's'}"


@dataclass(frozen=True)
class DaySession:
    games: tuple[SessionGame, ...]

    @property
    def dates(self) -> tuple[datetime.date, ...]:
        return tuple(sorted({game.date for game in self.games}))

    @property
    def heading(self) -> str:
        """The day, like ``Thursday 9 July 2026``; the first and last days when the games span several."""
        dates = self.dates
        if len(dates) == 1:
            return f"{dates[0]:%A} {dates[0].day} {dates[0]:%B %Y}"
        first, last = dates[0], dates[-1]
        return f"{first.day} {first:%B %Y} to {last.day} {last:%B %Y}"

    @property
    def partnerships(self) -> tuple[tuple[str, str], ...]:
        """(odd, even) names of each partnership, in the order they first played."""
        return tuple(dict.fromkeys((game.odd_name, game.even_name) for game in self.games))

    @property
    def won(self) -> int:
        return sum(game.result is rules.Result.WON for game in self.games)

    @property
    def lost(self) -> int:
        return sum(game.result is rules.Result.LOST for game in self.games)

    @property
    def in_progress(self) -> int:
        return sum(not game.result.finished for game in self.games)

    @property
    def points_for(self) -> int:
        return sum(game.partnership_score for game in self.games)

    @property
    def points_against(self) -> int:
        return sum(game.fates_score for game in self.games)

    @property
    def hands(self) -> int:
        return sum(game.hands for game in self.games)

    @property
    def margin(self) -> str:
        return signed(self.points_for - self.points_against)

    @property
    def results(self) -> str:
        """The day's results in a line: ``2 won, 1 lost, 1 in progress``."""
        line = f"{self.won} won, {self.lost} lost"
        return f"{line}, {self.in_progress} in progress" if self.in_progress else line

    @property
    def summary(self) -> str:
        count = len(self.games)
        return (
            f"{count} game{'' if count == 1 else 's'}: {self.results}; "
            f"points for {self.points_for}, against {self.points_against} ({self.margin})"
        )


def started_on_its_date(game: Game, zone: datetime.tzinfo) -> str:
    """The time ``game`` was started in ``zone`` (the site's), like 14:05, when
    that was on the game's date; "" otherwise (a game entered or imported later)."""
    started = game.created_at.astimezone(zone)
    return f"{started:%H:%M}" if started.date() == game.date else ""


def played_order(game: Game) -> tuple[datetime.date, int]:
    """The order in which games were played: by date, then as they were started."""
    return (game.date, game.pk)


def day_session(games: Iterable[Game], zone: datetime.tzinfo) -> DaySession:
    """The session of ``games`` (their partnership loaded), in the order they
    were played: by date, then as they were started; times in ``zone``."""
    ordered = sorted(games, key=played_order)
    return DaySession(
        tuple(
            SessionGame(
                number=number,
                date=game.date,
                started=started_on_its_date(game, zone),
                odd_name=game.partnership.odd_name,
                even_name=game.partnership.even_name,
                result=game.result_of_game,
                partnership_score=game.partnership_score,
                fates_score=game.fates_score,
                hands=game.hand_count,
            )
            for number, game in enumerate(ordered, start=1)
        )
    )


# The pad at the table as regions (scorepads.regions), drawn by
# templates/pad/regions.html: the page draws them all, and the answer to a tap
# only those the tap changed. Each region's value is all it shows.

REGIONS = "pad/regions.html"


@dataclass(frozen=True)
class StatusLine:
    """The slim line at the top of the pad: the score, and the next hand or the end."""

    partnership_score: int
    fates_score: int
    next_hand: NextHand | None
    finished: bool


@dataclass(frozen=True)
class StateOfPlay:
    """The state of play under the status line: the score, the next hand or
    the result, win by two, responsibility; before hand 1, on the partners'
    own pad, the choice of first dealer."""

    game_id: int
    partnership_score: int
    fates_score: int
    finished: bool
    result: str
    result_class: str
    full: bool
    full_message: str
    next_hand: NextHand | None
    first_dealer_rule: str  # "" when the first dealer can no longer be chosen here
    win_by_two: bool
    responsible_from_hand: int | None


@dataclass(frozen=True)
class FinishedGame:
    """The rematch, once the game is over."""

    game_id: int
    finished: bool
    rematch_id: int | None


@dataclass(frozen=True)
class MovedEntry:
    """What the record bar says when the other phone recorded or undid the
    hand this phone was entering for (static/scorepads/table.js shows it,
    and hides it again once this phone taps). The words come with a poll's
    pad alone, the one answer that can move an entry."""

    moved_on: str = ""
    moved_back: str = ""


def state_of_play(display: PadDisplay, *, editable: bool) -> StateOfPlay:
    return StateOfPlay(
        game_id=display.game_id,
        partnership_score=display.partnership_score,
        fates_score=display.fates_score,
        finished=display.finished,
        result=display.result,
        result_class=display.result_class,
        full=display.full,
        full_message=display.full_message,
        next_hand=display.next_hand,
        first_dealer_rule=display.first_dealer_rule if editable and not display.played_hands else "",
        win_by_two=display.win_by_two,
        responsible_from_hand=display.responsible_from_hand,
    )


def chart_region(display: PadDisplay) -> Region:
    """The chart, an inning a row (an empty row before hand 1)."""
    return Region(
        "chart", f"{REGIONS}#chart", display.outcomes,
        rows=tuple(map(inning_row, display.innings)) or (Region("inning-none", f"{REGIONS}#inning", None, in_table=True),),
        rows_in="chart-rows",
        holder="tbody",
    )


@functools.lru_cache(maxsize=4096)
def inning_row(inning: InningView) -> Region:
    """An inning's row of the chart. Its cells are parts of their own, found
    by their place in the row: a mark joins a column of the row, a running
    total becomes definite. Made once for each inning, then kept."""
    return Region(
        f"inning-{inning.number}",
        f"{REGIONS}#inning",
        inning.number,
        in_table=True,
        kept=True,
        rows=tuple(
            Region(
                f"inning-{inning.number}-{place}",
                f"{REGIONS}#{'marks' if place <= len(inning.columns) else 'total'}",
                value,
                selector=f"#inning-{inning.number}>:nth-child({place})",
                in_table=True,
            )
            for place, value in enumerate((*inning.columns, *inning.totals), start=1)
        ),
    )


def statistics_region(display: PadDisplay) -> Region:
    """The statistics, each with its value as a part of its own."""
    rows = tuple(
        Region(
            f"stat-{statistic.key}",
            f"{REGIONS}#statistic",
            (statistic.name, statistic.explanation),
            kept=True,
            rows=(Region(f"stat-{statistic.key}-value", f"{REGIONS}#statistic-value", (statistic.value, statistic.percent)),),
        )
        for statistic in display.statistics
    )
    heading = Region("statistics-heading", f"{REGIONS}#statistics-heading", display.finished)
    return Region("statistics", f"{REGIONS}#statistics", None, rows=(heading, *rows))


def state_region(display: PadDisplay, *, editable: bool) -> Region:
    """The state of play: the score, the next hand (or the result), the
    badges, each a part of its own."""
    state = state_of_play(display, editable=editable)
    return Region(
        "state",
        f"{REGIONS}#state",
        None,
        rows=(
            Region(
                "state-score", f"{REGIONS}#state-score", None,
                rows=(
                    Region("partnership-points", f"{REGIONS}#points", state.partnership_score),
                    Region("fates-points", f"{REGIONS}#points", state.fates_score),
                ),
            ),
            Region("state-next", f"{REGIONS}#state-next", state),
            Region("state-badges", f"{REGIONS}#state-badges", (state.win_by_two, state.responsible_from_hand)),
        ),
    )


def corrections_region(display: PadDisplay) -> Region:
    """Undo of the last hand (its button names the hand, the toast's Undo
    sends the same form), and the way to every hand; the button and the
    number of hands are parts of their own."""
    last = display.last_hand
    if last is None:
        return Region("corrections", f"{REGIONS}#corrections", None)
    return Region(
        "corrections",
        f"{REGIONS}#corrections",
        display.game_id,
        rows=(
            Region("undo-button", f"{REGIONS}#undo-button", (last.number, str(last.outcome), display.finished)),
            Region("hands-link", f"{REGIONS}#hands-link", (display.game_id, display.hand_count)),
        ),
    )


def record_bar_region(display: PadDisplay, *, moved_by: Changer | None) -> Region:
    """The bar under the thumb, while a hand can be recorded. Its forms'
    numbers and the dealer's name are parts of their own, so a tap draws
    them again and leaves the rest of the bar as it is (table.js starts its
    forms afresh, data-fresh-each-hand). The words of a moved entry come with
    a poll's pad alone, naming who moved it (``moved_by``)."""
    next_hand = display.next_hand
    if next_hand is None:
        return Region("record-bar", f"{REGIONS}#record-bar", None)
    number = next_hand.number
    moved = (
        MovedEntry(display.entry_moved_on(moved_by), display.entry_moved_back(moved_by)) if moved_by else MovedEntry()
    )
    return Region(
        "record-bar",
        f"{REGIONS}#record-bar",
        display.game_id,
        rows=(
            Region("record-heading", f"{REGIONS}#record-heading", number),
            Region("entry-moved", f"{REGIONS}#entry-moved", moved),
            Region("dealer-name", f"{REGIONS}#dealer-name", next_hand.dealer_name),
            # Each of the bar's forms carries it: drawn once in a patch, for all of them.
            Region("next-number", f"{REGIONS}#next-number", number, selector=".next-number"),
        ),
    )


def pad_regions(
    display: PadDisplay, *, meta: Region, toast: Region, share_url: str | None, moved_by: Changer | None = None
) -> tuple[Region, ...]:
    """The partners' pad as regions, in the page's order: its ``meta`` and
    ``toast`` (the kit's, scorepads.regions), the status line, the state of
    play, the chart, the legend, the rematch, the corrections, the statistics,
    sharing (``share_url``: the read-only link, None when not shared), the
    downloads and the record bar (``moved_by``: on a poll's pad, who made the
    change, which the words of a moved entry name)."""
    return (
        meta,
        Region(
            "status-bar", f"{REGIONS}#status-bar",
            StatusLine(display.partnership_score, display.fates_score, display.next_hand, display.finished),
        ),
        toast,
        state_region(display, editable=True),
        chart_region(display),
        Region("legend", f"{REGIONS}#legend", (display.odd_name, display.even_name, TOTALS_NOTE)),
        Region("finished-actions", f"{REGIONS}#finished", FinishedGame(display.game_id, display.finished, display.rematch_id)),
        corrections_region(display),
        statistics_region(display),
        Region("share", f"{REGIONS}#share", (display.game_id, share_url)),
        Region("downloads", f"{REGIONS}#downloads", display.game_id),
        record_bar_region(display, moved_by=moved_by),
    )


def shared_regions(display: PadDisplay, *, meta: Region, token: str) -> tuple[Region, ...]:
    """The pad as a shared link shows it, read-only: the state of play, the
    chart, the statistics and the PDF."""
    return (
        meta,
        state_region(display, editable=False),
        chart_region(display),
        statistics_region(display),
        Region("shared-downloads", f"{REGIONS}#shared-downloads", token),
    )
