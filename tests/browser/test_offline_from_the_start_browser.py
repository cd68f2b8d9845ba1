"""Offline from the first moment: taps made before the script that keeps them
has arrived, taps made with no service worker, and a new phone's first pad
kept for offline use however the worker's control and the page's load
interleave."""

from pathlib import Path

from django.conf import settings
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.test_offline_browser import (
    all_sent_on_reconnecting,
    hands_of,
    ready_for_offline,
    tap_offline,
    waiting_marks,
)
from tests.browser.test_pad_browser import settled
from tests.conftest import record_outcomes

QUEUE_SCRIPT = Path(settings.BASE_DIR) / "static" / "scorepads" / "entry_queue.js"


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
    page.route("**/scorepads/entry_queue*.js", lambda route: late.append(route))
    page.goto(f"{live_server.url}/games/{game.pk}/", wait_until="commit")
    page.wait_for_function("() => window.heldEntries !== undefined")  # the pad takes taps; the queue is on its way
    context.set_offline(True)
    for name in ("Made", "Lost, possible"):
        page.get_by_role("button", name=name).click()
        settled(page)
    assert hands_of(game) == "MP"
    assert late, "the page asks for the queue's script with the page"
    late[0].fulfill(body=QUEUE_SCRIPT.read_text(), content_type="text/javascript")
    expect(page.locator("#tap-badge")).to_have_text("2 taps waiting, kept on this phone")
    assert waiting_marks(page) == ["3", "4"]
    tap_offline(page, "Lost, impossible")  # with the page ready, and no service worker
    expect(page.locator("#tap-badge")).to_have_text("3 taps waiting, kept on this phone")
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


def test_a_new_phones_first_pad_is_kept_when_the_worker_takes_it_over_while_it_loads(live_server, phone, game):
    record_outcomes(game, "MP")
    held = []  # the page's icon: its load event waits for it
    phone.route("**/icons/icon*.svg", lambda route: held.append(route))
    phone.goto(f"{live_server.url}/games/{game.pk}/", wait_until="domcontentloaded")
    # The worker (registered by an earlier page, say) takes over while the page still loads.
    phone.evaluate("() => navigator.serviceWorker.register(document.body.dataset.serviceWorker, { scope: '/' })")
    phone.wait_for_function("() => navigator.serviceWorker.controller !== null")
    assert phone.evaluate("() => document.readyState") != "complete"
    for route in held:
        route.continue_()
    phone.unroute("**/icons/icon*.svg")
    phone.wait_for_load_state("load")
    ready_for_offline(phone)

    phone.context.set_offline(True)
    phone.reload()
    expect(phone.locator("#pad .chart .mark")).to_have_count(2)
    expect(phone.get_by_role("heading", name="No connection")).to_have_count(0)
