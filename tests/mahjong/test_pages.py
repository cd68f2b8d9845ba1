"""The Mah Jongg pages: private to the players' accounts, one hand per tap, a
refusal that names what is wrong and saves nothing, the scorer's card, and
the sheet the same on screen and on paper."""

import datetime
import html
import io
import subprocess

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong import services
from mahjong.game import HandEntry
from mahjong.models import Game, Hand
from scorepads.players import Seat
from tests.mahjong.conftest import BEN_WINS, BEN_WINS_AGAIN, NAMES, WASHOUT, record
from tests.names import fsi
from tests.printing import assert_printed_alike

HTMX = {"HX-Request": "true"}


def sheet_url(game):
    return reverse("mahjong:sheet", args=[game.pk])


def hand_post(number, winner, scores=("", "", "", ""), hand="", tile="", last_tile="discard"):
    data = {"number": number, "winner": winner, "winning_hand": hand, "winning_tile": tile, "last_tile": last_tile}
    return data | {f"score_{seat}": score for seat, score in enumerate(scores, start=1)}


def stored(game):
    return list(Hand.objects.filter(game=game).order_by("number").values_list("number", "winner_seat", "scores"))


# Starting a game


def test_starting_a_game_seats_the_four_players_and_opens_the_sheet(client):
    data = {"date": "2026-07-09"} | {f"name_{n}": name for n, name in enumerate(NAMES, start=1)}
    response = client.post(reverse("mahjong:new"), data)
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == sheet_url(game)
    assert game.names == NAMES


def test_the_new_game_page_offers_the_last_players(client, mahjong_game):
    page = client.get(reverse("mahjong:new")).content.decode()
    assert all(f'value="{name}"' in page for name in NAMES)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"name_4": ""}, "This field is required"),
        ({"name_4": "ann"}, "players are called ann: tell them apart"),
        ({"account_2": "nobody", "account_3": "Nobody"}, "the account &#x27;Nobody&#x27; is named for player 2 too"),
        ({"date": "yesterday"}, "Enter a valid date"),
    ],
)
def test_a_game_that_cannot_start_says_why_and_writes_nothing(client, data, message):
    names = {f"name_{n}": name for n, name in enumerate(NAMES, start=1)}
    response = client.post(reverse("mahjong:new"), {"date": "2026-07-09", **names, **data})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Game.objects.exists()


# Privacy


@pytest.mark.parametrize("name", ["mahjong:sheet", "mahjong:sheet_pdf", "mahjong:hand_change"])
def test_a_stranger_finds_nothing(stranger_client, mahjong_game, name):
    record(mahjong_game, [BEN_WINS])
    args = [mahjong_game.pk, 1] if name == "mahjong:hand_change" else [mahjong_game.pk]
    assert stranger_client.get(reverse(name, args=args)).status_code == 404


def test_a_stranger_cannot_record_undo_poll_or_score_for_the_game(stranger_client, mahjong_game):
    assert stranger_client.post(reverse("mahjong:hand_record", args=[mahjong_game.pk]), hand_post(1, "2", (0, 20, 0, 0))).status_code == 404
    assert stranger_client.post(reverse("mahjong:hand_undo", args=[mahjong_game.pk]), {"number": 1}).status_code == 404
    assert stranger_client.get(sheet_url(mahjong_game) + "?version=0", headers=HTMX).status_code == 404
    assert stranger_client.get(reverse("mahjong:scorer") + f"?game={mahjong_game.pk}").status_code == 404
    assert stored(mahjong_game) == []


def test_anonymous_visitors_are_sent_to_log_in(anonymous_client, mahjong_game):
    for url in (sheet_url(mahjong_game), reverse("mahjong:scorer"), reverse("mahjong:new")):
        response = anonymous_client.get(url)
        assert response.status_code == 302 and "/login" in response["Location"]


# The sheet


