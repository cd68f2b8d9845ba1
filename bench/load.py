"""Load bench: simulated partners play whole games against gunicorn on loopback.

    .venv/bin/python bench/load.py [--seconds 20] [--clients 8] [--workers 3]

It starts gunicorn with production settings (DEBUG off, whitenoise's manifest
storage) on a free port of 127.0.0.1, with its own SQLite database and static
root in a temporary directory (removed at the end). Each simulated partner logs
in (a session made through the ORM), opens its own game and records hand after
hand through htmx posts carrying the pad's ``number`` and CSRF token; a game
that ends is followed by its rematch. Now and then a partner sends the same hand
twice, as a double tap would: the second must be refused. Then the same number
of clients ask a trivial view (``/healthz``) on the same server for a while.

It prints requests per second, p50/p95/p99 latency, errors, the throughput as a
ratio of the trivial view's, and checks in the database that every hand the
server acknowledged is there exactly once (and no other hand is). Exit status 1
when a target is missed: errors, lost or doubled hands, p95 >= 100 ms, or less
than half the trivial view's throughput.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

BASE_DIR = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
GUNICORN = str(Path(sys.executable).with_name("gunicorn"))

NUMBER = re.compile(r'<form[^>]*class="record-form".*?name="number" value="(\d+)"', re.S)
CSRF = re.compile(r'"x-csrftoken": "([^"]+)"')
OUTCOMES = ["M"] * 6 + ["P", "I", "I"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Tally:
    """What one simulated partner saw."""

    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    acknowledged: list[tuple[int, int, str]] = field(default_factory=list)  # game, number, outcome
    doubles_refused: int = 0
    games_finished: int = 0


class Partner:
    """One phone: its own cookies, its own game, plain HTTP/1.1 on loopback."""

    def __init__(self, port: int, session: str, game_id: int, tally: Tally, rng: random.Random):
        self.port, self.game_id, self.tally, self.rng = port, game_id, tally, rng
        self.cookies = {"sessionid": session}
        self.csrf = ""

    def request(self, method: str, path: str, body: dict | None = None, htmx: bool = False):
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        data = None
        if body is not None:
            data = urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.csrf
        if htmx:
            headers["HX-Request"] = "true"
        started = time.perf_counter()
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            content = response.read().decode()
        finally:
            connection.close()
        self.tally.latencies.append(time.perf_counter() - started)
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
        if response.status >= 400:
            self.tally.errors.append(f"{method} {path}: {response.status}")
        return response, content

    def open_pad(self) -> int | None:
        """Load the pad; the next hand's number, or None when the game is over."""
        response, content = self.request("GET", f"/games/{self.game_id}/")
        if token := CSRF.search(content):
            self.csrf = token.group(1)
        match = NUMBER.search(content)
        return int(match.group(1)) if match else None

    def record(self, number: int, outcome: str) -> tuple[bool, int | None]:
        """Post one hand through htmx; (acknowledged, the next number shown)."""
        response, content = self.request(
            "POST",
            f"/games/{self.game_id}/hands/",
            {"number": number, "outcome": outcome},
            htmx=True,
        )
        refused = "already on the pad" in content or "Nothing was recorded" in content
        acknowledged = response.status == 200 and not refused
        match = NUMBER.search(content)
        return acknowledged, int(match.group(1)) if match else None

    def rematch(self) -> None:
        response, _ = self.request("POST", f"/games/{self.game_id}/rematch/", {})
        location = response.getheader("Location", "")
        match = re.search(r"/games/(\d+)/", location)
        if response.status != 302 or not match or int(match.group(1)) == self.game_id:
            self.tally.errors.append(f"rematch of game {self.game_id}: {response.status} {location}")
            raise RuntimeError("no rematch")
        self.game_id = int(match.group(1))

    def play(self, until: float) -> None:
        number = self.open_pad()
        while time.monotonic() < until:
            if number is None:
                self.tally.games_finished += 1
                self.rematch()
                number = self.open_pad()
                continue
            outcome = self.rng.choice(OUTCOMES)
            acknowledged, shown = self.record(number, outcome)
            if acknowledged:
                self.tally.acknowledged.append((self.game_id, number, outcome))
                if self.rng.random() < 0.1:  # a double tap: the same hand again
                    again, shown = self.record(number, outcome)
                    if again:
                        self.tally.errors.append(f"game {self.game_id} hand {number} recorded twice")
                        self.tally.acknowledged.append((self.game_id, number, outcome))
                    else:
                        self.tally.doubles_refused += 1
            else:
                self.tally.errors.append(f"game {self.game_id} hand {number} refused")
            number = shown


