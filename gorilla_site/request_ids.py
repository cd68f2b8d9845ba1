"""A short id for every request, so that a failure a user saw can be found in
the log: the middleware names each request (``request.request_id``, and the
``X-Request-Id`` header of its answer), the log filter writes the name on every
line logged while the request is answered, and the 500 page shows it for the
user to quote.
"""

from __future__ import annotations

import contextvars
import logging
import secrets

from django.http import HttpResponseServerError
from django.template import loader
from django.views.decorators.csrf import requires_csrf_token

HEADER = "X-Request-Id"
NO_REQUEST = "-"  # on the lines logged outside any request (the task worker, commands)

_current: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default=NO_REQUEST)


def new_request_id() -> str:
    """Eight hex digits: short enough to read out, enough to tell a day's requests apart."""
    return secrets.token_hex(4)


def request_ids(get_response):
    """Names the request (first of the middleware, so that every later failure has it)."""

    def middleware(request):
        request.request_id = new_request_id()
        token = _current.set(request.request_id)
        try:
            response = get_response(request)
        finally:
            _current.reset(token)
        response[HEADER] = request.request_id
        return response

    return middleware


class RequestIdFilter(logging.Filter):
    """Gives each log record a ``request_id``: the request's it is about (Django's
    request log passes the request), else the one being answered, else "-"."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        record.request_id = getattr(request, "request_id", None) or _current.get()
        return True


@requires_csrf_token
def server_error(request, template_name: str = "500.html"):
    """The 500 page (``handler500``), with the request's id for the user to
    quote. It is drawn from the template alone, without the site's context
    processors: whatever failed must not fail it again."""
    request_id = getattr(request, "request_id", "")
    content = loader.get_template(template_name).render({"request_id": request_id})
    return HttpResponseServerError(content)
