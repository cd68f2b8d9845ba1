"""Every game's entries without a connection (static/scorepads/entry_queue.js):
three Two Way Street hands, Mah Jongg hands and bridge rulings made offline
wait on the page, are there after a reload offline, and reach the server once
each, in order, when the connection returns; an entry whose answer was lost is
recorded once; hands made before the queue's script has arrived, with no
service worker, are held and kept with those made after it."""

import datetime
import re
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import expect

from bridge.models import Ruling
from mahjong import services as mahjong_services
from mahjong.models import Hand as MahjongHand
from scorepads.players import Seat
from tests.browser.conftest import PHONE, SETTLE_MS
from tests.browser.test_bridge_browser import overlaps
from tests.browser.test_offline_browser import hands_of, open_pad, tap_offline, waiting_marks
from tests.browser.test_pad_browser import settled
from tests.browser.test_two_way_street_browser import HANDS, NAMES, enter_hand
from tests.browser.waits import entry_kept_on_its_way, htmx_at_rest
from tests.conftest import record_outcomes
from two_way_street import services as tws_services
from two_way_street.models import Hand as TwsHand

SIZES = {"390x844": (390, 844), "320x568": (320, 568), "844x390": (844, 390)}


def kept_for_offline(page):
    """Wait until the service worker controls ``page`` and keeps it and the
    scripts that keep entries offline."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.evaluate("""async () => {
        const scripts = Array.from(document.scripts, (script) => script.src).filter((src) => src.includes("/static/scorepads/"));
        const wanted = [location.href, ...scripts];
        for (let tries = 0; tries < 100; tries += 1) {
            const kept = await Promise.all(wanted.map((url) => caches.match(url)));
            if (kept.every(Boolean)) return;
            await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error("not kept for offline: " + wanted.join(" "));
    }""")


def waiting(page) -> list[str]:
    return page.eval_on_selector_all("[data-entry-waiting]", "items => items.map((item) => item.dataset.entryWaiting)")


def phone_of(chromium, log_in, size):
    width, height = SIZES[size]
    context = log_in(chromium.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True))
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def back_online_all_sent(page):
    page.context.set_offline(False)
    expect(page.locator("#tap-badge")).to_have_text("All sent")
    page.wait_for_load_state("networkidle")  # the live server and the test share SQLite


def reload_offline(page, labels):
    page.reload()  # the page from the phone, its entries from IndexedDB
    expect(page.locator("[data-entry-waiting]")).to_have_count(len(labels))
    assert waiting(page) == labels
    expect(page.locator("#tap-badge")).to_have_text(re.compile(rf"^{len(labels)} (hand|ruling)s? waiting, kept on this phone$"))


# ---- Two Way Street ------------------------------------------------------------


def tws_game(user):
    return tws_services.game_start(
        seats=[Seat(name) for name in NAMES], target=60, date=datetime.date(2026, 7, 9), user=user
    )


def tws_stored(game) -> list:
    return [hand.results for hand in TwsHand.objects.filter(game=game).order_by("number")]


def as_stored(hands):
    return [[list(entry) for entry in hand] for hand in hands]


@pytest.mark.parametrize("size", SIZES)
def test_three_two_way_street_hands_made_offline_arrive_once_in_order(live_server, chromium, log_in, user, size, screenshot):
    game = tws_game(user)
    page = phone_of(chromium, log_in, size)
    page.goto(f"{live_server.url}/two-way-street/games/{game.pk}/")
    kept_for_offline(page)
    page.context.set_offline(True)
    for number, hand in enumerate(HANDS, start=1):
        enter_hand(page, hand)
        page.get_by_role("button", name=f"Record hand {number}").tap()
        expect(page.get_by_role("button", name=f"Record hand {number + 1}")).to_be_visible()
        settled(page)
    assert waiting(page) == ["Hand 1", "Hand 2", "Hand 3"]
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size][0]
    page.locator(".entry-waiting").scroll_into_view_if_needed()
    screenshot(page, f"entries-waiting-tws-{size}", full_page=False)
    assert tws_stored(game) == []

    reload_offline(page, ["Hand 1", "Hand 2", "Hand 3"])
    expect(page.get_by_role("button", name="Record hand 4")).to_be_attached()
    back_online_all_sent(page)
    assert tws_stored(game) == as_stored(HANDS)
    expect(page.get_by_role("button", name="Record hand 4")).to_be_attached()
    expect(page.locator("[data-entry-waiting]")).to_have_count(0)
    page.context.close()


def test_a_two_way_street_hand_whose_answer_was_lost_is_recorded_once(live_server, phone, user):
    game = tws_game(user)
    phone.goto(f"{live_server.url}/two-way-street/games/{game.pk}/")
    kept_for_offline(phone)
    dropped = []

    def lose_the_answer(route):
        if dropped:
            route.continue_()
            return
        route.fetch()  # the server records the hand...
        dropped.append(route.request.url)
        route.abort("connectionreset")  # ...and its answer never reaches the phone

    phone.route(f"**/two-way-street/games/{game.pk}/hands/", lose_the_answer)
    enter_hand(phone, HANDS[0])
    phone.get_by_role("button", name="Record hand 1").tap()
    expect(phone.locator("#tap-badge")).to_have_text("All sent")
    phone.wait_for_load_state("networkidle")
    assert dropped
    assert tws_stored(game) == as_stored(HANDS[:1])
    expect(phone.get_by_role("button", name="Record hand 2")).to_be_attached()


# ---- Mah Jongg -----------------------------------------------------------------

MJ_NAMES = ["Ann", "Ben", "Cat", "Dan"]
# Each hand: the winner's seat and every player's score.
MJ_HANDS = [("2", [10, 40, 0, 8]), ("3", [4, 0, 30, 12]), ("1", [50, 2, 6, 0])]


def mahjong_game(user):
    return mahjong_services.game_start(
        seats=[Seat(name) for name in MJ_NAMES], date=datetime.date(2026, 7, 9), user=user
    )


def mahjong_stored(game) -> list:
    return [(hand.winner_seat, list(hand.scores)) for hand in MahjongHand.objects.filter(game=game).order_by("number")]


def fields_under_the_badge(page) -> list[str]:
    """The entry's fields that, focused, the badge saying what waits lies over."""
    assert page.locator("#tap-badge").is_visible()
    under = []
    for field in page.locator("form:has([data-queue-entry]) input:not([type=hidden]):not([type=radio])").all():
        if not field.evaluate("field => field.checkVisibility()"):
            continue  # in a closed section
        field.focus()
        if overlaps(field.bounding_box(), page.locator("#tap-badge").bounding_box()):
            under.append(field.get_attribute("id"))
    return under


@pytest.mark.parametrize("size", SIZES)
def test_three_mah_jongg_hands_made_offline_arrive_once_in_order(live_server, chromium, log_in, user, size, screenshot):
    game = mahjong_game(user)
    page = phone_of(chromium, log_in, size)
    page.goto(f"{live_server.url}/mah-jongg/games/{game.pk}/")
    kept_for_offline(page)
    page.context.set_offline(True)
    for number, (winner, scores) in enumerate(MJ_HANDS, start=1):
        page.locator(f'label[for="next-winner-{winner}"]').tap()
        for seat, score in enumerate(scores, start=1):
            page.locator(f"#next-score-{seat}").fill(str(score))
        page.get_by_role("button", name=f"Record hand {number}").tap()
        expect(page.get_by_role("button", name=f"Record hand {number + 1}")).to_be_visible()
        settled(page)
    assert waiting(page) == ["Hand 1", "Hand 2", "Hand 3"]
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size][0]
    page.locator(".entry-waiting").scroll_into_view_if_needed()
    screenshot(page, f"entries-waiting-mahjong-{size}", full_page=False)
    assert mahjong_stored(game) == []
    assert fields_under_the_badge(page) == []

    reload_offline(page, ["Hand 1", "Hand 2", "Hand 3"])
    back_online_all_sent(page)
    assert mahjong_stored(game) == [(int(winner), scores) for winner, scores in MJ_HANDS]
    expect(page.get_by_role("button", name="Record hand 4")).to_be_attached()
    page.context.close()


