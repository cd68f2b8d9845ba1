"""A toy game known only to the tests, registered as any game is (its
GameKind, with its URLs and their address) and with nothing in the shared code
changed for it: a table of the toy game is a group of players (Django's
``auth.Group``), the user's own when the user sits in it. Its page, its entry
view, its history rows; the tests register it with :func:`registered`."""

import contextlib
import datetime
import importlib

from django.contrib.auth.models import Group
from django.db import transaction
from django.db.models import DateField, DateTimeField, Value
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.template import Template
from django.urls import clear_url_caches, path
from django.utils import timezone
from django.views.decorators.http import require_POST

from scorepads import entries, registry

#: What the toy game recorded, in order.
RECORDED: list[str] = []
#: The day every toy table was played.
DAY = datetime.date(2026, 7, 9)

app_name = "toy"


def tables(user):
    """The toy tables ``user`` sits at, with the date and time the history orders them by."""
    return Group.objects.filter(user=user, name__startswith="Toy table").annotate(
        date=Value(DAY, output_field=DateField()),
        created_at=Value(timezone.make_aware(datetime.datetime(2026, 7, 9, 12)), output_field=DateTimeField()),
    )


def board(request, table: int):
    table = get_object_or_404(tables(request.user), pk=table)
    return HttpResponse(table.name)


@require_POST
def record(request, table: int):
    get_object_or_404(tables(request.user), pk=table)
    with transaction.atomic():
        entries.keep_key()
        RECORDED.append(request.POST["move"])
    return HttpResponse("recorded")


urlpatterns = [
    path("tables/<int:table>/", board, name="board"),
    path("tables/<int:table>/moves/", record, name="record"),
]

KIND = registry.GameKind(
    slug="toy",
    label="Toy",
    recent=lambda user, limit: list(tables(user)[:limit]),
    row_template=Template("{{ game.name }}"),
    listed=lambda user, filters: tables(user),
    history_rows=lambda games: [table.name for table in games],
    history_row_template=Template("<li>{{ row }}</li>"),
    kept_pages=("toy:board",),
    entry_views=("toy:record",),
    urls=__name__,
    url_prefix="toy-game/",
)


def table_of(user, number: int = 1) -> Group:
    """A toy table where ``user`` sits."""
    table = Group.objects.create(name=f"Toy table {number}")
    table.user_set.add(user)
    return table


@contextlib.contextmanager
def registered(kind=KIND):
    """The toy game registered, and the site's URLs read again from the
    registrations (as when the site starts); afterwards, neither."""
    from gorilla_site import urls as site_urls

    registry.register(kind)
    try:
        importlib.reload(site_urls)
        clear_url_caches()
        RECORDED.clear()
        yield kind
    finally:
        registry._kinds.pop(kind.slug, None)
        importlib.reload(site_urls)
        clear_url_caches()
