"""Entry latency bench: how soon a tap's entry shows on a slow network.

    .venv/bin/python bench/entry_latency.py [--taps 5] [--latency-ms 300]

It starts gunicorn with production settings (DEBUG off, whitenoise's manifest
storage) on a free port of 127.0.0.1, with its own static root and SQLite
database in a temporary directory (removed at the end), makes an account with
a game of each kind that records hands (Gorilla, Two Way Street, Mah Jongg),
and drives Debian's Chromium through Playwright as a phone at 390x844 does,
its network slowed by ``--latency-ms`` each way (the DevTools protocol's
Network.emulateNetworkConditions).

On each game's page the phone makes ``--taps`` entries, one after another
(each once the one before is answered and the page takes a tap again). The
page itself measures each: ``performance.now()`` when the entry's button is
pressed, and a MutationObserver that notes when the entry first shows (the new
mark on Gorilla's pad, the hand's row on a seated game's sheet, waiting or
not) and when the server's answer shows (the mark or row as the server drew
it). The second is the baseline, measured in the same run: what a tap cost
before the phone drew its entry at once, the whole round trip and the
swap. It prints each game's medians and the target: an entry shows within
100 ms (median). Exit status 1 when a game misses it.
"""

from __future__ import annotations

import argparse
import datetime
import secrets
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(BASE_DIR))

from bench.load import deploy, free_port, production_environment, serve, stop_all, verdict  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
TARGET_MS = 100
# Two Way Street's hands: each player's tricks, high or low, declared or forced.
STREET_NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]
STREET_HANDS = [
    [(4, "high", "declared"), (2, "high", "declared"), (1, "low", "declared"), (3, "low", "forced"), (1, "high", "declared")],
    [(3, "high", "declared"), (0, "low", "declared"), (2, "high", "declared"), (4, "low", "declared"), (3, "high", "forced")],
]
# Mah Jongg's hands: the winner's seat and every player's score.
MAHJONG_NAMES = ["Ann", "Ben", "Cat", "Dan"]
MAHJONG_HANDS = [(2, [10, 40, 0, 8]), (3, [4, 0, 30, 12]), (1, [50, 2, 6, 0])]

# In the page: when the entry's button is pressed, when the entry first shows
# (``shown``, a selector of it) and when the server's drawing of it does
# (``answered``). Set before each tap by ``window.entryLatency.expect``.
MEASURE = """() => {
  const measured = { start: null, shown: null, answered: null, selectors: null };
  function look() {
    if (measured.start === null || !measured.selectors) return;
    const now = performance.now();
    if (measured.shown === null && document.querySelector(measured.selectors.shown)) measured.shown = now - measured.start;
    if (measured.answered === null && document.querySelector(measured.selectors.answered)) measured.answered = now - measured.start;
  }
  document.addEventListener("click", (event) => {
    if (measured.selectors && event.target.closest("button[type=submit]")) { measured.start = performance.now(); look(); }
  }, true);
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true });
  window.entryLatency = {
    expect(selectors) { Object.assign(measured, { start: null, shown: null, answered: null, selectors }); },
    read() { return { shown: measured.shown, answered: measured.answered }; },
  };
}"""


