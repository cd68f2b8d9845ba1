"""A toy game known only to the tests: its URLs beside the site's, its one
page and its entry view. Registered by the tests (tests/scorepads/test_offline_kit.py)
with nothing in the shared code changed for it."""

from django.db import transaction
from django.http import HttpResponse
from django.urls import include, path

from gorilla_site import urls as site_urls
from scorepads import entries

#: What the toy game recorded, in order.
RECORDED: list[str] = []


def board(request, table: int):
    return HttpResponse(f"Toy table {table}")


def record(request, table: int):
    with transaction.atomic():
        entries.keep_key()
        RECORDED.append(request.POST["move"])
    return HttpResponse("recorded")


toy_patterns = [
    path("tables/<int:table>/", board, name="board"),
    path("tables/<int:table>/moves/", record, name="record"),
]

urlpatterns = [path("toy-game/", include((toy_patterns, "toy"))), *site_urls.urlpatterns]