def trivial(port: int, until: float, tally: Tally) -> None:
    while time.monotonic() < until:
        started = time.perf_counter()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            connection.request("GET", "/healthz")
            response = connection.getresponse()
            body = response.read()
        finally:
            connection.close()
        tally.latencies.append(time.perf_counter() - started)
        if response.status != 200 or body != b"ok":
            tally.errors.append(f"/healthz: {response.status}")


def run_threads(target, tallies, *args) -> float:
    threads = [threading.Thread(target=target, args=(*args, tally)) for tally in tallies]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - started


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def report(label: str, tallies: list[Tally], elapsed: float) -> float:
    latencies = [latency for tally in tallies for latency in tally.latencies]
    errors = sum(len(tally.errors) for tally in tallies)
    rate = len(latencies) / elapsed
    print(
        f"{label:<7} {len(latencies):>6} requests in {elapsed:5.1f} s = {rate:7.1f} req/s; "
        f"latency p50 {percentile(latencies, 0.50) * 1000:6.1f} ms, "
        f"p95 {percentile(latencies, 0.95) * 1000:6.1f} ms, "
        f"p99 {percentile(latencies, 0.99) * 1000:6.1f} ms; errors {errors}"
    )
    for tally in tallies:
        for error in tally.errors[:3]:
            print(f"        error: {error}")
    return rate


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20, help="how long the partners play")
    parser.add_argument("--clients", type=int, default=8, help="simulated partners at once")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn worker processes")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not 0 < args.seconds <= 600 or not 0 < args.clients <= 64:
        parser.error("--seconds must be in (0, 600] and --clients in 1..64")

    workdir = Path(tempfile.mkdtemp(prefix="gorilla-load-"))
    port = free_port()
    env = {
        **os.environ,
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": f"sqlite:///{workdir / 'load.sqlite3'}",
        "STATIC_ROOT": str(workdir / "static"),
        "SECURE_SSL_REDIRECT": "false",
        "DJANGO_SETTINGS_MODULE": "gorilla_site.settings",
    }
    server = None
    try:
        for command in (["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"]):
            subprocess.run([PYTHON, "manage.py", *command], cwd=BASE_DIR, env=env, check=True)
        os.environ.update(env)
        sys.path.insert(0, str(BASE_DIR))
        import django

        django.setup()
        sessions, game_ids = set_up_partners(args.clients)

        server = subprocess.Popen(
            [GUNICORN, "gorilla_site.wsgi", "--bind", f"127.0.0.1:{port}",
             "--workers", str(args.workers), "--log-level", "warning"],
            cwd=BASE_DIR, env=env,
        )
        wait_for(port)
        check_static(port, Path(env["STATIC_ROOT"]))
        print(
            f"gunicorn: {args.workers} workers on 127.0.0.1:{port}; {args.clients} partners "
            f"for {args.seconds:g} s; {os.cpu_count()} CPUs"
        )
        rng = random.Random(args.seed)
        tallies = [Tally() for _ in range(args.clients)]
        partners = [
            Partner(port, session, game_id, tally, random.Random(rng.random()))
            for session, game_id, tally in zip(sessions, game_ids, tallies)
        ]
        until = time.monotonic() + args.seconds
        threads = [threading.Thread(target=safe_play, args=(partner, until)) for partner in partners]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        pad_elapsed = time.perf_counter() - started

        trivial_seconds = max(2.0, min(10.0, args.seconds / 2))
        trivial_tallies = [Tally() for _ in range(args.clients)]
        trivial_elapsed = run_threads(
            trivial, trivial_tallies, port, time.monotonic() + trivial_seconds
        )

        pad_rate = report("pad", tallies, pad_elapsed)
        trivial_rate = report("healthz", trivial_tallies, trivial_elapsed)
        ratio = pad_rate / trivial_rate
        print(f"pad throughput = {ratio:.2f} x the trivial view's")
        lost, doubled, extra = check_hands(tallies)
        acknowledged = sum(len(tally.acknowledged) for tally in tallies)
        print(
            f"hands: {acknowledged} acknowledged, "
            f"{sum(t.doubles_refused for t in tallies)} double taps refused, "
            f"{sum(t.games_finished for t in tallies)} games finished; "
            f"in the database: {lost} lost, {doubled} doubled, {extra} never acknowledged"
        )
        latencies = [latency for tally in tallies for latency in tally.latencies]
        errors = sum(len(tally.errors) for tally in tallies + trivial_tallies)
        targets = {
            "no errors": errors == 0,
            "no lost or doubled hands": lost == doubled == extra == 0 and acknowledged > 0,
            "p95 under 100 ms": percentile(latencies, 0.95) < 0.100,
            "at least half the trivial view's throughput": ratio >= 0.5,
        }
        for name, met in targets.items():
            print(f"  {'ok  ' if met else 'MISS'} {name}")
        return 0 if all(targets.values()) else 1
    finally:
        if server is not None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(workdir, ignore_errors=True)


