"""The history browser: every game, filtered and paged; a partnership's record;
the same lists as CSV and JSON downloads.

Everything here reads the summary fields stored on each game (pad.summaries),
so a page costs the same few queries with ten games or ten thousand.
"""

from __future__ import annotations

import datetime

from django import forms
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, QueryDict, StreamingHttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import push_url

from pad import pdf, rules, selectors, statistics, summaries
from pad.display import day_session, pad_display, wallow
from pad.exchange import export_text
from pad.models import MAX_MEMBERS, NAME_MAX_LENGTH, Partnership
from scorepads import exports, history
from scorepads.exports import attachment_name
from scorepads.pdf import PAGE_SIZE_LABELS
from scorepads.printing import digest
from scorepads.views import (
    attachment_header,
    bad_request,
    form_problem,
    name_slug,
    printed,
    spreadsheet_safe,
)

GAMES_PER_PAGE = 25
GORILLA = "gorilla"  # the game kind of this app (pad/apps.py)

RESULT_CHOICES = [("", "Any result"), *((result.slug, result.label) for result in rules.Result)]


FILTER_NAMES = {
    "game": "game",
    "player": "search",
    "partnership": "partnership",
    "result": "result",
    "date_from": "from date",
    "date_to": "to date",
    "sort": "order",
}


class FilterDateField(forms.DateField):
    """A date as an ``<input type="date">`` sends it, with an error naming the value."""

    widget = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")

    def to_python(self, value):
        try:
            return super().to_python(value)
        except ValidationError:
            raise ValidationError(
                f"“{str(value)[:30]}” is not a date: write dates like 2026-07-09.", code="invalid"
            ) from None


def game_choices() -> list[tuple[str, str]]:
    return [("", "Every game"), *((kind.slug, kind.label) for kind in history.kinds())]


