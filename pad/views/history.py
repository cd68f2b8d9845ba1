"""Gorilla's downloads from the history of every game (CSV, JSON, the pads
of a day) and a partnership's record and downloads.

Everything here reads the summary fields stored on each game (pad.summaries),
so a page costs the same few queries with ten games or ten thousand.
"""

from __future__ import annotations

import itertools

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, StreamingHttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET

from pad import accounts, pdf, selectors, statistics, summaries
from pad import history as own
from pad.display import day_session, pad_display, played_order, wallow
from pad.exchange import export_text, hand_rows, with_rematch_uid
from pad.models import MAX_MEMBERS
from pad.views.printing import pads_print_cost
from scorepads import exports, registry
from scorepads.exports import attachment_name
from scorepads.history_filters import GameFilterForm, read_filters
from scorepads.pdf import PAGE_SIZE_LABELS
from scorepads.printing import digest
from scorepads.requests import LoggedInHttpRequest
from scorepads.views import attachment_header, bad_request, form_problem, name_slug, printed, spreadsheet_safe

GORILLA = "gorilla"  # the game kind of this app (pad/apps.py)


def csv_counts() -> list[statistics.StoredCount]:
    """The stored counts that are not already a statistic's column."""
    keys = {statistic.key for statistic in statistics.STATISTICS}
    return [count for count in statistics.STORED_COUNTS if count.field not in keys]


# A hand's columns of the spreadsheet: what was entered for it, as gorilla-pad/2 holds it.
HAND_COLUMNS = (
    ("hand", "number"), ("outcome", "outcome"), ("dealer", "dealer"), ("taker", "taker"),
    ("fates point", "fates_point"), ("irregularity", "irregularity"), ("taker's cards", "taker_cards"),
    ("giver's cards", "giver_cards"), ("verdict by", "verdict_by"),
)
CSV_CHUNK = 200  # games read at a time, each chunk's hands in one query: one chunk in memory


def csv_header() -> list[str]:
    return [
        "game", "date", "odd", "even", "first dealer", "started", "finished", "rematch",
        "partnership score", "fates score", "result", "winner",
        *(heading for statistic in statistics.STATISTICS for heading in statistic.csv_headings),
        *(count.heading for count in csv_counts()),
        "theirs to win from hand",
        "notes",
        *(heading for heading, _field in HAND_COLUMNS),
    ]


def csv_rows(games):
    """The rows of the CSV export, the header first: a row per hand, each with
    its game's facts (a game with no hand yet, one row with no hand). A game is
    named by its uid, never a database key; its rematch too. A spreadsheet
    reads it as written: names and notes never run as formulas, every count is
    a number of its own, and the file starts with a byte order mark (Excel
    reads UTF-8 then)."""
    yield csv_header()
    counts = csv_counts()
    read = with_rematch_uid(games).iterator(chunk_size=CSV_CHUNK)
    while chunk := list(itertools.islice(read, CSV_CHUNK)):
        hands = hand_rows([game.pk for game in chunk])
        for game in chunk:
            tally = selectors.tally_of(game)
            result = game.result_of_game
            names = game.partnership.names
            facts = [
                game.uid,
                game.date.isoformat(),
                spreadsheet_safe(game.partnership.odd_name),
                spreadsheet_safe(game.partnership.even_name),
                game.first_dealer_seat.value,
                exports.cell(game.created_at),
                exports.cell(game.finished_at),
                exports.cell(game.rematch_uid),
                game.partnership_score,
                game.fates_score,
                result.slug,
                result.winner or "",
                *(cell for value in statistics.statistic_values(tally, names) for cell in value.cells),
                *(tally[count.field] for count in counts),
                game.responsible_from_hand or "",
                spreadsheet_safe(game.notes),
            ]
            for hand in hands[game.pk] or [None]:
                yield [*facts, *(exports.cell(hand and getattr(hand, field)) for _heading, field in HAND_COLUMNS)]


def export_filters(request: HttpRequest) -> GameFilterForm:
    """The filters of an export of Gorilla games; ValueError naming the first
    that cannot be used (a list shows what it can, but an export must not
    quietly hold everything), or another game asked for (never Gorilla games
    in its stead)."""
    form = read_filters(request)
    if form.errors:
        raise ValueError(f"nothing was exported: {form_problem(form)}")
    if (game := form.cleaned_data.get("game")) not in ("", None, GORILLA):
        raise ValueError(
            f"nothing was exported: game: “{game}” games are not in this export, which holds Gorilla games "
            f"only (game={GORILLA}, or no game). The games are {registry.kinds_named()}."
        )
    return form