# ---- Bridge rulings --------------------------------------------------------------

FIELD = "+110 4, +140 3, -50 2"  # the other tables' NS scores


@pytest.mark.parametrize("size", SIZES)
def test_three_rulings_saved_offline_arrive_once_in_order(live_server, chromium, log_in, user, size, screenshot):
    page = phone_of(chromium, log_in, size)
    page.goto(f"{live_server.url}/bridge/pairs-weighted/")
    kept_for_offline(page)
    page.context.set_offline(True)
    page.get_by_label("The other tables' NS scores").fill(FIELD)
    page.get_by_label("The adjusted outcomes (NS scores) with their weights").fill("+110 60%, -50 40%")
    page.get_by_label("Event").fill("Tuesday pairs")
    for board in (3, 7, 12):
        page.get_by_label("Board", exact=True).fill(str(board))
        page.get_by_role("button", name="Save the ruling").tap()
        expect(page.locator("[data-entry-waiting]")).to_have_count((3, 7, 12).index(board) + 1)
        # A tap is a tap again a second after the last (static/scorepads/table.js):
        # the page shows no state for it off a pad, and the second is its rule.
        page.wait_for_timeout(SETTLE_MS + 100)
    labels = [f"Ruling: Tuesday pairs, board {board}" for board in (3, 7, 12)]
    assert waiting(page) == labels
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size][0]
    assert fields_under_the_badge(page) == []
    page.locator(".entry-waiting").scroll_into_view_if_needed()
    screenshot(page, f"entries-waiting-bridge-{size}", full_page=False)
    assert not Ruling.objects.exists()

    reload_offline(page, labels)
    back_online_all_sent(page)
    rulings = Ruling.objects.order_by("pk")
    assert [(ruling.number, ruling.event, ruling.board) for ruling in rulings] == [
        (number, "Tuesday pairs", board) for number, board in ((1, 3), (2, 7), (3, 12))
    ]
    assert len({ruling.book_id for ruling in rulings}) == 1  # the day's book
    page.context.close()


