"""The director's calculator on a phone: example 1 of the reference typed in,
the working appearing as it is typed (13.8 / 10.2), saved once however the
button is tapped, found in the history and printed; the pages at phone sizes,
and no accessibility violation."""

import contextlib

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from bridge.models import Ruling, RulingBook
from tests.browser.conftest import PDF_MS
from tests.browser.test_accessibility_browser import AXE, violations
from tests.browser.test_pad_browser import settled
from tests.browser.test_table_browser import VIEWPORTS, tap_twice
from tests.browser.waits import htmx_at_rest

FIELD = "+110 x5\n+50 x3\n-50 x2\n-110 x2"


def enter_example_1(page):
    page.get_by_label("The other tables' NS scores").fill(FIELD)
    page.get_by_label("The adjusted outcomes (NS scores) with their weights").fill("+110 60%, -50 40%")


def finals(page) -> list[str]:
    return page.locator("#working .final").all_inner_texts()


def test_example_1_on_a_phone(live_server, phone, screenshot):
    phone.goto(f"{live_server.url}/bridge/")
    phone.get_by_role("link", name="Weighted score Law 12C1c").first.tap()
    phone.wait_for_selector("text=The working appears here")
    enter_example_1(phone)
    # The working comes as the director types: no button needed.
    phone.wait_for_selector("#working .final")
    assert finals(phone) == ["NS\n13.8 MP\n13.8 of 24 = 57.5 %", "EW\n10.2 MP\n10.2 of 24 = 42.5 %"]
    # The first method (each outcome alone), then the British table.
    sums = phone.locator(".sums").all_inner_texts()
    assert "NS: 60% × 19 + 40% × 6 = 11.4 + 2.4 = 13.8 MP" in sums[0]
    frequency = phone.locator(".working-table").nth(2)
    assert frequency.locator("tr.marked").all_inner_texts() == ["+110\t5\t0.6\t5.6\t19.4\t4.6", "−50\t2\t0.4\t2.4\t5.4\t18.6"]
    assert "NS: 60% × 19.4 + 40% × 5.4 = 11.64 + 2.16 = 13.8 MP" in sums[1]
    assert "<td>10.8</td>" in phone.locator(".working-table").nth(4).inner_html()  # a +50 elsewhere
    assert "Law applied: Law 12C1c, weighted score" in phone.locator(".laws").inner_text()
    screenshot(phone, "bridge-390x844-example-1")

    # A weight that does not add up: the working says so, beside nothing saved.
    phone.get_by_label("The adjusted outcomes (NS scores) with their weights").fill("+110 60%, -50 30%")
    phone.wait_for_selector("text=The weights add up to 90%")
    phone.get_by_role("button", name="Save the ruling").tap()
    phone.wait_for_selector("text=This field is required.")
    assert not Ruling.objects.exists()

    phone.get_by_label("The adjusted outcomes (NS scores) with their weights").fill("+110 60%, -50 40%")
    phone.get_by_label("Event").fill("Tuesday pairs")
    phone.get_by_label("Board").fill("14")
    phone.get_by_label("Director's note").fill("Slow pass; 4♠ was a logical alternative.")
    phone.get_by_role("button", name="Save the ruling").tap()
    phone.wait_for_selector("[data-toast]:has-text('Ruling 1 · \u2068Tuesday pairs\u2069, board 14 recorded')")
    phone.locator("#ruling-1 a").tap()  # from the day's book to the ruling
    phone.wait_for_selector("h1:has-text('Ruling 1')")
    assert phone.locator(".final").all_inner_texts() == ["NS\n13.8 MP\n13.8 of 24 = 57.5 %", "EW\n10.2 MP\n10.2 of 24 = 42.5 %"]
    screenshot(phone, "bridge-390x844-ruling")
    phone.wait_for_load_state("networkidle")
    ruling = Ruling.objects.select_related("book").get()
    assert (ruling.event, ruling.board) == ("Tuesday pairs", 14)

    phone.goto(f"{live_server.url}/games/?game=bridge")
    assert "Tuesday pairs, board 14" in phone.locator(".history-list").inner_text()
    assert "NS 13.8 MP · EW 10.2 MP" in phone.locator(".history-list").inner_text()
    screenshot(phone, "bridge-390x844-history")
    with phone.expect_download(timeout=PDF_MS) as download:
        phone.goto(f"{live_server.url}/bridge/rulings/{ruling.pk}/")
        phone.get_by_role("link", name="Ruling as PDF", exact=True).tap()
    assert download.value.suggested_filename == f"ruling-{ruling.book.date.isoformat()}-tuesday-pairs-board-14.pdf"


