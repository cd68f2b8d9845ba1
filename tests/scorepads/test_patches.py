"""A tap made on the pad as it stands is answered with what it changed
(scorepads.patches), in every game: a few regions swapped out of band, never
the whole pad, the same size and the same queries however long the game. A
phone showing another version of the pad gets the whole pad, and a page
without htmx a redirect."""

import datetime
import re
from html.parser import HTMLParser

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from mahjong.models import Game as MahjongGame
from pad import rules as gorilla_rules
from pad import services
from scorepads import seating
from scorepads.players import Seat
from tests.conftest import record_outcomes
from tests.scorepads.test_tap_queries import mahjong_tap, street_tap
from two_way_street.models import Game as StreetGame

HTMX = {"HTTP_HX_REQUEST": "true"}
LONG = gorilla_rules.MAX_HANDS - 1
# The most a tap's answer may take, however long the game.
ANSWER_BYTES = 3 * 1024


class TopLevel(HTMLParser):
    """The elements an answer holds at its top level, with their attributes."""

    def __init__(self):
        super().__init__()
        self.depth = 0
        self.elements = []

    def handle_starttag(self, tag, attrs):
        if self.depth == 0:
            self.elements.append((tag, dict(attrs)))
        if tag not in {"input", "br", "img"}:
            self.depth += 1

    def handle_endtag(self, tag):
        self.depth -= 1


def top_level(content: bytes) -> list[tuple[str, dict]]:
    parser = TopLevel()
    parser.feed(content.decode())
    return parser.elements


def tap(client, game, number, outcome="M", *, shown=None):
    headers = dict(HTMX)
    if shown is not None:
        headers["HTTP_X_PAD_SHOWN"] = str(shown)
    return client.post(reverse("hand_record", args=[game.pk]), {"number": number, "outcome": outcome}, **headers)


def gorilla_game(partnership, hands: int):
    game = services.game_start(partnership=partnership, date=datetime.date(2026, 7, 9))
    record_outcomes(game, ("MI" * hands)[:hands])
    game.refresh_from_db()
    return game


def test_a_tap_on_the_pad_as_it_stands_is_answered_with_what_it_changed(client, partnership):
    game = gorilla_game(partnership, 10)
    response = tap(client, game, 11, shown=game.revision)
    assert response.status_code == 200
    assert response["X-Pad-Patch"] == f"{game.revision} {game.revision + 1}"
    assert response["HX-Reswap"] == "none" and response["HX-Trigger-After-Settle"] == "pad-patched"
    assert response["X-Pad-Hands"] == "MIMIMIMIMIM"
    elements = top_level(response.content)
    # Out of band, each of them; a table's rows and cells in a template element.
    assert elements and all(tag == "template" or "hx-swap-oob" in attributes for tag, attributes in elements)
    content = response.content.decode()
    assert 'id="pad"' not in content and "<html" not in content
    assert 'id="inning-6"' in content  # hand 11 starts the sixth inning
    assert "Hand 11 · M recorded" in content
    # Its forms go with htmx, which sends the CSRF token in a header.
    assert "csrfmiddlewaretoken" not in content


@pytest.mark.parametrize("hands", [1, 10, 100, LONG])
def test_a_tap_s_answer_is_small_at_any_length(client, partnership, hands):
    game = gorilla_game(partnership, hands)
    response = tap(client, game, hands + 1, outcome="M", shown=game.revision)
    assert response.has_header("X-Pad-Patch")
    assert len(response.content) <= ANSWER_BYTES, len(response.content)


def test_the_last_tap_of_the_longest_game_is_small_too(client, partnership):
    game = gorilla_game(partnership, LONG)  # 100 to 99: M ends it, 101 to 99
    response = tap(client, game, LONG + 1, outcome="M", shown=game.revision)
    assert "won 101–99" in response.content.decode()
    assert len(response.content) <= ANSWER_BYTES, len(response.content)


def test_a_tap_costs_the_same_queries_at_hand_11_and_hand_200(client, partnership):
    def queries(hands):
        game = gorilla_game(partnership, hands)
        with CaptureQueriesContext(connection) as captured:
            response = tap(client, game, hands + 1, shown=game.revision)
        assert response.has_header("X-Pad-Patch")
        return len(captured.captured_queries)

    assert queries(10) == queries(LONG)


