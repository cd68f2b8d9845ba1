"""The Two Way Street pages: private to the players' accounts, one hand per tap,
a refusal that says why, and the sheet the same on screen, on paper and in CSV."""

import datetime
import subprocess

import pytest
from django.urls import reverse

from tests.names import fsi
from tests.printing import assert_printed_alike
from tests.two_way_street.conftest import WORKED_HANDS, record
from two_way_street import services
from two_way_street.models import Game, Hand
from two_way_street.services import Seat

HTMX = {"HX-Request": "true"}


def sheet_url(game):
    return reverse("two_way_street:sheet", args=[game.pk])


def hand_post(results, number, tricks_in_hand=""):
    data = {"number": number, "tricks_in_hand": tricks_in_hand}
    for seat, (tricks, direction, choice) in enumerate(results, start=1):
        data |= {f"tricks_{seat}": tricks, f"direction_{seat}": direction, f"choice_{seat}": choice}
    return data


def results_of(game):
    return [hand.results for hand in Hand.objects.filter(game=game).order_by("number")]


# Starting a game


def test_the_new_game_page_offers_the_last_players(client, street):
    page = client.get(reverse("two_way_street:new")).content.decode()
    for name in ("Ann", "Ben", "Cat", "Dan"):
        assert f'value="{name}"' in page
    assert 'value="12"' in page


def test_starting_a_game_seats_the_named_rows_in_order(client, user):
    response = client.post(
        reverse("two_way_street:new"),
        {"target": "19", "date": "2026-07-09", "name_1": "Ann", "name_2": "", "name_3": "Ben", "name_4": "Cat"},
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == sheet_url(game)
    assert [player.name for player in game.players.all()] == ["Ann", "Ben", "Cat"]
    assert game.target == 19


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"name_1": "Ann", "name_2": "Ben"}, "two players play a Duel"),
        ({"name_1": "Ann", "name_2": "Ben", "name_3": "Cat", "account_2": "x", "account_3": "X"}, "is named for player 2 too"),
        ({"name_1": "Ann", "name_2": "Ben", "account_3": "jon"}, "Player 3 has an account but no name"),
        ({"name_1": "Ann", "name_2": "Ben", "name_3": "Cat", "target": "0"}, "greater than or equal to 1"),
    ],
)
def test_a_game_that_cannot_start_says_why_and_writes_nothing(client, data, message):
    response = client.post(reverse("two_way_street:new"), {"target": "12", "date": "2026-07-09", **data})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Game.objects.exists()


# Privacy


@pytest.mark.parametrize(
    "name", ["two_way_street:sheet", "two_way_street:sheet_pdf", "two_way_street:hand_change"]
)
def test_a_stranger_finds_nothing(stranger_client, street, name):
    args = [street.pk, 1] if name == "two_way_street:hand_change" else [street.pk]
    record(street, WORKED_HANDS[:1])
    assert stranger_client.get(reverse(name, args=args)).status_code == 404


def test_a_stranger_cannot_record_undo_or_poll(stranger_client, street):
    assert stranger_client.post(
        reverse("two_way_street:hand_record", args=[street.pk]), hand_post(WORKED_HANDS[0], 1)
    ).status_code == 404
    assert stranger_client.post(reverse("two_way_street:hand_undo", args=[street.pk]), {"number": 1}).status_code == 404
    assert stranger_client.get(sheet_url(street) + "?version=0", headers=HTMX).status_code == 404
    assert not Hand.objects.exists()


def test_anonymous_visitors_are_sent_to_log_in(anonymous_client, street):
    response = anonymous_client.get(sheet_url(street))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_a_player_with_an_account_sees_and_plays_once_they_accept(stranger_client, user, stranger):
    game = services.game_start(
        seats=[Seat("Ann"), Seat("Ben", "stranger"), Seat("Cat")], target=12, date=datetime.date(2026, 7, 9), user=user
    )
    assert stranger_client.get(sheet_url(game)).status_code == 404
    stranger_client.post(reverse("two_way_street:invitation_accept", args=[game.pk]))
    assert stranger_client.get(sheet_url(game)).status_code == 200
    stranger_client.post(
        reverse("two_way_street:hand_record", args=[game.pk]), hand_post(WORKED_HANDS[0][:3], 1)
    )
    assert Hand.objects.filter(game=game).count() == 1


