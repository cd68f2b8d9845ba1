"""Reads: a director's rulings, and each one's working calculated again."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import QuerySet

from bridge import calculator, display
from bridge.models import Ruling
from scorepads import access, history


def rulings_visible_to(user) -> QuerySet[Ruling]:
    """The rulings ``user`` may see: their own (staff: everyone's)."""
    return access.visible_to(user, Ruling.objects.all(), members="created_by")


def ruling_for(user, ruling_id: int) -> Ruling | None:
    return rulings_visible_to(user).filter(pk=ruling_id).first()


def recent_rulings(user, limit: int = 10) -> list[RulingRow]:
    """``user``'s latest rulings, newest first, as the lists show them."""
    return history_rows(rulings_visible_to(user).order_by("-date", "-id")[:limit])


# "board 21" in a search: that board and no other (where "21" alone is also
# found in an event or a note).
BOARD_SEARCH = re.compile(r"\bboard\s*([0-9]+)(?![0-9])", re.IGNORECASE)


def rulings_in_history(user, filters: history.HistoryFilters) -> QuerySet[Ruling]:
    """The rulings ``user`` may see that ``filters`` match. The search looks in
    the event's name, the director's note and the board: "board 21" finds
    board 21 only; "21" finds board 21, and an event or note with the number
    21 in it (:func:`history.names_search` says how words are found)."""
    rulings = history.within_dates(rulings_visible_to(user), filters)
    if filters.player.strip():
        boards = {int(number) for number in BOARD_SEARCH.findall(filters.player)}
        matches = history.names_search(BOARD_SEARCH.sub(" ", filters.player))
        found = [
            pk
            for pk, event, note, board in rulings.values_list("pk", "event", "note", "board")
            if boards <= {board} and matches((event, note, f"board {board}"))
        ]
        rulings = rulings.filter(pk__in=found)
    return rulings.order_by("-date", "-id")


@dataclass(frozen=True)
class RulingRow:
    """A ruling as the lists show it: the ruling and its figures on one line."""

    ruling: Ruling
    heading: str
    summary: str
    table: str = ""  # the pairs and the contract on one line, when filed

    # The lists of every game sort their rows by these.
    @property
    def date(self):
        return self.ruling.date

    @property
    def created_at(self):
        return self.ruling.created_at


def ruling_row(ruling: Ruling) -> RulingRow:
    return RulingRow(
        ruling,
        *_heading_and_summary(ruling),
        table=display.table_line(
            ns_pair=ruling.ns_pair, ew_pair=ruling.ew_pair, contract=ruling.contract, declarer=ruling.declarer
        ),
    )


def _heading_and_summary(ruling: Ruling) -> tuple[str, str]:
    worked = ruling_working(ruling)
    chosen = calculator.calculation(ruling.calculation)
    heading = chosen.heading if chosen else ruling.calculation
    return heading, worked.summary if worked else "cannot be calculated"


def history_rows(rulings: Iterable[Ruling]) -> list[RulingRow]:
    return [ruling_row(ruling) for ruling in rulings]


def ruling_working(ruling: Ruling) -> display.Working | None:
    """The ruling's working, calculated from what was typed; None should the
    stored inputs no longer calculate (they did when saved)."""
    chosen = calculator.calculation(ruling.calculation)
    if chosen is None:
        return None
    try:
        result = calculator.calculate(chosen, ruling.inputs, ruling.vulnerability)
    except calculator.ScoringError:
        return None
    return display.working(chosen, result)


def ruling_facts(ruling: Ruling) -> list[tuple[str, str]]:
    """What the director typed for ``ruling``, as (label, text) rows."""
    chosen = calculator.calculation(ruling.calculation)
    return display.facts(chosen, ruling.inputs, ruling.vulnerability) if chosen else []


def ruling_table(ruling: Ruling) -> list[tuple[str, str]]:
    """The table as the director filed it for ``ruling``, as (label, text) rows."""
    return display.filed(
        ns_pair=ruling.ns_pair,
        ew_pair=ruling.ew_pair,
        contract=ruling.contract,
        declarer=ruling.declarer,
        auction=ruling.auction,
        director=ruling.director,
    )

