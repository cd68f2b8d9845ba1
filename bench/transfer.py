"""Transfer bench: the bytes a phone moves to open a 30-hand pad.

    .venv/bin/python bench/transfer.py

It starts gunicorn with production settings (DEBUG off; whitenoise's hashed,
compressed static files; GZipMiddleware) on a free port of 127.0.0.1, with its
own static root and SQLite database in a temporary directory (removed at the
end), makes an account with a game of 30 hands, and drives Debian's Chromium
through Playwright as a phone does:

- a fresh visit: a new profile opens the pad (its service worker then installs
  and keeps the page: those requests are counted apart);
- a repeat visit: the same profile opens the pad again.

Chromium reaches gunicorn through a relay of this process that counts every
byte each way: that is what a visit moves, whoever asked (the page, its service
worker installing, the browser). Beside it, every request Chromium reports is
listed with the bytes it moved (headers and body as sent, compressed), or as
served by the service worker or the browser's cache; the service worker's own
fetches are reported without their sizes, so the relay's count is the one to
trust. The baseline, measured in the same run: the same fresh visit with
compression refused (``Accept-Encoding: identity``) and no service worker.
Exit status 1 if the page of a fresh visit moves more than 30 KB (the service
worker's fetches apart), or the repeat visit loads any static file from the network.
"""

from __future__ import annotations

import datetime
import secrets
import shutil
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE_DIR))

from bench.load import deploy, free_port, production_environment, serve, stop, verdict  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FRESH_LIMIT = 30 * 1024
HANDS = "MI" * 15  # 30 hands, 15-15: the game goes on
WORKER = " (by the service worker)"
# What Chromium asks for over HTTPS, as the app is served: over plain HTTP (this
# bench's loopback) it leaves out Brotli and Zstandard.
AS_OVER_HTTPS = {"Accept-Encoding": "gzip, deflate, br, zstd"}


