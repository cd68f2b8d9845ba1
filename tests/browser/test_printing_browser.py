"""A long sheet on a phone: the page says it is being prepared, and once the
task worker printed it the page brings the PDF by itself."""

import datetime

from django.core.management import call_command

from tests.browser.conftest import PDF_MS
from tests.two_way_street.conftest import WORKED_HANDS, record
from two_way_street import services
from two_way_street.services import Seat


def test_a_long_sheet_is_prepared_then_downloads_by_itself(live_server, phone, user, settings, screenshot):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    settings.PDF_CELLS_IN_REQUEST = 10
    game = services.game_start(
        seats=[Seat(name) for name in ("Ann", "Ben", "Cat", "Dan")], target=12, date=datetime.date(2026, 7, 9), user=user
    )
    record(game, WORKED_HANDS)
    address = f"/two-way-street/games/{game.pk}/sheet.pdf"
    phone.goto(f"{live_server.url}{address}")
    assert phone.get_by_role("heading", name="Preparing your PDF").is_visible()
    assert phone.get_by_role("status").inner_text().startswith("This sheet is long")
    screenshot(phone, "printing-390x844-preparing")

    with phone.expect_download(timeout=PDF_MS) as download:
        call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    assert download.value.suggested_filename.endswith(".pdf")
    assert phone.get_by_text("Your PDF is ready").is_visible()
    screenshot(phone, "printing-390x844-ready")
