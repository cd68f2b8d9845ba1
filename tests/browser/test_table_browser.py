"""The pad at a real table: one tap is one hand, the buttons stay under the thumb,
the partner's updates keep what is being typed, and two phones share one game."""

import datetime

import pytest

from pad import services
from pad.models import Game, Hand
from tests.browser.test_pad_browser import settled
from tests.browser.waits import entries_answered, scripts_settled
from tests.conftest import record_outcomes

VIEWPORTS = {
    "320x568": {"width": 320, "height": 568},
    "390x844": {"width": 390, "height": 844},
    "844x390": {"width": 844, "height": 390},
    "1280x800": {"width": 1280, "height": 800},
}


def hands_of(game, page=None) -> str:
    """The game's hands as stored, once ``page`` has no request in flight (the
    live server and the test share one SQLite database)."""
    if page is not None:
        page.wait_for_load_state("networkidle")
    return "".join(Hand.objects.filter(game=game).order_by("number").values_list("outcome", flat=True))


def assert_fits(page, size: str, record_button=None) -> None:
    """The page is no wider than the ``size`` viewport (no sideways scrolling),
    and ``record_button``, if given, is on the first screen, under the thumb."""
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[size]["width"], "the page scrolls sideways"
    if record_button is not None:
        box = record_button.bounding_box()
        assert box["y"] + box["height"] <= VIEWPORTS[size]["height"], "the Record button is off the screen"


def assert_tap_targets(locators, *, width: int = 44, height: int = 44) -> None:
    """Each of ``locators`` is at least ``width`` by ``height`` CSS pixels: a finger's target."""
    for locator in locators:
        box = locator.bounding_box()
        assert box["width"] >= width and box["height"] >= height, f"a target of {box['width']}x{box['height']}"


def center(page, locator):
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tap_twice_at(page, x, y, gap_ms):
    """Two taps of a finger at (``x``, ``y``), ``gap_ms`` apart (the gap is the
    subject: a time wait), once the page has run them no request in flight.
    A tap has reached the page when ``touchscreen.tap`` returns."""
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(gap_ms)
    page.touchscreen.tap(x, y)
    scripts_settled(page)
    page.wait_for_load_state("networkidle")


def tap_twice(page, locator, gap_ms):
    """As :func:`tap_twice_at` on ``locator`` scrolled into view."""
    locator.scroll_into_view_if_needed()
    tap_twice_at(page, *center(page, locator), gap_ms)


def double_tap(page, locator, gap_ms):
    """As :func:`tap_twice` on a pad: then the pad takes a tap again."""
    tap_twice(page, locator, gap_ms)
    settled(page)


def control_at(page, x, y) -> str:
    return page.evaluate(
        "([x, y]) => { const e = document.elementFromPoint(x, y);"
        " const c = e && e.closest('[data-focus-key]'); return c ? c.dataset.focusKey : ''; }",
        [x, y],
    )


def test_a_double_tap_records_one_hand_and_undoes_one(live_server, phone, game, tap_gaps):
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    expected = ""
    for name, outcome in (("Made", "M"), ("Lost, possible", "P"), ("Lost, impossible", "I")):
        for gap in tap_gaps:
            double_tap(phone, phone.get_by_role("button", name=name, exact=False).first, gap)
            expected += outcome
            assert hands_of(game, page=phone) == expected, f"{name}, taps {gap} ms apart"
    for gap in tap_gaps:
        undo = phone.locator(".corrections button")
        undo.scroll_into_view_if_needed()
        double_tap(phone, undo, gap)
        expected = expected[:-1]
        assert hands_of(game, page=phone) == expected, f"Undo, taps {gap} ms apart"


def test_the_control_under_the_finger_stays_the_same_after_a_tap(live_server, phone, game):
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    for number, name in enumerate(("Made", "Lost, possible", "Lost, impossible"), start=2):
        x, y = center(phone, phone.get_by_role("button", name=name).first)
        before = control_at(phone, x, y)
        phone.touchscreen.tap(x, y)
        phone.wait_for_selector(f"#record-heading:text-is('Record hand {number}')")
        settled(phone)
        assert control_at(phone, x, y) == before != ""


