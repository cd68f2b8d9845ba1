"""Reads: a director's books of the day's rulings, the rulings, and each
one's working calculated again. A ruling's date is its book's: every
ruling read here carries it (``date``, read from the book)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, F, Q, QuerySet

from bridge import calculator, display
from bridge.models import Ruling, RulingBook
from scorepads import access, history

# Who a book and a ruling are of: the director, by the book.
BOOK_OWNER = "created_by"
RULING_OWNER = "book__created_by"


def books_visible_to(user) -> QuerySet[RulingBook]:
    """The books ``user`` may see: their own (staff: everyone's)."""
    return access.visible_to(user, RulingBook.objects.all(), members=BOOK_OWNER)


def books_to_change(user) -> QuerySet[RulingBook]:
    """The books ``user`` may change: their own alone (staff see others', and change none)."""
    return access.own(user, RulingBook.objects.all(), members=BOOK_OWNER)


def book_for(user, book_id: int) -> RulingBook | None:
    return books_visible_to(user).filter(pk=book_id).first()


def book_revision(user, book_id: int) -> int | None:
    """The book's revision, for its page's poll; None when ``user`` may see no such book."""
    return access.revision_for(user, RulingBook, book_id, members=BOOK_OWNER)


def book_rulings(book: RulingBook) -> list[Ruling]:
    """The book's rulings in order, each holding the book."""
    rulings = list(access.written(book.rulings.all()).order_by("number"))
    for ruling in rulings:
        ruling.book = book
    return rulings


def book_ruling(book: RulingBook, number: int) -> Ruling | None:
    """Ruling ``number`` of the book, holding the book."""
    ruling = access.written(book.rulings.filter(number=number)).first()
    if ruling is not None:
        ruling.book = book
    return ruling


def rulings_visible_to(user) -> QuerySet[Ruling]:
    """The rulings ``user`` may see: their own (staff: everyone's), each with its book and its date."""
    rulings = access.visible_to(user, Ruling.objects.filter(book__restoring=None), members=RULING_OWNER)
    return rulings.select_related("book").annotate(date=F("book__date"))


def ruling_for(user, ruling_id: int) -> Ruling | None:
    return rulings_visible_to(user).filter(pk=ruling_id).first()


def recent_rulings(user, limit: int = 10) -> list[RulingRow]:
    """``user``'s latest rulings, newest first, as the lists show them."""
    return history_rows(rulings_visible_to(user).order_by("-book__date", "-book_id", "-number")[:limit])


@dataclass(frozen=True)
class BookLine:
    """A book as the calculator's home lists it: its date and how many rulings it holds."""

    book: RulingBook
    count: int


def recent_books(user, limit: int = 5) -> list[BookLine]:
    """``user``'s latest books of rulings, newest first, with how many rulings each holds."""
    books = books_visible_to(user).annotate(count=Count("rulings", filter=Q(rulings__restoring=None)))
    return [BookLine(book, book.count) for book in books.order_by("-date", "-id")[:limit]]


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
    return rulings.order_by("-book__date", "-book_id", "-number")


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

