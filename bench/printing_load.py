"""Printing bench: the longest PDF of each game, asked four times at once,
against gunicorn with its request workers and the task worker beside them.

    .venv/bin/python bench/printing_load.py [--workers 3] [--database sqlite|postgresql]

It starts gunicorn with production settings as bench/load.py does (its
``production_environment``, ``deploy``, ``serve`` and ``stop``), on a free port
of 127.0.0.1 with its own database, plus the task worker (``manage.py
db_worker``). It builds the largest input of each game, each for an account
of its own:

- Two Way Street: 12 players with 60-character names (Latin, CJK, emoji) and
  200 hands that never end the game (two players tied high and forced);
- Mah Jongg: 200 hands in full notation (East wins every hand, so the game
  goes on), with 60-character names;
- bridge: a pairs ruling (weighted score) on a traveller of 409 scores;
- Gorilla: a game at the hand limit (200 hands) with 60-character names, and
  the day's PDF of 12 such games (``pad.pdf.MAX_PADS``).

First the baseline: ``/healthz`` asked 20 times, the server unloaded. Each
account then opens the page its PDF link is on (the game's sheet, the ruling,
the day's list of games), twice, as a player does before tapping the link. Then
every game's PDF is asked for four times at once (all games together), while
``/healthz`` is asked every 100 ms; each account then asks the same address
again every 2 s, as the "being prepared" page does, until it gives the PDF.

Targets: every answer within 5 s and none a server error, ``/healthz`` within
1 s throughout, no gunicorn worker timing out, and every PDF obtained from the
address asked for. Exit status 1 when one is missed.
"""

from __future__ import annotations

import datetime
import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import (  # noqa: E402 - bench/load.py, beside this file
    BASE_DIR,
    PYTHON,
    deploy,
    fetch,
    free_port,
    percentile,
    serve,
    server_bench_arguments,
    server_bench_environment,
    stop_all,
    verdict,
)

ANSWER_SECONDS = 5
HEALTHZ_SECONDS = 1
READY_TIMEOUT = 600  # seconds to wait for every PDF
NAME_SCRIPTS = ("Maximiliane Alexandra", "王小明李华张伟刘洋陈静", "🦍🃏♠♥♦♣🎉")


def long_name(index: int) -> str:
    """A 60-character name in one of three scripts, numbered."""
    script = NAME_SCRIPTS[index % len(NAME_SCRIPTS)]
    return ((script + " ") * 30)[:58] + f"{index:02d}"


@dataclass
class Document:
    label: str
    path: str
    session: str
    answers: list[tuple[int, float]] = field(default_factory=list)  # (status, seconds) of each request
    ready_after: float | None = None
    size: int = 0
    errors: list[str] = field(default_factory=list)


def session_of(user) -> str:
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def account(name: str):
    import secrets

    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username=name, password=secrets.token_urlsafe(16))


def two_way_street_game(user) -> str:
    from scorepads.players import Seat
    from two_way_street import services

    game = services.game_start(
        seats=[Seat(long_name(index)) for index in range(12)], target=100, date=datetime.date(2026, 7, 9), user=user
    )
    for number in range(1, 201):
        tied = [(3, "high", "forced"), (3, "high", "forced")]  # tied high: nobody reaches the target
        services.hand_record(
            game=game, number=number, results=tied + [((number + seat) % 4, "low", "declared") for seat in range(10)]
        )
    game.refresh_from_db()
    assert game.hand_count == 200 and game.finished_at is None
    return f"/two-way-street/games/{game.pk}/sheet.pdf"


def mahjong_game(user) -> str:
    from mahjong import game as rules
    from mahjong import services
    from scorepads.players import Seat

    game = services.game_start(seats=[Seat(long_name(index)) for index in range(4)], date=datetime.date(2026, 7, 9), user=user)
    east_wins = rules.HandEntry(0, (None, 10, 20, 4), "EEE RdRdRd 234c 678c 99c", "9c", True)
    for number in range(1, rules.MAX_HANDS + 1):
        services.hand_record(game=game, number=number, entry=east_wins)
    game.refresh_from_db()
    assert game.hand_count == rules.MAX_HANDS
    return f"/mah-jongg/games/{game.pk}/sheet.pdf"


def bridge_ruling(user) -> str:

    from bridge import calculator, services

    # 409 tables: the scores a board of 1NT to 7NT can bring, each some tables over.
    scores = [score for score in calculator_scores() if score][:60]
    lines, tables = [], 0
    for score in scores:
        count = min(7, 409 - tables)
        if count <= 0:
            break
        lines.append(f"{score:+d} x{count}")
        tables += count
    assert tables == 409, tables
    inputs = {"field": "\n".join(lines), "weights": f"{scores[0]:+d} 60%, {scores[1]:+d} 40%"}
    ruling = services.ruling_record(
        user=user,
        calculation=calculator.calculation("pairs-weighted"),
        inputs=inputs,
        vulnerability="none",
        event=long_name(1),
        board=7,
        date=datetime.date(2026, 7, 9),
        note=("The director's note on the hesitation and the choice of lead. " * 30)[:1990],
    )
    return f"/bridge/rulings/{ruling.pk}/ruling.pdf"


