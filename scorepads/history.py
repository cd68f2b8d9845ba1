"""The lists of games across every game the app keeps pads for.

Each game's registration (:class:`scorepads.registry.GameKind`) says how to
read the games a user may see, and the templates of one row. The lists (the front page's
recent games, the history browser) merge them, newest first, without knowing
any game.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import IntegerField, QuerySet, Value

from scorepads.registry import GameKind, kinds


def folded(text: str) -> str:
    """``text`` for a name search: without accents, case folded ("Émile" -> "emile")."""
    decomposed = unicodedata.normalize("NFKD", text.strip())
    return "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()


# The longest search the history applies: several words, each found in any of
# a game's names (a bridge event is named in up to 100 characters). A longer one
# is refused, naming the limit, never cut short or left out unsaid.
SEARCH_MAX_LENGTH = 200


def names_search(search: str) -> Callable[[Iterable[str]], bool]:
    """Whether a game's names (its players', its partners'; a ruling's event,
    note and board) answer a search: each word of the search must be found in
    one of them. "emil" finds Émile, "jon richard" the game of Jon and Richard,
    "mary ann" Mary Ann, "board 21" and "21" the ruling of board 21. A word
    that is a number is found only as a whole number: "21" finds board 21, not
    board 121 or an event of 2021. Case and accents are ignored; the search is
    folded once, for all the games it is asked about."""
    words = [
        re.compile(rf"(?<![0-9]){word}(?![0-9])") if word.isascii() and word.isdigit() else word
        for word in folded(search).split()
    ]

    def found(word, name: str) -> bool:
        return word in name if isinstance(word, str) else word.search(name) is not None

    def matches(names: Iterable[str]) -> bool:
        names = [folded(name) for name in names]
        return all(any(found(word, name) for name in names) for word in words)

    return matches


@dataclass(frozen=True)
class HistoryFilters:
    """The filters every game's history understands; "" or None means no filter."""

    player: str = ""  # a player's name, or part of it
    date_from: datetime.date | None = None
    date_to: datetime.date | None = None


def within_dates(games: QuerySet, filters) -> QuerySet:
    """``games`` (with a ``date``) from ``filters.date_from`` to ``filters.date_to``, where given."""
    if filters.date_from is not None:
        games = games.filter(date__gte=filters.date_from)
    if filters.date_to is not None:
        games = games.filter(date__lte=filters.date_to)
    return games


@dataclass(frozen=True)
class Order:
    """An order the history offers."""

    label: str
    fields: tuple  # for QuerySet.order_by
    # The pager's words for the page before and the page after, as the order
    # runs: newest first, the page before holds newer games.
    before: str = "Newer"
    after: str = "Older"
    oldest_first: bool = False


#: The orders every game's list knows, by the ``sort`` of the history's address.
NEWEST_FIRST = Order("Newest first", ("-date", "-created_at", "-pk"))
ORDERS: dict[str, Order] = {"oldest": Order("Oldest first", ("date", "created_at", "pk"), "Older", "Newer", oldest_first=True)}


@dataclass(frozen=True)
class OwnFilters:
    """Filters, orders and downloads that one kind of game alone has in the
    history (Gorilla's partnership, result and orders by the score). Using any
    of them lists that kind's games only."""

    # (user) -> the form fields, by the name of their query parameter, in order
    fields: Callable[[Any], dict[str, Any]]
    # how a message names each field ("partnership")
    names: dict[str, str]
    # (user, the form's cleaned data) -> the kind's games matching every filter (any order)
    listed: Callable[[Any, dict], QuerySet]
    # its orders by its own figures, by the ``sort`` of the address
    orders: dict[str, Order]
    # The history's block of this kind's downloads, given `query` and what
    # `downloads_context(page, entries, query)` returns, and what else the
    # page offers below the list (given `form`).
    downloads_template: str = ""
    downloads_context: Callable[[Any, list, Any], dict] | None = None
    page_template: str = ""
    # (request, form) -> the kind's spreadsheet of the games listed, when the
    # history's CSV is asked for without a game or with this one
    csv: Callable[[Any, Any], Any] | None = None


@dataclass(frozen=True)
class Entry:
    kind: GameKind
    game: Any  # a scorepads.models.ScorePadGame with a `date`


@dataclass(frozen=True)
class HistoryEntry:
    kind: GameKind
    row: Any  # what the kind's history_rows made of the game


def recent_entries(user, limit: int = 10) -> list[Entry]:
    """The latest ``limit`` games ``user`` may see, of every kind, newest first."""
    entries = [Entry(kind, game) for kind in kinds() for game in kind.recent(user, limit)]
    entries.sort(key=lambda entry: (entry.game.date, entry.game.created_at), reverse=True)
    return entries[:limit]


def history_page(
    user,
    filters: HistoryFilters,
    page_number,
    *,
    per_page: int,
    of_kinds: Sequence[GameKind] | None = None,
    oldest_first: bool = False,
) -> tuple[Page, list[HistoryEntry]]:
    """One page of the games of every kind (or of ``of_kinds``) that ``user``
    may see and ``filters`` match, newest first (or oldest first), and its rows.

    The kinds' games are merged in the database (a UNION of each kind's dates
    and ids), so a page costs the same few queries however many games there
    are: the count, the page, and each kind's rows on it.
    """
    chosen = list(kinds() if of_kinds is None else of_kinds)
    parts = [
        kind.listed(user, filters)
        .order_by()
        .values_list("date", "created_at", "pk", Value(index, output_field=IntegerField()))
        for index, kind in enumerate(chosen)
    ]
    merged = parts[0].union(*parts[1:], all=True) if len(parts) > 1 else parts[0]
    order = ("date", "created_at", "pk") if oldest_first else ("-date", "-created_at", "-pk")
    page = Paginator(merged.order_by(*order), per_page).get_page(page_number)
    wanted: dict[int, list[int]] = {}
    for _date, _created_at, pk, index in page.object_list:
        wanted.setdefault(index, []).append(pk)
    rows: dict[tuple[int, int], Any] = {}
    for index, pks in wanted.items():
        kind = chosen[index]
        # The page's games by id, among those the user may see: the filters
        # already chose them (a name search need not run again).
        games = list(kind.listed(user, HistoryFilters()).filter(pk__in=pks))
        for game, row in zip(games, kind.history_rows(games)):
            rows[index, game.pk] = row
    entries = [
        HistoryEntry(chosen[index], rows[index, pk])
        for _date, _created_at, pk, index in page.object_list
        if (index, pk) in rows
    ]
    return page, entries
