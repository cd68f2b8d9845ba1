"""Abuse bench: what a few accounts flooding the print queue, and a guesser at
another's password, do to everyone else, against gunicorn and the task worker.

    .venv/bin/python bench/abuse.py [--workers 3] [--database sqlite|postgresql] [--flood-seconds 600]

It starts gunicorn (``--workers`` request workers) and the task worker
(``manage.py db_worker``, under ``nice -n 10`` as production runs it) with
production settings on a free port of 127.0.0.1 and a database of their own,
as bench/printing_load.py does (its inputs and helpers, and bench/load.py's). Four accounts each have their
longest PDF (Two Way Street's 12 players x 200 hands, Mah Jongg's 200 hands,
a bridge ruling on a 409-score traveller, Gorilla's day of 12 pads of 200
hands); another user has a short Two Way Street sheet, long enough to be
printed by the worker, and a Gorilla pad to record hands on.

1. Baseline, the server unloaded: the other user's sheet asked for and
   followed until it arrives (as the "being prepared" page does, every 2 s);
   20 taps recording hands; ``/healthz`` 20 times.
2. The flood: the four accounts ask for their PDFs, A4 then Letter (two
   renders each, the second asked once the first arrived), each asking
   every 2 s until it arrives, and asking again at once four times a turn as a
   few open tabs would. Once the worker is busy with them the other user asks
   for the same sheet at the other page size (a render of its own) and taps,
   while ``/healthz`` is asked every 200 ms. The flood stops when its PDFs
   arrived or after ``--flood-seconds``.
3. 25 wrong passwords for one account from one address, then its owner logs
   in from another (the addresses through ``CLIENT_IP_HEADER``).

It prints the other user's wait for the sheet and tap latencies beside the
baseline, ``/healthz``, the flood's PDFs (when each arrived, how many tasks
each document had: one is the target), whether the task worker is still
running, and the answers to the guesser and the owner. Exit status 1 when a
target is missed: the other user's sheet within 10 times its baseline (plus
the one render under way when asked), every tap and ``/healthz`` under 1 s
(the slowest, not a percentile), no server error for the other user, one task
per document, the worker alive, and the owner logging in from another address
after the guesses.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import (  # noqa: E402 - bench/load.py, beside this file
    BASE_DIR,
    PYTHON,
    Phone,
    Table,
    Tally,
    deploy,
    fetch,
    free_port,
    percentile,
    serve,
    server_bench_arguments,
    server_bench_environment,
    set_up_tables,
    stop_all,
    verdict,
)
from printing_load import (  # noqa: E402 - bench/printing_load.py, beside this file
    account,
    bridge_ruling,
    gorilla_games,
    mahjong_game,
    session_of,
    two_way_street_game,
)

POLL_SECONDS = 2  # how often a "being prepared" page is followed here
TABS = 4  # requests at once for a flooder's PDF, each turn
TAPS = 20
GUESSES = 25
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Stopwatch:
    def __init__(self) -> None:
        self.started = time.perf_counter()

    def seconds(self) -> float:
        return time.perf_counter() - self.started


def ask(port: int, path: str, session: str, errors: list[str]) -> tuple[int, bytes]:
    try:
        response, body = fetch(port, "GET", path, headers={"Cookie": f"sessionid={session}"}, timeout=60)
    except OSError as error:
        errors.append(f"{path}: {error}")
        return 0, b""
    if response.status >= 500:
        errors.append(f"{path}: {response.status}")
    return response.status, body


def until_pdf(port: int, path: str, session: str, deadline: float, errors: list[str], tabs: int = 1) -> float | None:
    """Ask ``path`` every POLL_SECONDS (``tabs`` requests at once) until it
    gives a PDF: the seconds it took, or None past ``deadline`` (monotonic)."""
    clock = Stopwatch()
    while time.monotonic() < deadline:
        answers: list[tuple[int, bytes]] = []
        threads = [
            threading.Thread(target=lambda: answers.append(ask(port, path, session, errors))) for _ in range(tabs)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if any(status == 200 and body.startswith(b"%PDF-") for status, body in answers):
            return clock.seconds()
        if any(status not in (200, 202, 429) for status, _ in answers):
            return None
        time.sleep(POLL_SECONDS)
    return None


def taps(phone: Phone, count: int) -> list[float]:
    """``count`` hands recorded on the phone's pad (a rematch when a game ends): their latencies."""
    phone.open_pad()
    for _ in range(count):
        if phone.number is None:
            phone.rematch()
        number = phone.number
        assert number is not None
        phone.record(number, "M")
    return phone.tally.latencies.pop("record", [])


