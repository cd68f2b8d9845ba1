"""Middleware for every request: refuse what Django cannot decode, and keep
the app's own pages out of shared caches.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpResponse
from django.utils.cache import patch_cache_control
from django.utils.http import parse_header_parameters

# Browsers send forms as UTF-8 and say no charset at all.
ACCEPTED_CHARSETS = {"utf-8"}


def refuse_undecodable_bodies(get_response):
    """Answer 400 to a request body that declares a charset other than UTF-8.

    Django refuses such a form with BadRequest but leaves the request half
    read, so the 400 handler reads it again and fails with a 500. Answered
    here, before any middleware or view reads the body, it is a plain 400.
    """

    def middleware(request):
        _, parameters = parse_header_parameters(request.META.get("CONTENT_TYPE", ""))
        charset = parameters.get("charset")
        if charset is not None and charset.strip().lower() not in ACCEPTED_CHARSETS:
            return HttpResponse(
                f"Bad request: the body must be UTF-8, not {charset[:40]!r}.\n",
                status=400,
                content_type="text/plain; charset=utf-8",
            )
        return get_response(request)

    return middleware


def private_no_store(get_response):
    """``Cache-Control: private, no-store`` on every page the app makes.

    Every page but the login, sign-up and share pages is one user's, and a
    share page must die with "Stop sharing", so no cache between the app and
    the browser may keep any of them. Static files are served above this, by
    whitenoise, with their own long-lived caching.
    """

    def middleware(request):
        response = get_response(request)
        patch_cache_control(response, private=True, no_store=True)
        return response

    return middleware


def client_ip(request) -> str:
    """The address a request came from, for the login and sign-up throttles.

    REMOTE_ADDR, unless CLIENT_IP_HEADER names the header in which the proxy in
    front of the app puts the client's address (e.g. ``HTTP_X_REAL_IP``): only
    a header that proxy always sets itself, or anyone could pick their address.
    """
    header = settings.CLIENT_IP_HEADER
    # X-Forwarded-For style lists: the proxy appends the address it saw last.
    candidates = [request.META.get(header, "").split(",")[-1].strip()] if header else []
    candidates.append(request.META.get("REMOTE_ADDR", ""))
    for candidate in candidates:
        try:
            return str(ipaddress.ip_address(candidate))
        except ValueError:
            continue
    return "0.0.0.0"