def test_a_tap_records_the_hand_scored_from_the_winner_s_tiles_and_offers_undo(client, mahjong_game):
    response = client.post(
        reverse("mahjong:hand_record", args=[mahjong_game.pk]),
        hand_post(1, "2", (10, "", 20, 0), "EEE RdRdRd 234c 678c 99c", "9c", "wall"),
        headers=HTMX,
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "Hand 1 recorded" in page and ">Undo<" in page
    assert "concealed pung of East wind" in page and "38 × 2³ = 304, rounded to 300" in page
    assert f"{fsi('Ben')} pays" not in page and f"{fsi('Ann')} pays {fsi('Ben')} 600 (doubled: East)" in page
    assert f"East round, {fsi('Ben')} is East" in page  # Ben won: the deal passes to him
    assert stored(mahjong_game) == [(1, 2, [10, None, 20, 0])]


def test_a_double_tap_records_one_hand(client, mahjong_game):
    post = hand_post(1, "1", (40, 0, 0, 0))
    client.post(reverse("mahjong:hand_record", args=[mahjong_game.pk]), post, headers=HTMX)
    second = client.post(reverse("mahjong:hand_record", args=[mahjong_game.pk]), post, headers=HTMX)
    assert "Hand 1 is already on the pad" in second.content.decode()
    assert stored(mahjong_game) == [(1, 1, [40, 0, 0, 0])]


def test_a_hand_the_other_phone_recorded_first_keeps_this_entry_for_the_next_hand(client, mahjong_game):
    url = reverse("mahjong:hand_record", args=[mahjong_game.pk])
    client.post(url, hand_post(1, "1", (40, 0, 0, 0)), headers=HTMX)  # the other phone
    page = html.unescape(client.post(url, hand_post(1, "2", (8, 60, 0, 4)), headers=HTMX).content.decode())
    assert "Hand 1 was recorded on your other phone first; your entry is now hand 2" in page
    assert '<input type="hidden" name="number" value="2">' in page
    assert 'id="next-winner-2" name="winner" value="2" checked' in page
    assert 'name="score_1" value="8"' in page and 'name="score_2" value="60"' in page
    assert stored(mahjong_game) == [(1, 1, [40, 0, 0, 0])]


def test_a_refused_hand_keeps_everything_typed_without_htmx_too(client, mahjong_game):
    url = reverse("mahjong:hand_record", args=[mahjong_game.pk])
    response = client.post(url, hand_post(1, "2", (8, 60, "lots", 4)))
    page = html.unescape(response.content.decode())
    assert response.status_code == 400
    assert '<a href="#next-score-3">' in page and 'data-error-summary' in page
    assert 'name="score_1" value="8"' in page and 'name="score_3" value="lots"' in page
    assert stored(mahjong_game) == []


@pytest.mark.parametrize(
    ("post", "message"),
    [
        (hand_post(1, "2", (0, "", 0, 0), "123b 456b 789b 111c 99d 9d", "9d"), "the hand has 15 concealed tiles"),
        (hand_post(1, "2", (0, "", 0, 0), "[1111b] 1b 23c 456c 789c 99d", "9d"), "appears 5 times"),
        (hand_post(1, "2", (0, "", 0, 0), "[ESW] 456b 789b 111c 99d", "9d"), "is a chow of honours"),
        (hand_post(1, "2", (0, "", 0, 0), "123b 456b 789b 111c 99d", "q7"), "unknown"),
        (hand_post(1, "2", (0, "", 0, 0), "123b 456b 789b 111c 99d", ""), "name the winning tile"),
        (hand_post(1, "2", (0, 600, 0, 0)), "a score is at most 500"),
        (hand_post(1, "2", (0, 10, 0, 0)), "the winner's score is 10: it must be 20 to 500"),
        (hand_post(1, "2", (-1, 20, 0, 0)), "a score cannot be negative"),
        (hand_post(1, "2", ("lots", 20, 0, 0)), "enter a whole number"),
        (hand_post(1, "9", (0, 20, 0, 0)), "the winner must be one of the four players"),
        (hand_post(1, "", (0, 20, 0, 0)), "say who went Mah Jongg"),
        (hand_post("x", "2", (0, 20, 0, 0)), "Hand number: "),
        (hand_post(1, "2", (0, 20, 0, 0), "EEE\x00", "E"), "Nothing was recorded"),
        (hand_post(1, "2", (0, 20, 0, 0), "1" * 300, "1b"), "at most 200 characters"),
    ],
)
def test_a_bad_hand_is_refused_naming_what_is_wrong_and_nothing_is_saved(client, mahjong_game, post, message):
    response = client.post(reverse("mahjong:hand_record", args=[mahjong_game.pk]), post, headers=HTMX)
    assert response.status_code == 200
    page = html.unescape(response.content.decode())
    assert message in page and "Nothing was recorded" in page
    assert stored(mahjong_game) == []


def test_a_score_the_settlement_refuses_is_a_refusal_not_a_server_error(client, mahjong_game, monkeypatch):
    # Were the form's and the sheet's checks ever to let through what the
    # settlement refuses, the page still says what is wrong and saves nothing.
    monkeypatch.setattr("mahjong.game.LIMIT", 1000)
    monkeypatch.setattr("mahjong.forms.LIMIT", 1000)
    response = client.post(
        reverse("mahjong:hand_record", args=[mahjong_game.pk]), hand_post(1, "2", (0, 20, 600, 0)), headers=HTMX
    )
    page = html.unescape(response.content.decode())
    assert response.status_code == 200
    assert "West's score is 600" in page
    assert "a score is a whole number from 0 to 500" in page and "Nothing was recorded" in page
    assert stored(mahjong_game) == []


def test_a_refused_hand_keeps_what_was_typed(client, mahjong_game):
    post = hand_post(1, "2", (0, "", 0, 0), "123b 456b 789b 111c 99d 9d", "9d")
    page = client.post(reverse("mahjong:hand_record", args=[mahjong_game.pk]), post, headers=HTMX).content.decode()
    assert 'value="123b 456b 789b 111c 99d 9d"' in page


def test_without_htmx_a_hand_redirects_to_the_sheet_with_the_message(client, mahjong_game):
    response = client.post(reverse("mahjong:hand_record", args=[mahjong_game.pk]), hand_post(1, "none"), follow=True)
    assert response.redirect_chain == [(sheet_url(mahjong_game), 302)]
    assert "Hand 1 recorded" in response.content.decode()
    assert stored(mahjong_game) == [(1, None, [0, 0, 0, 0])]


def test_undo_takes_back_the_named_last_hand_only(client, mahjong_game):
    record(mahjong_game, [BEN_WINS, BEN_WINS_AGAIN])
    stale = client.post(reverse("mahjong:hand_undo", args=[mahjong_game.pk]), {"number": 1}, headers=HTMX)
    assert "Nothing was undone: hand 1 is no longer the last hand" in stale.content.decode()
    done = client.post(reverse("mahjong:hand_undo", args=[mahjong_game.pk]), {"number": 2}, headers=HTMX)
    assert "Hand 2 undone" in done.content.decode()
    assert [number for number, _, _ in stored(mahjong_game)] == [1]


def test_changing_an_earlier_hand(client, mahjong_game):
    record(mahjong_game, [BEN_WINS, BEN_WINS_AGAIN])
    url = reverse("mahjong:hand_change", args=[mahjong_game.pk, 1])
    page = client.get(url).content.decode()
    assert 'value="23467899c EEE RdRdRd"' in page and "Save hand 1" in page
    post = hand_post(1, "1", (100, 0, 0, 0)) | {"revision": mahjong_game.revision}
    response = client.post(url, post, follow=True)
    assert "Hand 1 changed" in response.content.decode()
    assert stored(mahjong_game)[0] == (1, 1, [100, 0, 0, 0])
    # A second post of the same page is refused: the sheet moved.
    again = client.post(url, post)
    assert again.status_code == 400 and "the sheet has changed" in again.content.decode()


def test_a_hand_that_is_not_there_cannot_be_changed(client, mahjong_game):
    assert client.get(reverse("mahjong:hand_change", args=[mahjong_game.pk, 1])).status_code == 404


def test_the_scorer_hands_a_card_to_the_sheet(client, mahjong_game):
    query = "hand=EEE+RdRdRd+234c+678c+99c&winning_tile=9c&own_wind=S&prevailing_wind=E&last_tile=wall"
    page = client.get(reverse("mahjong:scorer") + f"?game={mahjong_game.pk}&{query}").content.decode()
    assert "South (Ben)" in page and "Score <strong>300</strong>" in page
    link = f"{sheet_url(mahjong_game)}?winner=2&amp;winning_hand=23467899c+EEE+RdRdRd&amp;winning_tile=9c&amp;last_tile=wall"
    assert link in page
    # The fixed bar now offers the next step, and the card says how the tile came.
    bar = page[page.index('<div class="record-bar">'):]
    assert bar.index(link) < bar.index("</div>") and "Score the hand" not in page
    assert ">Put it on the sheet for hand 1</a>" in page and "The winning tile was drawn from the wall" in page
    assert 'role="alert"' not in page and 'data-announce="Score 300: ' in page
    sheet = client.get(f"{sheet_url(mahjong_game)}?winner=2&winning_hand=23467899c+EEE+RdRdRd&winning_tile=9c&last_tile=wall").content.decode()
    assert 'id="next-winner-2" name="winner" value="2" checked' in sheet
    assert 'value="23467899c EEE RdRdRd"' in sheet


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("hand=123b+456b+789b+111c+99d+9d&winning_tile=9d", "hand has 15 concealed tiles"),
        ("hand=123b+456b+789b+1111c+99d&winning_tile=9d", "four 1 characters are a kong"),
        ("hand=123456789b+135c+22d&winning_tile=2d", "form no four sets and a pair"),
        ("hand=123b+456b+789b+111c+99d&winning_tile=5c", "is not among the concealed tiles"),
        ("hand=123b+456b+789b+111c+99d&winning_tile=9d&own_wind=Q", "Q is not a wind"),
        ("hand=123b%00&winning_tile=1b", "Null characters are not allowed"),
        ("hand=123b+456b+789b+111c+99d&winning_tile=9d&last_tile=thrown", "thrown is not a way the winning tile came"),
        ("hand=123b+456b+789b+111c+99d&winning_tile=", "Name the winning tile"),
    ],
)
def test_the_scorer_says_what_is_wrong(client, db, query, message):
    response = client.get(reverse("mahjong:scorer") + "?own_wind=E&prevailing_wind=E&last_tile=discard&" + query, headers=HTMX)
    assert response.status_code == 200
    assert message in html.unescape(response.content.decode())


