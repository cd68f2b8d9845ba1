"""The history of every game: each kind's games, filtered and paged, newest
first; each kind's spreadsheet of them. What a kind of game alone offers (its
own filters, orders and downloads) comes from its registration
(scorepads.history.OwnFilters)."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import push_url

from scorepads import exports, history, registry
from scorepads.history_filters import GameFilterForm, read_filters
from scorepads.requests import HtmxHttpRequest
from scorepads.views import bad_request, form_problem

GAMES_PER_PAGE = 25


@require_GET
@vary_on_headers("HX-Request")
def game_list(request: HtmxHttpRequest) -> HttpResponse:
    form = read_filters(request)
    kinds = form.kinds()
    order = form.order()
    own_kind = form.own_kind()
    if own_kind is not None and own_kind.own_filters is not None:
        # A filter or an order of one kind's own: its games, as it lists them.
        games = own_kind.own_filters.listed(request.user, form.cleaned_data).order_by(*order.fields)
        page = Paginator(games, GAMES_PER_PAGE).get_page(request.GET.get("page"))
        entries = [history.HistoryEntry(own_kind, row) for row in own_kind.history_rows(list(page.object_list))]
    else:
        page, entries = history.history_page(
            request.user,
            form.common_filters(),
            request.GET.get("page"),
            per_page=GAMES_PER_PAGE,
            of_kinds=kinds,
            oldest_first=order.oldest_first,
        )
    query = form.query()
    # No game at all (not one the filters left out): a new account, shown how to start.
    no_games = not page.paginator.count and not any(name != "sort" for name in query)
    template_name = "card_table/game_list.html"
    fragment = bool(request.htmx) and not request.htmx.history_restore_request
    if fragment:
        template_name += "#game-results"
    response = render(
        request,
        template_name,
        {
            "form": form,
            "page": page,
            "order": order,
            "entries": entries,
            "no_games": no_games,
            "start_links": start_links() if no_games else [],
            "query": query,
            "downloads": own_downloads(kinds, page, entries, query) if entries else [],
            "spreadsheets": spreadsheet_links(kinds, query) if entries else [],
            "below": [kind.own_filters.page_template for kind in registry.kinds() if kind.own_filters and kind.own_filters.page_template],
            "fragment": fragment,
        },
    )
    if fragment:
        # The address bar shows the filters in use and nothing else (no empty
        # fields, no value that was left out), so the address is worth sharing.
        address = query.copy()
        if page.number > 1:
            address["page"] = str(page.number)
        push_url(response, f"{reverse('game_list')}?{address.urlencode()}" if address else reverse("game_list"))
    return response


def own_downloads(kinds, page, entries, query) -> list[tuple[str, dict]]:
    """(template, context) of the downloads of each kind listed that has its own."""
    return [
        (kind.own_filters.downloads_template, kind.own_filters.downloads_context(page, entries, query))
        for kind in kinds or registry.kinds()
        if kind.own_filters and kind.own_filters.downloads_template and kind.own_filters.downloads_context
    ]


def spreadsheet_links(kinds: list[registry.GameKind] | None, query) -> list[tuple[str, str]]:
    """(label, address) of the spreadsheet of each kind listed that has the
    common one (a kind with downloads of its own offers them beside its JSON),
    with the filters in use."""
    links = []
    for kind in kinds or registry.kinds():
        if kind.csv_export is not None:
            wanted = query.copy()
            wanted["game"] = kind.slug
            links.append((kind.label, f"{reverse('games_csv')}?{wanted.urlencode()}"))
    return links


def start_links() -> list[tuple[str, str]]:
    """(label, address) of the page that starts a game of each kind."""
    return [(kind.label, reverse(kind.start_url_name)) for kind in registry.kinds() if kind.start_url_name]


def csv_kind(form: GameFilterForm) -> registry.GameKind | None:
    """The kind whose spreadsheet is asked for: the one ``game`` names, or,
    without one, the kind whose own spreadsheet is the history's (Gorilla's)."""
    if slug := form.cleaned_data.get("game"):
        return registry.kind(slug)
    return next((kind for kind in registry.kinds() if kind.own_filters and kind.own_filters.csv), None)


@require_GET
def games_csv(request: HttpRequest):
    """The games listed as a spreadsheet, those of the kind ``game`` names (or,
    without one, Gorilla's), in its own columns, oldest first. A filter that
    cannot be used is refused with a 400 naming it, rather than exporting
    everything."""
    form = read_filters(request)
    if form.errors:
        return bad_request(f"nothing was exported: {form_problem(form)}")
    kind = csv_kind(form)
    own = form.own_kind()
    if kind is None or (own is not None and own is not kind):
        return bad_request(f"nothing was exported: there is no spreadsheet of these games. The games are {registry.kinds_named()}.")
    if kind.own_filters and kind.own_filters.csv:
        return kind.own_filters.csv(request, form)
    games = kind.listed(request.user, form.common_filters()).order_by("date", "pk")
    return exports.games_csv(kind.csv_export, games)