def test_a_phone_showing_another_version_gets_the_whole_pad(client, partnership):
    game = gorilla_game(partnership, 4)
    for shown in (game.revision - 1, "not a number", None):
        number = game.hands.count() + 1
        response = tap(client, game, number, shown=shown)
        assert not response.has_header("X-Pad-Patch")
        assert '<div id="pad"' in response.content.decode()
        game.refresh_from_db()


def test_without_htmx_a_tap_goes_back_to_the_pad(client, partnership):
    game = gorilla_game(partnership, 2)
    response = client.post(reverse("hand_record", args=[game.pk]), {"number": 3, "outcome": "M"}, HTTP_X_PAD_SHOWN=str(game.revision))
    assert response.status_code == 302 and response["Location"] == reverse("game_pad", args=[game.pk])


def test_an_undo_is_answered_with_what_it_changed_and_offers_redo(client, partnership):
    game = gorilla_game(partnership, 5)  # the sixth hand would start inning 3; the fifth started it
    response = client.post(
        reverse("hand_undo", args=[game.pk]), {"number": 5}, HTTP_X_PAD_SHOWN=str(game.revision), **HTMX
    )
    content = response.content.decode()
    assert response["X-Pad-Patch"] == f"{game.revision} {game.revision + 1}"
    assert '<i id="inning-3" hx-swap-oob="delete"></i>' in content  # the inning hand 5 began
    assert "Hand 5 · M undone" in content and ">Redo</button>" in content


def test_a_refused_tap_is_answered_with_the_whole_pad_saying_why(client, partnership):
    game = gorilla_game(partnership, 3)
    response = tap(client, game, 3, shown=game.revision)  # a double tap: hand 3 is on the pad
    assert not response.has_header("X-Pad-Patch")
    assert "Hand 3 is already on the pad" in response.content.decode()


def test_a_stranger_s_tap_is_a_404_and_changes_nothing(stranger_client, partnership):
    game = gorilla_game(partnership, 2)
    assert tap(stranger_client, game, 3, shown=game.revision).status_code == 404
    assert game.hands.count() == 2


# The seated games, on the kit's SeatedSheet.


@pytest.mark.parametrize(
    ("measured", "model"), [(street_tap, StreetGame), (mahjong_tap, MahjongGame)], ids=["two-way-street", "mah-jongg"]
)
def test_a_seated_game_s_tap_is_answered_with_what_it_changed(client, user, measured, model, monkeypatch):
    answers = []
    original = client.post

    def post(url, data, **extra):  # the tap as the phone sends it: on the sheet as it stands
        game_id = int(re.search(r"/games/(\d+)/", url).group(1))
        extra["HTTP_X_PAD_SHOWN"] = str(model.objects.get(pk=game_id).revision)
        answers.append(original(url, data, **extra))
        return answers[-1]

    monkeypatch.setattr(client, "post", post)
    measured(client, user, 10)
    (response,) = answers
    content = response.content.decode()
    assert response.has_header("X-Pad-Patch")
    assert 'id="pad"' not in content
    assert 'id="hand-11-row"' in content and 'id="hand-11-detail"' in content
    assert 'id="hand-10-row"' not in content  # the hands before stay as they are
    assert "Record hand 12" in content  # the next hand's entry, drawn afresh


# Who moved what this phone was entering: named on the other phone's pad.


def test_a_poll_names_the_partner_whose_tap_moved_the_entry(client, user, partnership, stranger, stranger_client):
    stranger.first_name, stranger.last_name = "Richard", "Roe"
    stranger.save()
    invitation = services.invitation_create(partnership=partnership, user=user)
    services.invitation_accept(token=invitation.token, user=stranger)
    game = gorilla_game(partnership, 10)
    shown = game.revision
    tap(stranger_client, game, 11, "P")  # the partner's phone
    page = client.get(reverse("game_pad", args=[game.pk]), {"version": shown}, **HTMX).content.decode()
    # Named as the pad names the partner, not as the account is called.
    assert "\u2068Richard\u2069 recorded hand 11: what you entered is now for hand 12" in page
    client.post(reverse("hand_undo", args=[game.pk]), {"number": 11}, **HTMX)  # now this phone undoes it
    page = client.get(reverse("game_pad", args=[game.pk]), {"version": shown}, **HTMX).content.decode()
    assert "Hand 11 was undone on your other phone: what you entered is now for hand 11" in page


