"""The app as a phone installs it: installable, its pages kept by the service
worker for the table without a connection, and a new version taking over."""

from playwright.sync_api import expect

from scorepads import app_shell
from tests.browser.conftest import CHROMIUM
from tests.browser.test_offline_browser import (
    all_sent_on_reconnecting,
    ask_for_a_verdict_offline,
    hands_of,
    open_pad,
    ready_for_offline,
    tap,
    waiting_marks,
)


def test_the_app_passes_chromiums_installability_checks(live_server, chromium, log_in, tmp_path):
    # A profile of its own: Chromium installs no app from an incognito window, as other contexts are.
    context = chromium.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
    )
    page = log_in(context).new_page()
    page.goto(f"{live_server.url}/")
    ready_for_offline(page)
    session = context.new_cdp_session(page)
    errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    manifest = session.send("Page.getAppManifest")
    context.close()
    assert errors == []
    assert manifest["errors"] == [] and manifest["url"].endswith("/manifest.webmanifest")


def test_a_pad_opened_once_is_there_offline_with_its_waiting_taps_after_a_reload(live_server, phone, game, screenshot):
    open_pad(phone, live_server, game, "MP")
    phone.context.set_offline(True)
    for name in ("Made", "Lost, possible", "Lost, impossible"):
        tap(phone, name)
    phone.reload()  # offline: the pad comes from the phone, its taps from IndexedDB
    expect(phone.locator("#tap-badge")).to_have_text("3 taps waiting, kept on this phone")
    assert waiting_marks(phone) == ["3", "4", "5"]
    screenshot(phone, "offline-reloaded", full_page=False)
    assert hands_of(game) == "MP"
    all_sent_on_reconnecting(phone)
    assert hands_of(game) == "MPMPI"
    expect(phone.locator("#pad .chart .mark.waiting")).to_have_count(0)
    expect(phone.locator("#pad .chart .mark")).to_have_count(5)


def test_cards_entered_offline_are_there_after_a_reload_and_get_their_verdict_back_online(live_server, phone, game):
    ask_for_a_verdict_offline(phone, live_server, game)
    phone.reload()
    assert phone.get_by_label("Taker's cards").input_value() == "AS KS QS"
    assert phone.get_by_label("Giver's cards").input_value() == "2S 3S 4S"
    phone.context.set_offline(False)
    phone.get_by_role("button", name="Gorilla it out", exact=True).click()
    phone.get_by_role("button", name="Record hand 3 as P").click()
    phone.wait_for_url(f"**/games/{game.pk}/")
    assert hands_of(game) == "MPP"


def test_a_page_never_opened_says_so_offline(live_server, phone, game, screenshot):
    phone.goto(f"{live_server.url}/")
    ready_for_offline(phone)
    phone.context.set_offline(True)
    phone.goto(f"{live_server.url}/games/{game.pk}/hands/all/")
    expect(phone.get_by_role("heading", name="No connection")).to_be_visible()
    screenshot(phone, "offline-page-never-opened", full_page=False)


def test_logging_out_forgets_the_pages_kept(live_server, phone, game):
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    ready_for_offline(phone)
    phone.locator(".site-user > summary").click()  # the account menu
    phone.get_by_role("button", name="Log out").click()
    phone.wait_for_url("**/accounts/login/**")
    assert phone.evaluate("async () => (await caches.open('scorepad-pages')).keys().then((keys) => keys.length)") == 0


def test_a_new_version_takes_over_at_once(live_server, phone, monkeypatch):
    monkeypatch.setattr(app_shell, "static_version", lambda: "version-a")
    phone.goto(f"{live_server.url}/")
    ready_for_offline(phone)
    precached = "async () => (await Promise.all((await caches.keys()).filter((name) => name.includes('precache'))" \
        ".map(async (name) => (await (await caches.open(name)).keys()).map((request) => request.url)))).flat()"
    assert any("version-a" in url for url in phone.evaluate(precached))
    monkeypatch.setattr(app_shell, "static_version", lambda: "version-b")
    # The new worker's activation drops what the old one kept, just after it
    # takes over: once it is activated, that is done.
    phone.evaluate("""async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        const changed = new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
        await registration.update();
        await Promise.race([changed, new Promise((_, fail) => setTimeout(() => fail(new Error("no new worker took over")), 30000))]);
        const worker = registration.active;
        if (worker.state !== "activated") {
            await new Promise((resolve) => worker.addEventListener("statechange", () => worker.state === "activated" && resolve()));
        }
    }""")
    kept = phone.evaluate(precached)
    assert any("version-b" in url for url in kept)
    assert not any("version-a" in url for url in kept)
