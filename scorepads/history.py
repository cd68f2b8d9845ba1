"""The lists of games across every game the app keeps pads for.

Each game's app registers a :class:`GameKind` when it is ready: how to read the
games a user may see, and the templates of one row. The lists (the front page's
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
class GameKind:
    slug: str  # the game in URLs (the history's ``game`` filter)
    label: str  # the game's name, as the lists show it
    recent: Callable[[Any, int], list]  # (user, limit) -> that user's latest games, newest first
    row_template: str  # one row of a list; it is given the game as `game`
    # (user, filters) -> the games of the history browser (a queryset; any order)
    listed: Callable[[Any, HistoryFilters], QuerySet]
    # (games) -> what the history's row template is given as `row`, one per game, same order
    history_rows: Callable[[Sequence[Any]], list]
    history_row_template: str
    # The URL name of the page that starts a game of this kind: the header's
    # "New game" menu and the history's links for a new account.
    start_url_name: str = ""
    # (user, text stream) -> writes the user's own games as JSON, for the
    # download of all one's data (scorepads.account_data)
    account_data: Callable[[Any, Any], None] | None = None
    # (user) -> deletes what of this kind would be left with no member once the
    # account is deleted, in the deletion's transaction; how many games went
    account_deleting: Callable[[Any], int] | None = None
    # For a game with seats, joined by invitation and left at will: its
    # scorepads.seating.Seated
    seated: Any = None
    # Its spreadsheet: a scorepads.exports.CsvExport (the history's CSV
    # download, game=<slug>); None for a kind with an export of its own
    csv_export: Any = None
    # How its file of the data download is read back into an account: a
    # scorepads.restore.Format (the file account_data writes)
    restore: Any = None
    # The day's limit on the games of this kind an account makes, which a
    # restore counts against too: a scorepads.limits.DailyLimit (None: no limit)
    daily_limit: Any = None
    # (user, since) -> deletes what a restore that failed made of this kind
    # besides its games (those go by their ``restoring``), made since ``since``
    restore_failed: Callable[[Any, Any], int] | None = None
    # What the history offers for this kind alone: a scorepads.history.OwnFilters
    own_filters: OwnFilters | None = None
    # The front page's part for this kind (a template, given what
    # `front_context(request)` returns), above the recent games
    front_template: str = ""
    front_context: Callable[[Any], dict] | None = None
    # The account page's words on this kind's own download (a template), and
    # the deletion page's on what deleting the account does to its games (a
    # template, given what `deletion_context(user)` returns)
    account_template: str = ""
    deletion_template: str = ""
    deletion_context: Callable[[Any], dict] | None = None
    # The length limits its templates read as `limits.<name>` (maxlength)
    limits: tuple[tuple[str, int], ...] = ()
    # The game on a phone without a connection. The URL names of its pages
    # the service worker keeps once opened (scorepads.app_shell makes the
    # addresses it matches from the URLs), and of the views its entry forms
    # post to: each entry is recorded once however often the phone sends it
    # (scorepads.entries; the form's button is marked data-queue-entry).
    kept_pages: tuple[str, ...] = ()
    entry_views: tuple[str, ...] = ()
    # Its addresses: the module of its URLs ("mahjong.urls") and where they
    # start ("mah-jongg/"; "" at the site's root, after the site's own). The
    # site's URLs include them (scorepads.game_urls).
    urls: str = ""
    url_prefix: str = ""
    # The table its numbered entries go through: the dotted path of its
    # scorepads.table.Table ("pad.table.TABLE"); "" for a game with none
    table: str = ""


@dataclass(frozen=True)
class Entry:
    kind: GameKind
    game: Any  # a scorepads.models.ScorePadGame with a `date`


@dataclass(frozen=True)
class HistoryEntry:
    kind: GameKind
    row: Any  # what the kind's history_rows made of the game


_kinds: dict[str, GameKind] = {}


def register(kind: GameKind) -> None:
    _kinds[kind.slug] = kind


def kinds() -> tuple[GameKind, ...]:
    return tuple(_kinds.values())


def kind(slug: str) -> GameKind | None:
    return _kinds.get(slug)


def kinds_named() -> str:
    """The kinds as the ``game`` filter names them, for a message: "gorilla,
    two-way-street, mah-jongg and bridge"."""
    slugs = [kind.slug for kind in kinds()]
    return " and ".join(filter(None, [", ".join(slugs[:-1]), *slugs[-1:]]))


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
