"""What Tally's sheet shows, decided from the hands (pure): the page, the
PDF and the spreadsheet all read it."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from scorepads.display import SheetSummary, figure
from scorepads.players import joined
from tests.tally import rules


@dataclass(frozen=True)
class HandView:
    number: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]  # after this hand

    @property
    def cells(self) -> tuple[tuple[str, int], ...]:
        """Each player's score (as the sheet writes it) and total after the hand."""
        return tuple((figure(score), total) for score, total in zip(self.scores, self.totals))

    @property
    def summary(self) -> str:
        return " · ".join(figure(score) for score in self.scores)


@dataclass(frozen=True)
class Standing:
    seat: int
    name: str
    total: int
    mark: str  # "Winner", "Leads" or ""
    leads: bool
    wins: bool


@dataclass(frozen=True)
class SheetDisplay(SheetSummary):
    game_id: int
    version: int
    date: datetime.date
    names: tuple[str, ...]
    hands: tuple[HandView, ...]
    standings: tuple[Standing, ...]
    status: str
    finished: bool
    next_hand_number: int | None
    full_message: str = ""
    standings_note: str = ""

    @property
    def player_count(self) -> int:
        return len(self.names)


def sheet_display(game, players: Sequence, hands: Sequence, *, finished_at=None) -> SheetDisplay:
    """The sheet of ``game`` from its players and hands (each with ``number`` and ``scores``)."""
    names = tuple(player.name for player in players)
    after = rules.running_totals([hand.scores for hand in hands], len(names))
    totals = after[-1] if after else (0,) * len(names)
    winners = rules.winners(totals, len(hands))
    best = max(totals, default=0)
    standings = tuple(
        Standing(seat, name, total, "Winner" if seat in winners else "Leads" if hands and total == best else "",
                 bool(hands) and total == best, seat in winners)
        for seat, (name, total) in enumerate(zip(names, totals), start=1)
    )
    finished = bool(winners)
    if finished:
        status = f"{joined([names[seat - 1] for seat in winners])} won with {figure(best)}"
    elif hands:
        status = f"{joined([standing.name for standing in standings if standing.leads])} leads with {figure(best)}"
    else:
        status = "No hand yet"
    return SheetDisplay(
        game_id=game.pk,
        version=game.revision,
        date=game.date,
        names=names,
        hands=tuple(HandView(hand.number, tuple(hand.scores), totals) for hand, totals in zip(hands, after)),
        standings=standings,
        status=status,
        finished=finished,
        next_hand_number=None if finished else len(hands) + 1,
        full_message=f"The game is over after {rules.HANDS} hands." if finished else "",
    )


def list_status(names: Sequence[str], totals: Sequence[int], hand_count: int) -> str:
    """The game in a list, in a few words."""
    if winners := rules.winners(totals, hand_count):
        return f"{joined([names[seat - 1] for seat in winners])} won"
    return f"after {hand_count} of {rules.HANDS} hands"
