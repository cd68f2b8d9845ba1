"""The games the site keeps pads for, each registered once by its own app.

A game's app registers a :class:`GameKind` when it is ready (in its
``apps.py``; a seated game through :class:`scorepads.seated_app.SeatedGameConfig`),
and that registration is the only place the game is named: the site's URLs,
the pages kept offline, the entries recorded once, the daily limits, the
lists of games and the history, the spreadsheets, the data download and its
restore all read the registered kinds. Nothing else lists the games.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet


@dataclass(frozen=True)
class GameKind:
    """A game as the site and the kit know it: everything they do for the
    game they read from here."""

    slug: str  # the game in URLs (the history's ``game`` filter)
    label: str  # the game's name, as the lists show it
    recent: Callable[[Any, int], list]  # (user, limit) -> that user's latest games, newest first
    row_template: str  # one row of a list; it is given the game as `game`
    # (user, filters) -> the games of the history browser (a queryset; any order)
    # (filters: a scorepads.history.HistoryFilters)
    listed: Callable[[Any, Any], QuerySet]
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
    # restore counts against too: a scorepads.limits.DailyLimit (None: no
    # limit). Its number is a setting named from the slug, read from the
    # environment (TWO_WAY_STREET_GAMES_PER_DAY), the default when unset.
    daily_limit: Any = None
    # What the history offers for this kind alone: a scorepads.history.OwnFilters
    own_filters: Any = None
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
    # The app that is the game (its label: "two_way_street"), which registers it
    app: str = ""
    # The table its numbered entries go through: the dotted path of its
    # scorepads.table.Table ("pad.table.TABLE"); "" for a game with none
    table: str = ""


_kinds: dict[str, GameKind] = {}


def register(kind: GameKind) -> None:
    """Make ``kind`` known to the site (an app's ``ready``)."""
    _kinds[kind.slug] = kind


def unregister(slug: str) -> None:
    """Forget the game of ``slug`` (a game registered for a while, in the tests)."""
    _kinds.pop(slug, None)


def kinds() -> tuple[GameKind, ...]:
    """Every registered game, in the order of INSTALLED_APPS."""
    return tuple(_kinds.values())


def kind(slug: str) -> GameKind | None:
    return _kinds.get(slug)


def kinds_named() -> str:
    """The kinds as the ``game`` filter names them, for a message: "gorilla,
    two-way-street, mah-jongg and bridge"."""
    slugs = [kind.slug for kind in kinds()]
    return " and ".join(filter(None, [", ".join(slugs[:-1]), *slugs[-1:]]))