def test_a_ruling_saved_online_goes_to_its_book_with_the_toast(live_server, phone, user):
    phone.goto(f"{live_server.url}/bridge/pairs-weighted/")
    phone.get_by_label("The other tables' NS scores").fill(FIELD)
    phone.get_by_label("The adjusted outcomes (NS scores) with their weights").fill("+110 60%, -50 40%")
    phone.get_by_label("Event").fill("Tuesday pairs")
    phone.get_by_label("Board", exact=True).fill("5")
    phone.get_by_role("button", name="Save the ruling").tap()
    phone.wait_for_selector("[data-toast]:has-text('Ruling 1 · \u2068Tuesday pairs\u2069, board 5 recorded')")
    ruling = Ruling.objects.get()
    assert phone.url.endswith(f"/bridge/books/{ruling.book_id}/#ruling-1")
    # Refused (no event): the page shows why beside the field, as without the queue.
    phone.goto(f"{live_server.url}/bridge/pairs-weighted/")
    phone.get_by_label("The other tables' NS scores").fill(FIELD)
    phone.get_by_label("The adjusted outcomes (NS scores) with their weights").fill("+110 60%, -50 40%")
    phone.get_by_label("Board", exact=True).fill("6")
    phone.get_by_role("button", name="Save the ruling").tap()
    phone.wait_for_selector("text=This field is required")
    assert Ruling.objects.count() == 1


def test_a_hand_the_other_phone_recorded_first_is_offered_again_as_the_next(live_server, phone, user, screenshot):
    game = tws_game(user)
    phone.goto(f"{live_server.url}/two-way-street/games/{game.pk}/")
    kept_for_offline(phone)
    phone.context.set_offline(True)
    enter_hand(phone, HANDS[0])
    phone.get_by_role("button", name="Record hand 1").tap()
    settled(phone)
    enter_hand(phone, HANDS[1])
    phone.get_by_role("button", name="Record hand 2").tap()
    expect(phone.locator("[data-entry-waiting]")).to_have_count(2)
    assert waiting(phone) == ["Hand 1", "Hand 2"]
    tws_services.hand_record(game=game, number=1, results=HANDS[2])  # the other phone, meanwhile
    phone.context.set_offline(False)
    alert = phone.get_by_role("alert")
    alert.get_by_text("Hand 1 from this phone was not recorded: Hand 1 was recorded on another phone first").wait_for()
    expect(phone.locator("#tap-badge")).to_have_text("Your choice above · 1 more hand waiting")
    assert tws_stored(game) == as_stored(HANDS[2:3])  # nothing recorded twice, nothing dropped unasked
    # Once the sheet as it now stands is back (a moment), the entry is offered as the next hand.
    again = alert.get_by_role("button", name="Record it as hand 2")
    again.wait_for()
    screenshot(phone, "entries-refused-tws-390x844", full_page=False)
    again.tap()
    expect(phone.locator("#tap-badge")).to_have_text("All sent")
    phone.wait_for_load_state("networkidle")
    assert tws_stored(game) == as_stored([HANDS[2], HANDS[0], HANDS[1]])
    expect(phone.get_by_role("button", name="Record hand 4")).to_be_attached()
    expect(phone.locator("#tap-conflicts")).to_be_hidden()