def safe_play(partner: Partner, until: float) -> None:
    try:
        partner.play(until)
    except Exception as error:  # noqa: BLE001 - counted, and the bench goes on
        partner.tally.errors.append(f"{type(error).__name__}: {error}")


def set_up_partners(count: int) -> tuple[list[str], list[int]]:
    """An account, a partnership and a game for each partner, and a logged-in session."""
    import datetime
    import inspect

    from django.contrib.auth import get_user_model
    from django.test import Client

    from pad import services

    sessions, game_ids = [], []
    takes_user = "user" in inspect.signature(services.partnership_get_or_create).parameters
    for index in range(count):
        user = get_user_model().objects.create_user(
            username=f"partner{index}", password=secrets.token_urlsafe(16)
        )
        names = {"odd_name": f"Odd {index}", "even_name": f"Even {index}"}
        if takes_user:
            names["user"] = user
        partnership = services.partnership_get_or_create(**names)
        game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
        client = Client()
        client.force_login(user)
        sessions.append(client.cookies["sessionid"].value)
        game_ids.append(game.pk)
    return sessions, game_ids


def check_hands(tallies: list[Tally]) -> tuple[int, int, int]:
    """(lost, doubled, never acknowledged) hands of the bench's games, from the database."""
    from collections import Counter

    from pad.models import Hand

    acknowledged = Counter((game, number, outcome) for t in tallies for game, number, outcome in t.acknowledged)
    games = {game for game, _, _ in acknowledged}
    stored = Counter(Hand.objects.filter(game_id__in=games).values_list("game_id", "number", "outcome"))
    lost = sum((acknowledged - stored).values())
    doubled = sum(count - 1 for count in stored.values() if count > 1)
    doubled += sum(count - 1 for count in acknowledged.values() if count > 1)
    extra = sum((stored - acknowledged).values())
    return lost, doubled, extra


def check_static(port: int, static_root: Path) -> None:
    """Whitenoise serves the hashed files for a year, brotli or gzip as asked."""
    hashed = next((static_root / "pad").glob("pad.*.css")).name
    for encoding in ("br", "gzip"):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        try:
            connection.request("GET", f"/static/pad/{hashed}", headers={"Accept-Encoding": encoding})
            response = connection.getresponse()
            response.read()
        finally:
            connection.close()
        served = response.getheader("Content-Encoding")
        cache = response.getheader("Cache-Control", "")
        print(f"static /static/pad/{hashed} ({encoding}): {response.status}, "
              f"Content-Encoding {served}, Cache-Control {cache}")
        if response.status != 200 or served != encoding or "immutable" not in cache:
            raise RuntimeError("whitenoise does not serve the static files as it should")


def wait_for(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.1)
        finally:
            connection.close()
    raise RuntimeError(f"gunicorn did not answer on port {port}")


if __name__ == "__main__":
    sys.exit(main())
