"""An entry made online is drawn at once, before its answer comes: Gorilla's
mark from the pad's rules (static/pad/pad_rules.js), a seated game's hand as a
row of the score sheet marked as waiting (static/scorepads/entry_queue.js).
Each test holds the entry's post until the page shows the drawing, then lets
the answer through: it replaces the drawing, and what it did not change stays
the same node."""

import time

import pytest
from playwright.sync_api import expect

from tests.browser.test_entry_queue_browser import (
    MJ_HANDS,
    as_stored,
    mahjong_game,
    mahjong_stored,
    tws_game,
    tws_stored,
)
from tests.browser.test_offline_browser import hands_of
from tests.browser.test_pad_browser import settled
from tests.browser.test_two_way_street_browser import HANDS, enter_hand
from tests.conftest import record_outcomes
from two_way_street import services as tws_services


class HeldPosts:
    """The page's posts, held until let through: the page is seen with its
    entry on its way and no answer yet."""

    def __init__(self, page, count=None):
        """Hold the page's posts (the first ``count`` of them, if given)."""
        self.page, self.held, self.left = page, [], count
        page.route("**/*", self.hold)

    def hold(self, route):
        if route.request.method == "POST" and self.left != 0:
            self.held.append(route)
            self.left = None if self.left is None else self.left - 1
        else:
            route.continue_()

    def wait_held(self):
        """Wait until a post is held: Playwright hands a post to :meth:`hold`
        while the test waits on the page, maybe after the page has drawn the
        entry (the post stays in the browser, unanswered, until then)."""
        deadline = time.monotonic() + 20
        while not self.held:
            assert time.monotonic() < deadline, "no post was made"
            self.page.wait_for_timeout(20)  # the page's events dispatched meanwhile

    def let_through(self):
        assert len(self.held) == 1, "one post for one entry"
        self.held.pop().continue_()


def same_node_kept(page, selector):
    """Mark the element at ``selector`` (a property only this node carries)."""
    page.eval_on_selector(selector, "element => { element.keptAcrossTheAnswer = true; }")


def is_the_same_node(page, selector) -> bool:
    return page.eval_on_selector(selector, "element => element.keptAcrossTheAnswer === true")


@pytest.mark.parametrize("tap", ["Lost, possible", "Fates' point (I)", "Lost to an irregularity (I)"])
def test_a_gorilla_tap_is_drawn_at_once_and_its_answer_takes_its_place(live_server, phone, game, tap):
    record_outcomes(game, "MPM")  # two innings: MP, then M
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    phone.wait_for_function("() => window.tapQueue && document.readyState === 'complete'")
    same_node_kept(phone, "#inning-1")
    same_node_kept(phone, "#chart thead")
    if tap != "Lost, possible":
        phone.locator("#record-more summary").click()
        phone.locator("#irregularity").fill("card exposed")
    posts = HeldPosts(phone)

    phone.get_by_role("button", name=tap).click()
    phone.wait_for_selector('#pad .chart .mark.waiting[data-hand="4"]', state="attached")
    posts.wait_held()  # the mark was drawn with its answer held
    assert phone.locator(".status-score").inner_text() == "Partnership 2 – 2 Fates"
    assert "Hand 5" in phone.locator(".status-next").inner_text()
    expect(phone.locator("#inning-2 .mark")).to_have_count(2)  # P or I joins the inning of the M before it

    posts.let_through()
    phone.wait_for_selector('#pad .chart .mark[data-hand="4"]:not(.waiting)', state="attached")
    settled(phone)
    expect(phone.locator("#pad .chart .mark.waiting")).to_have_count(0)
    expect(phone.locator("#pad.has-waiting, #pad [data-drawn-here]")).to_have_count(0)
    assert phone.locator(".status-score").inner_text() == "Partnership 2 – 2 Fates"
    assert is_the_same_node(phone, "#inning-1") and is_the_same_node(phone, "#chart thead")
    assert hands_of(game) == "MPM" + ("P" if tap == "Lost, possible" else "I")


