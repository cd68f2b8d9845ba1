"""What the in-process benches share: Django set up on a database of their
own, the test client's requests timed interleaved, and their figures.

A bench calls :func:`set_up` first (before importing anything of Django's
models), then times its pages with :func:`interleaved`, which asks each of
them once a round, so that whatever load the machine carries falls on all of
them alike.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def set_up(database: str, *, keep_database_url: bool = False) -> None:
    """Django on the SQLite file ``database`` (or on ``DATABASE_URL`` when
    ``keep_database_url`` and it is set), migrated, with the cache tables made.
    DEBUG is on for the set-up (the settings fail closed, and no static files
    are collected here); the timed requests turn it off."""
    if keep_database_url:
        os.environ.setdefault("DATABASE_URL", f"sqlite:///{database}")
    else:
        os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gorilla_site.settings")
    os.environ.setdefault("DEBUG", "true")

    import django

    django.setup()

    from django.core.management import call_command

    warnings.filterwarnings("ignore", "No directory at", UserWarning)  # no collectstatic here
    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)


def timed(request: Callable[[], object]) -> float:
    """Milliseconds that ``request()`` took."""
    start = time.perf_counter()
    request()
    return (time.perf_counter() - start) * 1000


def interleaved(
    pages: dict[str, Callable[[], object]], rounds: int, *, warm_up: int = 20
) -> dict[str, list[float]]:
    """Each of ``pages`` (a label and a function that makes one request)
    asked once a round, ``rounds`` times after ``warm_up`` untimed rounds
    (templates compiled, caches filled): the milliseconds of each, by label."""
    for _ in range(warm_up):
        for request in pages.values():
            request()
    times: dict[str, list[float]] = {label: [] for label in pages}
    for _ in range(rounds):
        for label, request in pages.items():
            times[label].append(timed(request))
    return times


def forget_kept_work() -> None:
    """Empty every cache the app keeps in a worker's memory (each
    ``functools`` cache of the project's own modules, and the kept drawings
    of scorepads.templatetags.regions): what a worker has computed before is
    forgotten, as if it had served nothing."""
    from scorepads.templatetags import regions

    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or ""
        if not path.startswith(str(ROOT)) or "/.venv/" in path:
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
    with regions._kept_lock:
        regions._kept.clear()


def percentile_95(times: list[float]) -> float:
    return statistics.quantiles(times, n=20)[-1] if len(times) > 1 else times[0]


def median(times: list[float]) -> float:
    return statistics.median(times)
