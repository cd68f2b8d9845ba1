"""Time the history browser's pages on a database of many games.

Run from the project root: ``.venv/bin/python bench/history.py [--games N]``.
It uses its own SQLite file under /tmp (``--database``), migrates it and seeds it
with ``seed_demo`` when it holds fewer games than asked, then requests each page
with the Django test client in this one process and prints milliseconds per
request (median and 95th percentile) and the queries each page runs. A trivial
view, timed in the same run, gives the floor: the cost of a request through the
same middleware that does nothing.

Then the CSV and JSON exports of every game, streamed in full, beside the same
exports of half the games: their time, size and peak memory. Streamed a chunk at
a time, the peak for all the games stays within 1.5 times the peak for half.
Last, the download of all the member's data (one ZIP archive of every game).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import inprocess  # noqa: E402

TARGET_MS = 150


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games in the database (default 10000)")
    parser.add_argument("--requests", type=int, default=30, help="timed requests per page (default 30)")
    parser.add_argument("--seed", type=int, default=2026, help="seed for seed_demo (default 2026)")
    parser.add_argument(
        "--database",
        default="/tmp/gorilla-bench-history.sqlite3",
        help="SQLite file to use (default /tmp/gorilla-bench-history.sqlite3)",
    )
    return parser.parse_args()


def main() -> int:
    arguments = parse_arguments()
    inprocess.set_up(arguments.database)

    from django.conf import settings
    from django.contrib.auth.decorators import login_not_required
    from django.core.management import call_command
    from django.db import connection
    from django.http import HttpResponse
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, override_settings
    from django.urls import include, path

    from pad.models import Game, Hand, Partnership

    stored = Game.objects.count()
    if stored < arguments.games:
        if stored:
            print(f"{arguments.database} holds {stored} games; starting again with {arguments.games}")
            Hand.objects.all().delete()
            Game.objects.all().delete()
            Partnership.objects.all().delete()
        with override_settings(DEBUG=False):  # no SQL log while seeding
            call_command("seed_demo", games=arguments.games, seed=arguments.seed)
    games = Game.objects.count()
    hands = Hand.objects.count()
    partnership = Partnership.objects.order_by("pk").first()
    year = Game.objects.order_by("-date").values_list("date", flat=True).first().year

    # The trivial view sits in front of the project's own URLs.
    @login_not_required
    def trivial(request):
        return HttpResponse("ok")

    # The pages are read as a member of every partnership, as its players would.
    from django.contrib.auth.models import User

    member, _ = User.objects.get_or_create(username="bench-member")
    for each in Partnership.objects.all():
        each.members.add(member)

    bench_urls = type(sys)("bench_history_urls")
    bench_urls.urlpatterns = [path("bench/trivial/", trivial), path("", include(settings.ROOT_URLCONF))]
    sys.modules["bench_history_urls"] = bench_urls

    pages = [
        ("trivial view (baseline)", "/bench/trivial/", {}),
        ("games list, page 1", "/games/", {}),
        (
            "games list, filtered, page 2",
            f"/games/?result=lost&player={partnership.even_name.lower()[:3]}&date_from={year - 2}-01-01&page=2",
            {},
        ),
        ("games list, filtered, htmx fragment", f"/games/?partnership={partnership.pk}&result=won", {"HX-Request": "true"}),
        ("games list, page 200", "/games/?page=200", {}),
        (f"partnership page ({partnership})", f"/partnerships/{partnership.pk}/", {}),
    ]

    # DEBUG off, as deployed: no SQL logging, no debug toolbar of any kind.
    with override_settings(ROOT_URLCONF="bench_history_urls", DEBUG=False, ALLOWED_HOSTS=["testserver"]):
        client = Client()
        client.force_login(member)
        print(f"{games} games, {hands} hands, {Partnership.objects.count()} partnerships "
              f"({arguments.database}); {arguments.requests} requests per page\n")
        print(f"{'page':44} {'median ms':>10} {'p95 ms':>8} {'queries':>8} {'x base':>7}")
        baseline = None
        slowest = 0.0
        for label, url, headers in pages:
            for _ in range(3):  # warm up: templates compiled, caches filled
                response = client.get(url, headers=headers)
                assert response.status_code == 200, (url, response.status_code)
            connection.queries_log.clear()  # a full log (seeding) would hide the count
            with CaptureQueriesContext(connection) as queries:
                client.get(url, headers=headers)
            query_count = len(queries)  # now: the next request_started clears the log
            times = []
            for _ in range(arguments.requests):
                start = time.perf_counter()
                response = client.get(url, headers=headers)
                times.append((time.perf_counter() - start) * 1000)
            median = statistics.median(times)
            p95 = statistics.quantiles(times, n=20)[-1] if len(times) > 1 else times[0]
            if baseline is None:
                baseline = median
            else:
                slowest = max(slowest, p95)
            print(f"{label:44} {median:10.1f} {p95:8.1f} {query_count:8d} {median / baseline:7.0f}")
        flat = exports(client, games)
    print(f"\nslowest p95 {slowest:.1f} ms; target under {TARGET_MS} ms: "
          f"{'met' if slowest < TARGET_MS else 'NOT met'}; exports' memory "
          f"{'flat' if flat else 'NOT flat'} (all games within {FLAT_RATIO}x half of them)")
    return 0 if slowest < TARGET_MS and flat else 1


FLAT_RATIO = 1.5


def download(client, url: str) -> tuple[float, int, int]:
    """Seconds, bytes and peak traced memory (tracemalloc) of downloading ``url``
    in full. Timed on its own, then asked again under the tracer: tracing every
    allocation slows Python several times over. The tracer sees the whole
    request, whether the view does its work before answering or as the answer
    is streamed."""
    import tracemalloc

    start = time.perf_counter()
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    size = sum(len(piece) for piece in response.streaming_content)
    seconds = time.perf_counter() - start
    tracemalloc.start()
    for _ in client.get(url).streaming_content:
        pass
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return seconds, size, peak


def exports(client, games: int) -> bool:
    """The CSV and JSON downloads of every game and of about half of them:
    time, size and the peak memory of streaming each. The exports are streamed
    a chunk of games at a time, so the peak for all the games should be about
    the peak for half (the baseline of this table). Then the download of all
    the member's data (/accounts/data.zip: every game, one ZIP archive written
    to a spooled temporary file, then sent), beside the JSON export of the same
    games."""
    from pad.models import Game

    dates = list(Game.objects.order_by("date").values_list("date", flat=True))
    half = dates[len(dates) // 2]
    print(f"\n{'export (streamed in full)':44} {'games':>7} {'seconds':>8} {'MB':>7} {'peak MiB':>9} {'x half':>8}")
    flat = True
    for label, url in (("CSV", "/games/export.csv"), ("JSON", "/games/export.json")):
        peaks = {}
        for which, query in (("half", f"?date_from={half.isoformat()}"), ("all", "")):
            seconds, size, peak = download(client, url + query)
            count = Game.objects.filter(date__gte=half).count() if query else games
            peaks[which] = peak
            ratio = peak / peaks["half"]
            print(f"{label + ', ' + which:44} {count:7d} {seconds:8.1f} {size / 1e6:7.1f} {peak / 2**20:9.1f} {ratio:8.2f}")
        flat &= peaks["all"] <= FLAT_RATIO * peaks["half"]
    seconds, size, peak = download(client, "/accounts/data.zip")
    print(f"{'all your data, ZIP (account)':44} {games:7d} {seconds:8.1f} {size / 1e6:7.1f} {peak / 2**20:9.1f}")
    return flat


if __name__ == "__main__":
    sys.exit(main())