# The sheet at the table


def test_the_sheet_shows_each_hands_working_totals_and_the_winner(client, street):
    record(street, WORKED_HANDS)
    page = client.get(sheet_url(street)).content.decode()
    assert f"{fsi('Ann')} wins with 14 points" in page
    assert "Hand 2 · case B, penalty 1" in page
    assert "2 × 3 = 6" in page  # Dan's hand 1: refined 2, forced
    assert "Two Way Street, " in page and f"1 {fsi('Ann')} 14\n2= {fsi('Ben')} 12\n2= {fsi('Dan')} 12\n4 {fsi('Cat')} 6" in page
    assert "Record hand" not in page


def test_the_next_hand_offers_last_hands_choices(client, street):
    record(street, WORKED_HANDS[:1])
    page = client.get(sheet_url(street)).content.decode()
    # Dan played low and was forced in hand 1.
    assert 'id="next-direction-4-low" name="direction_4" value="low" checked' in page
    assert 'id="next-choice-4-forced" name="choice_4" value="forced" checked' in page
    assert 'id="next-direction-1-high" name="direction_1" value="high" checked' in page


def test_a_tap_records_a_hand_and_offers_undo(client, street):
    response = client.post(
        reverse("two_way_street:hand_record", args=[street.pk]), hand_post(WORKED_HANDS[0], 1), headers=HTMX
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert f"Hand 1 recorded · {fsi('Dan')} leads with 6" in page
    assert ">Undo</button>" in page
    assert 'value="2"' in page  # the next hand's number
    assert results_of(street) == [[list(entry) for entry in WORKED_HANDS[0]]]


def test_a_double_tap_records_one_hand(client, street):
    url = reverse("two_way_street:hand_record", args=[street.pk])
    client.post(url, hand_post(WORKED_HANDS[0], 1), headers=HTMX)
    second = client.post(url, hand_post(WORKED_HANDS[0], 1), headers=HTMX).content.decode()
    assert "Hand 1 is already on the pad" in second and "nothing was recorded twice" in second
    assert Hand.objects.count() == 1


def test_a_bad_hand_is_refused_with_the_players_name(client, street):
    data = hand_post(WORKED_HANDS[0], 1) | {"tricks_2": "-1"}
    page = client.post(reverse("two_way_street:hand_record", args=[street.pk]), data, headers=HTMX).content.decode()
    assert "Nothing was recorded" in page and "Ben&#x27;s tricks: tricks cannot be negative" in page
    data = hand_post(WORKED_HANDS[0], 1, tricks_in_hand="13")
    page = client.post(reverse("two_way_street:hand_record", args=[street.pk]), data, headers=HTMX).content.decode()
    assert "Tricks in this hand: The tricks add up to 10, but the hand had 13." in page
    # Beside its field too, and everything typed is kept.
    assert 'id="next-tricks-in-hand-error"><p>The tricks add up to 10, but the hand had 13.</p>' in page
    assert 'name="tricks_in_hand" value="13"' in page
    assert not Hand.objects.exists()


def test_a_refused_hand_keeps_everything_typed_without_htmx_too(client, street):
    data = hand_post(WORKED_HANDS[1], 1, tricks_in_hand="12") | {"tricks_3": "x"}
    response = client.post(reverse("two_way_street:hand_record", args=[street.pk]), data)
    page = response.content.decode()
    assert response.status_code == 400
    # The summary links the problem to its field, which says it too.
    assert '<a href="#next-tricks-3">Cat&#x27;s tricks: enter a whole number of tricks</a>' in page
    assert 'aria-invalid="true" aria-describedby="next-errors-3"' in page
    for seat, (tricks, direction, choice) in enumerate(WORKED_HANDS[1], start=1):
        if seat != 3:
            assert f'name="tricks_{seat}" value="{tricks}"' in page
        assert f'id="next-direction-{seat}-{direction}" name="direction_{seat}" value="{direction}" checked' in page
        assert f'id="next-choice-{seat}-{choice}" name="choice_{seat}" value="{choice}" checked' in page
    assert 'name="tricks_3" value="x"' in page and 'name="tricks_in_hand" value="12"' in page
    assert not Hand.objects.exists()


def test_a_hand_the_other_phone_recorded_first_keeps_this_entry_for_the_next_hand(client, street):
    record(street, WORKED_HANDS[:1])  # the other phone
    mine = hand_post(WORKED_HANDS[1], 1)
    page = client.post(reverse("two_way_street:hand_record", args=[street.pk]), mine, headers=HTMX).content.decode()
    assert "Hand 1 was recorded on another phone first; your entry is now hand 2" in page
    assert '<input type="hidden" name="number" value="2">' in page
    for seat, (tricks, direction, _choice) in enumerate(WORKED_HANDS[1], start=1):
        assert f'name="tricks_{seat}" value="{tricks}"' in page
        assert f'id="next-direction-{seat}-{direction}" name="direction_{seat}" value="{direction}" checked' in page
    assert results_of(street) == [[list(entry) for entry in WORKED_HANDS[0]]]


def test_a_hand_for_a_finished_game_is_refused(client, street):
    record(street, WORKED_HANDS)
    page = client.post(
        reverse("two_way_street:hand_record", args=[street.pk]), hand_post(WORKED_HANDS[0], 5), headers=HTMX
    ).content.decode()
    assert "the game is over" in page
    assert Hand.objects.count() == 4


def test_undo_takes_back_the_last_hand_and_reopens_the_game(client, street):
    record(street, WORKED_HANDS)
    page = client.post(
        reverse("two_way_street:hand_undo", args=[street.pk]), {"number": 4}, headers=HTMX
    ).content.decode()
    assert "Hand 4 undone" in page
    assert Hand.objects.count() == 3 and Game.objects.get().winner_seat is None
    stale = client.post(reverse("two_way_street:hand_undo", args=[street.pk]), {"number": 4}, headers=HTMX)
    assert "Nothing was undone: hand 4 is no longer the last hand" in stale.content.decode()
    assert Hand.objects.count() == 3


def test_changing_an_earlier_hand(client, street):
    record(street, WORKED_HANDS[:2])
    url = reverse("two_way_street:hand_change", args=[street.pk, 1])
    page = client.get(url).content.decode()
    assert 'name="tricks_1" value="5"' in page and 'name="revision"' in page
    changed = [(5, "high", "declared"), (3, "high", "declared"), (2, "low", "declared"), (0, "low", "declared")]
    response = client.post(url, hand_post(changed, 1) | {"revision": street.revision})
    assert response.status_code == 302
    assert results_of(street)[0] == [list(entry) for entry in changed]
    stale = client.post(url, hand_post(WORKED_HANDS[0], 1) | {"revision": street.revision})
    assert stale.status_code == 400 and "the sheet has changed" in stale.content.decode()


def test_an_unchanged_sheets_poll_is_204_in_two_queries(client, street, django_assert_num_queries):
    with django_assert_num_queries(2):  # the user, the revision (the session is read from its cache)
        response = client.get(sheet_url(street) + f"?version={street.revision}", headers=HTMX)
    assert response.status_code == 204
    record(street, WORKED_HANDS[:1])
    assert client.get(sheet_url(street) + "?version=0", headers=HTMX).status_code == 200


def test_the_sheet_runs_a_fixed_number_of_queries(client, street, django_assert_max_num_queries):
    record(street, WORKED_HANDS[:3])
    with django_assert_max_num_queries(3 + 2):  # the game, players, hands; the session and user
        client.get(sheet_url(street))


# Printing and the ratings


def pdf_text(content: bytes, tmp_path) -> str:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(content)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


def test_the_printed_sheet_matches_the_screen(client, street, tmp_path):
    record(street, WORKED_HANDS)
    response = client.get(reverse("two_way_street:sheet_pdf", args=[street.pk]))
    assert response["Content-Type"] == "application/pdf"
    assert 'filename="two-way-street-2026-07-09-ann-ben-cat.pdf"' in response["Content-Disposition"]
    text = pdf_text(response.content, tmp_path)
    assert "Ann wins with 14 points." in text
    squeezed = "".join(text.split())
    assert "5HD" in squeezed and "0LF" in squeezed  # Ann and Dan in hand 1
    assert "2=Ben12" in squeezed


def test_a_blank_sheet_for_the_players_or_a_number_of_them(client, street, tmp_path):
    text = pdf_text(client.get(reverse("two_way_street:blank_pdf") + f"?game={street.pk}").content, tmp_path)
    assert "Ann" in text and "4 players: N = 6" in text
    text = pdf_text(client.get(reverse("two_way_street:blank_pdf") + "?players=9").content, tmp_path)
    assert "9 players: N = 2" in text


@pytest.mark.parametrize("query", ["?players=2", "?players=13", "?players=x", "?size=a3", "?game=-1"])
def test_a_blank_sheet_with_bad_parameters_says_why(client, db, query):
    response = client.get(reverse("two_way_street:blank_pdf") + query)
    assert response.status_code == 400
    assert response.content.decode().split()[0] in {"players", "unknown", "game"}


def test_the_ratings_csv_is_spreadsheet_safe(client, user):
    game = services.game_start(
        seats=[Seat("=cmd()"), Seat("Ben"), Seat("Émile"), Seat("Dan")],
        target=12, date=datetime.date(2026, 7, 9), user=user,
    )
    record(game, WORKED_HANDS)
    response = client.get(reverse("two_way_street:ratings_csv", args=[game.pk]))
    assert 'filename="two-way-street-2026-07-09-cmd-ben-emile-ratings.csv"' in response["Content-Disposition"]
    content = response.content.decode("utf-8")
    assert content.startswith("\ufeffdate,time,target,mark,place,player,score")
    assert ",1,'=cmd(),14" in content and ",4,Émile,6" in content


def test_an_unfinished_game_has_no_ratings_csv(client, street):
    assert client.get(reverse("two_way_street:ratings_csv", args=[street.pk])).status_code == 404


def test_recording_and_undoing_run_a_fixed_number_of_queries(client, street, django_assert_max_num_queries):
    record(street, WORKED_HANDS[:2])
    # The session and the user; the game and its players; the service (the
    # lock, the hands, the hand saved once, the summary, with their savepoints);
    # the sheet read once after the change (game, players, hands).
    with django_assert_max_num_queries(15):
        client.post(
            reverse("two_way_street:hand_record", args=[street.pk]), hand_post(WORKED_HANDS[2], 3), headers=HTMX
        )
    with django_assert_max_num_queries(13):
        client.post(reverse("two_way_street:hand_undo", args=[street.pk]), {"number": 3}, headers=HTMX)
    assert Hand.objects.count() == 2


def test_the_sheets_print_the_same_as_with_weasyprints_stylesheet(client, street, tmp_path, monkeypatch):
    record(street, WORKED_HANDS)
    assert_printed_alike(
        lambda: [
            client.get(reverse("two_way_street:sheet_pdf", args=[street.pk])).content,
            client.get(reverse("two_way_street:blank_pdf"), {"game": street.pk}).content,
        ],
        tmp_path,
        monkeypatch,
    )


# A low player over N, the raw scores in order, the penalty and the case, on
# the sheet and on paper. The hands' numbers are worked in test_hand.py.


def three_player_game(user, target):
    return services.game_start(
        seats=[Seat("Ann"), Seat("Ben"), Seat("Cat")], target=target, date=datetime.date(2026, 7, 9), user=user
    )


def sheet_and_pdf(client, game, tmp_path):
    page = client.get(sheet_url(game)).content.decode()
    text = pdf_text(client.get(reverse("two_way_street:sheet_pdf", args=[game.pk])).content, tmp_path)
    return page, text


def test_a_low_player_over_n_scores_below_zero_on_the_sheet_and_on_paper(client, user, tmp_path):
    game = three_player_game(user, 12)
    services.hand_record(
        game=game, number=1, results=[(5, "high", "declared"), (2, "high", "declared"), (10, "low", "declared")],
        tricks_in_hand=17,
    )
    page, text = sheet_and_pdf(client, game, tmp_path)
    assert "Hand 1 · case A, penalty −2" in page
    assert "Raw scores in order: 5, 2, −2. Case A: no tie for second place" in page
    assert "<td data-label=\"Raw\">−2*</td>" in page
    assert f"* {fsi('Cat')} took 10 tricks playing low, more than N = 8: raw 8 − 10 = −2." in page
    assert "7 × 2 = 14" in page and "4 × 2 = 8" in page and "0 × 2 = 0" in page
    assert f"{fsi('Ann')} wins with 14 points" in page
    squeezed = "".join(text.split())
    assert "−2*·0·+0" in squeezed  # Cat's cell: raw · refined · final
    assert "5,2,−2:caseA,penalty−2." in squeezed
    assert "*Cattook10tricksplayinglow,morethanN=8:raw8−10=−2." in squeezed
    assert "−0" not in text and "−−" not in text


def test_a_low_player_over_n_is_below_the_tie(client, street):
    services.hand_record(
        game=street, number=1,
        results=[(4, "high", "declared"), (1, "high", "declared"), (1, "high", "declared"), (7, "low", "declared")],
        tricks_in_hand=13,
    )
    services.hand_record(
        game=street, number=2,
        results=[(5, "high", "declared"), (0, "high", "forced"), (0, "high", "declared"), (8, "low", "forced")],
        tricks_in_hand=13,
    )
    street.refresh_from_db()
    assert street.totals == [10 + 14, 4 + 6, 4 + 4, 0 + 0]
    page = client.get(sheet_url(street)).content.decode()
    assert "Hand 1 · case B, penalty −1" in page
    assert "Raw scores in order: 4, 1, 1, −1. Case B: second and third tied, fourth distinct" in page
    assert "Hand 2 · case B, penalty −2" in page
    assert "Raw scores in order: 5, 0, 0, −2. Case B" in page
    assert "2 × 3 = 6" in page  # Ben, forced, in hand 2
    assert "in the tie" not in page


def test_a_three_player_case_c_has_no_fourth_place_and_a_penalty_of_0_no_sign(client, user, tmp_path):
    game = three_player_game(user, 20)
    services.hand_record(
        game=game, number=1, results=[(3, "high", "declared"), (1, "high", "declared"), (0, "high", "declared")]
    )
    services.hand_record(
        game=game, number=2, results=[(6, "high", "declared"), (3, "high", "forced"), (5, "low", "declared")]
    )
    page, text = sheet_and_pdf(client, game, tmp_path)
    assert "Hand 1 · case A, penalty 0" in page
    assert "Raw scores in order: 3, 1, 0. Case A" in page
    assert "Hand 2 · case C, penalty 3" in page
    assert (
        "Raw scores in order: 6, 3, 3. Case C: second and third tied below first:"
        " the penalty is the second place score; forced players in the tie score 1." in page
    )
    assert "1 (forced, in the tie)" in page
    squeezed = "".join(text.split())
    assert "3,1,0:caseA,penalty0." in squeezed and "6,3,3:caseC,penalty3." in squeezed
    assert "Csecondandthirdtiedbelowfirst" in squeezed
    for shown in (page, text):
        assert "fourth" not in shown
        assert "−0" not in shown
    # A blank sheet for three has no fourth place either; four players have one.
    blank = reverse("two_way_street:blank_pdf")
    assert "fourth" not in pdf_text(client.get(blank + "?players=3").content, tmp_path)
    assert "fourth" in pdf_text(client.get(blank + "?players=4").content, tmp_path)


def test_the_ratings_record_carries_the_game_s_date(client, user, tmp_path):
    game = three_player_game(user, 12)
    services.hand_record(
        game=game, number=1, results=[(5, "high", "declared"), (2, "high", "declared"), (10, "low", "declared")]
    )
    game.refresh_from_db()
    assert game.finished_at.date() != game.date  # the last hand is typed in today, not on 9 July
    page, text = sheet_and_pdf(client, game, tmp_path)
    record = f"1 {fsi('Ann')} 14\n2 {fsi('Ben')} 8\n3 {fsi('Cat')} 0"
    assert "Two Way Street, 2026-07-09 " in page and record in page
    assert "Two Way Street, 2026-07-09 " in text
    rows = client.get(reverse("two_way_street:ratings_csv", args=[game.pk])).content.decode().splitlines()
    assert rows[1].startswith("2026-07-09,") and rows[1].endswith(",12,,1,Ann,14")


# The printed sheets' later pages, the blank sheet made from a game, long names

HOSTILE = ["محمد العربي", "中文名字", "x" * 60, *(f"Player {number}" for number in range(4, 13))]


def pdf_page_text(content: bytes, tmp_path, page: int) -> str:
    path = tmp_path / "pages.pdf"
    path.write_bytes(content)
    command = ["pdftotext", "-layout", "-f", str(page), "-l", str(page), str(path), "-"]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def pdf_pages(content: bytes, tmp_path) -> int:
    path = tmp_path / "count.pdf"
    path.write_bytes(content)
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return int(next(line.split()[1] for line in info.splitlines() if line.startswith("Pages:")))


@pytest.fixture
def long_game(user):
    """Twelve players, three of them with hostile names, and enough hands for three pages."""
    game = services.game_start(
        seats=[Seat(name) for name in HOSTILE], target=100, date=datetime.date(2026, 7, 9), user=user
    )
    hand = [(4, "high", "declared"), *[(0, "low", "declared")] * 11]
    return record(game, [hand[-index:] + hand[:-index] for index in range(26)])


def test_every_later_page_of_the_sheet_names_the_game(client, long_game, tmp_path):
    content = client.get(reverse("two_way_street:sheet_pdf", args=[long_game.pk])).content
    assert pdf_pages(content, tmp_path) >= 3
    first = pdf_page_text(content, tmp_path, 1)
    assert "continued" not in first
    for page in (2, 3):
        text = pdf_page_text(content, tmp_path, page)
        head = text.splitlines()[0]
        assert head.startswith("Two Way Street · 9 July 2026 · ") and f"continued, page {page}" in head
        assert "中文名字, xxxxxxxxxxxxxxxxxxx…, Player 4" in head and "Player 4 and 8 more" in head  # cut to one line


def test_a_long_name_is_cut_in_the_heading_and_printed_in_full_under_the_grid(client, long_game, tmp_path):
    text = pdf_text(client.get(reverse("two_way_street:sheet_pdf", args=[long_game.pk])).content, tmp_path)
    assert "The players, in full" in text
    assert "x" * 60 in text  # in full once, in the list
    assert text.count("x" * 60) == 1


def test_a_short_named_sheet_lists_no_players_under_the_grid(client, street, tmp_path):
    record(street, WORKED_HANDS)
    assert "The players, in full" not in pdf_text(client.get(reverse("two_way_street:sheet_pdf", args=[street.pk])).content, tmp_path)


@pytest.mark.parametrize("size", ["a4", "letter"])
@pytest.mark.parametrize("players", [4, 12])
def test_the_blank_sheet_of_a_game_has_its_date_target_and_total_and_place_rows(client, user, size, players, tmp_path):
    from two_way_street import pdf

    game = services.game_start(
        seats=[Seat(name) for name in ["Ann", "Ben", "Cat", "Dan", *HOSTILE][:players]],
        target=21,
        date=datetime.date(2026, 7, 9),
        user=user,
    )
    content = client.get(reverse("two_way_street:blank_pdf") + f"?game={game.pk}&size={size}").content
    assert pdf_pages(content, tmp_path) == 1
    text = pdf_text(content, tmp_path)
    assert "Date 9 July 2026 · to 21 points" in text
    lines = [line.split() for line in text.splitlines()]
    assert ["Total"] in lines and ["Place"] in lines
    rows = [words[0] for words in lines if len(words) == 1 and words[0].isdigit()]
    assert rows == [str(number) for number in range(1, len(rows) + 1)]
    assert len(rows) >= pdf.blank_hands(size, players, names_in_full=players == 12) - 3  # the page is filled


def test_the_blank_sheets_rows_come_from_the_page_size():
    from two_way_street import pdf

    assert pdf.blank_hands("a4", 5) > pdf.blank_hands("a4", 8) >= 7  # across the page, fewer rows
    assert pdf.blank_hands("a4", 5) > pdf.blank_hands("letter", 5)  # US Letter is shorter


def test_the_new_game_page_offers_a_blank_sheet_for_any_number_of_players(client, db, tmp_path):
    import re

    from two_way_street import pdf, rules

    page = client.get(reverse("two_way_street:new")).content.decode()
    form = page[page.index('<form class="downloads blank-sheet"') :]
    form = form[: form.index("</form>")]
    assert f'action="{reverse("two_way_street:blank_pdf")}"' in form and 'method="get"' in form
    offered = [int(count) for count in re.findall(r'<option value="(\d+)"', form)]
    assert offered == list(range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1))
    assert f'<option value="{pdf.BLANK_PLAYERS}" selected>' in form
    assert 'name="size" value="a4"' in form and 'name="size" value="letter"' in form
    # What the form sends: the sheet for that many players, in that size.
    response = client.get(reverse("two_way_street:blank_pdf"), {"players": "7", "size": "a4"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "7 players: N = 3" in pdf_text(response.content, tmp_path)


def test_a_blank_sheet_with_no_game_leaves_date_and_target_to_fill_in(client, db, tmp_path):
    text = pdf_text(client.get(reverse("two_way_street:blank_pdf") + "?players=6").content, tmp_path)
    assert "Date ____________ · to ______ points" in text


def test_the_long_sheets_print_the_same_as_with_weasyprints_stylesheet(client, long_game, tmp_path, monkeypatch):
    assert_printed_alike(
        lambda: [
            client.get(reverse("two_way_street:sheet_pdf", args=[long_game.pk])).content,
            client.get(reverse("two_way_street:blank_pdf"), {"game": long_game.pk, "size": "letter"}).content,
        ],
        tmp_path,
        monkeypatch,
    )


def test_a_stranger_gets_no_blank_sheet_of_the_game(stranger_client, street):
    assert stranger_client.get(reverse("two_way_street:blank_pdf") + f"?game={street.pk}").status_code == 404


def test_the_sheets_undo_buttons_post_to_the_undo_address(client, street):
    record(street, WORKED_HANDS[:1])
    client.post(reverse("two_way_street:hand_record", args=[street.pk]), hand_post(WORKED_HANDS[1], 2))
    page = client.get(sheet_url(street)).content.decode()
    undo = reverse("two_way_street:hand_undo", args=[street.pk])
    # The corrections' button, and the toast's Undo, which sends the same form.
    assert page.count(f'<form method="post" action="{undo}" hx-post="{undo}"') == 1
    assert 'id="undo-last"' in page and '<button type="submit" form="undo-last"' in page


# Names of one word each, short enough for a heading, that a fixed-width column broke inside a word.
WHOLE_WORDS = ["Шостакович", "Ångström", "Maximiliane"]
# Wider than a column at the smallest heading size (at one page size or both): cut, with an ellipsis.
TOO_WIDE = ["Wolfeschlegelsteinhausenbergerdorff", "Hohenzollern", "Wojciechowska", "Παπαδόπουλος"]


@pytest.mark.parametrize("size", ["a4", "letter"])
def test_a_twelve_player_sheet_prints_every_name_whole_in_its_heading(client, user, size):
    import io

    from pypdf import PdfReader

    names = [*WHOLE_WORDS, *TOO_WIDE, "Ann-Kathrin Müller", "中文名字", "Ed", "Flo", "Gus"]
    game = services.game_start(seats=[Seat(name) for name in names], target=100, date=datetime.date(2026, 7, 9), user=user)
    record(game, [[(4, "high", "declared"), *[(0, "low", "declared")] * 11]])
    content = client.get(reverse("two_way_street:sheet_pdf", args=[game.pk]), {"size": size}).content
    heading, rest = PdfReader(io.BytesIO(content)).pages[0].extract_text().split("Hand Case", 1)[1].split("\n1 ", 1)
    words = heading.split()
    for name in WHOLE_WORDS:
        assert name in words, f"{name} broken in {heading!r}"
    # Every piece of a heading is a whole word (a hyphenated name may wrap after its
    # hyphen), or the start of one cut with an ellipsis: never a word's middle or end.
    pieces = {piece for name in names for piece in name.replace("-", "- ").split()}
    for word in words:
        assert word in pieces or (word.endswith("…") and any(piece.startswith(word[:-1]) for piece in pieces)), word
    assert any(word.endswith("…") for word in words)  # the widest name is cut, and then…
    assert "The players, in full" in rest and all(name in rest for name in TOO_WIDE)  # …listed in full