def gorilla_csv(request: HttpRequest, form: GameFilterForm) -> StreamingHttpResponse:
    """The Gorilla games listed as a spreadsheet (the history's CSV without a
    game, or with game=gorilla)."""
    rows = csv_rows(selectors.games_for_history(own.filters(form.cleaned_data), user=request.user))
    return exports.csv_response(rows, attachment_name("gorilla-games", "csv"))


@require_GET
def games_pdf(request: HttpRequest) -> HttpResponse:
    """The pads of the Gorilla games listed (a day's session, say), one PDF,
    led by a page of the games and the day's totals: the same filters as the
    list, at most ``pdf.MAX_PADS`` games."""
    try:
        filters = own.filters(export_filters(request).cleaned_data)
    except ValueError as error:
        return bad_request(str(error))
    games = list(selectors.games_for_export(filters, user=request.user)[: pdf.MAX_PADS + 1])
    if not games:
        return bad_request("no game matches these filters: there is no pad to print")
    if len(games) > pdf.MAX_PADS:
        return bad_request(
            f"more than {pdf.MAX_PADS} games match these filters: one PDF holds {pdf.MAX_PADS} pads; "
            "narrow the list (a day, a partnership) and print again"
        )
    games.sort(key=played_order)  # as they were played: the day's page numbers them so

    def render(size: str) -> bytes:
        pads = []
        for game in games:
            hands = selectors.hands_of(game)
            pads.append(pdf.pad_context(pad_display(game, hands), wallow(hands, game.partnership.names)))
        return pdf.render_game_pads(pads, size, day=day_session(games, timezone.get_current_timezone()))

    return printed(
        request,
        # Each game's revision names its pad and its line on the day's page; the partners' names head them.
        cache_key=lambda size: "pad-day:"
        + digest([(game.pk, game.revision, game.partnership.names) for game in games], size),
        render=render,
        filename=attachment_name("gorilla-pads", "pdf"),
        cost=pads_print_cost(games),
    )


def json_attachment(games, stem: str) -> StreamingHttpResponse:
    """``games`` (with their hands) as a ``gorilla-pad/2`` download, streamed."""
    return StreamingHttpResponse(
        export_text(games),
        content_type="application/json",
        headers={"Content-Disposition": attachment_header(attachment_name(stem, "json"))},
    )


@require_GET
def games_json(request: HttpRequest) -> StreamingHttpResponse | HttpResponseBadRequest:
    try:
        filters = own.filters(export_filters(request).cleaned_data)
    except ValueError as error:
        return bad_request(str(error))
    return json_attachment(selectors.games_for_export(filters, user=request.user), "gorilla-games")


@require_GET
def account_data(request: LoggedInHttpRequest) -> StreamingHttpResponse:
    """All of the account's Gorilla games, as a ``gorilla-pad/2`` JSON download."""
    name = f"gorilla-pad-{request.user.get_username()}-{timezone.localdate().isoformat()}.json"
    return StreamingHttpResponse(
        accounts.account_data(request.user),
        content_type="application/json",
        headers={"Content-Disposition": attachment_header(name)},
    )


@require_GET
def partnership_games_json(request: HttpRequest, partnership_id: int) -> StreamingHttpResponse:
    partnership = get_object_or_404(selectors.partnerships_of(request.user), pk=partnership_id)
    games = selectors.games_for_export(selectors.GameFilters(partnership=partnership), user=request.user)
    stem = name_slug(f"gorilla {partnership.odd_name} {partnership.even_name}") or "gorilla-games"
    return json_attachment(games, stem)


@require_GET
def partnership_detail(request: HttpRequest, partnership_id: int) -> HttpResponse:
    partnership = get_object_or_404(selectors.partnerships_of(request.user), pk=partnership_id)
    members = selectors.members_of(partnership)
    invitation = selectors.open_invitation(partnership)
    stats = selectors.partnership_statistics(partnership)
    return render(
        request,
        "pad/history/partnership.html",
        {
            "partnership": partnership,
            "stats": stats,
            "members": members,
            "can_invite": len(members) < MAX_MEMBERS,
            "invitation_url": invitation
            and request.build_absolute_uri(reverse("invitation_accept", args=[invitation.token])),
            "seasons": summaries.seasons(selectors.finished_months(partnership)),
            "page_sizes": PAGE_SIZE_LABELS.items(),
            "max_copies": pdf.MAX_COPIES,
            "today": timezone.localdate(),
        },
    )
