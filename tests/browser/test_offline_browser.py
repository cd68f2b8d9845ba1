"""The pad without a connection: taps kept on the phone, drawn as waiting, sent
in order and once each when the connection returns; a lost answer; two phones
recording the same hand offline; the cards of "Gorilla it out" kept."""

import pytest
from playwright.sync_api import expect

from pad.models import Hand
from tests.browser.test_accessibility_browser import violations
from tests.browser.test_pad_browser import settled
from tests.browser.waits import entry_kept_on_its_way, htmx_at_rest
from tests.conftest import record_outcomes


def hands_of(game) -> str:
    return "".join(Hand.objects.filter(game=game).order_by("number").values_list("outcome", flat=True))


def waiting_marks(page) -> list[str]:
    return page.eval_on_selector_all("#pad .chart .mark.waiting", "marks => marks.map(m => m.dataset.hand)")


def ready_for_offline(page):
    """Wait until the service worker controls ``page`` and keeps it and the
    scripts of its head (those that keep taps offline among them), as it does
    shortly after a page loads."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.evaluate("""async () => {
        const scripts = Array.from(document.querySelectorAll("head script[src]"), (script) => script.src);
        const wanted = [location.href, ...scripts];
        for (let tries = 0; tries < 100; tries += 1) {
            const kept = await Promise.all(wanted.map((url) => caches.match(url)));
            if (kept.every(Boolean)) return;
            await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error("not kept for offline: " + wanted.join(" "));
    }""")


def open_pad(page, live_server, game, outcomes: str, path: str = ""):
    """Record ``outcomes`` on ``game``, open its pad (or ``path`` under it) and
    wait until the page is kept for offline."""
    record_outcomes(game, outcomes)
    page.goto(f"{live_server.url}/games/{game.pk}/{path}")
    ready_for_offline(page)


def ask_for_a_verdict_offline(page, live_server, game):
    """On "Gorilla it out" for hand 3, type both hands, lose the connection and
    ask for the verdict: the page keeps the cards."""
    open_pad(page, live_server, game, "MP", "gorilla/")
    page.get_by_label("Taker's cards").fill("AS KS QS")
    page.get_by_label("Giver's cards").fill("2S 3S 4S")
    page.context.set_offline(True)
    page.get_by_role("button", name="Gorilla it out", exact=True).click()
    page.get_by_text("your cards are kept on this phone").wait_for()


def all_sent_on_reconnecting(page):
    page.context.set_offline(False)
    expect(page.locator("#tap-badge")).to_have_text("All sent")


def tap(page, name):
    page.get_by_role("button", name=name).click()
    settled(page)


def tap_offline(page, name):
    """A tap kept on the phone: once its mark is drawn waiting, and the pad
    drawn with it has settled (the second settling, after the drawing, can
    start after the first has ended on a busy machine)."""
    count = len(waiting_marks(page))
    page.get_by_role("button", name=name).click()
    page.wait_for_function("(count) => document.querySelectorAll('#pad .chart .mark.waiting').length > count", arg=count)
    settled(page)


def test_taps_made_offline_wait_on_the_pad_and_are_sent_once_in_order(live_server, phone, game, screenshot):
    open_pad(phone, live_server, game, "MP")
    phone.context.set_offline(True)
    for name in ("Made", "Lost, possible", "Lost, impossible"):
        tap_offline(phone, name)
    badge = phone.locator("#tap-badge")
    assert badge.inner_text() == "3 taps waiting, kept on this phone"
    assert waiting_marks(phone) == ["3", "4", "5"]
    # The score as it will be: M M against P P I.
    assert phone.locator(".status-score").inner_text() == "Partnership 2 – 3 Fates"
    assert "Hand 6" in phone.locator(".status-next").inner_text()
    screenshot(phone, "offline-3-waiting", full_page=False)
    assert hands_of(game) == "MP"

    all_sent_on_reconnecting(phone)
    expect(phone.locator("#pad .chart .mark.waiting")).to_have_count(0)
    expect(phone.locator("#pad.has-waiting")).to_have_count(0)
    assert hands_of(game) == "MPMPI"
    assert phone.locator("#pad .chart .mark").count() == 5
    assert phone.locator(".status-score").inner_text() == "Partnership 2 – 3 Fates"


def test_a_tap_made_while_the_phone_still_stores_the_one_before_is_kept_too(live_server, phone, game):
    open_pad(phone, live_server, game, "MP")
    phone.context.set_offline(True)
    # Slow storage: keeping a tap takes longer than the second the pad settles for.
    phone.wait_for_function("() => window.tapQueue && document.readyState === 'complete'")
    phone.evaluate(
        "() => { const add = window.tapQueue.add;"
        " window.tapQueue.add = (tap) => new Promise((done) => setTimeout(done, 1500)).then(() => add(tap));"
        " window.tapQueue.add.slow = true; }"
    )
    phone.get_by_role("button", name="Made").click()
    settled(phone)  # the pad takes a tap again (after a second); the first is still being stored (1.5 s)
    phone.get_by_role("button", name="Lost, possible").click()
    assert phone.evaluate("() => Boolean(window.tapQueue.add.slow)")  # the same page, storing slowly
    expect(phone.locator("#tap-badge")).to_have_text("2 taps waiting, kept on this phone", timeout=10_000)
    assert waiting_marks(phone) == ["3", "4"]
    all_sent_on_reconnecting(phone)
    assert hands_of(game) == "MPMP"


def test_an_undo_offline_takes_back_a_tap_not_yet_sent(live_server, phone, game):
    open_pad(phone, live_server, game, "M")
    phone.context.set_offline(True)
    tap_offline(phone, "Lost, possible")
    tap_offline(phone, "Made")
    phone.get_by_role("button", name="Undo hand 3 (M)").click()
    settled(phone)
    assert waiting_marks(phone) == ["2"]
    phone.get_by_role("button", name="Undo hand 2 (P)").click()
    settled(phone)
    phone.get_by_role("button", name="Undo hand 1 (M)").click()  # sent before: it waits as an undo
    settled(phone)
    assert phone.locator("#pad .chart .mark").count() == 0
    assert phone.locator("#tap-badge").inner_text() == "1 tap waiting, kept on this phone"
    all_sent_on_reconnecting(phone)
    assert hands_of(game) == ""


def test_a_tap_whose_answer_was_lost_is_recorded_once(live_server, phone, game):
    open_pad(phone, live_server, game, "MP")
    dropped = []

    def lose_the_answer(route):
        if dropped:
            route.continue_()
            return
        route.fetch()  # the server records the hand...
        dropped.append(route.request.url)
        route.abort("connectionreset")  # ...and its answer never reaches the phone

    phone.route(f"**/games/{game.pk}/hands/", lose_the_answer)
    tap(phone, "Lost, impossible")
    expect(phone.locator("#tap-badge")).to_have_text("All sent")
    expect(phone.locator("#pad .chart .mark:not(.waiting)")).to_have_count(3)
    assert dropped
    assert hands_of(game) == "MPI"
    assert "Hand 4" in phone.locator(".status-next").inner_text()


def test_a_tap_whose_page_closed_before_its_answer_came_is_sent_from_the_next_page(live_server, phone, game):
    """A tap made online is on the phone from the moment it leaves: the page
    closed before its answer came (its request held), the next page sends it."""
    open_pad(phone, live_server, game, "MP")
    held = []
    phone.route(f"**/games/{game.pk}/hands/", lambda route: held.append(route))  # its answer never comes
    phone.get_by_role("button", name="Made").click()
    entry_kept_on_its_way(phone)
    assert hands_of(game) == "MP"
    context = phone.context
    phone.close()
    again = context.new_page()
    again.goto(f"{live_server.url}/games/{game.pk}/")
    expect(again.locator("#tap-badge")).to_have_text("All sent")
    expect(again.locator("#pad .chart .mark:not(.waiting)")).to_have_count(3)
    assert hands_of(game) == "MPM"


def two_phones_record_hand_3_offline(live_server, chromium, log_in, game):
    phones = []
    for _ in range(2):
        context = log_in(chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True))
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        ready_for_offline(page)
        context.set_offline(True)
        phones.append(page)
    first, second = phones
    tap(first, "Made")
    tap(second, "Lost, possible")
    all_sent_on_reconnecting(first)
    assert hands_of(game) == "MPM"
    second.context.set_offline(False)
    second.get_by_role("alert").get_by_text("Hand 3 is on the pad as M").wait_for()
    return first, second


def test_two_phones_offline_record_hand_3_differently_and_the_second_re_enters_it(
    live_server, chromium, log_in, game, screenshot
):
    record_outcomes(game, "MP")
    first, second = two_phones_record_hand_3_offline(live_server, chromium, log_in, game)
    assert hands_of(game) == "MPM"  # nothing recorded twice, nothing dropped unasked
    screenshot(second, "offline-conflict", full_page=False)
    second.get_by_role("button", name="Record P as hand 4").click()
    expect(second.locator("#tap-badge")).to_have_text("All sent")
    assert hands_of(game) == "MPMP"
    expect(second.locator("#pad .chart .mark")).to_have_count(4)
    assert not second.get_by_role("alert").is_visible()
    for page in (first, second):
        page.context.close()


def test_two_phones_offline_record_hand_3_differently_and_the_second_drops_it(live_server, chromium, log_in, game):
    record_outcomes(game, "MP")
    first, second = two_phones_record_hand_3_offline(live_server, chromium, log_in, game)
    second.get_by_role("button", name="Drop it").click()
    expect(second.locator("#pad .chart .mark")).to_have_count(3)
    assert hands_of(game) == "MPM"
    expect(second.locator("#tap-conflicts")).to_be_hidden()
    expect(second.locator("#tap-badge")).to_be_hidden()
    for page in (first, second):
        page.context.close()


def test_cards_entered_offline_get_their_verdict_when_the_connection_returns(live_server, phone, game):
    ask_for_a_verdict_offline(phone, live_server, game)
    phone.context.set_offline(False)  # the verdict is asked for again, with no tap
    phone.get_by_role("button", name="Record hand 3 as P").click()
    phone.wait_for_url(f"**/games/{game.pk}/")
    assert hands_of(game) == "MPP"  # the solver's verdict: the taker could win every trick
    phone.goto(f"{live_server.url}/games/{game.pk}/gorilla/")  # hand 4: the cards of hand 3 are gone
    assert phone.get_by_label("Taker's cards").input_value() == ""


def test_a_verdict_recorded_offline_waits_and_is_recorded_on_reconnecting(live_server, phone, game):
    open_pad(phone, live_server, game, "MP", "gorilla/")
    phone.get_by_label("Taker's cards").fill("7H 6H 5D")
    phone.get_by_label("Giver's cards").fill("QH JH 6D")
    phone.get_by_role("button", name="Gorilla it out", exact=True).click()
    record = phone.get_by_role("button", name="Record hand 3 as I")
    expect(record).to_be_visible()  # the verdict came while the phone was online
    phone.context.set_offline(True)
    record.click()
    phone.get_by_text("Hand 3 (I) is kept on this phone").wait_for()
    assert hands_of(game) == "MP"
    all_sent_on_reconnecting(phone)
    hand = Hand.objects.get(game=game, number=3)
    assert (hand.outcome, hand.taker_cards, hand.verdict_by) == ("I", "7H 6H 5D", "solver")


SIZES = {"320x568": (320, 568), "390x844": (390, 844), "844x390": (844, 390)}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", SIZES)
def test_waiting_taps_and_a_conflict_fit_the_phone_and_pass_axe(
    live_server, chromium, log_in, game, screenshot, size, scheme
):
    record_outcomes(game, "MPIMM")
    width, height = SIZES[size]
    context = log_in(
        chromium.new_context(viewport={"width": width, "height": height}, has_touch=True, color_scheme=scheme)
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    ready_for_offline(page)
    context.set_offline(True)
    tap_offline(page, "Lost, possible")
    tap_offline(page, "Made")
    expect(page.locator("#tap-badge")).to_have_text("2 taps waiting, kept on this phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    badge, bar = page.locator("#tap-badge").bounding_box(), page.locator(".record-bar").bounding_box()
    apart = badge["y"] + badge["height"] <= bar["y"] or bar["y"] + bar["height"] <= badge["y"]  # below it, in the flow
    assert apart, "the badge covers the record bar"
    screenshot(page, f"offline-waiting-{size}-{scheme}", full_page=False)
    assert violations(page) == []
    # The other phone recorded hand 6 meanwhile: a conflict, with its choices.
    record_outcomes(game, "I")
    context.set_offline(False)
    page.get_by_role("button", name="Drop it").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    screenshot(page, f"offline-conflict-{size}-{scheme}", full_page=False)
    assert violations(page) == []
    context.close()


def test_a_change_made_offline_is_made_when_the_connection_returns(live_server, phone, game):
    open_pad(phone, live_server, game, "MPM", "hands/all/")
    phone.context.set_offline(True)
    phone.get_by_label("Outcome of hand 2").select_option("I")
    phone.locator(".change-form").nth(1).get_by_role("button", name="Change").click()
    phone.get_by_text("The change of hand 2 to I is kept on this phone").wait_for()
    expect(phone.locator("#tap-badge")).to_have_text("1 tap waiting, kept on this phone")
    assert hands_of(game) == "MPM"
    all_sent_on_reconnecting(phone)
    assert hands_of(game) == "MIM"


def test_a_tap_the_server_will_not_take_is_shown_and_can_be_dropped(live_server, phone, game):
    open_pad(phone, live_server, game, "MP")
    posts = []
    phone.context.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
    phone.context.set_offline(True)
    tap_offline(phone, "Made")
    phone.context.clear_cookies()  # logged out meanwhile (the session ended)
    phone.context.set_offline(False)
    alert = phone.get_by_role("alert")
    alert.get_by_text("Your M for hand 3 could not be sent: log in again to send it.").wait_for()
    expect(alert.get_by_role("button", name="Send it again")).to_be_visible()
    assert hands_of(game) == "MP"
    # It waits for the player: no sender sends it again meanwhile.
    phone.evaluate("() => window.dispatchEvent(new Event('online'))")
    assert phone.evaluate("async () => (await window.tapQueue.sendAll()).sent.length") == 0
    htmx_at_rest(phone)
    assert len(posts) == 1, posts
    alert.get_by_role("button", name="Drop it").click()
    expect(phone.locator("#tap-conflicts")).to_be_hidden()
    expect(phone.locator("#pad .chart .mark")).to_have_count(2)
    assert hands_of(game) == "MP"


def test_a_pad_whose_session_ended_stays_on_the_screen_when_it_is_polled(live_server, phone, game):
    """A poll answered by the login page (the session ended) is no pad: the
    pad stays as it was, its marks on the screen, never the login page in
    its place."""
    record_outcomes(game, "MP")
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    expect(phone.locator("#pad .chart .mark")).to_have_count(2)
    phone.context.clear_cookies()  # logged out meanwhile
    with phone.expect_response(lambda response: "/accounts/login/" in response.url):
        phone.evaluate("() => htmx.ajax('GET', document.getElementById('pad').getAttribute('hx-get'), {target: '#pad', swap: 'outerHTML'})")
    htmx_at_rest(phone)
    expect(phone.locator("#pad .chart .mark")).to_have_count(2)
    assert phone.locator("#pad form[action*='/accounts/login/']").count() == 0
