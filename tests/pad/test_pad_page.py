"""The pad page at the table: start, record, undo, change, gorilla out; never a hand lost or doubled."""

import datetime
import html
import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from pad import rules, services
from pad.models import Game, Hand
from tests.conftest import record_outcomes

HTMX = {"HTTP_HX_REQUEST": "true"}

# A deal from the manual: possible; and one that is impossible.
POSSIBLE_TAKER = "S AJ103 H A63 D 1064 C -"
POSSIBLE_GIVER = "S Q H 1092 D J987 C A10"
IMPOSSIBLE_TAKER = "7H 6H 5D"
IMPOSSIBLE_GIVER = "QH JH 6D"


def outcomes(game):
    return "".join(game.hands.order_by("number").values_list("outcome", flat=True))


def pad_url(game):
    return reverse("game_pad", args=[game.pk])


def post_hand(client, game, number, outcome, **extra):
    data = {"number": number, "outcome": outcome, **extra}
    return client.post(reverse("hand_record", args=[game.pk]), data, **extra.pop("headers", {}))


# Starting a game.


def test_front_page_offers_to_start_a_game(client, db):
    page = client.get(reverse("front_page")).content.decode()
    assert 'action="/games/new/"' in page
    assert "Odd partner (learned the game first)" in page
    assert f'value="{datetime.date.today().isoformat()}"' in page or 'type="date"' in page