def calculator_scores() -> list[int]:
    """NS scores a board can bring, not vulnerable: made and defeated contracts."""
    scores = set()
    for level in range(1, 8):
        for trick_value, first in ((20, 20), (30, 30), (30, 40)):
            trick_score = first + trick_value * (level - 1)
            bonus = 300 if trick_score >= 100 else 50
            bonus += {6: 500, 7: 1000}.get(level, 0)
            for overtricks in range(0, 8 - level):
                made = trick_score + bonus + overtricks * trick_value
                scores.update({made, -made})
    for down in range(1, 14):
        scores.update({50 * down, -50 * down})
    return sorted(scores, key=lambda score: (abs(score), score))


def gorilla_games(user) -> tuple[str, str]:
    """A game at the hand limit, and the day's PDF of MAX_PADS such games."""
    from pad import pdf, rules, services

    partnership = services.partnership_get_or_create(odd_name=long_name(0), even_name=long_name(1), user=user)
    day = datetime.date(2026, 7, 9)
    outcomes = ("MI" * rules.MAX_HANDS)[: rules.MAX_HANDS]
    game_ids = []
    for _ in range(pdf.MAX_PADS):
        game = services.game_start(partnership=partnership, date=day)
        for number, outcome in enumerate(outcomes, start=1):
            services.hand_record(game=game, number=number, outcome=outcome)
        game_ids.append(game.pk)
    return f"/games/{game_ids[0]}/pad.pdf", f"/games/pads.pdf?date_from={day}&date_to={day}"


def asked(document: Document, port: int):
    """One request for the document's address with its account's session: the
    (response, body), its status and time counted; None (an error counted)
    when the connection failed."""
    started = time.perf_counter()
    try:
        response, body = fetch(port, "GET", document.path, headers={"Cookie": f"sessionid={document.session}"}, timeout=60)
    except OSError as error:
        document.errors.append(f"{document.path}: {error}")
        return None
    document.answers.append((response.status, time.perf_counter() - started))
    return response, body


def page_of(path: str) -> str:
    """The page a PDF's link is on: ``/games/7/sheet.pdf`` -> ``/games/7/``
    (``/games/pads.pdf?date_from=...`` -> ``/games/?date_from=...``)."""
    address, _, query = path.partition("?")
    return address.rsplit("/", 1)[0] + "/" + (f"?{query}" if query else "")


def ask(document: Document, port: int, barrier: threading.Barrier) -> None:
    """One of the four requests at once, sent when all are ready to go."""
    barrier.wait()
    asked(document, port)


def until_ready(document: Document, port: int, started: float) -> None:
    """Ask the same address every 2 s, as the "being prepared" page does, until it gives the PDF."""
    while time.perf_counter() - started < READY_TIMEOUT:
        answer = asked(document, port)
        if answer is None:
            return
        response, body = answer
        if response.status == 200 and response.getheader("Content-Type") == "application/pdf":
            document.ready_after, document.size = time.perf_counter() - started, len(body)
            if not body.startswith(b"%PDF-"):
                document.errors.append(f"{document.path}: not a PDF")
            return
        if response.status != 202:
            document.errors.append(f"{document.path}: {response.status} {body[:200]!r}")
            return
        time.sleep(2)
    document.errors.append(f"{document.path}: no PDF after {READY_TIMEOUT} s")


def poll_healthz(
    port: int, stop_event: threading.Event, latencies: list[float], errors: list[str], slow: list[str]
) -> None:
    """Ask /healthz every 100 ms until ``stop_event``; the answers slower than
    the target go into ``slow``, with when they were asked (seconds into the run)."""
    run_started = time.perf_counter()
    while not stop_event.is_set():
        started = time.perf_counter()
        try:
            response, body = fetch(port, "GET", "/healthz", timeout=60)
            if response.status != 200:
                errors.append(f"/healthz: {response.status}")
        except OSError as error:
            errors.append(f"/healthz: {error}")
        latencies.append(time.perf_counter() - started)
        if latencies[-1] >= HEALTHZ_SECONDS:
            slow.append(f"{latencies[-1] * 1000:.0f} ms, asked {started - run_started:.1f} s into the run")
        stop_event.wait(0.1)


def line(latencies: list[float]) -> str:
    return (
        f"{len(latencies)} requests, p50 {percentile(latencies, 0.5) * 1000:.0f} ms, "
        f"p95 {percentile(latencies, 0.95) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms"
    )


