"""Printable pads: a game's score pad, and blank pads to take to the table."""

from __future__ import annotations

import datetime
import re

from django.contrib.auth.decorators import login_not_required
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.views.decorators.http import require_GET

from pad import pdf, selectors
from pad.display import pad_display, wallow
from scorepads.printing import digest, print_cost
from scorepads.views import bad_request, printed

ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@require_GET
def game_pad_pdf(request, game_id: int):
    """The game's printed pad; rendered once for each revision of the game."""
    game = get_object_or_404(
        selectors.games_visible_to(request.user).select_related("partnership"), pk=game_id
    )
    return game_pad_printed(request, game)


@login_not_required
@require_GET
def shared_pad_pdf(request, token: str):
    """The printed pad of a shared game, for anyone with the link; a revoked link is a 404."""
    game = selectors.shared_game(token)
    if game is None:
        raise Http404("No such shared pad.")
    return game_pad_printed(request, game)


def render_game_pad(game, size: str) -> bytes:
    hands = selectors.hands_in_order(game)
    return pdf.render_game_pad(pad_display(game, hands), size, wallow=wallow(hands, game.partnership.names))


def game_pad_printed(request, game):
    return printed(
        request,
        cache_key=lambda size: pdf.game_pad_cache_key(game.pk, game.revision, size),
        render=lambda size: render_game_pad(game, size),
        filename=pdf.game_pad_filename(game.partnership, game.date),
        cost=pads_print_cost([game]),
    )


def pads_print_cost(games) -> int:
    """What the pads of ``games`` cost to print (scorepads.printing.print_cost):
    their charts' cells, and the text printed beside them, the partners'
    names, the games' notes and the hands' irregularity notes (one query)."""
    return print_cost(
        cells=sum(pdf.pad_cells(game.partnership_score + game.fates_score) for game in games),
        text=[
            *(text for game in games for text in (game.notes, *game.partnership.names.values())),
            *selectors.irregularity_notes(games),
        ],
    )


@require_GET
def partnership_blank_pdf(request, partnership_id: int):
    partnership = get_object_or_404(selectors.partnerships_of(request.user), pk=partnership_id)
    try:
        date = blank_pad_date(request)
        copies = blank_pad_copies(request)
    except ValueError as error:
        return bad_request(str(error))
    return printed(
        request,
        cache_key=lambda size: "pad-blank:" + digest(partnership.names, date, copies, size),
        render=lambda size: pdf.render_blank_pads(partnership, date, copies, size),
        filename=pdf.blank_pad_filename(partnership, date),
        cost=print_cost(cells=pdf.blank_cells(copies), text=partnership.names.values()),
    )


def blank_pad_date(request) -> datetime.date:
    """The ``date`` parameter as YYYY-MM-DD, today when absent or empty."""
    text = request.GET.get("date")
    if not text:  # absent, or the form's date left empty
        return timezone.localdate()
    if ISO_DATE.fullmatch(text):
        try:
            return datetime.date.fromisoformat(text)
        except ValueError:
            pass
    raise ValueError(f"date must be a date like 2026-07-09, not {text!r}")


def blank_pad_copies(request) -> int:
    """The ``copies`` parameter (1 when absent or empty), checked by pdf.check_copies."""
    text = request.GET.get("copies")
    if not text:
        return 1
    if not (text.isascii() and text.isdigit() and len(text) <= 4):
        raise ValueError(f"copies must be a whole number from 1 to {pdf.MAX_COPIES}, not {text[:12]!r}")
    return pdf.check_copies(int(text))


@require_GET
def partnership_season_pdf(request, partnership_id: int):
    """A partnership's season report (``?season=2026`` or ``2026-07``; this
    year when absent) as PDF."""
    partnership = get_object_or_404(selectors.partnerships_of(request.user), pk=partnership_id)
    try:
        season = pdf.season_of(request.GET.get("season") or str(timezone.localdate().year))
    except ValueError as error:
        return bad_request(str(error))
    statistics = selectors.partnership_statistics(partnership, date_from=season.first, date_to=season.last)
    games = selectors.finished_games(partnership, date_from=season.first, date_to=season.last)
    return printed(
        request,
        # The report shows the partners' names, the season's statistics and its games: nothing else.
        cache_key=lambda size: "pad-season-report:" + digest(partnership.names, season, statistics, games, size),
        render=lambda size: pdf.render_season_report(statistics, games, season, size),
        filename=pdf.season_filename(partnership, season),
        cost=print_cost(cells=pdf.season_cells(games), text=partnership.names.values()),
    )