def test_the_scorer_works_without_javascript(client, db):
    page = client.get(
        reverse("mahjong:scorer") + "?hand=RdRdRd+GdGdGd+WhWhWh+123b+99c&winning_tile=9c&own_wind=E&prevailing_wind=E&last_tile=discard"
    ).content.decode()
    assert "Limit hand: big three dragons." in page and "Score <strong>500</strong>" in page
    assert "<html" in page  # the whole page, not only the card


def test_an_unchanged_sheet_s_poll_is_204_in_two_queries(client, mahjong_game, django_assert_num_queries):
    with django_assert_num_queries(2):  # the user, the revision (the session is read from its cache)
        response = client.get(sheet_url(mahjong_game) + f"?version={mahjong_game.revision}", headers=HTMX)
    assert response.status_code == 204


def test_the_sheet_runs_a_fixed_number_of_queries(client, mahjong_game, django_assert_num_queries):
    record(mahjong_game, [BEN_WINS, BEN_WINS_AGAIN])
    with django_assert_num_queries(4):  # the user; the game, its players, its hands (the session is cached)
        client.get(sheet_url(mahjong_game))
    record(mahjong_game, [BEN_WINS_AGAIN] * 5, start=3)
    with django_assert_num_queries(4):
        page = client.get(sheet_url(mahjong_game)).content.decode()
    assert "Hand 8 next" in page


