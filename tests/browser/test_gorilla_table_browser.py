"""Gorilla at a real table: what the other phone records does not carry an entry
silently, a long game opens on its newest row, an undone hand's Undo stays under
the finger, "Gorilla it out" shows its verdict and its cards, and each change is
read out once."""

import re
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import expect

from pad import services
from pad.models import Hand
from tests.browser.conftest import ARTIFACTS
from tests.browser.test_offline_browser import all_sent_on_reconnecting, open_pad, tap
from tests.browser.test_pad_browser import settled
from tests.browser.test_table_browser import center, hands_of, tap_twice_at
from tests.browser.waits import POLL_BROUGHT, entries_answered, held_tap, holding_taps
from tests.conftest import record_outcomes

SIZES = {
    "320x568": {"width": 320, "height": 568},
    "390x844": {"width": 390, "height": 844},
    "844x390": {"width": 844, "height": 390},
}


def open_phone(chromium, log_in, size="390x844", scheme="light"):
    context = log_in(chromium.new_context(viewport=SIZES[size], has_touch=True, color_scheme=scheme))
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def plain(text):
    """``text`` without the marks that isolate a name in its own direction."""
    return text.replace("\u2068", "").replace("\u2069", "")


def visible_band(page):
    """The part of the screen the pad shows, between the status line and the record bar."""
    top = page.locator(".status-bar").bounding_box()
    bar = page.locator(".record-bar").bounding_box()
    return top["y"] + top["height"], bar["y"] if bar else page.viewport_size["height"]


def test_the_other_phone_recording_keeps_the_note_and_tick_with_a_notice(
    chromium, live_server, log_in, game, screenshot
):
    record_outcomes(game, "MI" * 5)
    alice, bob = open_phone(chromium, log_in), open_phone(chromium, log_in)
    url = f"{live_server.url}/games/{game.pk}/"
    alice.goto(url)
    bob.goto(url)
    alice.locator("#record-more summary").click()
    alice.locator("#dealer-took").check()
    alice.locator("#irregularity").fill("card exposed after the")
    assert alice.locator("[data-entry-moved]").is_hidden()

    bob.get_by_role("button", name="Lost, possible").click()  # hand 11, from the other phone
    alice.wait_for_selector("#record-heading:text-is('Record hand 12')", timeout=10_000)
    notice = alice.locator("[data-entry-moved]")
    assert notice.is_visible()
    text = plain(notice.inner_text())
    assert "Hand 11 was recorded on your other phone" in text and "now for hand 12" in text  # the same account
    assert "Richard deals" in text  # hand 12's dealer, named in the tick's label too
    assert "Richard" in alice.locator("label:has(#dealer-took)").inner_text()
    assert alice.locator("#irregularity").input_value() == "card exposed after the"
    assert alice.locator("#dealer-took").is_checked()
    said = plain(alice.locator("#pad-announcer").inner_text())
    assert text in said and "Richard deals. " in said and ".." not in said, said
    screenshot(alice, "gorilla-entry-moved", full_page=False)

    # The other phone changes an earlier hand: the entry and its notice stay.
    services.hand_change_outcome(game=game, number=1, outcome="P")
    alice.wait_for_selector(".status-score:has-text('Partnership 4')", timeout=10_000)
    assert "now for hand 12" in alice.locator("[data-entry-moved]").inner_text()

    alice.locator("#irregularity").press_sequentially(" deal")
    alice.get_by_role("button", name="Lost to an irregularity (I)").click()
    alice.wait_for_selector("#record-heading:text-is('Record hand 13')")
    entries_answered(alice)
    assert Hand.objects.get(game=game, number=11).irregularity == ""
    assert Hand.objects.get(game=game, number=12).irregularity == "card exposed after the deal"
    expect(alice.locator("[data-entry-moved]")).to_be_hidden()  # the notice went with the hand it was about
    alice.context.close()
    bob.context.close()