def test_after_a_slow_answer_the_pad_says_it_settles_for_as_long_as_it_drops_taps(live_server, phone, game):
    """A second after the pad is drawn a tap is taken for the second of a double
    tap and dropped: the pad shows it settling all that time, however long the
    answer took (here longer than the second after the tap itself)."""
    import time

    phone.goto(f"{live_server.url}/games/{game.pk}/")

    def slowly(route):
        time.sleep(1.5)  # an answer slower than the second a tap settles for: time is the subject
        route.continue_()

    phone.route(f"**/games/{game.pk}/hands/", slowly)
    phone.get_by_role("button", name="Made").click()
    phone.wait_for_selector("#pad .chart .mark[data-hand='1']:not(.waiting)", state="attached")  # the answer drawn
    assert phone.locator("#pad.settling").count() == 1
    settled(phone)
    phone.unroute(f"**/games/{game.pk}/hands/")
    phone.get_by_role("button", name="Made").click()  # a tap once it has settled is a tap
    phone.wait_for_selector("#pad .chart .mark[data-hand='2']:not(.waiting)", state="attached")
    assert hands_of(game, page=phone) == "MM"


def test_undo_then_redo_puts_the_hand_back_with_everything_it_had(live_server, phone, game):
    record_outcomes(game, "MM")
    services.hand_record(game=game, number=3, outcome="I", dealer_took=True, irregularity="revoke")
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    phone.locator(".corrections button").click()
    phone.wait_for_selector(".toast:has-text('Hand 3 · I undone')")
    settled(phone)
    phone.get_by_role("button", name="Redo").click()  # in the toast, without scrolling
    phone.wait_for_selector(".toast:has-text('Hand 3 · I put back')")
    # Focus stays where the finger was: on the toast, now its Undo.
    phone.wait_for_selector(".toast [data-focus-key=toast-action]:focus", timeout=2_000)
    phone.wait_for_load_state("networkidle")
    redone = Hand.objects.get(game=game, number=3)
    assert (redone.outcome, redone.irregularity, redone.taker == redone.dealer) == ("I", "revoke", True)
    announced = phone.locator("#pad-announcer").inner_text()
    assert "Hand 3 · I put back" in announced and "Partnership 2, Fates 1" in announced


@pytest.mark.parametrize("hands", [0, 60])
def test_the_outcome_buttons_are_in_view_and_never_cover_the_chart(chromium, live_server, log_in, game, hands, screenshot):
    if hands:
        record_outcomes(game, ("MI" * 30)[:hands])  # 30-30: the game goes on
    for name, viewport in VIEWPORTS.items():
        for scheme in ("light", "dark"):
            context = log_in(chromium.new_context(viewport=viewport, has_touch=True, color_scheme=scheme))
            page = context.new_page()
            page.goto(f"{live_server.url}/games/{game.pk}/")
            # On a phone on its side too the bar is slim ("more" beside the
            # outcomes, static/pad/pad.css): held at the screen's foot, not in the page's flow.
            assert not page.evaluate("document.documentElement.classList.contains('bars-in-flow')"), name
            for label in ("Made", "Lost, possible", "Lost, impossible"):
                box = page.get_by_role("button", name=label).first.bounding_box()
                assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], (name, label)
                assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], (name, label)
            # Scrolled to the end, the last mark is above the bar, not under it.
            page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
            bar = page.locator(".record-bar").bounding_box()
            last = page.locator(".chart tr").last.bounding_box()
            assert last["y"] + last["height"] <= bar["y"], name
            page.evaluate("window.scrollTo(0, 0)")
            screenshot(page, f"table-{hands}-hands-{name}-{scheme}", full_page=False)
            context.close()


def test_the_partners_updates_keep_a_half_typed_note(chromium, live_server, log_in, game):
    phone_a = log_in(chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True)).new_page()
    phone_a.goto(f"{live_server.url}/games/{game.pk}/")
    phone_a.locator("#record-more summary").click()
    phone_a.locator("#dealer-took").check()
    phone_a.locator("#irregularity").fill("card exposed after the")
    record_outcomes(game, "MP")  # the other phone records two hands
    phone_a.wait_for_selector("#record-heading:text-is('Record hand 3')", timeout=10_000)
    assert phone_a.locator("#record-more").get_attribute("open") is not None
    assert phone_a.locator("#dealer-took").is_checked()
    assert "now for hand 3" in phone_a.locator("[data-entry-moved]").inner_text()  # not moved silently
    phone_a.locator("#irregularity").press_sequentially(" deal")
    phone_a.get_by_role("button", name="Lost to an irregularity (I)").click()
    phone_a.wait_for_selector("#record-heading:text-is('Record hand 4')")
    entries_answered(phone_a)
    assert Hand.objects.get(game=game, number=3).irregularity == "card exposed after the deal"
    phone_a.context.close()