def test_recording_and_undoing_run_a_fixed_number_of_queries(client, mahjong_game, django_assert_num_queries):
    record(mahjong_game, [BEN_WINS, BEN_WINS_AGAIN])
    url = reverse("mahjong:hand_record", args=[mahjong_game.pk])
    # The user (the session is cached); the game and players; in a savepoint: the lock,
    # the hands, the insert, the summary; the release. The sheet is drawn from
    # what the service read: nothing again.
    with django_assert_num_queries(9):
        client.post(url, hand_post(3, "2", (0, 20, 0, 0)), headers=HTMX)
    # As a record's, the hand undone read whole and deleted for the insert; then
    # the session, which keeps the hand for this phone's Redo, saved (in a savepoint).
    with django_assert_num_queries(13):
        client.post(reverse("mahjong:hand_undo", args=[mahjong_game.pk]), {"number": 3}, headers=HTMX)
    assert len(stored(mahjong_game)) == 2


def test_the_csrf_token_is_checked(user, mahjong_game):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(user)
    response = strict.post(reverse("mahjong:hand_record", args=[mahjong_game.pk]), hand_post(1, "none"))
    assert response.status_code == 403 and stored(mahjong_game) == []


# The printed sheet


def test_the_printed_sheet_matches_the_screen(client, mahjong_game, tmp_path):
    from pypdf import PdfReader

    record(mahjong_game, [BEN_WINS, BEN_WINS_AGAIN])
    response = client.get(reverse("mahjong:sheet_pdf", args=[mahjong_game.pk]))
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'attachment; filename="mah-jongg-2026-07-09-ann-ben-cat.pdf"'
    path = tmp_path / "sheet.pdf"
    path.write_bytes(response.content)
    text = " ".join(page.extract_text() for page in PdfReader(path).pages)
    for expected in ("Mah Jongg", "Ann", "Dan", "East round", "1200", "Concealed pung of East wind", "Ben leads with"):
        assert expected in text, expected
    assert subprocess.run(["pdftoppm", "-png", "-r", "60", str(path), str(tmp_path / "page")], check=False).returncode == 0