def test_a_double_tap_saves_one_ruling(live_server, phone, tap_gaps):
    for gap in tap_gaps:
        phone.goto(f"{live_server.url}/bridge/pairs-weighted/")
        enter_example_1(phone)
        phone.get_by_label("Event").fill(f"Gap {gap}")
        phone.get_by_label("Board").fill("3")
        # The working above the button follows the scores 0.7 s after the last
        # one typed (as a director types, long before saving): let it come, or
        # the finger's spot, taken before, lands beside the moved button.
        phone.wait_for_selector("#working .final")
        htmx_at_rest(phone)
        tap_twice(phone, phone.get_by_role("button", name="Save the ruling"), gap)
        phone.wait_for_selector(f"[data-toast]:has-text('Gap {gap}\u2069, board 3 recorded')")
    phone.wait_for_load_state("networkidle")
    assert sorted(Ruling.objects.values_list("event", flat=True)) == sorted(f"Gap {gap}" for gap in tap_gaps)


def test_a_ruling_filed_with_its_table_on_a_phone(live_server, phone, screenshot):
    phone.goto(f"{live_server.url}/bridge/pairs-weighted/")
    enter_example_1(phone)
    phone.wait_for_selector("#working .final")
    for label, text in (
        ("Event", "Tuesday pairs"), ("Board", "14"), ("NS pair or team", "7"), ("EW pair or team", "12"),
        ("Contract", "3♦X"), ("Auction", "1♥ 2♦ pass 3♦\npass pass 3♥ X\nall pass"), ("Director", "محمد العربي"),
    ):
        phone.get_by_label(label, exact=True).fill(text)
    phone.get_by_label("Declarer").select_option("N")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390, "the form scrolls sideways"
    screenshot(phone, "bridge-390x844-filing-form")
    phone.get_by_role("button", name="Save the ruling").tap()
    phone.wait_for_selector("[data-toast]:has-text('recorded')")
    # The ruling is a page of its own, reached from its book: its text is read
    # as its stylesheets lay it out (an auction's lines kept), once they have come.
    phone.locator("#ruling-1 a").tap()
    phone.wait_for_selector("h1:has-text('Ruling 1')")
    phone.wait_for_load_state("load")
    facts = phone.locator(".ruling-facts").inner_text()
    for text in ("NS pair or team\n7", "EW pair or team\n12", "3♦X by North", "1♥ 2♦ pass 3♦\npass pass 3♥ X\nall pass", "محمد العربي"):
        assert text in facts
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390, "the ruling scrolls sideways"
    screenshot(phone, "bridge-390x844-ruling-filed")
    assert Ruling.objects.get().director == "محمد العربي"


@pytest.mark.parametrize("size", ["320x568", "390x844", "844x390"])
def test_the_calculator_fits_a_phone(live_server, chromium, log_in, size, screenshot):
    page = log_in(chromium.new_context(viewport=VIEWPORTS[size], has_touch=True, is_mobile=True)).new_page()
    page.goto(f"{live_server.url}/bridge/")
    screenshot(page, f"bridge-{size}-home")
    for slug, inputs in (
        ("pairs-weighted", {"The other tables' NS scores": FIELD, "The adjusted outcomes (NS scores) with their weights": "+110 60%, -50 40%"}),
        ("teams-serious-error", {"NS score in the other room": "+420", "Normal score (NS)": "+420", "Expected score (NS)": "+200 1/3, +500 2/3", "Table score (NS)": "-750"}),
    ):
        page.goto(f"{live_server.url}/bridge/{slug}/")
        for label, text in inputs.items():
            page.get_by_label(label).fill(text)
        page.get_by_role("button", name="Calculate").tap()
        page.wait_for_selector("#working .final")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= VIEWPORTS[size]["width"], "the page scrolls sideways"
        for button in page.locator("button.tap").all():
            box = button.bounding_box()
            assert box["height"] >= 44
        screenshot(page, f"bridge-{size}-{slug}")
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_calculator_pages_have_no_accessibility_violation(live_server, chromium, log_in, user, scheme, screenshot):
    if not AXE.exists():
        pytest.fail("axe-core is missing: `make test` installs it (tests/browser/js)")
    import datetime

    from bridge import calculator, services

    chosen = calculator.CALCULATIONS["teams-serious-error"]
    ruling = services.ruling_record(
        user=user, calculation=chosen,
        inputs={"other_room": "+420", "normal": "+420", "expected": "+200 1/3, +500 2/3", "table": "-750", "offenders": "EW"},
        vulnerability="", event="Teams", board=2, date=datetime.date(2026, 11, 20), note="Wild 6♠.",
        ns_pair="Team 4", ew_pair="Team 9", contract="5♣X", declarer="W", auction="1♥ pass 2♣ 2♠\n3♥ 4♠ pass pass",
        director="Maria Director",
    )
    page = log_in(chromium.new_context(viewport=VIEWPORTS["390x844"], has_touch=True, color_scheme=scheme)).new_page()
    found = {}
    pages = ("/bridge/", "/bridge/pairs-weighted/", f"/bridge/books/{ruling.book.pk}/", f"/bridge/rulings/{ruling.pk}/")
    for path in pages:
        fill = path == "/bridge/pairs-weighted/"
        page.goto(live_server.url + path)
        if fill:
            enter_example_1(page)
            page.wait_for_selector("#working .final")
            screenshot(page, f"bridge-390x844-{scheme}-example-1")
        for details in page.locator("details").all():
            details.evaluate("element => element.open = true")
        if problems := violations(page):
            found[path] = problems
    page.goto(f"{live_server.url}/bridge/pairs-split/")
    page.get_by_label("Score assigned to NS").fill("+115")
    page.get_by_role("button", name="Calculate").tap()
    page.wait_for_selector(".error")
    if problems := violations(page):
        found["a refused calculation"] = problems
    page.context.close()
    assert found == {}


