"""The app's URLs, and one more for bench/load.py: the least a recording can cost.

A tap on the pad is a logged-in post, checked for its CSRF token, that changes
a game of the user's in a transaction. The floor view does that and nothing
else: one UPDATE, which raises the revision of a game the user is a member of,
answered with two bytes. No hand is read, checked by the rules or written, and
no pad is drawn; whatever a recording costs beyond the floor is the app's own.
"""

from django.db import transaction
from django.db.models import F
from django.http import HttpResponse
from django.urls import path
from django.views.decorators.http import require_POST

from gorilla_site.urls import urlpatterns as app_urlpatterns
from pad.selectors import games_visible_to


@require_POST
def least_write(request, game_id: int):
    with transaction.atomic():
        written = games_visible_to(request.user).filter(pk=game_id).update(revision=F("revision") + 1)
    return HttpResponse("ok" if written else "no", content_type="text/plain", status=200 if written else 404)


urlpatterns = [
    path("bench/least-write/<int:game_id>/", least_write),
    *app_urlpatterns,
]