def test_a_gorilla_tap_made_while_the_one_before_is_on_its_way_waits_for_it_and_follows_it(live_server, phone, game):
    record_outcomes(game, "MPM")
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    phone.wait_for_function("() => window.tapQueue && document.readyState === 'complete'")
    phone.locator("#record-more summary").click()
    posts = HeldPosts(phone, count=1)  # the first tap's answer is held; what follows goes through
    phone.get_by_role("button", name="Lost, possible").click()
    phone.wait_for_selector('#pad .chart .mark.waiting[data-hand="4"]', state="attached")
    settled(phone)
    # The same form again is the second tap of a double tap (htmx drops it);
    # another form is another tap: kept, and sent once the first is answered.
    phone.get_by_role("button", name="Fates' point (I)").click()
    phone.wait_for_selector('#pad .chart .mark.waiting[data-hand="5"]', state="attached")
    posts.wait_held()
    assert hands_of(game) == "MPM"

    posts.let_through()
    phone.wait_for_selector('#pad .chart .mark[data-hand="5"]:not(.waiting)', state="attached")
    expect(phone.locator("#pad .chart .mark.waiting")).to_have_count(0)
    expect(phone.locator("#tap-conflicts")).to_be_hidden()
    assert hands_of(game) == "MPMPI"  # the pad drawn by the server says so: both are stored


def test_a_gorilla_tap_that_starts_a_game_is_drawn_at_once(live_server, phone, game):
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    phone.wait_for_function("() => window.tapQueue && document.readyState === 'complete'")
    same_node_kept(phone, "#chart thead")
    posts = HeldPosts(phone)

    phone.get_by_role("button", name="Made").click()
    phone.wait_for_selector('#pad .chart .mark.waiting[data-hand="1"]', state="attached")
    expect(phone.locator("#inning-none")).to_have_count(0)
    posts.let_through()
    phone.wait_for_selector('#pad .chart .mark[data-hand="1"]:not(.waiting)', state="attached")
    expect(phone.locator("#pad .chart tbody tr")).to_have_count(1)
    assert is_the_same_node(phone, "#chart thead")
    assert hands_of(game) == "M"


def test_a_two_way_street_hand_is_drawn_at_once_as_a_row_and_its_answer_takes_its_place(live_server, phone, user):
    game = tws_game(user)
    tws_services.hand_record(game=game, number=1, results=HANDS[0])
    phone.goto(f"{live_server.url}/two-way-street/games/{game.pk}/")
    phone.wait_for_function("() => window.tapQueue && document.readyState === 'complete'")
    same_node_kept(phone, "#hand-1-row")
    posts = HeldPosts(phone)

    enter_hand(phone, HANDS[1])
    phone.get_by_role("button", name="Record hand 2").tap()
    row = phone.locator('#sheet-rows [data-entry-row="2"]')
    row.wait_for()
    posts.wait_held()  # the row was drawn with its answer held
    assert row.inner_text().split() == ["2", "Hand", "2", "·", "waiting", "to", "be", "sent"]
    assert "Hand 3" in phone.locator(".status-next").inner_text()

    posts.let_through()
    phone.locator("#hand-2-row").wait_for()
    settled(phone)
    expect(phone.locator("[data-entry-row]")).to_have_count(0)
    assert is_the_same_node(phone, "#hand-1-row")
    assert tws_stored(game) == as_stored(HANDS[:2])


def test_a_first_mah_jongg_hand_is_drawn_at_once_on_the_sheet_it_opens(live_server, phone, user):
    game = mahjong_game(user)
    phone.goto(f"{live_server.url}/mah-jongg/games/{game.pk}/")
    phone.wait_for_function("() => window.tapQueue && document.readyState === 'complete'")
    expect(phone.locator("#sheet-grid")).to_be_hidden()  # no hand yet
    same_node_kept(phone, "#pad #downloads")
    posts = HeldPosts(phone)

    winner, scores = MJ_HANDS[0]
    phone.locator(f'label[for="next-winner-{winner}"]').tap()
    for seat, score in enumerate(scores, start=1):
        phone.locator(f"#next-score-{seat}").fill(str(score))
    phone.get_by_role("button", name="Record hand 1").tap()
    row = phone.locator('#sheet-rows [data-entry-row="1"]')
    row.wait_for()
    posts.wait_held()  # the row was drawn with its answer held
    expect(phone.locator("#sheet-grid")).to_be_visible()

    posts.let_through()
    phone.locator("#hand-1-row").wait_for()
    settled(phone)
    expect(phone.locator("[data-entry-row]")).to_have_count(0)
    assert is_the_same_node(phone, "#pad #downloads")
    assert mahjong_stored(game) == [(int(winner), scores)]