def test_two_phones_one_game_from_invitation_to_rematch(chromium, live_server, log_in, user, django_user_model):
    from django.test import Client

    partner = django_user_model.objects.create_user(username="richard", password="gorilla-pad-pass-3")
    jon = log_in(chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True)).new_page()
    jon.goto(live_server.url)
    jon.get_by_label("Odd partner (learned the game first)").fill("Jon")
    jon.get_by_label("Even partner").fill("Richard")
    jon.get_by_label("Date").fill(datetime.date(2026, 7, 9).isoformat())
    jon.get_by_role("button", name="Start the game").click()
    jon.wait_for_url("**/games/*/")
    game = Game.objects.get()
    jon.get_by_role("button", name="Invite your partner").click()
    link = jon.locator(".invite input[type=url]").input_value()
    assert jon.get_by_role("button", name="Copy").is_visible()

    client = Client()
    client.force_login(partner)
    richard_context = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    richard_context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    richard = richard_context.new_page()
    richard.goto(link)
    richard.get_by_role("button", name="Join").click()
    richard.wait_for_url(f"**/games/{game.pk}/")  # straight to the game in progress

    for number in range(1, 11):
        jon.get_by_role("button", name="Made").first.click()
        jon.wait_for_selector(f".status-score:has-text('Partnership {number} – 0 Fates')")
        settled(jon)
    richard.wait_for_selector(".result:has-text('won 10–0')", timeout=10_000)
    jon.get_by_role("button", name="Rematch").click()
    jon.wait_for_url(lambda url: url.rstrip("/").split("/")[-1] != str(game.pk))
    jon.wait_for_load_state("networkidle")
    rematch = Game.objects.exclude(pk=game.pk).get()
    assert jon.url.endswith(f"/games/{rematch.pk}/")
    richard.wait_for_url(f"**/games/{rematch.pk}/", timeout=10_000)  # the other phone follows
    richard_context.close()
    jon.context.close()


def test_printing_the_pad_page_gives_the_chart_and_no_buttons(live_server, phone, game, tmp_path):
    record_outcomes(game, "MMIPMI")
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    phone.emulate_media(media="print")
    assert not phone.locator(".record-bar").is_visible()
    assert phone.locator(".chart .mark").first.is_visible()
    colour = phone.evaluate("getComputedStyle(document.querySelector('.chart .mark')).printColorAdjust")
    assert colour == "exact"
    content = phone.pdf()
    assert content.startswith(b"%PDF-")
    from tests.browser.conftest import ARTIFACTS

    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "pad-page-printed.pdf").write_bytes(content)


def test_thirteen_marks_in_one_column_stay_on_one_line(live_server, phone, game):
    record_outcomes(game, "M")
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    cell = phone.locator(".chart td.marks").first
    height = cell.bounding_box()["height"]
    phone.evaluate(
        "() => { const row = document.querySelector('.chart .marks-row');"
        " const mark = row.querySelector('.mark');"
        " for (let i = 0; i < 12; i++) row.appendChild(mark.cloneNode()); }"
    )
    marks = cell.locator(".mark")
    assert marks.count() == 13
    tops = {round(marks.nth(i).bounding_box()["y"]) for i in range(13)}
    assert len(tops) == 1 and cell.bounding_box()["height"] == height
    last, box = marks.nth(12).bounding_box(), cell.bounding_box()
    assert last["x"] + last["width"] <= box["x"] + box["width"]


def test_a_double_tap_on_start_starts_one_game(live_server, phone, tap_gaps):
    for gap in tap_gaps:
        phone.goto(live_server.url)
        phone.get_by_label("Odd partner (learned the game first)").fill("Jon")
        phone.get_by_label("Even partner").fill("Richard")
        games = Game.objects.count()
        tap_twice(phone, phone.get_by_role("button", name="Start the game"), gap)
        assert Game.objects.count() == games + 1, f"Start the game, taps {gap} ms apart"
