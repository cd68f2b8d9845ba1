"""The requests the views read, typed as the middleware leaves them: for the
views' annotations, and for the task worker's request (scorepads.printing),
which the views' own module cannot give it (it imports the printing)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

if TYPE_CHECKING:
    from django.contrib.auth.models import User


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves it, with ``htmx``: the type
    of a view's request that reads it."""

    htmx: HtmxDetails


class LoggedInHttpRequest(HttpRequest):
    """A request to a view not marked ``@login_not_required``: Django's login
    middleware sends anyone not logged in to log in, so its ``user`` is an
    account, the site's user. The type of a view's request that needs one."""

    user: User
