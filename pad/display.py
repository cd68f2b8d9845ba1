"""What a pad shows, ready to draw: one context for the live page and the PDF.

:func:`pad_display` turns a game (with its partnership and hands loaded) into a
:class:`PadDisplay`, so the page, the printed pad and the history browser always
show the same marks, totals and statistics.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from pad import rules
from pad.models import Game, Hand

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

    @property
    def label(self) -> str:
        return f"hand {self.hand}, {OUTCOME_NAMES[rules.Outcome(self.outcome)]}, {self.dealer_name} dealt"


@dataclass(frozen=True)
class InningView:
    number: int
    columns: tuple[tuple[MarkView, ...], ...]  # M, P, I
    totals: tuple[int | None, ...]  # M, P, I; None while not definite


@dataclass(frozen=True)
class StatisticView:
    name: str
    explanation: str
    value: str
    percent: int | None = None


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
    winner: rules.Side | None
    win_by_two: bool
    responsible_from_hand: int | None
    next_hand: NextHand | None
    statistics: tuple[StatisticView, ...]
    hands: tuple[HandView, ...]
    version: str

    @property
    def partners(self) -> str:
        return f"{self.odd_name} & {self.even_name}"

    @property
    def last_hand(self) -> HandView | None:
        return self.hands[-1] if self.hands else None

    @property
    def result(self) -> str:
        """The state of the game in a sentence."""
        if self.winner is rules.Side.PARTNERSHIP:
            return f"{self.partners} won {self.partnership_score}–{self.fates_score}."
        if self.winner is rules.Side.FATES:
            return f"The Fates won {self.fates_score}–{self.partnership_score}."
        if not self.hands:
            return "No hand played yet."
        return f"In progress: {self.partners} {self.partnership_score}, the Fates {self.fates_score}."


def pad_display(game: Game, hands: Iterable[Hand] | None = None) -> PadDisplay:
    """The display context of ``game``, from ``hands`` or else its hands (read
    once). ``version`` is the game's revision: read before the hands, it may
    only be older than what they show, so a poll that compares it is at worst
    sent the same pad again, never left behind."""
    partnership = game.partnership
    hands = sorted(game.hands.all() if hands is None else hands, key=lambda hand: hand.number)
    pad = rules.compute_pad(hand.as_played() for hand in hands)
    names = {rules.Seat.ODD: partnership.odd_name, rules.Seat.EVEN: partnership.even_name}
    dealer_names = {hand.number: names[rules.Seat(hand.dealer)] for hand in hands}
    return PadDisplay(
        game_id=game.pk,
        date=game.date,
        odd_name=partnership.odd_name,
        even_name=partnership.even_name,
        notes=game.notes,
        innings=tuple(
            inning_view(number, inning, dealer_names, pad.responsible_from_hand)
            for number, inning in enumerate(pad.innings, start=1)
        ),
        partnership_score=pad.score.partnership,
        fates_score=pad.score.fates,
        finished=pad.finished,
        winner=pad.winner,
        win_by_two=pad.win_by_two,
        responsible_from_hand=pad.responsible_from_hand,
        next_hand=next_hand(game, pad, names),
        statistics=statistics_views(pad.statistics, names),
        hands=tuple(hand_view(hand, names) for hand in hands),
        version=str(game.revision),
    )


def inning_view(
    number: int,
    inning: rules.Inning,
    dealer_names: dict[int, str],
    responsible_from_hand: int | None = None,
) -> InningView:
    return InningView(
        number=number,
        columns=tuple(
            tuple(
                MarkView(
                    hand=mark.hand,
                    outcome=str(mark.outcome),
                    tall=mark.glyph is rules.Glyph.TALL,
                    dealer_name=dealer_names[mark.hand],
                    responsible=mark.hand == responsible_from_hand,
                )
                for mark in inning.marks_in(column)
            )
            for column in rules.COLUMNS
        ),
        totals=tuple(inning.totals[column] for column in rules.COLUMNS),
    )


def next_hand(game: Game, pad: rules.Pad, names: dict[rules.Seat, str]) -> NextHand | None:
    if pad.next_hand_number is None:
        return None
    dealer = rules.next_dealer(game.first_dealer_seat, pad.last_dealer)
    return NextHand(
        number=pad.next_hand_number,
        dealer=dealer,
        dealer_name=names[dealer],
        taker_name=names[rules.default_taker(dealer)],
    )


def statistics_views(
    statistics: rules.Statistics, names: dict[rules.Seat, str]
) -> tuple[StatisticView, ...]:
    views = [
        StatisticView("Play", "made / possible to make", str(statistics.play), statistics.play.percent),
        StatisticView("Fate", "possible to make / all hands", str(statistics.fate), statistics.fate.percent),
        StatisticView(
            "Game pride",
            "1 won or no P · 0 was theirs to win · ? never was",
            statistics.game_pride or "-",
        ),
    ]
    for seat in rules.Seat:
        ratio = statistics.generosity[seat]
        views.append(
            StatisticView(
                f"{names[seat]} dealt", "possible to make / hands dealt", str(ratio), ratio.percent
            )
        )
    return tuple(views)


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