def set_up_games() -> tuple[str, dict[str, int]]:
    """An account with a game of each kind that records hands; (session, game ids by kind)."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from mahjong import services as mahjong
    from pad import services as gorilla
    from scorepads.players import Seat
    from two_way_street import services as street

    user = get_user_model().objects.create_user(username="jon", password=secrets.token_urlsafe(16))
    date = datetime.date(2026, 7, 9)
    partnership = gorilla.partnership_get_or_create(odd_name="Jon", even_name="Richard", user=user)
    games = {
        "Gorilla": gorilla.game_start(partnership=partnership, date=date).pk,
        "Two Way Street": street.game_start(
            seats=[Seat(name) for name in STREET_NAMES], target=100, date=date, user=user
        ).pk,
        "Mah Jongg": mahjong.game_start(seats=[Seat(name) for name in MAHJONG_NAMES], date=date, user=user).pk,
    }
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value, games


def gorilla_tap(page, number: int):
    """Gorilla's button for hand ``number`` and its mark's selectors."""
    button = page.get_by_role("button", name="Made" if number % 2 else "Lost, possible")
    mark = f'#pad .chart .mark[data-hand="{number}"]'
    return button, {"shown": mark, "answered": f"{mark}:not(.waiting)"}


def street_tap(page, number: int):
    for seat, (tricks, direction, choice) in enumerate(STREET_HANDS[number % len(STREET_HANDS)], start=1):
        page.fill(f"#next-tricks-{seat}", str(tricks))
        page.locator(f'label[for="next-direction-{seat}-{direction}"]').click()
        page.locator(f'label[for="next-choice-{seat}-{choice}"]').click()
    return page.get_by_role("button", name=f"Record hand {number}"), seated_selectors(number)


def mahjong_tap(page, number: int):
    winner, scores = MAHJONG_HANDS[number % len(MAHJONG_HANDS)]
    page.locator(f'label[for="next-winner-{winner}"]').click()
    for seat, score in enumerate(scores, start=1):
        page.fill(f"#next-score-{seat}", str(score))
    return page.get_by_role("button", name=f"Record hand {number}"), seated_selectors(number)


def seated_selectors(number: int) -> dict[str, str]:
    return {"shown": f'#sheet-rows [data-entry-row="{number}"], #hand-{number}-row', "answered": f"#hand-{number}-row"}


GAMES = {
    "Gorilla": ("/games/{id}/", gorilla_tap),
    "Two Way Street": ("/two-way-street/games/{id}/", street_tap),
    "Mah Jongg": ("/mah-jongg/games/{id}/", mahjong_tap),
}


def measure(context, url: str, tap, taps: int, latency_ms: int) -> list[dict]:
    """``taps`` entries on the page at ``url``, each's times as the page measured them."""
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(url)
    page.wait_for_function("() => window.tapQueue && document.readyState === 'complete'")
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": latency_ms, "downloadThroughput": -1, "uploadThroughput": -1,
    })
    page.evaluate(MEASURE)
    times = []
    for number in range(1, taps + 1):
        button, selectors = tap(page, number)
        page.evaluate("(selectors) => window.entryLatency.expect(selectors)", selectors)
        button.click()
        page.wait_for_function("() => window.entryLatency.read().answered !== null")
        page.wait_for_selector("#pad:not(.settling)", state="attached")  # a tap is a tap again
        times.append(page.evaluate("() => window.entryLatency.read()"))
    page.close()
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=5, help="entries per game")
    parser.add_argument("--latency-ms", type=int, default=300, help="the network's latency each way")
    args = parser.parse_args(argv)
    workdir = Path(tempfile.mkdtemp(prefix="gorilla-entry-latency-"))
    port = free_port()
    env = production_environment(workdir, f"sqlite:///{workdir / 'entry_latency.sqlite3'}")
    server = None
    try:
        deploy(env)
        session, games = set_up_games()
        server = serve(env, port, workers=2)
        origin = f"http://127.0.0.1:{port}"

        from playwright.sync_api import sync_playwright

        results = {}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
            )
            context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
            context.add_cookies([{"name": "sessionid", "value": session, "url": origin}])
            for kind, (path, tap) in GAMES.items():
                results[kind] = measure(context, origin + path.format(id=games[kind]), tap, args.taps, args.latency_ms)
            context.close()
            browser.close()

        print(f"Chromium at 390x844, {args.latency_ms} ms of latency each way, {args.taps} entries a game, "
              "from the tap to the entry on the screen (median, ms):")
        targets = {}
        for kind, times in results.items():
            shown = statistics.median(each["shown"] for each in times)
            answered = statistics.median(each["answered"] for each in times)
            print(f"  {kind:<15} shown {shown:7.0f}   baseline (the server's answer drawn) {answered:7.0f}")
            targets[f"{kind}: an entry shows within {TARGET_MS} ms ({shown:.0f} ms)"] = shown <= TARGET_MS
        return verdict(targets)
    finally:
        stop_all(server, None, workdir)


if __name__ == "__main__":
    sys.exit(main())