def healthz(port: int, count: int, pause: float, stop_event: threading.Event | None = None) -> tuple[list[float], int]:
    """``/healthz`` asked ``count`` times (or until ``stop_event``): latencies, and failures."""
    latencies, failures = [], 0
    while (stop_event is None and len(latencies) < count) or (stop_event is not None and not stop_event.is_set()):
        clock = Stopwatch()
        try:
            response, _ = fetch(port, "GET", "/healthz", timeout=60)
            failures += response.status != 200
        except OSError:
            failures += 1
        latencies.append(clock.seconds())
        time.sleep(pause)
    return latencies, failures


def figures(values: list[float]) -> str:
    if not values:
        return "none"
    return (
        f"{len(values)}, p50 {percentile(values, 0.5) * 1000:.0f} ms, p95 {percentile(values, 0.95) * 1000:.0f} ms, "
        f"max {max(values) * 1000:.0f} ms"
    )


def log_in(port: int, username: str, password: str, address: str) -> int:
    """A login through the form from ``address``: the answer's status (302: logged in)."""
    headers = {"X-Real-IP": address}
    response, body = fetch(port, "GET", "/accounts/login/", headers=headers)
    cookies = [value.split(";", 1)[0] for name, value in response.getheaders() if name.lower() == "set-cookie"]
    token = CSRF_INPUT.search(body.decode())
    form = {"username": username, "password": password, "csrfmiddlewaretoken": token.group(1) if token else ""}
    headers |= {"Cookie": "; ".join(cookies), "Content-Type": "application/x-www-form-urlencoded"}
    response, _ = fetch(port, "POST", "/accounts/login/", body=urlencode(form), headers=headers)
    return response.status


def tasks_per_document() -> Counter:
    """How many tasks the worker was given for each PDF address."""
    from django_tasks_db.models import DBTaskResult

    return Counter(row["args"][1] for row in DBTaskResult.objects.values_list("args_kwargs", flat=True))


def longest_render() -> float:
    """The seconds of the longest render the worker finished."""
    from django_tasks_db.models import DBTaskResult

    rows = DBTaskResult.objects.filter(finished_at__isnull=False, started_at__isnull=False)
    return max(((row.finished_at - row.started_at).total_seconds() for row in rows), default=0.0)