def test_the_dealers_tick_goes_with_a_fates_point_and_an_irregularity(chromium, live_server, log_in, game):
    page = open_phone(chromium, log_in)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("#record-more summary").click()
    page.locator("#dealer-took").check()
    with page.expect_request("**/hands/") as fates_point:
        page.get_by_role("button", name="Fates' point (I)").click()
    page.wait_for_selector("#record-heading:text-is('Record hand 2')")
    settled(page)
    page.locator("#dealer-took").check()
    page.locator("#irregularity").fill("revoke")
    with page.expect_request("**/hands/") as irregularity:
        page.get_by_role("button", name="Lost to an irregularity (I)").click()
    page.wait_for_selector("#record-heading:text-is('Record hand 3')")
    entries_answered(page)
    hands = list(Hand.objects.filter(game=game).order_by("number"))
    assert [(hand.fates_point, hand.irregularity) for hand in hands] == [(True, ""), (False, "revoke")]
    assert [hand.taker for hand in hands] == [hand.dealer for hand in hands]  # the dealer took, as ticked
    # Each tap carried a key of its own, made on the phone: sent again, it records nothing more.
    keys = [parse_qs(request.value.post_data)["entry_key"] for request in (fates_point, irregularity)]
    assert len({key for (key,) in keys}) == 2
    page.context.close()


def test_a_poll_answered_after_a_tap_leaves_the_taps_answer(chromium, live_server, log_in, game):
    record_outcomes(game, "MI")
    page = open_phone(chromium, log_in)
    held = []

    def hold_the_first_poll(route):
        if held:
            route.continue_()
        else:
            held.append(route)  # let go only after the tap is answered

    page.route(re.compile(r".*/games/\d+/\?.*version="), hold_the_first_poll)
    with page.expect_request(re.compile(r".*version=")):
        page.goto(f"{live_server.url}/games/{game.pk}/")
    page.get_by_role("button", name="Made").click()
    toast = page.locator("[data-toast]:not([hidden])")
    expect(toast).to_contain_text("Hand 3 · M recorded")
    page.evaluate(
        "document.addEventListener('htmx:afterRequest', (event) => {"
        " if (event.detail.requestConfig.verb === 'get') window.pollAnswered = true; })"
    )
    held[0].continue_()  # the pad it brings is the one the tap drew already, or older
    page.wait_for_function("() => window.pollAnswered === true")
    expect(toast).to_contain_text("Hand 3 · M recorded")
    assert page.locator("#record-heading").inner_text() == "Record hand 4"
    page.context.close()


def test_a_poll_answered_while_a_tap_is_on_its_way_leaves_the_pad_to_the_taps_answer(
    chromium, live_server, log_in, game
):
    """The tap reaches the server, and the pad's poll is answered with the pad
    it made before the tap's own answer comes: the poll's pad is not swapped in
    under the tap, whose answer then lands, with its toast and its Undo, and
    the next tap goes at once, as any tap does."""
    record_outcomes(game, "MI")
    page = open_phone(chromium, log_in)
    held = holding_taps(page, f"{live_server.url}/games/{game.pk}/")
    version = page.locator("#pad-meta").get_attribute("value")
    page.get_by_role("button", name="Made").click()
    page.wait_for_selector("#pad.has-waiting")
    answer = held_tap(page, held).fetch()  # recorded; its answer held back
    assert hands_of(game) == "MIM"
    page.wait_for_function(POLL_BROUGHT)  # the pad as the tap made it
    assert page.locator("#pad-meta").get_attribute("value") == version  # not swapped in under the tap
    held.pop().fulfill(response=answer)
    toast = page.locator("[data-toast]:not([hidden])")
    expect(toast).to_contain_text("Hand 3 · M recorded")
    expect(toast.get_by_role("button", name="Undo")).to_be_visible()
    entries_answered(page)
    settled(page)
    page.get_by_role("button", name="Lost, impossible").click()
    held_tap(page, held).continue_()  # sent by the page itself, not kept for later
    expect(toast).to_contain_text("Hand 4 · I recorded")
    assert hands_of(game) == "MIMI"
    page.context.close()