def test_a_bad_page_size_is_a_400(client, mahjong_game):
    response = client.get(reverse("mahjong:sheet_pdf", args=[mahjong_game.pk]) + "?size=a0")
    assert response.status_code == 400 and "unknown page size" in response.content.decode()


# No input gives a 500


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    hand=st.text(max_size=60),
    tile=st.text(max_size=6),
    winner=st.sampled_from(["1", "2", "3", "4", "none", "", "0", "x"]),
    scores=st.lists(st.one_of(st.integers(-1000, 1000).map(str), st.text(max_size=4)), min_size=4, max_size=4),
)
def test_any_hand_posted_or_scored_is_answered_without_a_server_error(client, mahjong_game, hand, tile, winner, scores):
    post = hand_post(1, winner, scores, hand, tile)
    response = client.post(reverse("mahjong:hand_record", args=[mahjong_game.pk]), post, headers=HTMX)
    assert response.status_code == 200
    query = {"hand": hand, "winning_tile": tile, "own_wind": winner, "prevailing_wind": "E", "last_tile": "wall"}
    assert client.get(reverse("mahjong:scorer"), query, headers=HTMX).status_code == 200


def test_the_sheet_prints_the_same_as_with_weasyprints_stylesheet(client, mahjong_game, tmp_path, monkeypatch):
    record(mahjong_game, [BEN_WINS, BEN_WINS_AGAIN])
    assert_printed_alike(
        lambda: [client.get(reverse("mahjong:sheet_pdf", args=[mahjong_game.pk])).content], tmp_path, monkeypatch
    )