def main(argv=None) -> int:
    parser = server_bench_arguments(__doc__.split("\n\n")[0])
    parser.add_argument("--flood-seconds", type=float, default=600, help="the flood's bound")
    args = parser.parse_args(argv)
    workdir, env = server_bench_environment(args, argv, __file__, "abuse")
    port = free_port()
    env["CLIENT_IP_HEADER"] = "HTTP_X_REAL_IP"
    server = worker = None
    log_path = workdir / "server.log"
    try:
        deploy(env)
        clock = Stopwatch()
        from django.conf import settings

        flooders = {kind: account(f"flood-{kind}") for kind in ("street", "mahjong", "bridge", "gorilla")}
        flood_paths = [
            two_way_street_game(flooders["street"]),
            mahjong_game(flooders["mahjong"]),
            bridge_ruling(flooders["bridge"]),
            gorilla_games(flooders["gorilla"])[1],
        ]
        flood_sessions = [session_of(flooders[kind]) for kind in ("street", "mahjong", "bridge", "gorilla")]
        scorer_session, _, game_id = set_up_tables(1)[0]
        other = account("other")
        other_session = session_of(other)
        sheet = short_sheet(other, settings.PDF_CELLS_IN_REQUEST)
        owner_password = "owner-pass-" + os.urandom(6).hex()
        owner = account("owner")
        owner.set_password(owner_password)
        owner.save()
        print(f"inputs built in {clock.seconds():.0f} s")

        with open(log_path, "w") as log:
            server = serve(env, port, args.workers, log)
            worker = subprocess.Popen(
                ["nice", "-n", "10", PYTHON, "manage.py", "db_worker", "--no-reload", "--interval", "0.5"],
                cwd=BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT,
            )
            print(f"gunicorn: {args.workers} workers on 127.0.0.1:{port}, and the task worker; "
                  f"{os.cpu_count()} CPUs; database: {args.database}")
            phone = Phone(port, scorer_session, Table(game_id), Tally())
            errors: list[str] = []

            # 1. Baseline.
            base_health, base_health_failures = healthz(port, 20, 0.05)
            base_taps = taps(phone, TAPS)
            base_sheet = until_pdf(port, f"{sheet}?size=a4", other_session, time.monotonic() + 300, errors)

            # 2. The flood.
            flood_deadline = time.monotonic() + args.flood_seconds
            arrivals: dict[str, float | None] = {}

            def flood(path: str, session: str) -> None:
                for size in ("a4", "letter"):
                    address = f"{path}{'&' if '?' in path else '?'}size={size}"
                    arrivals[address] = until_pdf(port, address, session, flood_deadline, [], tabs=TABS)

            flooding = [threading.Thread(target=flood, args=pair) for pair in zip(flood_paths, flood_sessions)]
            stop_health = threading.Event()
            health: list = []
            poller = threading.Thread(target=lambda: health.extend(healthz(port, 0, 0.2, stop_health)))
            flood_clock = Stopwatch()
            poller.start()
            for thread in flooding:
                thread.start()
            busy_with_flood(flood_deadline)
            flood_taps: list[float] = []
            tapper = threading.Thread(target=lambda: flood_taps.extend(taps(phone, TAPS)))
            tapper.start()
            flood_sheet = until_pdf(port, f"{sheet}?size=letter", other_session, flood_deadline, errors)
            tapper.join()
            for thread in flooding:
                thread.join()
            stop_health.set()
            poller.join()
            flood_health, flood_health_failures = health
            worker_alive = worker.poll() is None
            documents = tasks_per_document()

            # 3. A guesser at the owner's password, then the owner from elsewhere.
            guesses = Counter(log_in(port, "owner", f"wrong-{n}", "203.0.113.7") for n in range(GUESSES))
            owner_status = log_in(port, "owner", owner_password, "198.51.100.20")
        timeouts = log_path.read_text().count("WORKER TIMEOUT")
        lock_errors = log_path.read_text().count("database is locked")

        print(f"/healthz, unloaded: {figures(base_health)}")
        print(f"/healthz, during the flood ({flood_clock.seconds():.0f} s): {figures(flood_health)}; "
              f"failures {base_health_failures + flood_health_failures}")
        print(f"the other user's taps, unloaded: {figures(base_taps)}")
        print(f"the other user's taps, during the flood: {figures(flood_taps)}")
        print(f"the other user's sheet (worker-printed), unloaded: {seconds(base_sheet)}; "
              f"during the flood: {seconds(flood_sheet)}"
              + (f" ({flood_sheet / base_sheet:.1f}x)" if flood_sheet and base_sheet else ""))
        for address, took in arrivals.items():
            print(f"  flood {address:<60} {seconds(took)}; tasks: {documents[address]}")
        print(f"tasks per document: most {max(documents.values(), default=0)}; documents {len(documents)}")
        print(f"task worker still running: {worker_alive}; 'database is locked' in the logs: {lock_errors}; "
              f"gunicorn worker timeouts: {timeouts}")
        print(f"{GUESSES} wrong passwords from one address: answers {dict(guesses)}; "
              f"the owner from another address: {owner_status} ({'logged in' if owner_status == 302 else 'refused'})")
        for error in (errors + phone.tally.errors)[:5]:
            print(f"        error: {error}")
        render_allowance = longest_render()
        print(f"the longest render: {render_allowance:.1f} s")
        targets = {
            "the other user's sheet within 10x its baseline plus one flood render": bool(
                flood_sheet and base_sheet and flood_sheet <= 10 * base_sheet + render_allowance
            ),
            "every tap of the other user's under 1 s": bool(flood_taps) and max(flood_taps) < 1,
            "every /healthz under 1 s": bool(flood_health) and max(flood_health) < 1,
            "the owner logs in from another address after the guesses": owner_status == 302,
            "no server error for the other user": not errors and not phone.tally.errors,
            "one task per document": max(documents.values(), default=0) <= 1,
            "the task worker still running": worker_alive,
        }
        return verdict(targets)
    finally:
        stop_all(server, worker, workdir)


def short_sheet(user, cells_in_request: int) -> str:
    """A Two Way Street sheet of 6 players just long enough for the worker."""
    import datetime

    from scorepads.players import Seat
    from two_way_street import services

    game = services.game_start(
        seats=[Seat(name) for name in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")], target=100, date=datetime.date(2026, 7, 9),
        user=user,
    )
    tied = [(3, "high", "forced"), (3, "high", "forced")] + [(1, "low", "declared"), (2, "low", "declared")] * 2
    for number in range(1, cells_in_request // len(tied) + 2):  # tied high: nobody reaches the target
        services.hand_record(game=game, number=number, results=tied)
    return f"/two-way-street/games/{game.pk}/sheet.pdf"


def busy_with_flood(deadline: float) -> None:
    """Wait until the worker runs one of the flood's renders."""
    from django_tasks_db.models import DBTaskResult

    while time.monotonic() < deadline and not DBTaskResult.objects.filter(status="RUNNING").exists():
        time.sleep(0.2)


def seconds(took: float | None) -> str:
    return f"{took:.1f} s" if took is not None else "never"


if __name__ == "__main__":
    sys.exit(main())
