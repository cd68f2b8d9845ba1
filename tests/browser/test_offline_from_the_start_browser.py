"""Offline from the first moment: taps made before the script that keeps them
has arrived, and taps made with no service worker."""

from pathlib import Path

from django.conf import settings
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.test_offline_browser import (
    all_sent_on_reconnecting,
    hands_of,
    tap_offline,
    waiting_marks,
)
from tests.browser.test_pad_browser import settled
from tests.conftest import record_outcomes

OFFLINE_SCRIPT = Path(settings.BASE_DIR) / "static" / "pad" / "offline.js"


def test_taps_made_before_the_queue_arrives_and_with_no_service_worker_are_kept_and_sent_once_in_order(
    live_server, chromium, log_in, game, screenshot
):
    context = log_in(
        chromium.new_context(
            viewport=PHONE, device_scale_factor=2, has_touch=True, is_mobile=True, service_workers="block"
        )
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    record_outcomes(game, "MP")
    late = []  # the script that keeps taps offline, held back until the taps are made
    page.route("**/pad/offline*.js", lambda route: late.append(route))
    page.goto(f"{live_server.url}/games/{game.pk}/", wait_until="commit")
    page.wait_for_function("() => window.padTaps !== undefined")  # the pad takes taps; the queue is on its way
    context.set_offline(True)
    for name in ("Made", "Lost, possible"):
        page.get_by_role("button", name=name).click()
        settled(page)
    assert hands_of(game) == "MP"
    assert late, "the page asks for the queue's script with the page"
    late[0].fulfill(body=OFFLINE_SCRIPT.read_text(), content_type="text/javascript")
    expect(page.locator("#tap-badge")).to_have_text("Offline · 2 waiting")
    assert waiting_marks(page) == ["3", "4"]
    tap_offline(page, "Lost, impossible")  # with the page ready, and no service worker
    expect(page.locator("#tap-badge")).to_have_text("Offline · 3 waiting")
    assert waiting_marks(page) == ["3", "4", "5"]
    assert page.locator(".status-score").inner_text() == "Partnership 2 – 3 Fates"
    screenshot(page, "offline-no-worker-390", full_page=False)
    page.set_viewport_size({"width": 320, "height": 568})
    screenshot(page, "offline-no-worker-320", full_page=False)
    assert hands_of(game) == "MP"

    all_sent_on_reconnecting(page)
    assert hands_of(game) == "MPMPI"
    expect(page.locator("#pad .chart .mark.waiting")).to_have_count(0)
    expect(page.locator("#pad .chart .mark")).to_have_count(5)
    context.close()