def test_a_note_typed_after_an_offline_tap_is_this_phones_own_and_says_nothing(live_server, phone, game):
    open_pad(phone, live_server, game, "MP")
    phone.context.set_offline(True)
    tap(phone, "Made")  # hand 3, kept on the phone
    phone.locator("#record-more summary").click()
    phone.locator("#irregularity").fill("revoke")
    all_sent_on_reconnecting(phone)
    expect(phone.locator("#pad .chart .mark.waiting")).to_have_count(0)
    assert hands_of(game) == "MPM"
    assert phone.locator("#irregularity").input_value() == "revoke"
    assert phone.locator("[data-entry-moved]").is_hidden()  # hand 3 was this phone's


def test_the_other_phone_undoing_says_so_and_nothing_typed_says_nothing(chromium, live_server, log_in, game):
    record_outcomes(game, "MPM")
    alice, bob = open_phone(chromium, log_in), open_phone(chromium, log_in)
    url = f"{live_server.url}/games/{game.pk}/"
    alice.goto(url)
    bob.goto(url)
    alice.locator("#record-more summary").click()
    bob.locator(".corrections button").click()  # hand 3 undone on the other phone
    alice.wait_for_selector("#record-heading:text-is('Record hand 3')", timeout=10_000)
    assert alice.locator("[data-entry-moved]").is_hidden()  # nothing was entered: nothing to say
    alice.locator("#irregularity").fill("revoke")
    bob.wait_for_selector("#pad:not(.settling)")
    bob.locator(".corrections button").click()  # and hand 2
    alice.wait_for_selector("#record-heading:text-is('Record hand 2')", timeout=10_000)
    text = plain(alice.locator("[data-entry-moved]").inner_text())
    assert "Hand 2 was undone on your other phone" in text and "now for hand 2" in text
    assert alice.locator("#irregularity").input_value() == "revoke"
    alice.context.close()
    bob.context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_long_game_opens_on_its_newest_row(chromium, live_server, log_in, game, size):
    record_outcomes(game, ("MI" * 30))  # 60 hands, 30-30: the game goes on
    page = open_phone(chromium, log_in, size)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    top, bottom = visible_band(page)
    newest = page.locator('.chart [data-hand="60"]').bounding_box()
    assert top <= newest["y"] and newest["y"] + newest["height"] <= bottom, (size, top, bottom, newest)
    page.context.close()


def test_the_score_of_a_long_game_is_one_line_on_a_small_phone(chromium, live_server, log_in, game):
    record_outcomes(game, "MI" * 99 + "M")  # 100 to 99 in 199 hands: as wide as a score gets
    page = open_phone(chromium, log_in, "320x568")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    parts = page.locator("#state-score > *").evaluate_all(
        "parts => parts.map((part) => [part.textContent, part.getBoundingClientRect().top, part.getBoundingClientRect().bottom, part.getBoundingClientRect().width])"
    )
    first_bottom = parts[0][2]
    assert all(top < first_bottom for _text, top, _bottom, _width in parts), parts  # one line
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_new_game_shows_its_chart_on_the_first_screen_of_a_small_phone(
    chromium, live_server, log_in, game, scheme, screenshot
):
    page = open_phone(chromium, log_in, "320x568", scheme)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    _top, bottom = visible_band(page)
    chart = page.locator(".chart").bounding_box()
    assert chart["y"] + 20 <= bottom, (chart, bottom)
    # Who deals first, and the choice to change it, are in view too.
    choice = page.locator(".first-dealer-form button").bounding_box()
    assert _top <= choice["y"] and choice["y"] + choice["height"] <= bottom
    screenshot(page, f"gorilla-pad-new-320x568-{scheme}", full_page=False)
    page.context.close()