def test_start_a_game_for_a_new_partnership(client, db):
    response = client.post(
        reverse("game_start"),
        {"odd_name": "Jon", "even_name": "Richard", "date": "2026-07-10", "first_dealer": ""},
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == pad_url(game)
    assert (game.partnership.odd_name, game.partnership.even_name) == ("Jon", "Richard")
    page = client.get(pad_url(game)).content.decode()
    # An even day: the even partner deals first, the odd partner takes.
    assert "Hand 1: <strong><bdi>Richard</bdi></strong> deals, <strong><bdi>Jon</bdi></strong> takes." in page


def test_start_a_game_with_a_chosen_first_dealer(client, partnership):
    client.post(
        reverse("game_start"),
        {"partnership": partnership.pk, "date": "2026-07-10", "first_dealer": "odd"},
    )
    game = Game.objects.get()
    assert game.first_dealer_seat.value == "odd"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"odd_name": "", "even_name": "Richard", "date": "2026-07-10"}, "Enter a name, or pick a partnership."),
        ({"odd_name": "Jon", "even_name": "JON", "date": "2026-07-10"}, "the two partners need different names"),
        ({"odd_name": "Jon", "even_name": "Richard", "date": "2026-02-30"}, "Enter a valid date."),
        ({"odd_name": "J" * 61, "even_name": "Richard", "date": "2026-07-10"}, "at most 60 characters"),
        ({"partnership": "999", "date": "2026-07-10"}, "Select a valid choice"),
    ],
)
def test_start_refuses_bad_input_and_writes_nothing(client, db, data, message):
    response = client.post(reverse("game_start"), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Game.objects.exists()


def test_rematch_starts_the_next_game_of_a_finished_one(client, game):
    record_outcomes(game, "M" * 10)
    response = client.post(reverse("game_rematch", args=[game.pk]))
    rematch = Game.objects.exclude(pk=game.pk).get()
    assert response.url == pad_url(rematch)
    assert rematch.partnership == game.partnership


def test_rematch_of_a_game_in_progress_is_refused(client, game):
    client.post(reverse("game_rematch", args=[game.pk]))
    assert Game.objects.count() == 1


# The pad page.


def test_pad_page_shows_header_chart_state_and_statistics(client, game):
    record_outcomes(game, "MMMMIIIPPPIMMM")
    page = client.get(pad_url(game)).content.decode()
    assert '<u class="odd-partner" title="odd partner"><bdi>Jon</bdi></u> &amp; <bdi>Richard</bdi>' in page
    assert "Thursday 9 July 2026" in page
    assert page.count('class="inning"') == 3
    chart = page[page.index('<table class="chart"') : page.index("</table>")]
    assert chart.count('class="mark tall') == 7  # Jon dealt the odd-numbered hands
    assert chart.count('class="mark short') == 7
    assert "tall, on the line: <bdi>Jon</bdi> dealt" in page and "short, above it: <bdi>Richard</bdi> dealt" in page
    assert 'aria-label="hand 1, made, Jon dealt"' in page
    totals = re.findall(r'<td class="total">(\d*)</td>', page)
    assert totals == ["4", "0", "3", "4", "3", "4", "", "", ""]
    assert "a total is written once it is definite" in page  # why the last inning's are blank
    assert "Hand 15: <strong><bdi>Jon</bdi></strong> deals, <strong><bdi>Richard</bdi></strong> takes." in page
    assert 'id="stat-play-value">7/10 <span class="percent">70%</span>' in page
    assert 'id="stat-fate-value">10/14 <span class="percent">71%</span>' in page


def test_win_by_two_and_responsibility_are_shown(client, game):
    record_outcomes(game, "MIMIMIMIMIMIMIPI")  # 7-9 by the score; M+P reached 8
    page = client.get(pad_url(game)).content.decode()
    assert "Win by two" not in page
    record_outcomes(game, "MP")  # 8-10 would end... 8-10 is a Fates win
    game.refresh_from_db()
    assert game.finished_at is not None
    page = client.get(pad_url(game)).content.decode()
    assert "The Fates won 10–8." in page


def test_win_by_two_badge_after_eight_all(client, game):
    record_outcomes(game, "MIMIMIMIMIMIMIMI")
    page = client.get(pad_url(game)).content.decode()
    assert "Win by two" in page


def test_responsible_from_hand_is_marked(client, game):
    record_outcomes(game, "MPMPMIPPIMMP")
    page = client.get(pad_url(game)).content.decode()
    assert "Theirs to win from hand 12" in page
    assert "hand 12, possible, Richard dealt; from here the game was theirs to win" in page


def test_unknown_game_is_404(client, db):
    assert client.get(reverse("game_pad", args=[4242])).status_code == 404


# Recording, with and without htmx.


def test_one_tap_records_a_made_hand_and_redirects(client, game):
    response = post_hand(client, game, 1, "M")
    assert response.status_code == 302 and response.url == pad_url(game)
    hand = game.hands.get()
    assert (hand.number, hand.outcome, hand.dealer, hand.taker) == (1, "M", "odd", "even")


def test_htmx_tap_answers_with_the_pad_region_only(client, game):
    response = client.post(reverse("hand_record", args=[game.pk]), {"number": 1, "outcome": "P"}, **HTMX)
    assert response.status_code == 200
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="pad"')
    assert "<html" not in page
    assert 'aria-label="hand 1, possible, Jon dealt"' in page
    assert outcomes(game) == "P"


def test_fates_point_irregularity_and_dealer_took(client, game):
    post_hand(client, game, 1, "I", fates_point="on")
    post_hand(client, game, 2, "I", irregularity="card exposed")
    post_hand(client, game, 3, "M", dealer_took="on")
    hands = list(game.hands.order_by("number"))
    assert hands[0].fates_point
    assert hands[1].irregularity == "card exposed"
    assert (hands[2].dealer, hands[2].taker) == ("odd", "odd")
    page = client.get(reverse("hand_list", args=[game.pk])).content.decode()
    assert "<bdi>Jon</bdi> dealt and took" in page
    assert "Fates&#x27; point" in page or "Fates' point" in page
    assert "card exposed" in page


def test_double_tap_records_once_and_says_so(client, game):
    post_hand(client, game, 1, "M")
    response = client.post(reverse("hand_record", args=[game.pk]), {"number": 1, "outcome": "M"}, **HTMX)
    assert response.status_code == 200
    assert "Hand 1 is already on the pad" in response.content.decode()
    assert outcomes(game) == "M"


def test_resent_request_after_more_hands_changes_nothing(client, game):
    record_outcomes(game, "MPI")
    response = client.post(reverse("hand_record", args=[game.pk]), {"number": 2, "outcome": "M"}, follow=True)
    assert "Hand 2 is already on the pad" in response.content.decode()
    assert outcomes(game) == "MPI"


def test_a_stale_phone_cannot_record_out_of_order(client, game):
    response = client.post(reverse("hand_record", args=[game.pk]), {"number": 5, "outcome": "M"}, **HTMX)
    assert (
        "Nothing was recorded: hand 5 cannot be recorded: the next hand is hand 1. "
        "This is the current pad." in response.content.decode()
    )
    assert outcomes(game) == ""


@pytest.mark.parametrize(
    "data",
    [{"outcome": "M"}, {"number": "x", "outcome": "M"}, {"number": 1, "outcome": "Z"}, {"number": 1}],
)
def test_malformed_record_requests_change_nothing(client, game, data):
    response = client.post(reverse("hand_record", args=[game.pk]), data, **HTMX)
    assert response.status_code == 200
    assert "Nothing was recorded" in response.content.decode()
    assert outcomes(game) == ""


def test_no_hand_after_the_end_of_the_game(client, game):
    record_outcomes(game, "M" * 10)
    page = client.get(pad_url(game)).content.decode()
    assert 'name="outcome" value="M"' not in page
    assert "Rematch" in page
    response = client.post(reverse("hand_record", args=[game.pk]), {"number": 11, "outcome": "M"}, **HTMX)
    assert "the game is over" in response.content.decode()
    assert game.hands.count() == 10


def test_get_is_not_allowed_on_actions(client, game):
    assert client.get(reverse("hand_record", args=[game.pk])).status_code == 405
    assert client.get(reverse("hand_undo", args=[game.pk])).status_code == 405


# Undo and change.


def test_undo_the_last_hand_reopens_a_finished_game(client, game):
    record_outcomes(game, "M" * 10)
    response = client.post(reverse("hand_undo", args=[game.pk]), {"number": 10}, **HTMX)
    assert "Hand 10 · M undone · Partnership 9, Fates 0" in response.content.decode()
    assert outcomes(game) == "M" * 9
    game.refresh_from_db()
    assert game.finished_at is None


def test_undo_from_a_stale_pad_is_refused(client, game):
    record_outcomes(game, "MP")
    response = client.post(reverse("hand_undo", args=[game.pk]), {"number": 1}, **HTMX)
    assert "Nothing was undone: hand 1 is no longer the last hand" in response.content.decode()
    assert outcomes(game) == "MP"


def test_change_an_earlier_outcome_recomputes_the_pad(client, game):
    record_outcomes(game, "MIP")
    response = client.post(
        reverse("hand_change", args=[game.pk, 2]), {"shown": "I", "outcome": "M"}, **HTMX
    )
    page = response.content.decode()
    assert "Hand 2 is now M." in page
    assert outcomes(game) == "MMP"
    assert page.count('class="inning"') == 1


def test_the_hand_list_offers_to_change_each_outcome(client, game):
    record_outcomes(game, "MIP")
    pad = client.get(pad_url(game)).content.decode()
    assert reverse("hand_list", args=[game.pk]) in pad
    assert "All 3 hands: change an outcome" in pad
    page = client.get(reverse("hand_list", args=[game.pk])).content.decode()
    for number, outcome in enumerate("MIP", start=1):
        form = page.split(f'action="{reverse("hand_change", args=[game.pk, number])}"', 1)[1].split("</form>", 1)[0]
        assert f'name="shown" value="{outcome}"' in form
        assert f'<option value="{outcome}" selected>' in form
        assert form.count(" selected") == 1
    response = client.post(reverse("hand_change", args=[game.pk, 2]), {"shown": "I", "outcome": "P"}, follow=True)
    assert response.redirect_chain == [(pad_url(game), 302)]
    assert "Hand 2 is now P." in response.content.decode()
    assert outcomes(game) == "MPP"


def test_the_hand_list_of_a_game_without_hands(client, game):
    page = client.get(reverse("hand_list", args=[game.pk])).content.decode()
    assert "No hand has been recorded yet." in page
    assert "All 0 hands" not in client.get(pad_url(game)).content.decode()


def test_change_from_a_stale_pad_is_refused(client, game):
    record_outcomes(game, "MIP")
    response = client.post(
        reverse("hand_change", args=[game.pk, 2]), {"shown": "P", "outcome": "M"}, **HTMX
    )
    assert "Nothing was changed: hand 2 has changed to I since this pad was shown" in response.content.decode()
    assert outcomes(game) == "MIP"


# Two phones: polling.


def test_polling_returns_nothing_while_the_pad_is_unchanged(client, game):
    record_outcomes(game, "M")
    page = client.get(pad_url(game)).content.decode()
    version = re.search(r'id="pad-meta" name="version" value="(\d+)"', page).group(1)
    assert 'hx-include="#pad-meta"' in page  # the poll sends it
    assert client.get(pad_url(game), {"version": version}, **HTMX).status_code == 204
    services.hand_record(game=game, number=2, outcome="I")  # the other phone
    response = client.get(pad_url(game), {"version": version}, **HTMX)
    assert response.status_code == 200
    assert 'aria-label="hand 2, impossible, Richard dealt"' in response.content.decode()


def test_the_pad_varies_on_htmx(client, game):
    response = client.get(pad_url(game))
    assert "HX-Request" in response["Vary"]


# CSRF.


def test_csrf_is_enforced_and_the_htmx_header_passes(game, user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    page = client.get(pad_url(game)).content.decode()
    assert client.post(reverse("hand_record", args=[game.pk]), {"number": 1, "outcome": "M"}).status_code == 403
    assert outcomes(game) == ""
    token = re.search(r'hx-headers=\'\{"x-csrftoken": "([^"]+)"\}\'', page).group(1)
    response = client.post(
        reverse("hand_record", args=[game.pk]),
        {"number": 1, "outcome": "M"},
        HTTP_X_CSRFTOKEN=token,
        **HTMX,
    )
    assert response.status_code == 200
    assert outcomes(game) == "M"


# Gorilla it out.


def test_gorilla_it_out_shows_the_verdict_and_a_winning_line(client, game):
    response = client.post(
        reverse("gorilla_it_out", args=[game.pk]),
        {"number": 1, "taker_cards": POSSIBLE_TAKER, "giver_cards": POSSIBLE_GIVER},
    )
    page = response.content.decode()
    assert "<h2>Possible</h2>" in page
    assert page.count('<li><span class="card') == 10
    assert "Record hand 1 as P" in page
    assert game.hands.count() == 0


def test_gorilla_it_out_htmx_answers_with_the_analysis_only(client, game):
    response = client.post(
        reverse("gorilla_it_out", args=[game.pk]),
        {"number": 1, "taker_cards": IMPOSSIBLE_TAKER, "giver_cards": IMPOSSIBLE_GIVER},
        **HTMX,
    )
    page = response.content.decode()
    assert page.lstrip().startswith('<section id="analysis"')
    assert "<h2>Impossible</h2>" in page
    assert "Record hand 1 as I" in page


@pytest.mark.parametrize(
    ("taker", "giver", "message"),
    [
        ("AS KS", "QS XS", "XS"),
        ("AS KS", "AS QS", "AS"),
        ("AS KS QS", "2H 3H", "the hands differ in size"),
    ],
)
def test_gorilla_it_out_names_bad_cards(client, game, taker, giver, message):
    response = client.post(
        reverse("gorilla_it_out", args=[game.pk]), {"number": 1, "taker_cards": taker, "giver_cards": giver}
    )
    page = response.content.decode()
    assert 'class="message warning"' in page
    assert message in page
    assert game.hands.count() == 0


def test_record_the_solvers_verdict_with_the_cards(client, game):
    client.post(
        reverse("gorilla_record", args=[game.pk]),
        {"number": 1, "outcome": "P", "taker_cards": POSSIBLE_TAKER, "giver_cards": POSSIBLE_GIVER},
    )
    hand = game.hands.get()
    assert (hand.outcome, hand.verdict_by) == ("P", "solver")
    assert hand.taker_cards == "AS JS 10S 3S AH 6H 3H 10D 6D 4D"
    analysis = client.get(reverse("hand_analysis", args=[game.pk, 1])).content.decode()
    assert "<h2>Possible</h2>" in analysis
    assert "the solver&#x27;s verdict" in analysis or "the solver's verdict" in analysis


def test_players_may_overrule_the_solver(client, game):
    client.post(
        reverse("gorilla_record", args=[game.pk]),
        {"number": 1, "outcome": "I", "taker_cards": POSSIBLE_TAKER, "giver_cards": POSSIBLE_GIVER},
    )
    hand = game.hands.get()
    assert (hand.outcome, hand.verdict_by) == ("I", "players")
    analysis = client.get(reverse("hand_analysis", args=[game.pk, 1])).content.decode()
    assert "overruling the solver" in analysis
    hands = client.get(reverse("hand_list", args=[game.pk])).content.decode()
    assert "players&#x27; verdict" in hands or "players' verdict" in hands
    assert reverse("hand_analysis", args=[game.pk, 1]) in hands


def test_recording_a_verdict_twice_records_once(client, game):
    data = {"number": 1, "outcome": "I", "taker_cards": IMPOSSIBLE_TAKER, "giver_cards": IMPOSSIBLE_GIVER}
    client.post(reverse("gorilla_record", args=[game.pk]), data)
    response = client.post(reverse("gorilla_record", args=[game.pk]), data, follow=True)
    assert "Hand 1 is already on the pad" in response.content.decode()
    assert game.hands.count() == 1


def test_cards_of_a_hand_the_other_phone_recorded_first_are_kept_for_the_next_hand(client, game):
    record_outcomes(game, "MMIP")
    data = {"number": 5, "outcome": "P", "taker_cards": POSSIBLE_TAKER, "giver_cards": POSSIBLE_GIVER, "dealer_took": "on"}
    services.hand_record(game=game, number=5, outcome="M")  # the other phone, meanwhile
    response = client.post(reverse("gorilla_record", args=[game.pk]), data)
    page = response.content.decode()
    assert response.status_code == 200
    assert "Hand 5 was recorded on the other phone first; your entry is now hand 6: check it, then record it." in page
    assert f'value="{POSSIBLE_TAKER}"' in page and f'value="{POSSIBLE_GIVER}"' in page  # the cards, kept
    assert 'name="dealer_took" value="on" data-roles-swapped checked' in page
    assert "Record hand 6 as P" in page  # the verdict, for the next hand
    assert [hand.outcome for hand in game.hands.order_by("number")] == list("MMIPM")


def test_gorilla_it_out_on_a_finished_game_goes_back_to_the_pad(client, game):
    record_outcomes(game, "I" * 10)
    response = client.get(reverse("gorilla_it_out", args=[game.pk]))
    assert response.status_code == 302


def test_analysis_of_a_hand_without_cards_goes_back_to_the_pad(client, game):
    record_outcomes(game, "P")
    response = client.get(reverse("hand_analysis", args=[game.pk, 1]))
    assert response.status_code == 302
    assert client.get(reverse("hand_analysis", args=[game.pk, 9])).status_code == 404


def test_card_grid_offers_all_52_cards(client, game):
    page = client.get(reverse("gorilla_it_out", args=[game.pk])).content.decode()
    assert page.count('class="card-cell') == 52
    assert 'data-card="10H"' in page


# Query counts.


def test_pad_page_runs_a_fixed_number_of_queries(client, game, django_assert_max_num_queries):
    record_outcomes(game, "MI" * 10)  # 10-10: the game goes on
    with django_assert_max_num_queries(4 + 2):  # + the partner's invitation (the page, not its polls)
        client.get(pad_url(game))


def test_an_unchanged_pads_poll_runs_two_queries(client, game, django_assert_num_queries):
    record_outcomes(game, "MI" * 10)
    game.refresh_from_db()
    with django_assert_num_queries(2):  # the user, the game's revision (the session is read from its cache)
        response = client.get(pad_url(game), {"version": str(game.revision)}, **HTMX)
    assert response.status_code == 204


@pytest.mark.parametrize("recorded", ["", "MI" * 10])
def test_recording_a_hand_runs_a_fixed_number_of_queries(client, game, django_assert_max_num_queries, recorded):
    record_outcomes(game, recorded)
    # The session, the user, the game; then in the transaction the lock, the
    # hands, the new hand (in a savepoint) and the game's summary; then the
    # hands for the pad sent back. SQLite's BEGIN and COMMIT are counted too.
    with django_assert_max_num_queries(12):
        response = post_hand(client, game, len(recorded) + 1, "M", headers=HTMX)
    assert f'aria-label="hand {len(recorded) + 1}, made' in response.content.decode()


def test_hand_list_runs_a_fixed_number_of_queries(client, game, django_assert_max_num_queries):
    record_outcomes(game, "MI" * 10)
    with django_assert_max_num_queries(4):
        client.get(reverse("hand_list", args=[game.pk]))


def test_every_hand_field_survives_the_page(client, game):
    post_hand(client, game, 1, "I", irregularity="<script>alert(1)</script>")
    assert "<script>alert(1)</script>" not in client.get(pad_url(game)).content.decode()
    page = client.get(reverse("hand_list", args=[game.pk])).content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert Hand.objects.get().irregularity == "<script>alert(1)</script>"


# Weight: the pad page of a 30-hand game with everything it loads, gzipped as
# served: under 64 KB, the offline queue (which keeps each entry on the phone
# from the moment it is sent) included.


def test_pad_page_with_everything_it_loads_is_light(client, game):
    import gzip

    from django.contrib.staticfiles import finders

    record_outcomes(game, "MI" * 15)  # 15-15: still going after 30 hands
    page = client.get(pad_url(game)).content
    assets = re.findall(rb'(?:src|href)="/static/([^"]+)"', page)
    assert {b"pad/pad.css", b"pad/pad.js", b"django_htmx/htmx-2.min.js"} <= set(assets)
    sizes = {"page": len(gzip.compress(page))}
    for asset in assets:
        with open(finders.find(asset.decode()), "rb") as handle:
            sizes[asset.decode()] = len(gzip.compress(handle.read()))
    assert sum(sizes.values()) < 64_000, sizes


def test_first_dealer_can_change_before_the_first_hand(client, game):
    page = client.get(pad_url(game)).content.decode()
    assert "An odd day: the odd partner deals first." in page
    response = client.post(reverse("first_dealer_choose", args=[game.pk]), {"first_dealer": "even"}, **HTMX)
    assert "Hand 1: <strong><bdi>Richard</bdi></strong> deals, <strong><bdi>Jon</bdi></strong> takes." in response.content.decode()
    post_hand(client, game, 1, "M")
    assert game.hands.get().dealer == "even"
    response = client.post(reverse("first_dealer_choose", args=[game.pk]), {"first_dealer": "odd"}, **HTMX)
    assert "the first dealer can change only before the first hand" in response.content.decode()
    game.refresh_from_db()
    assert game.first_dealer == "even"
    response = client.post(reverse("first_dealer_choose", args=[game.pk]), {"first_dealer": "north"}, **HTMX)
    assert "first_dealer must be odd or even" in response.content.decode()


def test_redo_without_an_undo_changes_nothing(client, game):
    record_outcomes(game, "MM")
    response = client.post(f"/games/{game.pk}/redo/", {"number": 3}, **HTMX)
    assert "Nothing was redone: there is no undone hand to put back." in response.content.decode()
    assert game.hands.count() == 2


def test_undo_offers_redo_only_while_the_hand_can_go_back(client, game):
    record_outcomes(game, "MMP")
    page = client.post(f"/games/{game.pk}/undo/", {"number": 3}, **HTMX).content.decode()
    assert "Hand 3 · P undone" in page and ">Redo</button>" in page
    record_outcomes(game, "I")  # the other phone recorded hand 3 meanwhile
    page = client.get(pad_url(game)).content.decode()
    assert ">Redo</button>" not in page
    response = client.post(f"/games/{game.pk}/redo/", {"number": 3}, **HTMX)
    assert "already on the pad" in response.content.decode()
    assert "".join(game.hands.order_by("number").values_list("outcome", flat=True)) == "MMI"


# What a phone sending taps it kept offline reads.


def test_every_pad_answered_carries_its_hands_and_revision(client, game):
    record_outcomes(game, "MP")
    response = client.post(reverse("hand_record", args=[game.pk]), {"number": 3, "outcome": "I"}, **HTMX)
    game.refresh_from_db()
    assert response["X-Pad-Hands"] == "MPI"
    assert response["X-Pad-Version"] == str(game.revision)
    # Refused (hand 3 is taken): the answer says what is stored, so the phone can tell.
    refused = client.post(reverse("hand_record", args=[game.pk]), {"number": 3, "outcome": "M"}, **HTMX)
    assert "Hand 3 is already on the pad" in refused.content.decode()
    assert refused["X-Pad-Hands"] == "MPI"
    undone = client.post(reverse("hand_undo", args=[game.pk]), {"number": 3}, **HTMX)
    assert undone["X-Pad-Hands"] == "MP"


def test_the_pad_carries_what_its_script_draws_waiting_taps_with(client, game):
    record_outcomes(game, "MPI")
    page = client.get(pad_url(game)).content.decode()
    state = json.loads(html.unescape(re.search(r'data-table-state="([^"]*)"', page).group(1)))
    # The hands and the version, which each tap changes, are the pad's meta region's.
    assert "hands" not in state and "version" not in state
    state["hands"] = pad_attribute(page, "data-hands")
    state["version"] = int(re.search(r'id="pad-meta" name="version" value="(\d+)"', page).group(1))
    game.refresh_from_db()
    assert state == {
        "game": game.pk,
        "version": game.revision,
        "hands": "MPI",
        "first_dealer": "odd",
        "names": {"odd": "Jon", "even": "Richard"},
        "outcome_names": {"M": "made", "P": "possible", "I": "impossible"},
        "game_point": rules.GAME_POINT,
        "winning_lead": rules.WINNING_LEAD,
        "max_hands": rules.MAX_HANDS,
    }
    # The forms whose taps can wait on the phone say what they are.
    assert page.count('data-queue="record"') == 3
    assert page.count('data-queue="undo"') == 1
    for name in ("hand_list", "gorilla_it_out"):
        other = client.get(reverse(name, args=[game.pk])).content.decode()
        other_state = json.loads(html.unescape(re.search(r'data-table-state="([^"]*)"', other).group(1)))
        assert other_state == state


# What the pad's script reads out and says when the other phone records first.


def pad_attribute(page: str, name: str) -> str:
    match = re.search(rf'{name}="([^"]*)"', page)
    assert match, name
    return html.unescape(match.group(1)).replace("\u2068", "").replace("\u2069", "")


def test_the_pad_says_what_comes_next_without_the_score_after_a_tap(client, game):
    record_outcomes(game, "MI")
    page = client.get(pad_url(game)).content.decode()
    assert pad_attribute(page, "data-announce") == "Partnership 1, Fates 1. Hand 3: Jon deals."
    assert pad_attribute(page, "data-announce-next") == "Hand 3: Jon deals."
    assert pad_attribute(page, "data-keep-while") == "3"
    record_outcomes(game, "M" * 9)  # 10-1: the partnership wins
    page = client.get(pad_url(game)).content.decode()
    assert pad_attribute(page, "data-announce-next") == "Game over: Jon & Richard won."
    assert pad_attribute(page, "data-keep-while") == "over"


def test_the_pad_carries_what_to_say_when_the_other_phone_records_or_undoes(client, game):
    record_outcomes(game, "MIM")
    # The one answer that can move an entry is a poll's: it carries the words.
    page = client.get(pad_url(game), {"version": 0}, **HTMX).content.decode()
    assert pad_attribute(page, "data-moved-on") == (
        "Hand 3 was recorded on the other phone: what you entered is now for hand 4, "
        "which Richard deals. Check it before you record."
    )
    assert pad_attribute(page, "data-moved-back") == (
        "Hand 4 was undone on the other phone: what you entered is now for hand 4, "
        "which Richard deals. Check it before you record."
    )
    # The page and a tap's answer have no entry of the other phone's to move.
    page = client.get(pad_url(game)).content.decode()
    assert pad_attribute(page, "data-moved-on") == pad_attribute(page, "data-moved-back") == ""


def test_gorilla_it_out_answers_in_a_region_that_stays(client, game):
    page = client.get(reverse("gorilla_it_out", args=[game.pk])).content.decode()
    assert 'id="analysis-announcer"' in page and 'aria-live="polite"' in page
    assert '<p class="counts">' in page  # the counts are not read out at each card
    answer = client.post(
        reverse("gorilla_it_out", args=[game.pk]),
        {"number": 1, "taker_cards": POSSIBLE_TAKER, "giver_cards": POSSIBLE_GIVER},
        **HTMX,
    ).content.decode()
    assert "analysis-announcer" not in answer and "aria-live" not in answer and 'role="alert"' not in answer
    # The verdict, then the button that records it, then how the solver got there.
    assert answer.index("Possible") < answer.index("Record hand 1 as P") < answer.index("A winning line")