TEAMS_SERIOUS_ERROR = {
    "NS score in the other room": "+420", "Normal score (NS)": "+420",
    "Expected score (NS)": "+200 1/3, +500 2/3", "Table score (NS)": "-750",
}


def in_view(page, locator) -> bool:
    box = locator.bounding_box()
    viewport = page.viewport_size
    return box is not None and box["y"] >= -1 and box["y"] + box["height"] <= viewport["height"] + 1


# A control's box and the result line's, read together (None while the line is not drawn).
CONTROL_AND_LINE = """(control) => {
  const line = document.getElementById("working-summary");
  if (!line || !line.getClientRects().length || getComputedStyle(line).visibility === "hidden") return null;
  const box = (element) => { const r = element.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; };
  return [box(control), box(line)];
}"""


def overlaps(one, other) -> bool:
    return not (
        one["x"] + one["width"] <= other["x"] or other["x"] + other["width"] <= one["x"]
        or one["y"] + one["height"] <= other["y"] or other["y"] + other["height"] <= one["y"]
    )


def the_result(page):
    """What the director sees of the result while typing: the line kept at the top
    of a phone's screen, or, side by side, the working's final figures."""
    line = page.locator("#working-summary")
    return line if line.is_visible() else page.locator("#working .final-figures").first


def test_before_the_board_is_complete_the_result_line_stays_at_the_top_of_the_form(live_server, chromium, log_in):
    """With no result yet the line kept at the top would only say again, over
    the page, what the working says: it stays in its place until there is one."""
    page = log_in(chromium.new_context(viewport=VIEWPORTS["320x568"], has_touch=True, is_mobile=True)).new_page()
    page.goto(f"{live_server.url}/bridge/pairs-weighted/")
    line = page.locator("#working-summary")
    page.locator("#working").scroll_into_view_if_needed()
    assert not in_view(page, line)
    page.get_by_label("The other tables' NS scores").fill(FIELD)
    page.get_by_label("The adjusted outcomes (NS scores) with their weights").fill("+110 60%, -50 40%")
    page.wait_for_selector("#working .final")
    page.locator("#working").scroll_into_view_if_needed()
    assert in_view(page, line)  # a result now: kept at the top as the board is typed
    page.context.close()


