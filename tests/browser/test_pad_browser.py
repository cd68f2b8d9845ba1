"""The pad at the table, in a real Chromium at a phone's size."""


from pad import services
from pad.models import Game
from tests.conftest import record_outcomes


def outcomes(game):
    return "".join(game.hands.order_by("number").values_list("outcome", flat=True))


def settled(page):
    """Wait until the pad takes a tap again: a second tap within a second of the
    first is taken for a double tap and dropped."""
    page.wait_for_selector("#pad:not(.settling)")


def test_start_a_game_and_record_hands_with_one_tap(live_server, phone, screenshot, db):
    phone.goto(live_server.url)
    phone.get_by_label("Odd partner (learned the game first)").fill("Jon")
    phone.get_by_label("Even partner").fill("Richard")
    phone.get_by_label("Date").fill("2026-07-09")
    screenshot(phone, "front-page")
    phone.get_by_role("button", name="Start the game").click()
    phone.wait_for_url("**/games/*/")
    game = Game.objects.get()
    assert "Hand 1: Jon deals, Richard takes." in phone.locator(".next-hand").inner_text()

    phone.evaluate("window.samePage = true")  # gone if a tap reloaded the page
    for number, name in enumerate(["Made", "Made", "Lost, impossible", "Lost, possible", "Made"], start=1):
        phone.get_by_role("button", name=name).click()
        phone.wait_for_selector(f".next-hand:has-text('Hand {number + 1}:')")
        settled(phone)
    assert phone.evaluate("window.samePage") is True
    assert outcomes(game) == "MMIPM"
    assert phone.locator(".chart .mark.tall").count() == 3
    assert phone.locator(".chart .mark.short").count() == 2
    assert phone.locator(".inning").count() == 3  # MMI | P | M
    screenshot(phone, "pad-five-hands")

    # Targets are big enough for a thumb.
    for button in phone.locator(".tap").all():
        box = button.bounding_box()
        if box:
            assert box["height"] >= 44


def test_gorilla_it_out_with_the_card_grid(live_server, phone, screenshot, game):
    record_outcomes(game, "MM")
    phone.goto(f"{live_server.url}/games/{game.pk}/gorilla/")
    grid = phone.locator("[data-card-grid]")
    assert grid.is_visible()
    # The taker (one tap each) and the giver (two taps each): a three-card deal.
    for card in ["7H", "6H", "5D"]:
        phone.locator(f'[data-card="{card}"]').click()
    for card in ["QH", "JH", "6D"]:
        phone.locator(f'[data-card="{card}"]').click()
        phone.locator(f'[data-card="{card}"]').click()
    assert phone.locator('[data-count="taker"]').inner_text() == "3"
    assert phone.locator('[data-count="giver"]').inner_text() == "3"
    assert phone.locator("#id_taker_cards").input_value() == "7H 6H 5D"
    assert phone.locator("#id_giver_cards").input_value() == "QH JH 6D"
    screenshot(phone, "gorilla-grid")
    phone.get_by_role("button", name="Gorilla it out").click()
    phone.wait_for_selector("#analysis .verdict")
    assert "Impossible" in phone.locator("#analysis h2").inner_text()
    screenshot(phone, "gorilla-verdict")
    phone.get_by_role("button", name="Record hand 3 as I").click()
    phone.wait_for_url(f"**/games/{game.pk}/")
    assert outcomes(game) == "MMI"
    hand = game.hands.get(number=3)
    assert (hand.verdict_by, hand.giver_cards) == ("solver", "QH JH 6D")


def test_typed_cards_show_on_the_grid_and_errors_are_named(live_server, phone, screenshot, game):
    phone.goto(f"{live_server.url}/games/{game.pk}/gorilla/")
    phone.locator("#id_taker_cards").fill("AS KS 10H")
    phone.locator("#id_giver_cards").fill("QS XS 2H")
    assert phone.locator('[data-card="10H"]').get_attribute("data-owner") == "taker"
    phone.get_by_role("button", name="Gorilla it out").click()
    phone.wait_for_selector("#analysis .message")
    assert "XS" in phone.locator("#analysis .message").inner_text()
    screenshot(phone, "gorilla-error")
    assert game.hands.count() == 0


def test_a_second_phone_sees_new_marks_and_a_stale_tap_is_refused(
    live_server, chromium, phone, screenshot, game, log_in
):
    other = log_in(chromium.new_context(viewport={"width": 390, "height": 844})).new_page()
    url = f"{live_server.url}/games/{game.pk}/"
    phone.goto(url)
    other.goto(url)
    phone.get_by_role("button", name="Made").click()
    phone.wait_for_selector(".next-hand:has-text('Hand 2:')")
    # The other phone shows the new mark within a few seconds, without a reload.
    other.evaluate("window.samePage = true")
    other.wait_for_selector(".mark.tall", timeout=8_000)
    assert other.evaluate("window.samePage") is True
    # A phone showing a stale pad taps: refused, not recorded. Its polls are
    # told from now on that its pad is current (204), and the last one sent
    # before has come back, so that none refreshes it first.
    phone.route(lambda address: "version=" in address, lambda route: route.fulfill(status=204))
    phone.wait_for_load_state("networkidle")
    settled(phone)  # a tap, not the second of a double tap
    services.hand_record(game=game, number=2, outcome="I")  # recorded elsewhere
    phone.get_by_role("button", name="Lost, possible").click()
    phone.wait_for_selector(".message.warning")
    assert "Hand 2 is already on the pad" in phone.locator(".message.warning").inner_text()
    assert outcomes(game) == "MI"
    screenshot(phone, "stale-tap-refused")
    other.context.close()


def test_finished_game_shows_the_result_and_statistics(live_server, phone, screenshot, game):
    record_outcomes(game, "MMMMIIIPPPIMMMMIMM")
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    assert "won" in phone.locator(".result").inner_text()
    assert phone.get_by_role("button", name="Rematch").is_visible()
    screenshot(phone, "pad-finished")


def test_dark_theme_follows_the_system(live_server, chromium, screenshot, game):
    record_outcomes(game, "MMIPIM")
    context = chromium.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    background = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    assert background == "rgb(22, 22, 21)"
    screenshot(page, "pad-dark")
    context.close()


def test_change_an_earlier_outcome_from_the_hand_list(live_server, phone, screenshot, game):
    record_outcomes(game, "MIP")
    services.hand_record(
        game=game, number=4, outcome="I", taker_cards="7H 6H 5D", giver_cards="QH JH 6D", verdict_by="solver"
    )
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    phone.get_by_role("link", name="All 4 hands: change an outcome").click()
    phone.wait_for_url(f"**/games/{game.pk}/hands/all/")
    assert phone.locator(".change-form").count() == 4
    assert phone.get_by_role("link", name="solver's verdict").is_visible()
    screenshot(phone, "hand-list")
    phone.get_by_label("Outcome of hand 2").select_option("P")
    phone.locator(".change-form").nth(1).get_by_role("button", name="Change").click()
    phone.wait_for_url(f"**/games/{game.pk}/")
    assert "Hand 2 is now P." in phone.locator(".message").inner_text()
    assert outcomes(game) == "MPPI"
    said = phone.locator("#pad-announcer").inner_text()
    assert "Hand 2 is now P. " in said and ".." not in said, said