class GameFilterForm(forms.Form):
    """The games list's filters, from the query string. A value that cannot be
    used is reported and that filter left out; the other filters still apply.

    The list holds the games of every kind the app keeps (``game`` narrows it
    to one); a partnership or a result are Gorilla's, and choosing one lists
    Gorilla games only."""

    game = forms.ChoiceField(choices=game_choices, required=False)
    player = forms.CharField(
        label="Search",
        required=False,
        max_length=NAME_MAX_LENGTH,
        strip=True,
        widget=forms.TextInput(
            attrs={"type": "search", "placeholder": "A name, an event, a board", "autocomplete": "off"}
        ),
        error_messages={"max_length": "A name has at most %(limit_value)d characters."},
    )
    partnership = forms.ModelChoiceField(
        queryset=Partnership.objects.all(),
        required=False,
        empty_label="All partnerships",
        error_messages={"invalid_choice": "There is no partnership “%(value)s”."},
    )
    result = forms.ChoiceField(
        choices=RESULT_CHOICES,
        required=False,
        error_messages={
            "invalid_choice": "“%(value)s” is not a result: choose won, lost or in progress."
        },
    )
    date_from = FilterDateField(label="From", required=False)
    date_to = FilterDateField(label="To", required=False)
    sort = forms.ChoiceField(
        label="Order",
        choices=[("", selectors.NEWEST_FIRST.label), *((key, order.label) for key, order in selectors.GAME_ORDERS.items())],
        required=False,
        error_messages={"invalid_choice": "“%(value)s” is not an order the list knows."},
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The games are those registered when the apps were ready.
        self.fields["game"].error_messages["invalid_choice"] = (
            f"“%(value)s” is not a game this app keeps. The games are {history.kinds_named()}."
        )

    def clean(self):
        cleaned = super().clean()
        date_from, date_to = cleaned.get("date_from"), cleaned.get("date_to")
        if date_from and date_to and date_to < date_from:
            self.add_error("date_to", f"{date_to.isoformat()} is before the from date.")
        if cleaned.get("game") not in ("", None, GORILLA):
            for name in ("partnership", "result"):
                if cleaned.get(name):
                    self.add_error(name, f"Only Gorilla games have a {FILTER_NAMES[name]}.")
            if (order := selectors.GAME_ORDERS.get(cleaned.get("sort"))) and order.gorilla_only:
                self.add_error("sort", "Only Gorilla games are listed by their score.")
        return cleaned

    def kinds(self) -> list[history.GameKind] | None:
        """The kinds of game listed: one, or every kind (None). A partnership or
        a result lists Gorilla games only."""
        data = self.cleaned_data
        order = selectors.GAME_ORDERS.get(data.get("sort"))
        if data.get("partnership") or data.get("result") or (order and order.gorilla_only):
            return [history.kind(GORILLA)]
        slug = data.get("game")
        return [history.kind(slug)] if slug else None

    def common_filters(self) -> history.HistoryFilters:
        data = self.cleaned_data
        return history.HistoryFilters(
            player=data.get("player") or "", date_from=data.get("date_from"), date_to=data.get("date_to")
        )

    def filters(self) -> selectors.GameFilters:
        """The filters that could be read; call after :meth:`is_valid`."""
        data = self.cleaned_data
        result = data.get("result")
        return selectors.GameFilters(
            partnership=data.get("partnership"),
            result=rules.Result.from_slug(result) if result else None,
            date_from=data.get("date_from"),
            date_to=data.get("date_to"),
            player=data.get("player") or "",
        )

    def problems(self) -> list[str]:
        """One sentence for each filter that was left out, saying why."""
        return [
            f"{' '.join(errors)} "
            + ("The list is newest first." if name == "sort" else f"The list is not filtered by {FILTER_NAMES[name]}.")
            for name, errors in self.errors.items()
            if name in FILTER_NAMES
        ]

    def query(self) -> QueryDict:
        """The query string of the filters in use: for links and the address bar."""
        query = QueryDict(mutable=True)
        for name in self.fields:
            value = self.cleaned_data.get(name)
            if isinstance(value, Partnership):
                value = value.pk
            elif isinstance(value, datetime.date):
                value = value.isoformat()
            if value:
                query[name] = str(value)
        return query

    def active_count(self) -> int:
        return len([name for name in self.query() if name not in ("player", "sort")])

    def order(self) -> selectors.GameOrder:
        """The order asked for, the newest first unless another could be read."""
        return selectors.GAME_ORDERS.get(self.cleaned_data.get("sort"), selectors.NEWEST_FIRST)


def read_filters(request: HttpRequest) -> GameFilterForm:
    form = GameFilterForm(request.GET)
    form.fields["partnership"].queryset = selectors.partnerships_of(request.user)
    form.is_valid()
    return form


@require_GET
@vary_on_headers("HX-Request")
def game_list(request: HttpRequest) -> HttpResponse:
    form = read_filters(request)
    filters = form.filters()
    kinds = form.kinds()
    order = form.order()
    if kinds == [history.kind(GORILLA)]:
        games = selectors.games_for_history(filters, user=request.user).order_by(*order.fields)
        page = Paginator(games, GAMES_PER_PAGE).get_page(request.GET.get("page"))
        entries = [history.HistoryEntry(kinds[0], row) for row in selectors.game_rows(page.object_list)]
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
    template_name = "pad/history/game_list.html"
    fragment = bool(request.htmx) and not request.htmx.history_restore_request
    if fragment:
        template_name += "#game-results"
    response = render(
        request,
        template_name,
        {
            "form": form,
            "filters": filters,
            "page": page,
            "order": order,
            "entries": entries,
            "gorilla_listed": kinds is None or kinds == [history.kind(GORILLA)],
            "no_games": no_games,
            "start_links": start_links() if no_games else [],
            # A short list (a day's session) prints its Gorilla pads in one PDF.
            "printable": page.paginator.count <= pdf.MAX_PADS
            and any(entry.kind.slug == GORILLA for entry in entries),
            "query": query,
            "pads_url": f"{reverse('games_pdf')}?{query.urlencode()}" if query else reverse("games_pdf"),
            "spreadsheets": spreadsheet_links(kinds, query) if entries else [],
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


def spreadsheet_links(kinds: list[history.GameKind] | None, query: QueryDict) -> list[tuple[str, str]]:
    """(label, address) of the spreadsheet of each kind listed but Gorilla
    (whose downloads the list offers beside its JSON), with the filters in use."""
    links = []
    for kind in kinds or history.kinds():
        if kind.csv_export is not None:
            wanted = query.copy()
            wanted["game"] = kind.slug
            links.append((kind.label, f"{reverse('games_csv')}?{wanted.urlencode()}"))
    return links


def start_links() -> list[tuple[str, str]]:
    """(label, address) of the page that starts a game of each kind; Gorilla's
    is the front page."""
    return [(kind.label, reverse(kind.start_url_name or "front_page")) for kind in history.kinds()]


def csv_counts() -> list[statistics.StoredCount]:
    """The stored counts that are not already a statistic's column."""
    keys = {statistic.key for statistic in statistics.STATISTICS}
    return [count for count in statistics.STORED_COUNTS if count.field not in keys]


def csv_header() -> list[str]:
    return [
        "id", "date", "odd", "even", "partnership score", "fates score", "result", "winner",
        *(heading for statistic in statistics.STATISTICS for heading in statistic.csv_headings),
        *(count.heading for count in csv_counts()),
        "theirs to win from hand",
        "notes",
    ]


def csv_rows(games):
    """The rows of the CSV export, the header first. A spreadsheet reads it as
    written: names and notes never run as formulas, every count is a number of
    its own, and the file starts with a byte order mark (Excel reads UTF-8 then)."""
    yield csv_header()
    counts = csv_counts()
    for game in games.iterator(chunk_size=2000):
        tally = selectors.tally_of(game)
        result = game.result_of_game
        names = game.partnership.names
        yield [
            game.pk,
            game.date.isoformat(),
            spreadsheet_safe(game.partnership.odd_name),
            spreadsheet_safe(game.partnership.even_name),
            game.partnership_score,
            game.fates_score,
            result.slug,
            result.winner or "",
            *(cell for value in statistics.statistic_values(tally, names) for cell in value.cells),
            *(tally[count.field] for count in counts),
            game.responsible_from_hand or "",
            spreadsheet_safe(game.notes),
        ]


def export_filters(request: HttpRequest, *, other_kinds: bool = False) -> GameFilterForm:
    """The filters of an export of Gorilla games (or, with ``other_kinds``, of
    the one kind ``game`` names); ValueError naming the first that cannot be
    used (a list shows what it can, but an export must not quietly hold
    everything), or another game asked for (never Gorilla games in its stead)."""
    form = read_filters(request)
    if form.errors:
        raise ValueError(f"nothing was exported: {form_problem(form)}")
    if not other_kinds and (game := form.cleaned_data.get("game")) not in ("", None, GORILLA):
        raise ValueError(
            f"nothing was exported: game: “{game}” games are not in this export, which holds Gorilla games "
            f"only (game={GORILLA}, or no game). The games are {history.kinds_named()}."
        )
    return form


@require_GET
def games_csv(request: HttpRequest) -> StreamingHttpResponse:
    """The games listed as a spreadsheet: Gorilla's (no game, or game=gorilla),
    or those of the kind ``game`` names, in its own columns, oldest first."""
    try:
        form = export_filters(request, other_kinds=True)
    except ValueError as error:
        return bad_request(str(error))
    slug = form.cleaned_data.get("game")
    if slug and slug != GORILLA:
        kind = history.kind(slug)
        games = kind.listed(request.user, form.common_filters()).order_by("date", "pk")
        return exports.games_csv(kind.csv_export, games)
    filters = form.filters()
    rows = csv_rows(selectors.games_for_history(filters, user=request.user))
    return exports.csv_response(rows, attachment_name("gorilla-games", "csv"))


@require_GET
def games_pdf(request: HttpRequest) -> HttpResponse:
    """The pads of the Gorilla games listed (a day's session, say), one PDF,
    led by a page of the games and the day's totals: the same filters as the
    list, at most ``pdf.MAX_PADS`` games."""
    try:
        filters = export_filters(request).filters()
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
    games.reverse()  # oldest first, as they were played

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
        cells=sum(pdf.pad_cells(game.partnership_score + game.fates_score) for game in games),
    )


def json_attachment(games, stem: str) -> StreamingHttpResponse:
    """``games`` (with their hands) as a ``gorilla-pad/1`` download, streamed."""
    return StreamingHttpResponse(
        export_text(games),
        content_type="application/json",
        headers={"Content-Disposition": attachment_header(attachment_name(stem, "json"))},
    )


@require_GET
def games_json(request: HttpRequest) -> StreamingHttpResponse:
    try:
        filters = export_filters(request).filters()
    except ValueError as error:
        return bad_request(str(error))
    return json_attachment(selectors.games_for_export(filters, user=request.user), "gorilla-games")


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
            "seasons": summaries.seasons(stats.finished),
            "page_sizes": PAGE_SIZE_LABELS.items(),
            "max_copies": pdf.MAX_COPIES,
            "today": timezone.localdate(),
        },
    )