# The printed sheet, hand by hand, and the blank sheet


def pdf_text(content: bytes, tmp_path, *, page: int | None = None) -> str:
    assert content[:5] == b"%PDF-", content[:200]
    path = tmp_path / "sheet.pdf"
    path.write_bytes(content)
    pages = ["-f", str(page), "-l", str(page)] if page else []
    return subprocess.run(["pdftotext", "-layout", *pages, str(path), "-"], capture_output=True, text=True, check=True).stdout


def pdf_info(content: bytes, tmp_path) -> dict[str, str]:
    path = tmp_path / "info.pdf"
    path.write_bytes(content)
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return {key.strip(): value.strip() for key, _, value in (line.partition(":") for line in info.splitlines())}


def printed(client, game, tmp_path, **options) -> str:
    return pdf_text(client.get(reverse("mahjong:sheet_pdf", args=[game.pk])).content, tmp_path, **options)


def lines_of(text: str) -> list[str]:
    return [" ".join(line.split()) for line in text.splitlines()]


def test_a_washout_reads_as_a_washout_not_as_scores_of_0(client, mahjong_game, tmp_path):
    record(mahjong_game, [BEN_WINS, WASHOUT])
    text = lines_of(printed(client, mahjong_game, tmp_path))
    start = next(index for index, line in enumerate(text) if line.startswith("2 East round"))
    row = " ".join(text[start : start + 2])  # the row's two lines: the round, then who is East
    assert "Washout: nobody went Mah Jongg, nobody pays; Ben stays East" in row  # Ben won hand 1 as South
    assert not any(word in {"0", "+0", "·"} for word in row.split())  # no player's score or gain written as 0
    text = lines_of(printed(client, mahjong_game, tmp_path))
    assert "Hand 2: a washout" in text and "Nobody pays." in text


def test_the_score_card_prints_a_line_per_element_of_the_working(client, mahjong_game, tmp_path):
    from mahjong.views import display_of

    record(mahjong_game, [BEN_WINS])
    card = display_of(mahjong_game).hands[0].card
    text = lines_of(printed(client, mahjong_game, tmp_path))
    assert "Hand 1: Ben went Mah Jongg" in text
    assert f"Hand: {card.hand}" in text
    for line in (*card.points, *card.doubles):
        assert f"{line.reason[:1].upper()}{line.reason[1:]} {line.value}" in text, line
    assert f"Base points {card.base_points}" in text and f"Doubles {card.double_count}" in text
    assert "Score 300: 38 × 2³ = 304, rounded to 300." in text  # the doublings written as the page writes them
    assert not any("^" in line for line in text)


def test_the_payments_print_who_pays_whom_as_the_page_shows_them(client, mahjong_game, tmp_path):
    from mahjong.views import display_of

    record(mahjong_game, [BEN_WINS, BEN_WINS_AGAIN])
    page = client.get(sheet_url(mahjong_game)).content.decode()
    text = " ".join(lines_of(printed(client, mahjong_game, tmp_path)))
    payments = [payment for hand in display_of(mahjong_game).hands for payment in hand.payments]
    assert len(payments) >= 6
    for payment in payments:
        plain = payment.replace("\u2068", "").replace("\u2069", "")
        assert plain in text, plain
        assert html.escape(payment) in page  # the same words on the screen