@pytest.mark.parametrize("hands", [5, 24])
def test_a_double_tap_on_undo_undoes_one_hand(chromium, live_server, log_in, game, hands, tap_gaps):
    # 5 hands: the Undo is on the first screen, the page cannot scroll back when
    # a row goes; 24 hands: it is lower on the pad, scrolled to.
    record_outcomes(game, ("MI" * 12)[:hands])
    page = open_phone(chromium, log_in)
    expected = hands_of(game)
    for gap in tap_gaps:
        page.goto(f"{live_server.url}/games/{game.pk}/")
        undo = page.locator(".corrections button")
        if hands > 5:  # mid-screen, clear of the record bar
            undo.evaluate("(button) => button.scrollIntoView({ block: 'center', behavior: 'instant' })")
        x, y = center(page, undo)
        if hands == 5:
            assert page.evaluate("window.scrollY") == 0
        tap_twice_at(page, x, y, gap)
        settled(page)
        expected = expected[:-1]
        assert hands_of(game, page=page) == expected, f"taps {gap} ms apart"
        assert page.url.rstrip("/").endswith(f"/games/{game.pk}"), f"taps {gap} ms apart went to {page.url}"
        # The Undo is still under the finger (the toast may lie over it: its own matter).
        box = undo.bounding_box()
        assert box["y"] <= y <= box["y"] + box["height"], f"taps {gap} ms apart"
    page.context.close()


def test_a_record_is_read_out_once_with_the_score_once(chromium, live_server, log_in, game):
    record_outcomes(game, "MI")
    page = open_phone(chromium, log_in)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.evaluate("document.getElementById('pad-announcer').dataset.before = 'yes'")
    page.get_by_role("button", name="Made").click()
    page.wait_for_selector("#record-heading:text-is('Record hand 4')")
    settled(page)
    announcer = page.locator("#pad-announcer")
    assert announcer.get_attribute("data-before") == "yes"  # the same region, not a new one
    text = announcer.inner_text()
    assert text.count("Hand 3 · M recorded") == 1
    assert text.count("Partnership 2") == 1 and text.count("Fates 1") == 1, text
    assert "Hand 4: Richard deals" in plain(text)
    page.context.close()


def cards_page(chromium, live_server, log_in, game, size="390x844", scheme="light"):
    page = open_phone(chromium, log_in, size, scheme)
    page.goto(f"{live_server.url}/games/{game.pk}/gorilla/")
    return page


def live_texts(page):
    return page.evaluate(
        "() => Array.from(document.querySelectorAll('[aria-live], [role=status], [role=alert]'),"
        " (region) => region.textContent)"
    )


def test_cards_typed_suit_by_suit_show_on_the_grid_and_typing_is_not_read_out(chromium, live_server, log_in, game):
    page = cards_page(chromium, live_server, log_in, game)
    page.locator("#id_taker_cards").press_sequentially("S AJT3 H A63 D T64 C -")
    page.locator("#id_giver_cards").press_sequentially("S5 S4 S2 ♥K ♥Q d 9 8 7 2 c 2")
    assert not any(text.strip() for text in live_texts(page))  # nothing read out while typing
    owners = page.evaluate(
        "() => Object.fromEntries(Array.from(document.querySelectorAll('[data-card]'),"
        " (cell) => [cell.dataset.card, cell.dataset.owner]).filter(([, owner]) => owner))"
    )
    taker = {"AS", "JS", "10S", "3S", "AH", "6H", "3H", "10D", "6D", "4D"}
    giver = {"5S", "4S", "2S", "KH", "QH", "9D", "8D", "7D", "2D", "2C"}
    assert owners == {card: "taker" for card in taker} | {card: "giver" for card in giver}
    assert page.locator('[data-count="taker"]').inner_text() == "10"
    assert page.locator('[data-count="giver"]').inner_text() == "10"
    page.get_by_role("button", name="Gorilla it out").click()
    page.wait_for_selector("#analysis .verdict")
    page.context.close()


