"""The director's book of the day's rulings at the kit's table
(:class:`scorepads.table.Table`): a ruling is a numbered entry of its book,
recorded once, undone and put back, changed and versioned as every game's
entries are.

The book's page is drawn as regions, which a tap's answer patches. A ruling
is recorded from the calculator (:func:`bridge.views.calculator_page`),
which finds the book from the ruling's date rather than from its address,
and changed on it (:func:`bridge.views.ruling_change`), each through this
table's rules and answered by the table; Undo and Redo are the table's own
taps on the book's page.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from bridge import selectors, services
from bridge.forms import RulingEntry
from bridge.models import Ruling, RulingBook, book_title
from bridge.selectors import ruling_row
from bridge.services import BookState
from scorepads import views as shared
from scorepads.display import Changer
from scorepads.recording import GameToChange
from scorepads.regions import PadMeta, Region, meta_region
from scorepads.table import NothingPutBack, Table
from scorepads.table.seated import SEATED_REGIONS, LastHand, StatusLine

BOOK_TEMPLATE = "bridge/book.html"
# What the book calls its entries, one and several.
NOUN, NOUNS = "ruling", "rulings"


@dataclass(frozen=True)
class BookRow:
    """A ruling as its book's page shows it on one line: its number, the
    board, what was calculated and what it came to (:class:`bridge.selectors.RulingRow`)."""

    ruling_id: int
    number: int
    event: str
    board: int
    heading: str
    summary: str
    table: str


def book_row(ruling: Ruling) -> BookRow:
    row = ruling_row(ruling)
    return BookRow(ruling.pk, ruling.number, ruling.event, ruling.board, row.heading, row.summary, row.table)


@dataclass(frozen=True)
class BookDisplay:
    """The book's page: its rulings in order and its revision."""

    book_id: int
    date: datetime.date
    version: int
    rows: tuple[BookRow, ...]
    last_number: int

    @property
    def title(self) -> str:
        """"Rulings, Saturday 28 November 2026": the book as its page and its lists name it."""
        return book_title(self.date)

    @property
    def status(self) -> str:
        count = len(self.rows)
        return f"{self.title} · {count} {NOUN if count == 1 else NOUNS}"

    @property
    def newest(self) -> BookRow | None:
        """The ruling an Undo takes back: the newest, unless it was deleted."""
        last = self.rows[-1] if self.rows else None
        return last if last is not None and last.number == self.last_number else None


def book_at(book: RulingBook, state: BookState | None = None, *, version: int | None = None) -> BookDisplay:
    """The page of ``book`` from ``state`` (what a service read or left), or from its stored rulings."""
    if state is None:
        state = BookState(tuple(selectors.book_rulings(book)), book.last_number)
    return BookDisplay(
        book_id=book.pk,
        date=book.date,
        version=book.revision if version is None else version,
        rows=tuple(book_row(ruling) for ruling in state.rulings),
        last_number=state.last_number,
    )


def said(ruling: Ruling, how: str) -> str:
    """What a tap did to a ruling, as the toast says it: "Ruling 3 · Club
    pairs, board 7 recorded" ("saved" is the calculator's button; a ruling
    recorded is in its book)."""
    return f"{ruling} {how}"


class BridgeRules:
    """The rulings of a book as the table records, undoes, puts back and changes them."""

    def revision(self, user, game_id: int) -> int | None:
        return selectors.book_revision(user, game_id)

    def game_shown(self, request, game_id: int) -> RulingBook:
        return shared.found(selectors.book_for(request.user, game_id))

    def game_to_change(self, request, game_id: int) -> GameToChange:
        """The book a tap changes, if it is the user's own: read once, under its
        lock, by the service (a stranger's tap is refused, and answered with a 404)."""
        return GameToChange(selectors.books_to_change(request.user).select_related("created_by"), game_id)

    def hand_form(self, data, game) -> RulingEntry:
        """The calculator's post (``data`` names its ``calculation``)."""
        return RulingEntry(data, user=game.created_by)

    def record(self, game, number: int | None, form) -> Ruling:
        """Record the form's ruling as the next of the book of its date (``game``: the calculator
        finds the book from the form, and the service makes it with the day's first ruling)."""
        return services.ruling_record(user=form.user, number=number, **form.ruling())

    def repeats(self, game, number: int, form) -> bool:
        return False  # a ruling sent again is found by its key (scorepads.entries), never by its content

    def undo(self, game, number: int) -> Ruling:
        return services.ruling_undo_last(book=game, expected_number=number)

    def hand_fields(self, hand) -> dict[str, Any]:
        return services.undone_fields(hand)

    def put_back(self, game, fields: dict[str, Any]) -> Ruling:
        book = game if isinstance(game, RulingBook) else game.games.get(pk=game.pk)
        try:
            return services.ruling_put_back(user=book.created_by, fields=fields)
        except (KeyError, TypeError, ValueError) as error:
            raise NothingPutBack(f"Nothing was redone ({error}).") from None

    def change_form(self, data, game):
        return self.hand_form(data, game)

    def change(self, game, number: int, form) -> Ruling:
        return services.ruling_change(book=game, number=number, **form.ruling())


class BridgeDisplay:
    """The book's page as the table draws it."""

    page_template = BOOK_TEMPLATE
    page_fragment = "book"

    def display_at(self, game, state=None, *, version: int | None = None) -> BookDisplay:
        return book_at(game, state, version=version)

    def regions(
        self, request, game, shown, *, toast: Region, before: bool = False, form=None, moved_by: Changer | None = None
    ) -> tuple[Region, ...]:
        """The book as regions, in the page's order: its meta, the status line
        and the toast at its top, its rulings a numbered row each (the newest
        last, as saved), and the Undo of the newest."""
        newest = shown.newest
        meta = PadMeta(version=str(shown.version), announce=shown.status, keep_while=str(shown.last_number + 1))
        return (
            meta_region(meta),
            Region("status-bar", f"{SEATED_REGIONS}#status-bar", StatusLine(shown.status, None, False)),
            toast,
            Region(
                "rulings",
                f"{BOOK_TEMPLATE}#rulings",
                bool(shown.rows),
                rows=tuple(
                    Region(f"ruling-{row.number}", f"{BOOK_TEMPLATE}#ruling-row", row, kept=True) for row in shown.rows
                ),
                rows_in="ruling-rows",
                holder="ol",
            ),
            Region(
                "corrections",
                f"{SEATED_REGIONS}#corrections",
                newest and LastHand(reverse("bridge:hand_undo", args=[shown.book_id]), newest.number, False, NOUN),
            ),
        )

    def toast_numbers(self, shown) -> tuple[int | None, int | None]:
        newest = shown.newest
        return (newest.number if newest else None), shown.last_number + 1

    def said(self, shown, hand, how: str) -> str:
        return said(hand, how)

    def entries_stored(self, shown) -> None:
        return None  # the calculator's form keeps a ruling offline, not the book's page

    def moved_by(self, request, game) -> Changer | None:
        return None  # a book is one director's

    def page_context(self, request, game, shown) -> dict[str, Any]:
        return {}


RULES = BridgeRules()
TABLE = Table(urls="bridge", page="book", rules=RULES, display=BridgeDisplay())