def entry_controls(page):
    return page.locator(
        ".calculator-form input:not([type=hidden]), .calculator-form textarea, .calculator-form select, .calculator-form button"
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", ["320x568", "390x844", "844x390"])
def test_the_result_is_in_view_while_the_board_is_typed(live_server, chromium, log_in, size, scheme, screenshot):
    page = log_in(chromium.new_context(viewport=VIEWPORTS[size], has_touch=True, is_mobile=True, color_scheme=scheme)).new_page()
    for slug, inputs, result in (
        ("pairs-weighted", {"The other tables' NS scores": FIELD, "The adjusted outcomes (NS scores) with their weights": "+110 60%, -50 40%"}, "NS 13.8 MP"),
        ("teams-serious-error", TEAMS_SERIOUS_ERROR, "NS"),
    ):
        page.goto(f"{live_server.url}/bridge/{slug}/")
        for label, text in inputs.items():
            field = page.get_by_label(label)
            field.tap()
            field.fill(text)
        # Still in the last field (scrolled into view as the browser does for the
        # caret): the result is on the screen.
        page.wait_for_selector("#working .final")
        page.locator(":focus").evaluate("field => field.scrollIntoView({block: 'nearest'})")
        screenshot(page, f"bridge-{size}-{scheme}-{slug}-typing", full_page=False)
        assert result in " ".join(the_result(page).inner_text().split())
        assert in_view(page, the_result(page)), f"the result is off the screen at {size}"
        assert page.evaluate("document.activeElement.tagName") in ("INPUT", "TEXTAREA")
        assert in_view(page, page.locator(":focus")), "the field being typed is off the screen"
        # Whatever is focused, the line kept at the top never covers it.
        page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
        # Leaving the field calculates the board again, and its answer draws the
        # line anew: the line is measured once that answer is in.
        page.wait_for_load_state("networkidle")
        for index in range(entry_controls(page).count()):
            control = entry_controls(page).nth(index)
            control.focus()
            boxes = control.evaluate(CONTROL_AND_LINE)
            if boxes is not None:
                box, covering = boxes
                assert not overlaps(box, covering), f"{control.get_attribute('name')} is under the result line at {size}"
            box = control.bounding_box()  # on the screen (focus scrolls a field only until it shows)
            assert box["y"] < VIEWPORTS[size]["height"] and box["y"] + box["height"] > 0
        assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[size]["width"]
        screenshot(page, f"bridge-{size}-{scheme}-{slug}-worked")
    page.context.close()


def note_announcements(page) -> None:
    """The live region is in the page before anything is typed; every change to it is noted."""
    page.evaluate("""() => {
        window.region = document.getElementById("working-announcer");
        window.announced = [];
        new MutationObserver(() => window.announced.push(window.region.textContent))
            .observe(window.region, {childList: true, characterData: true, subtree: true});
    }""")


def announced(page) -> list[str]:
    return page.evaluate("window.announced")


def wait_for_announcements(page, count: int) -> None:
    page.wait_for_function("(count) => window.announced.length >= count", arg=count)


def test_the_working_is_announced_once_never_while_typing(live_server, phone):
    phone.goto(f"{live_server.url}/bridge/pairs-weighted/")
    note_announcements(phone)
    assert phone.locator("#working [role=status], #working [role=alert], #working [aria-live]").count() == 0
    first = phone.get_by_label("The other tables' NS scores")
    first.fill(FIELD)
    phone.wait_for_selector("text=No working yet")  # the working region follows the typing
    first.press("Tab")  # the first field left, the board still incomplete: no news
    htmx_at_rest(phone)
    assert announced(phone) == []
    weights = phone.get_by_label("The adjusted outcomes (NS scores) with their weights")
    weights.fill("+110 60%, -50 40%")
    phone.wait_for_selector("#working .final")
    htmx_at_rest(phone)
    assert announced(phone) == [], "announced while the field is still being typed"
    weights.press("Tab")
    wait_for_announcements(phone, 1)
    htmx_at_rest(phone)
    assert announced(phone) == ["Working: NS 13.8 MP · EW 10.2 MP."]
    assert phone.evaluate("document.getElementById('working-announcer') === window.region")
    # A weight that does not add up is told once the field is left, then the mended working.
    weights.fill("+110 60%, -50 30%")
    phone.wait_for_selector("text=The weights add up to 90%")
    assert len(announced(phone)) == 1
    weights.press("Tab")
    wait_for_announcements(phone, 2)
    weights.fill("+110 60%, -50 40%")
    weights.press("Tab")
    wait_for_announcements(phone, 3)
    # The field's answer to its typing comes 0.7 s after the last key
    # (templates/bridge/calculator.html), after the one to leaving it: that
    # moment is the subject, then its answer drawn, which tells nothing more.
    phone.wait_for_timeout(900)
    htmx_at_rest(phone)
    assert announced(phone)[1].startswith("No working yet: The adjusted outcomes (NS scores) with their weights: The weights add up to 90%")
    assert announced(phone)[2] == "Working: NS 13.8 MP · EW 10.2 MP."
    assert len(announced(phone)) == 3


def test_the_last_answer_is_announced_when_it_replaces_the_one_to_leaving_a_field(live_server, phone):
    """Leaving a field calculates the board at once; typing in the next one
    calculates it again 0.7 s after the last key, and that request replaces the
    first if the server has not answered it yet. The answer that lands, to the
    fields as they stand, is drawn and told: the field left is not left untold."""
    phone.goto(f"{live_server.url}/bridge/pairs-weighted/")
    note_announcements(phone)
    # Each board sent is noted with what sent it: a field's typing (input) or leaving it (change).
    phone.evaluate("""() => {
        window.sent = [];
        document.addEventListener("htmx:beforeRequest", (event) => window.sent.push(event.detail.requestConfig.triggeringEvent.type));
    }""")
    first = phone.get_by_label("The other tables' NS scores")
    first.fill(FIELD)
    first.press("Tab")
    phone.wait_for_selector("text=No working yet")  # the answer to leaving it
    htmx_at_rest(phone)
    phone.evaluate("() => { window.sent = []; }")

    # The server is slow: the answer to leaving the weights waits until the
    # board has been sent again, by the typing in the next field.
    held = []

    def slow_answer(route):
        if route.request.method != "POST" or "action=calculate" not in (route.request.post_data or ""):
            route.continue_()
        elif not held:
            held.append(route)
        else:
            with contextlib.suppress(PlaywrightError):  # given up by the page as the later one left
                held[0].continue_()
            route.continue_()

    phone.route(f"{live_server.url}/bridge/pairs-weighted/", slow_answer)
    weights = phone.get_by_label("The adjusted outcomes (NS scores) with their weights")
    weights.fill("+110 60%, -50 40%")
    weights.press("Tab")
    phone.wait_for_function("() => window.sent.length === 1")
    assert phone.evaluate("() => document.activeElement.id") == phone.get_by_label("Table score (NS)").get_attribute("id")
    # A key typed there and taken back: the board as it was left, sent again.
    phone.keyboard.type("-")
    phone.keyboard.press("Backspace")
    phone.wait_for_selector("#working .final")
    htmx_at_rest(phone)
    assert phone.evaluate("window.sent") == ["change", "input"]
    assert finals(phone) == ["NS\n13.8 MP\n13.8 of 24 = 57.5 %", "EW\n10.2 MP\n10.2 of 24 = 42.5 %"]
    assert "NS 13.8 MP" in phone.locator("#working-summary").inner_text()
    assert announced(phone) == ["Working: NS 13.8 MP · EW 10.2 MP."]


def test_a_refused_save_keeps_what_was_typed(live_server, phone, screenshot):
    phone.goto(f"{live_server.url}/bridge/pairs-weighted/")
    phone.get_by_label("The other tables' NS scores").fill(FIELD)
    phone.get_by_label("The adjusted outcomes (NS scores) with their weights").fill("+110 60%, -50 30%")
    typed = {"Board": "14", "NS pair or team": "7", "Contract": "3♦X", "Auction": "1♥ 2♦ pass 3♦", "Director's note": "Slow pass."}
    for label, text in typed.items():
        phone.get_by_label(label, exact=True).fill(text)
    phone.get_by_label("Declarer").select_option("N")
    phone.get_by_role("button", name="Save the ruling").tap()
    phone.wait_for_selector("#error-summary")
    assert not Ruling.objects.exists()
    # Everything typed is still there.
    assert phone.get_by_label("The other tables' NS scores").input_value() == FIELD
    assert phone.get_by_label("The adjusted outcomes (NS scores) with their weights").input_value() == "+110 60%, -50 30%"
    for label, text in typed.items():
        assert phone.get_by_label(label, exact=True).input_value() == text
    assert phone.get_by_label("Declarer").input_value() == "N"
    # Focus on the summary of the problems, each a link to its field, the problem beside it too.
    assert phone.evaluate("document.activeElement.id") == "error-summary"
    assert in_view(phone, phone.locator("#error-summary h2"))
    links = phone.locator("#error-summary a")
    assert links.all_inner_texts() == [
        "The adjusted outcomes (NS scores) with their weights: The weights add up to 90%, not 1 (100%): 60%, 30%.",
        "Event: This field is required.",
    ]
    for link in links.all():
        field_id = link.get_attribute("href")[1:]
        assert phone.locator(f"#{field_id}_error").inner_text().strip() in link.inner_text()
        assert f"{field_id}_error" in phone.locator(f"#{field_id}").get_attribute("aria-describedby")
    screenshot(phone, "bridge-390x844-refused-save", full_page=False)
    links.nth(1).tap()
    assert phone.evaluate("document.activeElement.id") == "id_event"
    assert in_view(phone, phone.get_by_label("Event", exact=True))
    phone.get_by_label("Event", exact=True).fill("Tuesday pairs")
    phone.get_by_label("The adjusted outcomes (NS scores) with their weights").fill("+110 60%, -50 40%")
    phone.get_by_role("button", name="Save the ruling").tap()
    phone.wait_for_selector("[data-toast]:has-text('recorded')")
    ruling = Ruling.objects.get()
    assert (ruling.board, ruling.ns_pair, ruling.note, ruling.declarer) == (14, "7", "Slow pass.", "N")


def save_ruling(page, live_server, board: int) -> None:
    """Example 1 saved from the calculator as board ``board`` of Tuesday pairs."""
    page.goto(f"{live_server.url}/bridge/pairs-weighted/")
    enter_example_1(page)
    page.get_by_label("Event").fill("Tuesday pairs")
    page.get_by_label("Board", exact=True).fill(str(board))
    page.wait_for_selector("#working .final")
    htmx_at_rest(page)
    page.get_by_role("button", name="Save the ruling").tap()


def test_two_rulings_on_a_phone_are_the_days_book_and_undo_and_redo_take_the_second(live_server, phone, screenshot):
    save_ruling(phone, live_server, 14)
    phone.wait_for_selector("[data-toast]:has-text('Ruling 1 · \u2068Tuesday pairs\u2069, board 14 recorded')")
    save_ruling(phone, live_server, 15)
    toast = phone.locator("[data-toast]")
    expect(toast).to_contain_text("Ruling 2 · \u2068Tuesday pairs\u2069, board 15 recorded")
    expect(phone.locator("#ruling-rows > li")).to_have_count(2)
    expect(phone.locator("#ruling-1")).to_contain_text("Ruling 1")
    expect(phone.locator("#ruling-2")).to_contain_text("board 15")
    expect(phone.locator("#ruling-2")).to_contain_text("NS 13.8 MP · EW 10.2 MP")
    screenshot(phone, "bridge-390x844-book-recorded", full_page=False)
    book = RulingBook.objects.get()

    settled(phone)
    toast.get_by_role("button", name="Undo").tap()
    expect(toast).to_contain_text("Ruling 2 · \u2068Tuesday pairs\u2069, board 15 undone")
    expect(phone.locator("#ruling-rows > li")).to_have_count(1)
    assert list(book.rulings.values_list("number", flat=True)) == [1]
    screenshot(phone, "bridge-390x844-book-undone", full_page=False)

    settled(phone)  # a tap on the book once the undo's answer has settled is a tap
    toast.get_by_role("button", name="Redo").tap()
    expect(toast).to_contain_text("Ruling 2 · \u2068Tuesday pairs\u2069, board 15 put back")
    expect(phone.locator("#ruling-2")).to_contain_text("board 15")
    assert list(book.rulings.order_by("number").values_list("number", "board")) == [(1, 14), (2, 15)]


@pytest.mark.parametrize("size", ["320x568", "390x844", "844x390"])
def test_the_book_fits_a_phone(live_server, chromium, log_in, user, size, screenshot):
    import datetime

    from bridge import calculator, services

    for board, event in ((3, "Tuesday pairs"), (7, "Tuesday pairs, second session of the club championship"), (12, "Teams")):
        ruling = services.ruling_record(
            user=user, calculation=calculator.CALCULATIONS["pairs-weighted"],
            inputs={"field": FIELD, "weights": "+110 60%, -50 40%"}, vulnerability="", event=event, board=board,
            date=datetime.date(2026, 11, 20), note="", ns_pair="7", ew_pair="12", contract="3♦X", declarer="N",
        )
    page = log_in(chromium.new_context(viewport=VIEWPORTS[size], has_touch=True, is_mobile=True)).new_page()
    page.goto(f"{live_server.url}/bridge/books/{ruling.book_id}/")
    expect(page.locator("#ruling-rows > li")).to_have_count(3)
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[size]["width"], "the book scrolls sideways"
    screenshot(page, f"bridge-{size}-book")
    page.get_by_role("button", name="Undo ruling 3").tap()
    expect(page.locator("[data-toast]")).to_contain_text("Ruling 3 · \u2068Teams\u2069, board 12 undone")
    screenshot(page, f"bridge-{size}-book-toast", full_page=False)
    page.context.close()