def test_a_hand_the_server_would_not_take_waits_for_the_players_choice_sent_by_no_one(live_server, phone, user):
    """A kept hand the server refused (its game gone meanwhile, a 404) is sent
    once: not again on reconnecting, by the retry or by Background Sync's
    sending (the same tapQueue.sendAll), until the player chooses."""
    game = tws_game(user)
    posts = []
    phone.context.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
    phone.goto(f"{live_server.url}/two-way-street/games/{game.pk}/")
    kept_for_offline(phone)
    phone.context.set_offline(True)
    enter_hand(phone, HANDS[0])
    phone.get_by_role("button", name="Record hand 1").tap()
    expect(phone.locator("[data-entry-waiting]")).to_have_count(1)
    game.delete()  # the game is gone from the server meanwhile
    phone.context.set_offline(False)
    alert = phone.get_by_role("alert")
    alert.get_by_text("Hand 1 from this phone was not recorded: the server refused it (404)").wait_for()
    expect(alert.get_by_role("button", name="Drop it")).to_be_visible()
    expect(phone.locator("#tap-badge")).to_have_text("Your choice above")
    assert len(posts) == 1, posts
    # Every sender again: the page's on reconnecting, and the queue's own,
    # which the retry and the service worker's Background Sync run.
    phone.evaluate("() => window.dispatchEvent(new Event('online'))")
    assert phone.evaluate("async () => (await window.tapQueue.sendAll()).sent.length") == 0
    htmx_at_rest(phone)
    assert len(posts) == 1, posts
    assert phone.evaluate("async () => (await window.tapQueue.taps()).map((tap) => tap.state)") == ["conflict"]
    alert.get_by_role("button", name="Drop it").tap()
    expect(phone.locator("#tap-conflicts")).to_be_hidden()
    assert phone.evaluate("async () => (await window.tapQueue.taps()).length") == 0
    assert len(posts) == 1, posts


def test_a_hand_whose_page_closed_before_its_answer_came_is_sent_from_the_next_page(live_server, phone, user):
    """A hand recorded online is on the phone from the moment it leaves: the
    page closed before its answer came (its request held), the next page
    sends it."""
    game = tws_game(user)
    url = f"{live_server.url}/two-way-street/games/{game.pk}/"
    phone.goto(url)
    kept_for_offline(phone)
    held = []
    phone.route(f"**/two-way-street/games/{game.pk}/hands/", lambda route: held.append(route))  # its answer never comes
    enter_hand(phone, HANDS[0])
    phone.get_by_role("button", name="Record hand 1").tap()
    entry_kept_on_its_way(phone)
    assert tws_stored(game) == []
    context = phone.context
    phone.close()
    again = context.new_page()
    again.goto(url)
    expect(again.locator("#tap-badge")).to_have_text("All sent")
    again.wait_for_load_state("networkidle")
    assert tws_stored(game) == as_stored(HANDS[:1])
    expect(again.get_by_role("button", name="Record hand 2")).to_be_attached()


# ---- Before the queue is ready ---------------------------------------------------

ENTRY_QUEUE_SCRIPT = Path(settings.BASE_DIR) / "static" / "scorepads" / "entry_queue.js"


def type_street_hand(page, number):
    """Two Way Street's hand ``number`` (from 1) typed into the fields, which
    need no script (the steppers come with the page's scripts)."""
    for seat, (tricks, direction, choice) in enumerate(HANDS[number - 1], start=1):
        page.locator(f"#next-tricks-{seat}").fill(str(tricks))
        page.locator(f'label[for="next-direction-{seat}-{direction}"]').tap()
        page.locator(f'label[for="next-choice-{seat}-{choice}"]').tap()


def type_mahjong_hand(page, number):
    winner, scores = MJ_HANDS[number - 1]
    page.locator(f'label[for="next-winner-{winner}"]').tap()
    for seat, score in enumerate(scores, start=1):
        page.locator(f"#next-score-{seat}").fill(str(score))


SEATED = {
    "two-way-street": (tws_game, type_street_hand, tws_stored, as_stored(HANDS)),
    "mah-jongg": (mahjong_game, type_mahjong_hand, mahjong_stored, [(int(winner), scores) for winner, scores in MJ_HANDS]),
}


