"""Time what the session costs a logged-in request, for each session engine.

Run from the project root: ``.venv/bin/python bench/sessions.py [--requests N]``.
It uses its own SQLite file under /tmp (``--database``; ``DATABASE_URL`` set in
the environment is used instead), migrates it and logs a member in once per
engine: ``db`` (the session read from its table on every request),
``cached_db`` (read from the cache, written through to the table), with the
cache in the process's memory (each worker its own) or in files every worker
shares, and ``signed_cookies`` (the session is the cookie itself, signed). Every engine
asks the same pages with the Django test client in this one process, DEBUG
off, interleaved request by request so that the machine's load falls on all
alike; an anonymous trivial view in the same rounds is the baseline.

The pages: a view that only reads who is logged in (the session and the user,
nothing else), the front page (a real page) and the poll of a Gorilla pad that
has not changed (what a partner's phone asks every few seconds). Printed: the
median and 95th percentile in milliseconds, the queries each runs, and the
median beside the baseline's and beside the ``db`` engine's.
"""

from __future__ import annotations

import argparse
import datetime
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import inprocess  # noqa: E402

# (label, engine, the cache cached_db reads from)
ENGINES = (
    ("db", "db", "default"),
    ("cached_db", "cached_db", "default"),  # the process's own memory: each worker its own copy
    ("cached_db, file", "cached_db", "sessions_file"),  # one cache on disk for every worker
    ("signed_cookies", "signed_cookies", "default"),
)


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=400, help="timed requests per page and engine (default 400)")
    parser.add_argument(
        "--database",
        default="/tmp/gorilla-bench-sessions.sqlite3",
        help="SQLite file to use when DATABASE_URL is not set (default /tmp/gorilla-bench-sessions.sqlite3)",
    )
    return parser.parse_args()


def main() -> int:
    arguments = parse_arguments()
    inprocess.set_up(arguments.database, keep_database_url=True)

    from django.conf import settings
    from django.contrib.auth.decorators import login_not_required
    from django.contrib.auth.models import User
    from django.db import connection
    from django.http import HttpResponse
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, override_settings
    from django.urls import include, path

    from pad import services


    @login_not_required
    def trivial(request):
        return HttpResponse("ok")

    def who(request):  # login required, as every page: the session and the user read
        return HttpResponse(request.user.get_username())

    bench_urls = type(sys)("bench_sessions_urls")
    bench_urls.urlpatterns = [
        path("bench/trivial/", trivial),
        path("bench/who/", who),
        path("", include(settings.ROOT_URLCONF)),
    ]
    sys.modules["bench_sessions_urls"] = bench_urls

    member, _ = User.objects.get_or_create(username="bench-sessions")
    partnership = services.partnership_get_or_create(odd_name="Odd", even_name="Even", user=member)
    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    pages = [
        ("who is logged in", "/bench/who/", {}),
        ("front page", "/", {}),
        ("pad poll, unchanged", f"/games/{game.pk}/?version=", {"HX-Request": "true"}),
    ]

    caches = {
        **settings.CACHES,
        "sessions_file": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": tempfile.mkdtemp(prefix="gorilla-bench-sessions-"),
        },
    }
    common = {"ROOT_URLCONF": "bench_sessions_urls", "DEBUG": False, "ALLOWED_HOSTS": ["testserver"], "CACHES": caches}
    chosen = {
        label: {"SESSION_ENGINE": f"django.contrib.sessions.backends.{engine}", "SESSION_CACHE_ALIAS": cache, **common}
        for label, engine, cache in ENGINES
    }
    clients = {}
    for label, chosen_settings in chosen.items():
        with override_settings(**chosen_settings):
            clients[label] = Client()
            clients[label].force_login(member)
            # The session middleware takes its engine when the client's first request loads it.
            clients[label].get("/bench/trivial/")
    anonymous = Client()
    with override_settings(**chosen["db"]):
        pad = clients["db"].get(f"/games/{game.pk}/").content.decode()
    version = re.search(r'id="pad-meta" name="version" value="(\d+)"', pad).group(1)
    pages[-1] = (pages[-1][0], pages[-1][1] + version, pages[-1][2])

    def timed(engine: str | None, url: str, headers: dict) -> float:
        with override_settings(**chosen[engine or "db"]):
            client = clients[engine] if engine else anonymous
            start = time.perf_counter()
            response = client.get(url, headers=headers)
            elapsed = (time.perf_counter() - start) * 1000
        assert response.status_code in (200, 204, 286), (engine, url, response.status_code)
        return elapsed

    def queries(engine: str, url: str, headers: dict) -> str:
        """The queries a request runs, and its answer's status."""
        with override_settings(**chosen[engine]):
            connection.queries_log.clear()
            with CaptureQueriesContext(connection) as captured:
                response = clients[engine].get(url, headers=headers)
        return f"{len(captured)} ({response.status_code})"

    print(f"{connection.vendor}; {arguments.requests} requests per page and engine, interleaved\n")
    print(f"{'page':24} {'engine':16} {'median ms':>10} {'p95 ms':>8} {'queries':>10} {'x base':>7} {'x db':>6}")
    for _ in range(20):  # warm up: templates compiled, caches filled
        timed(None, "/bench/trivial/", {})
        for _label, url, headers in pages:
            for engine in chosen:
                timed(engine, url, headers)
    rounds: dict[tuple[str, str | None], list[float]] = {}
    for _ in range(arguments.requests):
        rounds.setdefault(("baseline", None), []).append(timed(None, "/bench/trivial/", {}))
        for label, url, headers in pages:
            for engine in chosen:
                rounds.setdefault((label, engine), []).append(timed(engine, url, headers))
    baseline = statistics.median(rounds[("baseline", None)])
    print(f"{'trivial view (baseline)':24} {'(anonymous)':16} {baseline:10.2f} "
          f"{inprocess.percentile_95(rounds[('baseline', None)]):8.2f} {'0':>10} {1:7.2f}")
    for label, url, headers in pages:
        db = statistics.median(rounds[(label, "db")])
        for engine in chosen:
            times = rounds[(label, engine)]
            median = statistics.median(times)
            print(f"{label:24} {engine:16} {median:10.2f} {inprocess.percentile_95(times):8.2f} "
                  f"{queries(engine, url, headers):>10} {median / baseline:7.2f} {median / db:6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
