"""Every game's addresses, from its registration (:class:`scorepads.registry.GameKind`):
the site's URLs include each game's ``urls`` at its ``url_prefix``, so a new
game adds no line to them."""

from __future__ import annotations

from django.apps import apps
from django.core.exceptions import ImproperlyConfigured
from django.urls import include, path

from scorepads import registry


def includes() -> list:
    """The URL includes of every registered game: those under an address of
    their own first, then those at the site's root, each in the order of
    INSTALLED_APPS. Read once the games are registered (the root URLconf is
    imported after the apps are ready)."""
    if not apps.ready:
        raise ImproperlyConfigured("the games' URLs are read before the games are registered")
    games = [kind for kind in registry.kinds() if kind.urls]
    prefixes = [kind.url_prefix for kind in games if kind.url_prefix]
    shared = sorted({prefix for prefix in prefixes if prefixes.count(prefix) > 1})
    if shared:
        raise ImproperlyConfigured(f"two games at the same address: {', '.join(shared)}")
    ordered = [kind for kind in games if kind.url_prefix] + [kind for kind in games if not kind.url_prefix]
    return [path(kind.url_prefix, include(kind.urls)) for kind in ordered]
