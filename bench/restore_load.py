"""Restore bench: three accounts restore the largest download at once while
another account taps its Gorilla pad, against gunicorn and the task worker.

    .venv/bin/python bench/restore_load.py [--workers 3] [--database sqlite|postgresql]
                                           [--baseline-seconds 15] [--gorilla-games 250]

It starts gunicorn with production settings as bench/load.py does (its
``production_environment``, ``deploy``, ``serve`` and ``stop``), on a free port
of 127.0.0.1 with its own database, plus the task worker (``manage.py
db_worker``). It builds one account's data download (``write_archive``):
Two Way Street's longest game (12 players with 60-character names, 200 hands:
bench/printing_load.py's), Mah Jongg's (200 hands in full notation), a bridge
ruling on a 409-score traveller, and ``--gorilla-games`` Gorilla games of 40
hands each (the 252-game download of the attack had 250 Gorilla games).

The baseline: for ``--baseline-seconds`` the tapping account records hands as
fast as it can (bench/load.py's scorer, htmx posts, rematches included), while
``/healthz`` is asked every 100 ms. Then the attack: three accounts post the
download to the restore at the same instant (each its own account, so each
writes every game) and follow their restore's page every 2 s until it ends;
meanwhile the taps and ``/healthz`` go on as before, until all three restores
have ended.

It prints, for the baseline and the attack side by side, the taps' and
``/healthz``'s p50, p95 and max; the restore posts' answer times; each
restore's time to its result; and checks that every hand the server
acknowledged is stored exactly once. Targets: every tap and every
``/healthz`` answered within 1 s during the attack (the slowest, not a
percentile), no server error, no hand lost or doubled, every restore done
with every game written, the task worker still running.
Exit status 1 when one is missed.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import secrets
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import (  # noqa: E402 - bench/load.py, beside this file
    BASE_DIR,
    PYTHON,
    Phone,
    Table,
    Tally,
    check_hands,
    deploy,
    fetch,
    free_port,
    percentile,
    score,
    serve,
    server_bench_arguments,
    server_bench_environment,
    set_up_tables,
    stop_all,
    verdict,
)
from printing_load import (  # noqa: E402
    account,
    bridge_ruling,
    long_name,
    mahjong_game,
    poll_healthz,
    session_of,
    two_way_street_game,
)

TARGET_SECONDS = 1.0
ATTACKERS = 3
FOLLOW_SECONDS = 2  # how often a restore's page asks again (templates/registration/restore.html)
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
RESULT = re.compile(r"(\d+) games? restored, (\d+) already here")


def gorilla_games(user, count: int) -> None:
    """``count`` Gorilla games of 40 hands for ``user``, written as an import writes them."""
    from pad import exchange, services

    hands = [{"number": number, "outcome": "MI"[number % 2]} for number in range(1, 41)]
    document = {
        "format": exchange.FORMAT,
        "games": [
            {"partnership": {"odd": long_name(0), "even": long_name(1)}, "date": "2026-07-09", "notes": "", "hands": hands}
            for _ in range(count)
        ],
    }
    services.games_import(specs=exchange.read_document(document), user=user)


def download(gorilla_count: int) -> tuple[bytes, int]:
    """The largest download: its bytes and how many games (and rulings) it holds."""
    from scorepads.account_data import write_archive

    source = account("source")
    two_way_street_game(source)
    mahjong_game(source)
    bridge_ruling(source)
    gorilla_games(source, gorilla_count)
    buffer = io.BytesIO()
    write_archive(source, buffer)
    return buffer.getvalue(), 3 + gorilla_count


def multipart(fields: dict[str, str], file_field: str, file_name: str, content: bytes) -> tuple[bytes, str]:
    boundary = secrets.token_hex(16)
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        for name, value in fields.items()
    ]
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="{file_field}"; filename="{file_name}"\r\n'
        "Content-Type: application/zip\r\n\r\n".encode() + content + b"\r\n"
    )
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


class Restorer:
    """An account that restores the download and follows its page until it ends."""

    def __init__(self, port: int, session: str):
        self.port, self.cookies = port, {"sessionid": session}
        self.posted = 0.0  # the post's answer time
        self.ended_after: float | None = None
        self.result = ""
        self.errors: list[str] = []

    def header(self) -> dict:
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}

    def keep_cookies(self, response) -> None:
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]

    def prepare(self) -> None:
        response, body = fetch(self.port, "GET", "/accounts/", headers=self.header())
        self.keep_cookies(response)
        self.token = CSRF_FIELD.search(body.decode()).group(1)

    def run(self, content: bytes, barrier: threading.Barrier, started: float) -> None:
        body, content_type = multipart({"csrfmiddlewaretoken": self.token}, "archive", "data.zip", content)
        headers = {**self.header(), "Content-Type": content_type, "Referer": f"http://127.0.0.1:{self.port}/accounts/"}
        barrier.wait()
        began = time.perf_counter()
        response, _ = fetch(self.port, "POST", "/accounts/restore/", body, headers, timeout=120)  # type: ignore[arg-type]
        self.posted = time.perf_counter() - began
        location = response.getheader("Location", "")
        if response.status != 302 or "/accounts/restore/" not in location:
            self.errors.append(f"restore post: {response.status} {location}")
            return
        path = location.replace(f"http://127.0.0.1:{self.port}", "")
        while True:
            response, page = fetch(self.port, "GET", path, headers={**self.header(), "HX-Request": "true"}, timeout=60)
            text = page.decode()
            if response.status != 200:
                self.errors.append(f"restore page: {response.status}")
            if "hx-trigger" not in text:  # ended
                self.ended_after = time.perf_counter() - started
                match = RESULT.search(text)
                self.result = match.group(0) if match else re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text)).strip()[:300]
                return
            time.sleep(FOLLOW_SECONDS)


def tap_until(phone_args: tuple, stop_event: threading.Event, tally: Tally) -> None:
    """The tapping account records hands, in windows of 5 s, until ``stop_event``."""
    port, session, table = phone_args
    rng = random.Random(7)
    while not stop_event.is_set():
        try:
            score(Phone(port, session, table, tally), time.monotonic() + 5, 0, rng)
        except Exception as error:  # counted: the bench reports it
            tally.errors.append(f"tapping: {error!r}")
            stop_event.wait(0.5)


def line(latencies: list[float]) -> str:
    if not latencies:
        return "no requests"
    return (
        f"{len(latencies):>5} requests, p50 {percentile(latencies, 0.5) * 1000:>6.0f} ms, "
        f"p95 {percentile(latencies, 0.95) * 1000:>6.0f} ms, max {max(latencies) * 1000:>6.0f} ms"
    )


def phase(port: int, table_args: tuple, until_done) -> tuple[list[float], list[float], list[str]]:
    """Taps and /healthz until ``until_done()`` returns: (tap latencies, /healthz latencies, errors)."""
    stop_event = threading.Event()
    tally, healthz, healthz_errors, slow = Tally(), [], [], []
    tapper = threading.Thread(target=tap_until, args=(table_args, stop_event, tally))
    poller = threading.Thread(target=poll_healthz, args=(port, stop_event, healthz, healthz_errors, slow))
    tapper.start()
    poller.start()
    try:
        until_done()
    finally:
        stop_event.set()
        tapper.join()
        poller.join()
    phase.tallies.append(tally)  # type: ignore[attr-defined]
    return tally.latencies.get("record", []), healthz, tally.errors + healthz_errors


phase.tallies = []  # type: ignore[attr-defined]


def main(argv=None) -> int:
    parser = server_bench_arguments(__doc__.split("\n\n")[0])
    parser.add_argument("--baseline-seconds", type=float, default=15)
    parser.add_argument("--gorilla-games", type=int, default=250)
    args = parser.parse_args(argv)
    workdir, env = server_bench_environment(args, argv, __file__, "restore")
    port = free_port()
    server = worker = None
    log_path = workdir / "gunicorn.log"
    try:
        deploy(env)
        built = time.perf_counter()
        content, games = download(args.gorilla_games)
        restorers_sessions = [session_of(account(f"attacker{index}")) for index in range(ATTACKERS)]
        scorer_session, _, game_id = set_up_tables(1)[0]
        print(f"download of {games} games ({len(content) // 1024} KiB) built in {time.perf_counter() - built:.0f} s; "
              f"{json.dumps({'cpus': os.cpu_count(), 'database': args.database, 'workers': args.workers})}")

        with open(log_path, "w") as log:
            server = serve(env, port, args.workers, log)
            worker = subprocess.Popen(
                [PYTHON, "manage.py", "db_worker", "--no-reload", "--no-startup-delay", "--interval", "0.5"],
                cwd=BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT,
            )
            table_args = (port, scorer_session, Table(game_id))
            base_taps, base_healthz, base_errors = phase(port, table_args, lambda: time.sleep(args.baseline_seconds))

            restorers = [Restorer(port, session) for session in restorers_sessions]
            for restorer in restorers:
                restorer.prepare()
            barrier = threading.Barrier(ATTACKERS)
            started = time.perf_counter()

            def attack() -> None:
                threads = [threading.Thread(target=r.run, args=(content, barrier, started)) for r in restorers]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    thread.join()

            taps, healthz, errors = phase(port, table_args, attack)
            attack_seconds = time.perf_counter() - started
            worker_alive = worker.poll() is None
        gunicorn_log = log_path.read_text()

        print(f"baseline ({args.baseline_seconds:.0f} s, nothing else running):")
        print(f"  taps     {line(base_taps)}")
        print(f"  /healthz {line(base_healthz)}")
        print(f"during {ATTACKERS} restores at once of the {games}-game download ({attack_seconds:.0f} s):")
        print(f"  taps     {line(taps)}")
        print(f"  /healthz {line(healthz)}")
        for index, restorer in enumerate(restorers):
            ended = f"ended after {restorer.ended_after:.1f} s" if restorer.ended_after else "never ended"
            print(f"  restore {index + 1}: post answered in {restorer.posted * 1000:.0f} ms, {ended}: {restorer.result}")
        every_error = base_errors + errors + [error for r in restorers for error in r.errors]
        for error in every_error[:8]:
            print(f"        error: {error}")
        lost, doubled, extra = check_hands(phase.tallies)  # type: ignore[attr-defined]
        print(f"hands lost {lost}, doubled {doubled}, stored unacknowledged {extra}; "
              f"task worker {'running' if worker_alive else 'EXITED'}; "
              f"'database is locked' in the logs: {gunicorn_log.count('database is locked')}")
        targets = {
            f"every tap answered within {TARGET_SECONDS:.0f} s during the restores": bool(taps) and max(taps) < TARGET_SECONDS,
            f"every /healthz answered within {TARGET_SECONDS:.0f} s during the restores": bool(healthz)
            and max(healthz) < TARGET_SECONDS,
            "no error": not every_error,
            "no hand lost or doubled": (lost, doubled, extra) == (0, 0, 0),
            "every restore done, every game written": all(
                r.result == f"{games} games restored, 0 already here" for r in restorers
            ),
            "the task worker still running": worker_alive,
        }
        return verdict(targets)
    finally:
        stop_all(server, worker, workdir)


if __name__ == "__main__":
    sys.exit(main())
