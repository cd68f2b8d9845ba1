"""Time a partnership's page and its season report as its games grow.

Run from the project root: ``.venv/bin/python bench/partnership.py``.
It uses its own SQLite file under /tmp (``--database``), migrates it and gives
one partnership each of 10, 100, 1,000 and 10,000 finished games (``--games``),
one a day, wins and losses in runs of irregular length; then asks each page of
each partnership with the Django test client in this one process, DEBUG off,
interleaved request by request, beside a trivial view in the same rounds (the
baseline), and what a season report reads (its statistics and the games of
its year, which its chart draws; the PDF itself is printed once and kept).
Printed: the median and 95th percentile in milliseconds, the queries each
runs and the median beside the baseline's. The page should cost about the same
however many games the partnership played; the season report grows with its
season (at most a year of games), not with the partnership's other years.
"""

from __future__ import annotations

import argparse
import datetime
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import inprocess  # noqa: E402


def parse_arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="10,100,1000,10000", help="games of each partnership (default 10,100,1000,10000)")
    parser.add_argument("--requests", type=int, default=40, help="timed requests per page (default 40)")
    parser.add_argument(
        "--database",
        default="/tmp/gorilla-bench-partnership.sqlite3",
        help="SQLite file to use (default /tmp/gorilla-bench-partnership.sqlite3)",
    )
    return parser.parse_args()


def main() -> int:
    arguments = parse_arguments()
    inprocess.set_up(arguments.database)

    from django.conf import settings
    from django.contrib.auth.decorators import login_not_required
    from django.contrib.auth.models import User
    from django.db import connection
    from django.http import HttpResponse
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, override_settings
    from django.urls import include, path

    from pad import rules, selectors, services
    from pad.exchange import GameSpec
    from pad.models import Hand, Partnership

    member, _ = User.objects.get_or_create(username="bench-partnership")
    sizes = [int(size) for size in arguments.games.split(",")]
    partnerships = {}
    for size in sizes:
        partnership = services.partnership_get_or_create(odd_name=f"Odd{size}", even_name=f"Even{size}", user=member)
        have = partnership.games.count()
        if have != size:
            partnership.games.all().delete()
            seed(partnership, size, member, GameSpec, Hand, rules, services)
        partnerships[size] = partnership
    last_year = {size: partnerships[size].games.order_by("-date").values_list("date", flat=True).first().year for size in sizes}

    @login_not_required
    def trivial(request):
        return HttpResponse("ok")

    bench_urls = type(sys)("bench_partnership_urls")
    bench_urls.urlpatterns = [path("bench/trivial/", trivial), path("", include(settings.ROOT_URLCONF))]
    sys.modules["bench_partnership_urls"] = bench_urls

    pages = [("trivial view (baseline)", "/bench/trivial/")]
    for size in sizes:
        pk = partnerships[size].pk
        pages.append((f"partnership page, {size} games", f"/partnerships/{pk}/"))

    with override_settings(ROOT_URLCONF="bench_partnership_urls", DEBUG=False, ALLOWED_HOSTS=["testserver"]):
        client = Client()
        client.force_login(member)
        counts = {}
        for label, url in pages:
            for _ in range(2):  # warm up: templates compiled, caches filled
                assert client.get(url).status_code == 200, url
            connection.queries_log.clear()
            with CaptureQueriesContext(connection) as queries:
                client.get(url)
            counts[label] = len(queries)
        # What a season report reads (it is printed once, then kept): the statistics
        # and the finished games of the last year played.
        def season_of(size):
            first, last = datetime.date(last_year[size], 1, 1), datetime.date(last_year[size], 12, 31)
            return lambda: (
                selectors.partnership_statistics(partnerships[size], date_from=first, date_to=last),
                selectors.finished_games(partnerships[size], date_from=first, date_to=last),
            )

        seasons = [(f"season report's reads, {size} games", season_of(size)) for size in sizes]
        for label, read in seasons:
            read()
            connection.queries_log.clear()
            with CaptureQueriesContext(connection) as queries:
                read()
            counts[label] = len(queries)
        times: dict[str, list[float]] = {label: [] for label, _ in pages + seasons}
        for _ in range(arguments.requests):
            for label, url in pages:
                start = time.perf_counter()
                client.get(url)
                times[label].append((time.perf_counter() - start) * 1000)
            for label, read in seasons:
                start = time.perf_counter()
                read()
                times[label].append((time.perf_counter() - start) * 1000)
    baseline = statistics.median(times[pages[0][0]])
    print(f"{Partnership.objects.count()} partnerships ({arguments.database}); {arguments.requests} requests per page, interleaved\n")
    print(f"{'page':40} {'median ms':>10} {'p95 ms':>8} {'queries':>8} {'x base':>7}")
    for label, taken in times.items():
        median = statistics.median(taken)
        p95 = statistics.quantiles(taken, n=20)[-1]
        print(f"{label:40} {median:10.1f} {p95:8.1f} {counts[label]:8d} {median / baseline:7.1f}")
    return 0


def seed(partnership, size, member, GameSpec, Hand, rules, services) -> None:
    """``size`` finished games, one a day up to today, in runs of wins and losses."""
    rng = random.Random(size)
    start = datetime.date.today() - datetime.timedelta(days=size)
    specs = []
    won = True
    left = 0
    for day in range(size):
        if left == 0:
            won, left = not won, rng.randint(1, 6)
        left -= 1
        date = start + datetime.timedelta(days=day)
        spec = GameSpec(partnership.odd_name, partnership.even_name, date, "")
        dealer = rules.first_dealer(date)
        for number, outcome in enumerate("MMMMMMMMMM" if won else "PPPPPPPPPP", start=1):
            spec.hands.append(Hand(number=number, outcome=outcome, dealer=dealer.value, taker=dealer.other.value))
            dealer = dealer.other
        specs.append(spec)
    for first in range(0, size, 1000):
        services.games_create_in_bulk(specs=specs[first : first + 1000], user=member)


if __name__ == "__main__":
    sys.exit(main())