def test_the_card_grid_is_one_tab_stop_with_arrow_keys(chromium, live_server, log_in, game):
    page = cards_page(chromium, live_server, log_in, game)
    assert page.locator("[data-card][tabindex='0']").count() == 1
    page.locator('[data-card="AS"]').focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == "KS"
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.card") == "KH"
    page.keyboard.press("Enter")
    assert page.locator('[data-card="KH"]').get_attribute("data-owner") == "taker"
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.dataset.card") == "2C"
    # From the dealer's tick to the button: the grid, two fields, the button.
    page.locator("[data-roles-swapped]").focus()
    for _ in range(4):
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent.trim()") == "Gorilla it out"
    page.context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_verdict_and_its_record_button_come_into_view(chromium, live_server, log_in, game, size, screenshot):
    record_outcomes(game, "MM")
    page = cards_page(chromium, live_server, log_in, game, size)
    page.locator("#id_taker_cards").fill("S AJT3 H A63 D T64 C -")
    page.locator("#id_giver_cards").fill("S Q H T92 D J987 C AT")
    announcer = page.locator("#analysis-announcer")
    assert announcer.count() == 1 and announcer.inner_text() == ""  # there before the verdict
    page.evaluate("document.getElementById('analysis-announcer').dataset.before = 'yes'")
    page.get_by_role("button", name="Gorilla it out").click()
    page.wait_for_selector("#analysis .verdict")
    height = SIZES[size]["height"]
    verdict = page.locator("#analysis .verdict").bounding_box()
    button = page.get_by_role("button", name="Record hand 3 as").bounding_box()
    assert 0 <= verdict["y"] and button["y"] + button["height"] <= height, (size, verdict, button)
    expect(announcer).not_to_have_text("")
    text = announcer.inner_text()
    assert announcer.get_attribute("data-before") == "yes"
    verdict_word = page.locator("#analysis .verdict h2").inner_text()
    assert text.startswith(verdict_word) and text.count(verdict_word) == 1
    assert page.locator("#analysis[aria-live], #analysis [role=alert]").count() == 0
    page.context.close()


def test_a_hand_with_a_suit_first_card_is_read_out_what_is_wrong(chromium, live_server, log_in, game):
    page = cards_page(chromium, live_server, log_in, game)
    page.locator("#id_taker_cards").fill("AS S5")
    page.locator("#id_giver_cards").fill("KS QS")
    page.get_by_role("button", name="Gorilla it out").click()
    page.wait_for_selector("#analysis .message")
    assert "written suit first: write 5S" in page.locator("#analysis .message").inner_text()
    expect(page.locator("#analysis-announcer")).to_contain_text("write 5S")
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots_of_the_pad_and_gorilla_it_out(chromium, live_server, log_in, game, size, scheme, screenshot):
    record_outcomes(game, "MI" * 30)
    page = open_phone(chromium, log_in, size, scheme)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    screenshot(page, f"gorilla-pad-60-{size}-{scheme}", full_page=False)
    page.locator(".corrections button").scroll_into_view_if_needed()
    screenshot(page, f"gorilla-pad-undo-{size}-{scheme}", full_page=False)
    page.goto(f"{live_server.url}/games/{game.pk}/gorilla/")
    page.locator("#id_taker_cards").fill("S AJT3 H A63 D T64 C -")
    page.locator("#id_giver_cards").fill("S5 S4 S2 H KQ D 9872 C 2")
    screenshot(page, f"gorilla-cards-{size}-{scheme}", full_page=False)
    page.get_by_role("button", name="Gorilla it out").click()
    page.wait_for_selector("#analysis .verdict")
    screenshot(page, f"gorilla-verdict-{size}-{scheme}", full_page=False)
    assert (ARTIFACTS / f"gorilla-verdict-{size}-{scheme}.png").exists()
    page.context.close()