@pytest.mark.parametrize("connected", [False, True], ids=["offline", "online"])
@pytest.mark.parametrize("kind", SEATED)
def test_hands_made_before_the_queue_arrives_with_no_service_worker_are_kept_and_sent_once_in_order(
    live_server, chromium, log_in, user, kind, connected
):
    start, type_hand, stored, expected = SEATED[kind]
    game = start(user)
    context = log_in(chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True, service_workers="block"))
    page = context.new_page()
    page.set_default_timeout(10_000)
    late = []  # the queue's script, held back until two hands are made
    page.route("**/scorepads/entry_queue*.js", lambda route: late.append(route))
    page.goto(f"{live_server.url}/{kind}/games/{game.pk}/", wait_until="commit")
    page.wait_for_function("() => window.heldEntries !== undefined")  # the page takes entries; the queue is on its way
    context.set_offline(not connected)
    for number in (1, 2):  # the form is not numbered after the hands held: both say hand 1
        type_hand(page, number)
        page.get_by_role("button", name="Record hand 1").tap()
        settled(page)
    assert stored(game) == [], "held, not posted away"
    assert late, "the page asks for the queue's script with the page"
    late[0].fulfill(body=ENTRY_QUEUE_SCRIPT.read_text(), content_type="text/javascript")
    if connected:
        expect(page.locator("#hand-2-row")).to_be_attached()  # both sent, and the sheet from the server
        page.wait_for_load_state("networkidle")
        assert stored(game) == expected[:2]
    else:
        expect(page.locator("#tap-badge")).to_have_text("2 hands waiting, kept on this phone")
        assert waiting(page) == ["Hand 1", "Hand 2"]
    settled(page)
    type_hand(page, 3)
    page.get_by_role("button", name="Record hand 3").tap()
    if not connected:
        expect(page.locator("#tap-badge")).to_have_text("3 hands waiting, kept on this phone")
        assert waiting(page) == ["Hand 1", "Hand 2", "Hand 3"]
        assert stored(game) == []
        back_online_all_sent(page)
    expect(page.locator("#hand-3-row")).to_be_attached()
    expect(page.get_by_role("button", name="Record hand 4")).to_be_attached()
    expect(page.locator("[data-entry-row], [data-entry-waiting]")).to_have_count(0)
    page.wait_for_load_state("networkidle")
    assert stored(game) == expected
    context.close()


# ---- One queue for every game ---------------------------------------------------


def queue_scripts(page) -> list[str]:
    """The scripts of ``page``'s head that keep its entries offline, as the static files they are."""
    return page.evaluate("""() => Array.from(document.querySelectorAll("head script[src]"), (script) => new URL(script.src).pathname)
        .filter((path) => /(queue|entry_forms|pad_rules|offline)/.test(path))
        .map((path) => path.replace(/^\\/static\\//, "").replace(/\\.[0-9a-f]{12}\\.js$/, ".js"))""")


def test_a_gorilla_tap_and_a_seated_hand_made_offline_wait_in_the_one_queue(live_server, phone, user, game):
    """Gorilla's pad and a seated game's sheet keep what is made offline with
    the same queue (static/scorepads/entry_queue.js), each with the script of
    its kind of entry and no queue of its own: a tap and a hand made offline
    wait in the one store, each drawn waiting on its page, and reach the
    server when the connection returns; a tap the other phone made first is
    offered to the player by that queue, and recorded as the next hand."""
    street = tws_game(user)
    sheet = phone.context.new_page()
    sheet.set_default_timeout(10_000)
    sheet.goto(f"{live_server.url}/two-way-street/games/{street.pk}/")
    kept_for_offline(sheet)
    open_pad(phone, live_server, game, "MP")
    assert queue_scripts(phone) == ["scorepads/tap_queue.js", "scorepads/entry_queue.js", "pad/pad_rules.js"]
    assert queue_scripts(sheet) == ["scorepads/tap_queue.js", "scorepads/entry_queue.js", "scorepads/entry_forms.js"]

    phone.context.set_offline(True)
    tap_offline(phone, "Made")
    enter_hand(sheet, HANDS[0])
    sheet.get_by_role("button", name="Record hand 1").tap()
    expect(sheet.get_by_role("button", name="Record hand 2")).to_be_visible()
    assert waiting(sheet) == ["Hand 1"]
    assert waiting_marks(phone) == ["3"]
    kept = "async () => (await window.tapQueue.taps()).map((tap) => [tap.kind, tap.number, tap.state])"
    assert phone.evaluate(kept) == sheet.evaluate(kept) == [["record", 3, "waiting"], ["entry", 1, "waiting"]]

    record_outcomes(game, "I")  # the other phone's hand 3
    phone.context.set_offline(False)
    expect(sheet.locator("[data-entry-waiting]")).to_have_count(0)
    conflict = phone.locator("#tap-conflicts")
    expect(conflict).to_contain_text("Hand 3 is on the pad as I, recorded on the other phone; your M for hand 3 was not recorded.")
    phone.get_by_role("button", name="Record M as hand 4").click()
    expect(phone.locator("#tap-badge")).to_have_text("All sent")
    expect(conflict).to_be_hidden()
    phone.wait_for_load_state("networkidle")  # the live server and the test share SQLite
    assert hands_of(game) == "MPIM"
    assert tws_stored(street) == as_stored(HANDS[:1])