def set_up_game() -> tuple[str, int]:
    """An account with a partnership and a game of 30 hands; (session, game id)."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from pad import services

    user = get_user_model().objects.create_user(username="jon", password=secrets.token_urlsafe(16))
    partnership = services.partnership_get_or_create(odd_name="Jon", even_name="Richard", user=user)
    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    for number, outcome in enumerate(HANDS, start=1):
        services.hand_record(game=game, number=number, outcome=outcome)
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value, game.pk


class CountingRelay:
    """A TCP relay on 127.0.0.1 in front of ``target_port`` that counts the bytes
    it passes each way; ``take()`` gives them (down, up) and starts again at 0."""

    def __init__(self, target_port: int):
        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.counts = {"down": 0, "up": 0}
        self.lock = threading.Lock()
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self) -> None:
        while True:
            try:
                browser, _ = self.listener.accept()
            except OSError:
                return  # closed
            server = socket.create_connection(("127.0.0.1", self.target_port))
            threading.Thread(target=self.pipe, args=(browser, server, "up"), daemon=True).start()
            threading.Thread(target=self.pipe, args=(server, browser, "down"), daemon=True).start()

    def pipe(self, source: socket.socket, sink: socket.socket, direction: str) -> None:
        try:
            while data := source.recv(65536):
                with self.lock:
                    self.counts[direction] += len(data)
                sink.sendall(data)
        except OSError:
            pass
        try:
            sink.shutdown(socket.SHUT_WR)  # the other way may still be talking
        except OSError:
            pass

    def take(self) -> tuple[int, int]:
        with self.lock:
            counts = (self.counts["down"], self.counts["up"])
            self.counts = {"down": 0, "up": 0}
        return counts

    def close(self) -> None:
        self.listener.close()


class Visit:
    """The requests of one visit: (url, bytes moved, where the answer came from),
    and every byte it moved each way, as the relay counted them."""

    def __init__(self, label: str):
        self.label = label
        self.requests: list[tuple[str, int, str]] = []
        self.down = self.up = 0

    def add(self, request) -> None:
        response = request.response()
        if response is None:
            return
        sizes = request.sizes()
        moved = sizes["responseBodySize"] + sizes["responseHeadersSize"]
        if response.from_service_worker:
            source, moved = "service worker", 0
        elif request.service_worker:
            # Chromium does not say what most of the worker's own fetches moved, nor
            # whether they came from the browser's cache: the relay counts them.
            source = "network" if moved > 0 else "unreported, cache or net"
        else:
            source = "network" if moved > 0 else "browser cache"
        worker = WORKER if request.service_worker else ""
        self.requests.append((request.url + worker, moved, source))

    @property
    def total(self) -> int:
        """What the page itself moved (the service worker's own requests apart)."""
        return sum(moved for url, moved, _ in self.requests if not url.endswith(WORKER))

    @property
    def worker_total(self) -> int:
        return sum(moved for url, moved, _ in self.requests if url.endswith(WORKER))

    def static_from_network(self) -> list[str]:
        return [url for url, _, source in self.requests if "/static/" in url and source == "network"]

    def print(self, origin: str) -> None:
        print(
            f"{self.label}: {self.down / 1024:6.1f} KB moved in all (+ {self.up / 1024:.1f} KB sent), "
            f"of which the page's requests {self.total / 1024:.1f} KB and its service worker's reported "
            f"{self.worker_total / 1024:.1f} KB; {len(self.requests)} requests"
        )
        for url, moved, source in self.requests:
            print(f"    {moved / 1024:6.1f} KB  {source:<26} {url.removeprefix(origin)}")
        unlisted = self.down - self.total - self.worker_total
        print(f"    {unlisted / 1024:6.1f} KB  {'not reported by Chromium':<26} (the relay's count less the above)")


def visit(context, relay: CountingRelay, url: str, label: str, settle_ms: int = 1500) -> Visit:
    seen = Visit(label)
    relay.take()
    context.on("requestfinished", seen.add)
    page = context.new_page()
    page.goto(url)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(settle_ms)  # the service worker installs and keeps the page
    context.remove_listener("requestfinished", seen.add)
    page.close()
    seen.down, seen.up = relay.take()
    return seen


def main() -> int:
    workdir = Path(tempfile.mkdtemp(prefix="gorilla-transfer-"))
    port = free_port()
    env = production_environment(workdir, f"sqlite:///{workdir / 'transfer.sqlite3'}")
    server = relay = None
    try:
        deploy(env)
        session, game_id = set_up_game()
        server = serve(env, port, workers=2)
        relay = CountingRelay(port)
        origin = f"http://127.0.0.1:{relay.port}"

        from playwright.sync_api import sync_playwright

        pad = f"{origin}/games/{game_id}/"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
            )

            def phone(**options):
                context = browser.new_context(viewport={"width": 390, "height": 844}, **options)
                context.add_cookies([{"name": "sessionid", "value": session, "url": origin}])
                return context

            plain = phone(extra_http_headers={"Accept-Encoding": "identity"}, service_workers="block")
            baseline = visit(plain, relay, pad, "baseline: fresh visit, nothing compressed, no service worker")
            plain.close()

            context = phone(extra_http_headers=AS_OVER_HTTPS)
            fresh = visit(context, relay, pad, "fresh visit")
            repeat = visit(context, relay, pad, "repeat visit")
            context.close()
            browser.close()

        print(f"Chromium at 390x844 opening a pad of {len(HANDS)} hands on gunicorn (production settings)")
        for seen in (baseline, fresh, repeat):
            seen.print(origin)
        static_again = repeat.static_from_network()
        targets = {
            f"fresh visit's page moves at most {FRESH_LIMIT // 1024} KB ({fresh.total / 1024:.1f} KB, "
            f"{fresh.total / baseline.total:.0%} of the baseline's {baseline.total / 1024:.1f} KB; "
            f"{fresh.down / 1024:.1f} KB in all with its service worker's)": fresh.total <= FRESH_LIMIT,
            f"repeat visit loads no static file from the network ({len(static_again)} did)": not static_again,
        }
        return verdict(targets)
    finally:
        if relay is not None:
            relay.close()
        stop(server)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    started = time.monotonic()
    status = main()
    print(f"({time.monotonic() - started:.0f} s)")
    sys.exit(status)