def main(argv=None) -> int:
    parser = server_bench_arguments(__doc__.split("\n\n")[0])
    args = parser.parse_args(argv)
    workdir, env = server_bench_environment(args, argv, __file__, "printing")
    port = free_port()
    server = worker = None
    gunicorn_log = workdir / "gunicorn.log"
    try:
        deploy(env)
        built = time.perf_counter()
        users = {kind: account(kind) for kind in ("street", "mahjong", "bridge", "gorilla")}
        gorilla_pad, gorilla_day = gorilla_games(users["gorilla"])
        paths = [
            ("Two Way Street, 12 players x 200 hands", two_way_street_game(users["street"]), "street"),
            ("Mah Jongg, 200 hands in full notation", mahjong_game(users["mahjong"]), "mahjong"),
            ("bridge ruling, 409-score traveller", bridge_ruling(users["bridge"]), "bridge"),
            ("Gorilla, 12 pads of 200 hands (a day)", gorilla_day, "gorilla"),
        ]
        print(f"inputs built in {time.perf_counter() - built:.0f} s")
        documents = [Document(label, path, session_of(users[who])) for label, path, who in paths]
        # Gorilla's single pad at the limit: its account's second PDF, asked once the day's is ready.
        single = Document("Gorilla, one pad of 200 hands", gorilla_pad, documents[3].session)

        with open(gunicorn_log, "w") as log:
            server = serve(env, port, args.workers, log)
            worker = subprocess.Popen(
                [PYTHON, "manage.py", "db_worker", "--no-reload", "--no-startup-delay", "--interval", "0.5"],
                cwd=BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT,
            )
            print(f"gunicorn: {args.workers} workers on 127.0.0.1:{port}, and the task worker; "
                  f"{os.cpu_count()} CPUs; database: {args.database}")

            baseline: list[float] = []
            baseline_errors: list[str] = []
            for _ in range(20):
                started = time.perf_counter()
                response, _ = fetch(port, "GET", "/healthz")
                baseline.append(time.perf_counter() - started)
                if response.status != 200:
                    baseline_errors.append(f"/healthz: {response.status}")
                time.sleep(0.05)

            for document in documents * 2:
                response, _ = fetch(port, "GET", page_of(document.path), headers={"Cookie": f"sessionid={document.session}"})
                if response.status != 200:
                    baseline_errors.append(f"{page_of(document.path)}: {response.status}")

            stop_event = threading.Event()
            loaded: list[float] = []
            healthz_errors: list[str] = []
            slow: list[str] = []
            poller = threading.Thread(target=poll_healthz, args=(port, stop_event, loaded, healthz_errors, slow))
            poller.start()
            started = time.perf_counter()
            barrier = threading.Barrier(4 * len(documents))
            threads = [
                threading.Thread(target=ask, args=(document, port, barrier)) for document in documents for _ in range(4)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            followers = [threading.Thread(target=until_ready, args=(document, port, started)) for document in documents]
            for thread in followers:
                thread.start()
            for thread in followers:
                thread.join()
            single_started = time.perf_counter()
            until_ready(single, port, single_started)
            stop_event.set()
            poller.join()
            total = time.perf_counter() - started
        timeouts = gunicorn_log.read_text().count("WORKER TIMEOUT")

        print(f"baseline, /healthz unloaded: {line(baseline)}")
        print(f"/healthz during the run ({total:.0f} s): {line(loaded)}")
        for answer in slow[:5]:
            print(f"        slow /healthz: {answer}")
        for error in (baseline_errors + healthz_errors)[:5]:
            print(f"        error: {error}")
        answers = []
        for document in [*documents, single]:
            statuses = sorted({status for status, _ in document.answers})
            slowest = max(seconds for _, seconds in document.answers) if document.answers else float("nan")
            answers += document.answers
            ready = f"PDF ({document.size // 1024} KiB) after {document.ready_after:.1f} s" if document.ready_after else "no PDF"
            print(f"  {document.label:<40} {len(document.answers):>3} answers {statuses}, slowest "
                  f"{slowest * 1000:.0f} ms; {ready}")
            for error in document.errors[:3]:
                print(f"        error: {error}")
        print(f"gunicorn worker timeouts: {timeouts}")
        errors = [error for document in [*documents, single] for error in document.errors]
        targets = {
            f"every answer within {ANSWER_SECONDS} s": all(seconds < ANSWER_SECONDS for _, seconds in answers),
            "no server error": all(status < 500 for status, _ in answers) and not errors,
            f"/healthz within {HEALTHZ_SECONDS} s throughout": bool(loaded) and max(loaded) < HEALTHZ_SECONDS
            and not healthz_errors and not baseline_errors,
            "no worker timed out": timeouts == 0,
            "every PDF obtained from the same address": all(d.ready_after for d in [*documents, single]),
        }
        return verdict(targets)
    finally:
        stop_all(server, worker, workdir)


if __name__ == "__main__":
    sys.exit(main())