def test_every_later_page_of_the_sheet_names_the_game(client, mahjong_game, tmp_path):
    record(mahjong_game, [BEN_WINS, WASHOUT, BEN_WINS_AGAIN, WASHOUT] * 4)
    content = client.get(reverse("mahjong:sheet_pdf", args=[mahjong_game.pk])).content
    pages = int(pdf_info(content, tmp_path)["Pages"])
    assert pages >= 3
    assert "continued" not in pdf_text(content, tmp_path, page=1)
    for page in range(2, pages + 1):
        head = lines_of(pdf_text(content, tmp_path, page=page))[0]
        assert head == f"Mah Jongg · 9 July 2026 · Ann, Ben, Cat, Dan continued, page {page}"


# East goes Mah Jongg with a hand in full notation: East stays East, and each hand's score card is long.
EAST_WINS = HandEntry(0, (None, 20, 0, 8), "EEE RdRdRd 234c 678c 99c", "9c", True)


def test_no_page_of_the_sheet_starts_inside_a_hand_without_its_number(client, mahjong_game, tmp_path):
    import re

    from pypdf import PdfReader

    record(mahjong_game, [EAST_WINS] * 36)
    content = client.get(reverse("mahjong:sheet_pdf", args=[mahjong_game.pk])).content
    pages = [lines_of(page.extract_text(extraction_mode="layout")) for page in PdfReader(io.BytesIO(content)).pages]
    hand_by_hand = next(index for index, page in enumerate(pages) if any(line.startswith("Hand by hand") for line in page))
    later = [[line for line in page if line] for page in pages[hand_by_hand + 1 :]]
    assert len(later) >= 4
    for number, page in enumerate(later, start=hand_by_hand + 2):
        head, first = page[0], page[1]
        starts_a_hand = re.fullmatch(r"Hand \d+: Ann went Mah Jongg", first)
        named_in_the_head = re.search(r"Hand \d+, continued, page \d+$", head)
        assert starts_a_hand or named_in_the_head, f"page {number} starts inside a hand: {first!r}"
        assert not named_in_the_head, f"page {number}: a hand's card split though it is shorter than a page"


LONGEST = "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaf"  # 60 letters, one word


@pytest.mark.parametrize("size", ["a4", "letter"])
def test_the_grid_prints_each_name_whole_or_cut_with_an_ellipsis_never_broken(client, user, size, tmp_path):
    from mahjong import services
    from scorepads.players import Seat

    names = [LONGEST, "Шостакович", "Cat", "Maximiliane-Alexandra von Hohenzollern"]
    game = services.game_start(seats=[Seat(name) for name in names], date=datetime.date(2026, 7, 9), user=user)
    record(game, [EAST_WINS] * 3)
    content = client.get(reverse("mahjong:sheet_pdf", args=[game.pk]), {"size": size}).content
    text = pdf_text(content, tmp_path, page=1)
    grid = text.split("Round, East", 1)[1].split(" leads with ", 1)[0]  # the heads and the rows, not the heading
    words = grid.split()
    assert "Шостакович" in words
    # The longest name is never broken over lines in the grid: its head is cut with
    # an ellipsis; East in each row is one line (clipped, with an ellipsis drawn
    # over its end: the PDF's text holds it whole); the line under the grid names it in full.
    pieces = [word for word in words if "hausen" in word or "gewissen" in word or word.startswith("Wolfe")]
    head, *rest = pieces
    assert head.startswith("Wolfe") and head.endswith("…") and len(head) < len(LONGEST), pieces
    assert rest == [LONGEST] * (3 + 1), pieces


@pytest.mark.parametrize(("size", "points"), [("a4", "595.276 x 841.89"), ("letter", "612 x 792")])
def test_a_blank_sheet_for_the_games_players_at_either_size(client, mahjong_game, tmp_path, size, points):
    from mahjong import pdf

    response = client.get(reverse("mahjong:game_blank_pdf", args=[mahjong_game.pk]) + f"?size={size}")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert 'filename="mah-jongg-blank-ann-ben-cat.pdf"' in response["Content-Disposition"]
    info = pdf_info(response.content, tmp_path)
    assert info["Pages"] == "1" and info["Page size"].startswith(points)
    text = lines_of(pdf_text(response.content, tmp_path))
    assert any(line.startswith("Date 9 July 2026 · Ann, Ben, Cat, Dan") for line in text)
    assert "Ann Ben Cat Dan" in text  # the columns headed with their names
    rows = [line for line in text if line.isdigit()]
    assert rows == [str(number) for number in range(1, pdf.blank_hands(size) + 1)]


