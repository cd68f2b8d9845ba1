"""Names in every script on a phone (390x844): each in its own direction, a
score kept beside its name, long names broken within a few lines."""

import datetime

from pad import services as pad_services
from scorepads.names import PRINTED_SCRIPTS
from scorepads.players import Seat
from tests.conftest import record_outcomes
from tests.scorepads.test_names import LONG
from two_way_street import services as street_services

ARABIC = PRINTED_SCRIPTS["Arabic"]


def lines_of(locator) -> int:
    """How many lines an element's text takes."""
    return locator.evaluate(
        "element => Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight))"
    )


def test_the_gorilla_pad_with_a_right_to_left_name(live_server, phone, user, screenshot):
    partnership = pad_services.partnership_get_or_create(odd_name=LONG, even_name=ARABIC, user=user)
    game = pad_services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    record_outcomes(game, "MMMMPPIIMMMMMM")
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    result = phone.locator(".state .result")
    assert result.inner_text() == f"\u2068{LONG}\u2069 & \u2068{ARABIC}\u2069 won 10–4."
    # The long name breaks within the screen, in the heading and in the result.
    name_box = phone.locator(".pad-header bdi").first.bounding_box()
    screenshot(phone, "names-gorilla-390x844")
    assert name_box and name_box["x"] + name_box["width"] <= 390
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_two_way_street_sheet_with_names_in_every_script(live_server, phone, user, screenshot):
    names = [ARABIC, PRINTED_SCRIPTS["Hebrew"], PRINTED_SCRIPTS["Devanagari"], PRINTED_SCRIPTS["Thai"], PRINTED_SCRIPTS["CJK"], PRINTED_SCRIPTS["Emoji"], LONG]
    game = street_services.game_start(seats=[Seat(name) for name in names], target=12, date=datetime.date(2026, 7, 9), user=user)
    street_services.hand_record(
        game=game, number=1, results=[(4, "high", "declared")] + [(1, "high", "declared")] * 4 + [(2, "low", "declared")] * 2
    )
    phone.goto(f"{live_server.url}/two-way-street/games/{game.pk}/")
    headings = phone.locator(".tws-grid thead th")
    screenshot(phone, "names-two-way-street-390x844")
    assert max(lines_of(heading) for heading in headings.all()) <= 3
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