# "richard": the account's user name is a partner's name; "rr1970": this phone's is (Jon's), so it is the other's.
@pytest.mark.parametrize("username", ["richard", "rr1970"])
def test_a_poll_names_the_partner_by_the_pads_name(client, user, partnership, django_user_model, username):
    partner = django_user_model.objects.create_user(username=username)
    services.invitation_accept(token=services.invitation_create(partnership=partnership, user=user).token, user=partner)
    game = gorilla_game(partnership, 10)
    shown = game.revision
    partner_client = Client()
    partner_client.force_login(partner)
    tap(partner_client, game, 11, "P")
    page = client.get(reverse("game_pad", args=[game.pk]), {"version": shown}, **HTMX).content.decode()
    assert "\u2068Richard\u2069 recorded hand 11" in page
    assert username not in page


def test_a_partner_named_by_neither_account_is_named_by_the_account(client, user, partnership, stranger):
    user.username = "player-one"  # Jon's account no longer says it is Jon's
    user.save()
    stranger.first_name = "Rick"
    stranger.save()
    services.invitation_accept(token=services.invitation_create(partnership=partnership, user=user).token, user=stranger)
    game = gorilla_game(partnership, 10)
    shown = game.revision
    stranger_client = Client()
    stranger_client.force_login(stranger)
    tap(stranger_client, game, 11, "P")
    page = client.get(reverse("game_pad", args=[game.pk]), {"version": shown}, **HTMX).content.decode()
    assert "\u2068Rick\u2069 recorded hand 11" in page


def test_a_seated_game_names_the_player_who_recorded_first(client, user, stranger, stranger_client):
    from two_way_street import selectors as street_selectors
    from two_way_street import services as street

    game = street.game_start(
        seats=[Seat("Ann"), Seat("Ben", account=stranger.get_username()), Seat("Cat")],
        target=12, date=datetime.date(2026, 7, 9), user=user,
    )
    seating.invitation_accept(seated=street_selectors.SEATED, game_id=game.pk, user=stranger)
    low = {"tricks_in_hand": "", **{f"direction_{seat}": "low" for seat in (1, 2, 3)}, **{f"choice_{seat}": "declared" for seat in (1, 2, 3)}}
    url = reverse("two_way_street:hand_record", args=[game.pk])
    stranger_client.post(url, {**low, "number": 1, "tricks_1": 1, "tricks_2": 0, "tricks_3": 0}, **HTMX)  # Ben's phone
    page = client.post(url, {**low, "number": 1, "tricks_1": 0, "tricks_2": 1, "tricks_3": 0}, **HTMX).content.decode()
    assert "\u2068Ben\u2069 recorded hand 1 first; your entry is now hand 2: check it, then record it." in page
    poll = client.get(reverse("two_way_street:sheet", args=[game.pk]), {"version": 0}, **HTMX).content.decode()
    assert 'data-moved-on="\u2068Ben\u2069 recorded hand 1; your entry is now hand 2: check it, then record it."' in poll


def test_every_pad_answered_whole_says_its_version(client, game, user):
    """So that a phone swaps in no poll's pad older than the one it shows (static/scorepads/table.js)."""
    from two_way_street import services as street

    sheet = street.game_start(seats=[Seat("Ann"), Seat("Ben"), Seat("Cat")], target=12, date=datetime.date(2026, 7, 9), user=user)
    record_outcomes(game, "MI")
    game.refresh_from_db()
    for url, revision in (
        (reverse("game_pad", args=[game.pk]), game.revision),
        (reverse("two_way_street:sheet", args=[sheet.pk]), sheet.revision),
    ):
        for headers in (HTMX, {}):  # a poll's pad, the page
            response = client.get(url, {"version": -1}, **headers)
            assert response.get("X-Pad-Version") == str(revision), (url, headers, response.status_code)
