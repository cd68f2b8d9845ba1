"""The pictures of the guides (docs/images/), taken of the real app: each game
in progress on a phone, its printed sheet and the history.

Not part of the test suite (its name is not a test module's): `make
screenshots` runs it and writes the PNGs again, made small (a phone's size,
their colours reduced). tests/test_docs.py checks that every picture the
guides name is there.
"""

import datetime
import subprocess
import tempfile
from pathlib import Path

import pytest
from django.test import Client
from PIL import Image

from bridge import calculator
from bridge import services as bridge_services
from mahjong import services as mahjong_services
from mahjong.game import HandEntry
from pad import services as pad_services
from scorepads.players import Seat
from tests.browser.conftest import PHONE
from tests.conftest import record_outcomes
from two_way_street import services as street_services

IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
DATE = datetime.date(2026, 7, 9)
PLAYERS = ("Ann", "Ben", "Cat", "Dan")


def small(path: Path) -> None:
    """The PNG at ``path`` with its colours reduced to a palette: a tenth of the bytes."""
    image = Image.open(path).convert("RGB")
    image.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(path, optimize=True)


def shoot(page, name: str, full_page: bool = False) -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    path = IMAGES / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    small(path)


def printed(client: Client, url: str, name: str) -> None:
    """The first page of the PDF at ``url``, as pdftoppm draws it at 60 dpi."""
    answer = client.get(url)
    assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf", url
    with tempfile.TemporaryDirectory() as folder:
        pdf = Path(folder) / "sheet.pdf"
        pdf.write_bytes(b"".join(answer.streaming_content) if answer.streaming else answer.content)
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile", str(pdf), str(Path(folder) / "page")], check=True)
        IMAGES.mkdir(parents=True, exist_ok=True)
        (Path(folder) / "page.png").replace(IMAGES / f"{name}.png")
    small(IMAGES / f"{name}.png")


@pytest.fixture
def phone1x(chromium, log_in):
    """A phone at 390x844 and one pixel a point, so the pictures stay small."""
    context = chromium.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True, is_mobile=True)
    log_in(context)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def settled(page):
    page.wait_for_load_state("networkidle")
    page.evaluate("document.fonts.ready")


def test_gorilla(live_server, phone1x, client, game):
    # Twelve hands of a game at the table, one of them gorillaed out.
    record_outcomes(game, "MMMIIPPPIMM")
    pad_services.hand_record(
        game=game, number=12, outcome="P", verdict_by="solver",
        taker_cards="S AJT3 H A63 D T64 C -", giver_cards="S Q H T92 D J987 C AT",
    )
    phone1x.goto(f"{live_server.url}/games/{game.pk}/")
    settled(phone1x)
    shoot(phone1x, "gorilla-pad")
    phone1x.goto(f"{live_server.url}/games/{game.pk}/hands/all/")
    settled(phone1x)
    shoot(phone1x, "gorilla-hands")
    printed(client, f"/games/{game.pk}/pad.pdf", "gorilla-printed")


def test_two_way_street(live_server, phone1x, client, user):
    game = street_services.game_start(seats=[Seat(name) for name in PLAYERS], target=12, date=DATE, user=user)
    hands = [
        [(5, "high", "declared"), (3, "high", "forced"), (2, "low", "declared"), (0, "low", "forced")],
        [(4, "high", "declared"), (3, "low", "declared"), (3, "high", "forced"), (5, "low", "declared")],
        [(3, "high", "declared"), (1, "high", "declared"), (6, "low", "declared"), (4, "high", "declared")],
    ]
    for number, results in enumerate(hands, start=1):
        street_services.hand_record(game=game, number=number, results=results)
    phone1x.goto(f"{live_server.url}/two-way-street/games/{game.pk}/")
    settled(phone1x)
    shoot(phone1x, "two-way-street-sheet")
    printed(client, f"/two-way-street/games/{game.pk}/sheet.pdf", "two-way-street-printed")


def test_mah_jongg(live_server, phone1x, client, user):
    game = mahjong_services.game_start(seats=[Seat(name) for name in PLAYERS], date=DATE, user=user)
    entries = [
        HandEntry(1, (10, None, 20, 0), "EEE RdRdRd 234c 678c 99c", "9c", True),
        HandEntry(1, (10, 40, 0, 8)),
        HandEntry(None, (0, 0, 0, 0)),
        HandEntry(3, (12, 4, 0, 36)),
    ]
    for number, entry in enumerate(entries, start=1):
        mahjong_services.hand_record(game=game, number=number, entry=entry)
    phone1x.goto(f"{live_server.url}/mah-jongg/games/{game.pk}/")
    settled(phone1x)
    shoot(phone1x, "mah-jongg-sheet")
    phone1x.goto(f"{live_server.url}/mah-jongg/scorer/?hand=EEE+RdRdRd+234c+678c+99c&winning_tile=9c&own_wind=S&last_tile=wall")
    settled(phone1x)
    shoot(phone1x, "mah-jongg-scorer")
    printed(client, f"/mah-jongg/games/{game.pk}/sheet.pdf", "mah-jongg-printed")


def test_bridge(live_server, phone1x, client, user):
    phone1x.goto(f"{live_server.url}/bridge/pairs-weighted/")
    phone1x.get_by_label("The other tables' NS scores").fill("+110 x5\n+50 x3\n-50 x2\n-110 x2")
    phone1x.get_by_label("The adjusted outcomes (NS scores) with their weights").fill("+110 60%, -50 40%")
    phone1x.wait_for_selector("#working .final")
    settled(phone1x)
    shoot(phone1x, "bridge-calculator")
    ruling = bridge_services.ruling_record(
        user=user, calculation=calculator.CALCULATIONS["pairs-weighted"],
        inputs={"field": "+110 x5, +50 x3, -50 x2, -110 x2", "weights": "+110 60%, -50 40%"},
        vulnerability="", event="Tuesday pairs", board=14, date=DATE, note="Slow pass; 4♠ was a logical alternative.",
    )
    printed(client, f"/bridge/rulings/{ruling.pk}/ruling.pdf", "bridge-printed")


def test_history(live_server, phone1x, game):
    # A few evenings of the same partnership: two games won, one lost, one in play.
    for day, outcomes in enumerate(("MMPMIMMMMMIMM", "IIPMIIPIMIII", "MPMMIMMPMMIMMM"), start=1):
        played = pad_services.game_start(partnership=game.partnership, date=DATE - datetime.timedelta(days=day))
        record_outcomes(played, outcomes)
    record_outcomes(game, "MMIPMMP")
    phone1x.goto(f"{live_server.url}/games/")
    settled(phone1x)
    shoot(phone1x, "history")