def test_a_blank_sheet_without_a_game_leaves_the_names_and_date_to_fill_in(client, db, tmp_path):
    response = client.get(reverse("mahjong:blank_pdf"))
    assert 'filename="mah-jongg-blank.pdf"' in response["Content-Disposition"]
    text = lines_of(pdf_text(response.content, tmp_path))
    assert any(line.startswith("Date ____________ · player 1 is East") for line in text)
    assert client.get(reverse("mahjong:blank_pdf") + "?size=a3").status_code == 400


def test_the_blank_sheets_rows_come_from_the_page_size():
    from mahjong import pdf

    assert pdf.blank_hands("a4") > pdf.blank_hands("letter") >= 16  # a game is 16 hands at least


def test_a_stranger_gets_no_blank_sheet_of_the_game(stranger_client, mahjong_game):
    assert stranger_client.get(reverse("mahjong:game_blank_pdf", args=[mahjong_game.pk])).status_code == 404


def test_the_pages_link_the_blank_sheet_at_both_sizes(client, mahjong_game):
    blank = reverse("mahjong:game_blank_pdf", args=[mahjong_game.pk])
    page = client.get(sheet_url(mahjong_game)).content.decode()
    assert f'href="{blank}"' in page and f'href="{blank}?size=letter"' in page
    new = client.get(reverse("mahjong:new")).content.decode()
    assert f'href="{reverse("mahjong:blank_pdf")}"' in new and f'href="{reverse("mahjong:blank_pdf")}?size=letter"' in new


def test_the_blank_sheet_prints_the_same_as_with_weasyprints_stylesheet(client, mahjong_game, tmp_path, monkeypatch):
    record(mahjong_game, [BEN_WINS, WASHOUT])
    assert_printed_alike(
        lambda: [
            client.get(reverse("mahjong:game_blank_pdf", args=[mahjong_game.pk]) + "?size=letter").content,
            client.get(reverse("mahjong:blank_pdf")).content,
        ],
        tmp_path,
        monkeypatch,
    )


def test_the_sheets_undo_buttons_post_to_the_undo_address(client, mahjong_game):
    client.post(reverse("mahjong:hand_record", args=[mahjong_game.pk]), hand_post(1, "1", (40, 0, 0, 0)))
    page = client.get(sheet_url(mahjong_game)).content.decode()
    undo = reverse("mahjong:hand_undo", args=[mahjong_game.pk])
    # The corrections' button, and the toast's Undo, which sends the same form.
    assert page.count(f'<form method="post" action="{undo}" hx-post="{undo}"') == 1
    assert 'id="undo-last"' in page and '<button type="submit" form="undo-last"' in page


def test_the_downloads_keep_names_in_any_script(client, user):
    from urllib.parse import quote

    seats = [Seat(name) for name in ("王小明", "Зоя", "Zoë", "Dan")]
    game = services.game_start(seats=seats, date=datetime.date(2026, 7, 9), user=user)
    stem = "mah-jongg-2026-07-09-王小明-зоя-zoe"
    sheet = client.get(reverse("mahjong:sheet_pdf", args=[game.pk]))["Content-Disposition"]
    assert sheet.endswith(f"filename*=utf-8''{quote(stem + '.pdf', safe='')}")
    blank = client.get(reverse("mahjong:game_blank_pdf", args=[game.pk]))["Content-Disposition"]
    assert blank.endswith(f"filename*=utf-8''{quote('mah-jongg-blank-王小明-зоя-zoe.pdf', safe='')}")
