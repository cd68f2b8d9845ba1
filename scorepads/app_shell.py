"""The app as a phone installs it: its manifest and icons, and the service
worker that keeps opened pages and their static files on the phone.

The service worker (templates/scorepads/service_worker.js, built on Workbox,
vendored in static/vendor/workbox/) is served from the site root so that it
may look after every page. Its bytes name every static file it loads and a
version of all the static files, so a deployment that changes any of them is a
new worker, which the browser installs and which takes over at once.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os

from django.conf import settings
from django.contrib.auth.decorators import login_not_required
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.exceptions import ImproperlyConfigured
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import URLResolver, get_resolver, reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from scorepads import registry

#: The page colours of static/card_table/site.css (--paper), light and dark: the phone's bars around the app.
THEME_COLOURS = {"light": "#fbfaf6", "dark": "#161615"}
#: The Workbox modules the service worker loads, in the order they need each other.
WORKBOX_MODULES = ("core", "routing", "strategies", "expiration", "cacheable-response", "precaching")
ICONS = (
    ("scorepads/icons/icon-192.png", "192x192", "any"),
    ("scorepads/icons/icon-512.png", "512x512", "any"),
    ("scorepads/icons/icon-maskable-512.png", "512x512", "maskable"),
)
#: The site's own pages the service worker keeps: the front page and the
#: history. Each game names its own (``GameKind.kept_pages``).
SITE_PAGES = ("front_page", "game_list")


@login_not_required
@require_safe
def web_manifest(request):
    manifest = {
        "name": settings.PRODUCT_NAME,
        "short_name": settings.PRODUCT_SHORT_NAME,
        "description": f"{settings.PRODUCT_NAME}: {', '.join(kind.label for kind in registry.kinds())}.",
        "start_url": reverse("front_page"),
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOURS["light"],
        "background_color": THEME_COLOURS["light"],
        "icons": [
            {"src": static(path), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for path, sizes, purpose in ICONS
        ],
    }
    return JsonResponse(manifest, content_type="application/manifest+json", json_dumps_params={"indent": 1})


@login_not_required
@require_safe
def favicon(request):
    return redirect(static("scorepads/icons/favicon.ico"), permanent=True)


@login_not_required
@require_safe
@cache_control(no_cache=True)
def service_worker(request):
    scripts = [static(f"vendor/workbox/workbox-{module}.prod.js") for module in WORKBOX_MODULES]
    scripts.append(static("scorepads/tap_queue.js"))
    context = {
        "version": static_version(),
        "scripts": json.dumps(scripts),
        "static_prefix": json.dumps(settings.STATIC_URL if settings.STATIC_URL.startswith("/") else "/" + settings.STATIC_URL),
        "offline_url": json.dumps(reverse("offline_page")),
        "kept_pages": json.dumps(kept_page_patterns(), indent=1),
    }
    response = render(request, "scorepads/service_worker.js", context, content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/"
    return response


@login_not_required
@require_safe
def offline_page(request):
    """What the service worker shows for a page never opened on this phone, without a connection."""
    return render(request, "scorepads/offline.html")


def kept_page_patterns() -> list[str]:
    """The addresses of the pages the service worker keeps, as regular
    expressions of a path that JavaScript reads as Python does: the site's
    pages and every game's, made from the URL patterns their names point to
    (``/two-way-street/games/<int:game_id>/`` is ``^/two\\-way\\-street/games/[0-9]+/$``)."""
    wanted = [*SITE_PAGES, *(name for kind in registry.kinds() for name in kind.kept_pages)]
    patterns = dict(_named_patterns(get_resolver().url_patterns, "", ()))
    missing = [name for name in wanted if name not in patterns]
    if missing:
        raise ImproperlyConfigured(f"pages to keep with no URL of that name: {', '.join(missing)}")
    return list(dict.fromkeys(patterns[name] for name in wanted))


def _named_patterns(url_patterns, prefix: str, namespaces: tuple[str, ...]):
    """Each named URL (with its namespaces, "mahjong:sheet") and its whole
    path as a regular expression JavaScript can read: its groups without
    names, its end a ``$``."""
    for pattern in url_patterns:
        regex = pattern.pattern.regex.pattern.removeprefix("^")
        if isinstance(pattern, URLResolver):
            inner = (*namespaces, pattern.namespace) if pattern.namespace else namespaces
            yield from _named_patterns(pattern.url_patterns, prefix + regex, inner)
        elif pattern.name:
            whole = "^/" + (prefix + regex).replace("\\Z", "$")
            yield ":".join((*namespaces, pattern.name)), _unnamed_groups(whole)


def _unnamed_groups(regex: str) -> str:
    """``regex`` with its named groups ``(?P<name>...)`` as plain ones."""
    out, index = [], 0
    while (start := regex.find("(?P<", index)) >= 0:
        out.append(regex[index:start] + "(?:")
        index = regex.index(">", start) + 1
    return "".join(out) + regex[index:]


def static_version() -> str:
    """A short digest of every static file as deployed: it changes when any does."""
    hashed = getattr(staticfiles_storage, "hashed_files", None)
    if hashed is None:  # files served as they are edited: read again each time
        return _digest(_files_as_edited())
    return _deployed_version(staticfiles_storage)


@functools.cache
def _deployed_version(storage) -> str:
    return _digest(sorted(storage.hashed_files.items()))


def _files_as_edited() -> list[tuple[str, int]]:
    return sorted(
        (path, os.stat(storage.path(path)).st_mtime_ns)
        for finder in finders.get_finders()
        for path, storage in finder.list(None)
    )


def _digest(items) -> str:
    return hashlib.sha256(repr(items).encode()).hexdigest()[:16]


def theme_colours(request) -> dict:
    """A context processor: the phone's bar colours for templates/base.html."""
    return {"theme_colours": THEME_COLOURS}
