"""Entries recorded once, whatever a phone resends (scorepads.entries): an
entry's key is stored with it, and the same entry sent again, its answer lost
or sent from the phone's queue, changes nothing and is answered as done."""

import datetime
import uuid
from urllib.parse import unquote

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bridge.models import Ruling
from mahjong import services as mahjong_services
from mahjong.models import Hand as MahjongHand
from scorepads.models import EntryKey
from scorepads.players import Seat
from tests.bridge.test_pages import save_post
from tests.conftest import record_outcomes
from tests.pad.test_pad_page import POSSIBLE_GIVER, POSSIBLE_TAKER
from two_way_street import services as tws_services
from two_way_street.models import Game as TwsGame
from two_way_street.models import Hand as TwsHand

HTMX = {"HTTP_HX_REQUEST": "true"}
QUEUED = {"HTTP_HX_REQUEST": "true", "HTTP_X_ENTRY_QUEUED": "true"}
HAND_1 = [(5, "high", "declared"), (3, "high", "forced"), (2, "low", "declared"), (0, "low", "forced")]
HAND_2 = [(4, "high", "declared"), (3, "low", "declared"), (3, "high", "forced"), (5, "low", "declared")]


@pytest.fixture
def street(user):
    return tws_services.game_start(
        seats=[Seat(name) for name in ("Ann", "Ben", "Cat", "Dan")], target=12, date=datetime.date(2026, 7, 9), user=user
    )


@pytest.fixture
def mahjong(user):
    return mahjong_services.game_start(
        seats=[Seat(name) for name in ("Ann", "Ben", "Cat", "Dan")], date=datetime.date(2026, 7, 9), user=user
    )


def tws_post(results, number, key):
    data = {"number": number, "tricks_in_hand": "", "entry_key": str(key)}
    for seat, (tricks, direction, choice) in enumerate(results, start=1):
        data |= {f"tricks_{seat}": tricks, f"direction_{seat}": direction, f"choice_{seat}": choice}
    return data


def tws_url(game):
    return reverse("two_way_street:hand_record", args=[game.pk])


def tws_stored(game):
    return [hand.results for hand in TwsHand.objects.filter(game=game).order_by("number")]


def as_stored(results):
    return [list(entry) for entry in results]


def test_a_hand_sent_again_with_its_key_is_answered_as_done_and_recorded_once(client, street):
    key = uuid.uuid4()
    first = client.post(tws_url(street), tws_post(HAND_1, 1, key), **HTMX)
    assert first.status_code == 200 and first["X-Entry"] == "done"
    assert "Hand 1 recorded" in first.content.decode()  # the sheet, as without a key
    street.refresh_from_db()
    revision = street.revision
    for headers in (QUEUED, HTMX, {}):  # from the queue, by htmx, as a plain form
        again = client.post(tws_url(street), tws_post(HAND_1, 1, key), **headers)
        assert again["X-Entry"] == "done"
    assert tws_stored(street) == [as_stored(HAND_1)]
    street.refresh_from_db()
    assert street.revision == revision  # nothing ran again
    assert EntryKey.objects.filter(key=key).count() == 1


@pytest.mark.django_db(transaction=True)
def test_an_entry_stored_and_committed_is_answered_without_looking_for_its_key_again(client, street):
    # Committed here as in production: the answer knows its key is stored.
    with CaptureQueriesContext(connection) as captured:
        response = client.post(tws_url(street), tws_post(HAND_1, 1, uuid.uuid4()), **HTMX)
    queries = [query["sql"] for query in captured.captured_queries]
    assert response["X-Entry"] == "done"
    key_lookups = [sql for sql in queries if "scorepads_entrykey" in sql and sql.startswith("SELECT")]
    assert len(key_lookups) == 1  # before the view, never after it
    assert tws_stored(street) == [as_stored(HAND_1)]


def test_a_resent_hand_is_not_recorded_again_after_it_was_undone(client, street):
    key = uuid.uuid4()
    client.post(tws_url(street), tws_post(HAND_1, 1, key), **HTMX)
    client.post(reverse("two_way_street:hand_undo", args=[street.pk]), {"number": 1}, **HTMX)
    again = client.post(tws_url(street), tws_post(HAND_1, 1, key), **QUEUED)
    assert again["X-Entry"] == "done"
    assert tws_stored(street) == []


def test_a_queued_entry_is_answered_with_headers_alone(client, street):
    done = client.post(tws_url(street), tws_post(HAND_1, 1, uuid.uuid4()), **QUEUED)
    assert (done.status_code, done["X-Entry"], done.content) == (200, "done", b"")
    # Hand 1 again under another key (the other phone's): refused, and said why.
    refused = client.post(tws_url(street), tws_post(HAND_2, 1, uuid.uuid4()), **QUEUED)
    assert (refused.status_code, refused["X-Entry"], refused.content) == (200, "refused", b"")
    problem = unquote(refused["X-Entry-Problem"])
    assert problem == "Hand 1 was recorded on your other phone first; your entry is now hand 2: check it, then record it."
    assert tws_stored(street) == [as_stored(HAND_1)]
    # The next hand, with a new key: recorded in turn.
    client.post(tws_url(street), tws_post(HAND_2, 2, uuid.uuid4()), **QUEUED)
    assert tws_stored(street) == [as_stored(HAND_1), as_stored(HAND_2)]


def test_a_refused_entry_keeps_no_key_and_may_be_sent_again(client, street):
    key = uuid.uuid4()
    too_far = client.post(tws_url(street), tws_post(HAND_1, 2, key), **QUEUED)
    assert too_far["X-Entry"] == "refused"
    assert not EntryKey.objects.exists()
    again = client.post(tws_url(street), tws_post(HAND_1, 1, key), **QUEUED)
    assert again["X-Entry"] == "done"
    assert tws_stored(street) == [as_stored(HAND_1)]


def test_without_a_key_an_entry_goes_as_before(client, street):
    response = client.post(tws_url(street), tws_post(HAND_1, 1, ""), **HTMX)
    assert "X-Entry" not in response
    assert tws_stored(street) == [as_stored(HAND_1)]
    assert not EntryKey.objects.exists()


@pytest.mark.parametrize(
    "key, said",
    [
        ("not-a-key", "the entry key 'not-a-key' is no UUID"),
        ("x" * 500, "is no UUID"),
        (str(uuid.UUID(int=0)), "the entry key is the nil UUID, which no entry may carry"),
        ("{00000000-0000-0000-0000-000000000000}", "nil UUID"),
    ],
)
def test_a_malformed_or_nil_key_is_refused_saying_so_and_changes_nothing(client, street, key, said):
    street.refresh_from_db()
    revision = street.revision
    for headers in (HTMX, QUEUED):
        response = client.post(tws_url(street), tws_post(HAND_1, 1, key), **headers)
        assert response.status_code == 400
        assert response["Content-Type"] == "text/plain; charset=utf-8"
        assert said in response.content.decode() and response.content.decode().startswith("Nothing was recorded")
    assert tws_stored(street) == []
    street.refresh_from_db()
    assert street.revision == revision
    assert not EntryKey.objects.exists()


def test_the_same_key_sent_to_another_game_is_recorded_there(client, street, user):
    other = tws_services.game_start(
        seats=[Seat(name) for name in ("Eve", "Fay", "Gus", "Hal")], target=12, date=datetime.date(2026, 7, 9), user=user
    )
    key = uuid.uuid4()
    assert client.post(tws_url(street), tws_post(HAND_1, 1, key), **QUEUED)["X-Entry"] == "done"
    there = client.post(tws_url(other), tws_post(HAND_2, 1, key), **QUEUED)
    assert there["X-Entry"] == "done"
    assert tws_stored(other) == [as_stored(HAND_2)]  # recorded, not dropped as done
    assert tws_stored(street) == [as_stored(HAND_1)]
    # Each game still records it once.
    assert client.post(tws_url(other), tws_post(HAND_2, 1, key), **QUEUED)["X-Entry"] == "done"
    assert tws_stored(other) == [as_stored(HAND_2)]
    assert EntryKey.objects.filter(key=key).count() == 2


def test_the_same_key_in_another_kind_of_game_is_recorded_there(client, street, mahjong):
    key = uuid.uuid4()
    client.post(tws_url(street), tws_post(HAND_1, 1, key), **QUEUED)
    url = reverse("mahjong:hand_record", args=[mahjong.pk])
    data = {"number": 1, "winner": "2", "winning_hand": "", "winning_tile": "", "last_tile": "discard", "entry_key": str(key)}
    data |= {f"score_{seat}": score for seat, score in enumerate((10, 40, 0, 8), start=1)}
    assert client.post(url, data, **QUEUED)["X-Entry"] == "done"
    assert MahjongHand.objects.filter(game=mahjong).count() == 1


def test_a_key_is_each_accounts_own(client, street, django_user_model):
    key = uuid.uuid4()
    client.post(tws_url(street), tws_post(HAND_1, 1, key), **HTMX)
    other = django_user_model.objects.create_user(username="ann", password="gorilla-pad-pass-2")
    theirs = tws_services.game_start(seats=[Seat(name) for name in ("Ann", "Ben", "Cat")], target=12, date=datetime.date(2026, 7, 9), user=other)
    client_of_other = Client()
    client_of_other.force_login(other)
    response = client_of_other.post(tws_url(theirs), tws_post(HAND_1[:3], 1, key), **QUEUED)
    assert response["X-Entry"] == "done"
    assert [len(hand) for hand in tws_stored(theirs)] == [3]  # recorded: the same key was another account's
    assert EntryKey.objects.filter(key=key).count() == 2


def test_a_stranger_gets_nothing_from_a_key(client, street, stranger_client):
    key = uuid.uuid4()
    client.post(tws_url(street), tws_post(HAND_1, 1, key), **HTMX)
    response = stranger_client.post(tws_url(street), tws_post(HAND_2, 2, key), **QUEUED)
    assert response.status_code == 404 and "X-Entry" not in response
    assert tws_stored(street) == [as_stored(HAND_1)]


def test_a_mah_jongg_hand_sent_again_is_recorded_once(client, mahjong):
    url = reverse("mahjong:hand_record", args=[mahjong.pk])
    key = uuid.uuid4()
    data = {"number": 1, "winner": "2", "winning_hand": "", "winning_tile": "", "last_tile": "discard", "entry_key": str(key)}
    data |= {f"score_{seat}": score for seat, score in enumerate((10, 40, 0, 8), start=1)}
    for _ in range(3):
        assert client.post(url, data, **QUEUED)["X-Entry"] == "done"
    assert list(MahjongHand.objects.filter(game=mahjong).values_list("number", "winner_seat")) == [(1, 2)]


def test_a_gorilla_tap_sent_again_with_its_key_records_one_hand(client, game):
    key = uuid.uuid4()
    url = reverse("hand_record", args=[game.pk])
    # Sent, sent again, then sent renumbered after the hand it recorded (as a
    # phone that never saw the first answer does): one hand, done each time.
    for number, headers in ((1, HTMX), (1, HTMX), (2, HTMX), (2, {})):
        answer = client.post(url, {"number": number, "outcome": "P", "entry_key": str(key)}, **headers)
        assert answer["X-Entry"] == "done", number
    assert list(game.hands.values_list("number", "outcome")) == [(1, "P")]
    assert EntryKey.objects.filter(key=key).count() == 1


def gorilla_hands(game) -> str:
    return "".join(game.hands.order_by("number").values_list("outcome", flat=True))


def test_a_gorilla_undo_redo_and_change_sent_again_with_their_keys_are_each_made_once(client, game):
    record_outcomes(game, "MPI")
    undo, redo, change = (str(uuid.uuid4()) for _ in range(3))
    for _ in range(2):  # each sent, then sent again (its answer lost)
        answer = client.post(reverse("hand_undo", args=[game.pk]), {"number": 3, "entry_key": undo}, **HTMX)
        assert answer["X-Entry"] == "done"
    assert gorilla_hands(game) == "MP"
    for _ in range(2):
        answer = client.post(reverse("hand_redo", args=[game.pk]), {"number": 3, "entry_key": redo}, **HTMX)
        assert answer["X-Entry"] == "done"
    assert gorilla_hands(game) == "MPI"
    for _ in range(2):
        data = {"shown": "P", "outcome": "I", "entry_key": change}
        answer = client.post(reverse("hand_change", args=[game.pk, 2]), data, **QUEUED)
        assert answer["X-Entry"] == "done"
    assert gorilla_hands(game) == "MII"
    # The same undo sent later, after another hand: still done, nothing more undone.
    record_outcomes(game, "M")
    assert client.post(reverse("hand_undo", args=[game.pk]), {"number": 3, "entry_key": undo}, **HTMX)["X-Entry"] == "done"
    assert gorilla_hands(game) == "MIIM"


def test_a_gorilla_tap_the_pad_holds_already_is_done_and_one_it_contradicts_is_refused(client, game):
    record_outcomes(game, "MP")
    change = reverse("hand_change", args=[game.pk, 2])
    # The other phone changed hand 2 to I first: the same change from this phone holds.
    client.post(change, {"shown": "P", "outcome": "I", "entry_key": str(uuid.uuid4())}, **QUEUED)
    same = client.post(change, {"shown": "P", "outcome": "I", "entry_key": str(uuid.uuid4())}, **QUEUED)
    assert same["X-Entry"] == "done"
    other = client.post(change, {"shown": "P", "outcome": "M", "entry_key": str(uuid.uuid4())}, **QUEUED)
    assert other["X-Entry"] == "refused"
    assert "hand 2 has changed to I since this pad was shown" in unquote(other["X-Entry-Problem"])
    # Hand 3 recorded on both phones, under two keys: the same outcome is held, another is not.
    record = reverse("hand_record", args=[game.pk])
    client.post(record, {"number": 3, "outcome": "M", "entry_key": str(uuid.uuid4())}, **HTMX)
    assert client.post(record, {"number": 3, "outcome": "M", "entry_key": str(uuid.uuid4())}, **HTMX)["X-Entry"] == "done"
    assert client.post(record, {"number": 3, "outcome": "P", "entry_key": str(uuid.uuid4())}, **HTMX)["X-Entry"] == "refused"
    # An undo from a pad that changed since: refused, and its key kept for no one.
    stale = str(uuid.uuid4())
    assert client.post(reverse("hand_undo", args=[game.pk]), {"number": 2, "entry_key": stale}, **HTMX)["X-Entry"] == "refused"
    assert gorilla_hands(game) == "MIM"
    assert not EntryKey.objects.filter(key=stale).exists()


def test_a_gorillaed_out_hand_sent_again_with_its_key_is_recorded_once(client, game):
    data = {"number": 1, "outcome": "P", "taker_cards": POSSIBLE_TAKER, "giver_cards": POSSIBLE_GIVER}
    data["entry_key"] = str(uuid.uuid4())
    for _ in range(3):
        assert client.post(reverse("gorilla_record", args=[game.pk]), data)["X-Entry"] == "done"
    assert game.hands.count() == 1


def test_a_ruling_sent_again_is_saved_once_and_the_phone_told_where_it_is(client):
    slug, data = save_post(entry_key=str(uuid.uuid4()))
    url = reverse("bridge:calculator", args=[slug])
    first = client.post(url, data, **QUEUED)
    ruling = Ruling.objects.get()
    # The page goes to the ruling's book, the ruling in view.
    book = reverse("bridge:book", args=[ruling.book_id])
    assert (first["X-Entry"], first["X-Entry-Location"]) == ("done", f"{book}#ruling-1")
    again = client.post(url, data, **QUEUED)
    assert again["X-Entry"] == "done"
    assert Ruling.objects.count() == 1
    # Another ruling from the same form, with a key of its own: saved too, the next of the book.
    client.post(url, data | {"board": "8", "entry_key": str(uuid.uuid4())}, **QUEUED)
    assert list(Ruling.objects.order_by("number").values_list("number", "board")) == [(1, 7), (2, 8)]
    # Saved without the queue, the page goes to the book.
    plain = client.post(url, data | {"board": "9", "entry_key": str(uuid.uuid4())})
    assert (plain.status_code, plain["Location"], plain["X-Entry"]) == (302, f"{book}#ruling-3", "done")


def test_a_ruling_refused_from_the_queue_says_why(client):
    slug, data = save_post(event="", entry_key=str(uuid.uuid4()))
    response = client.post(reverse("bridge:calculator", args=[slug]), data, **QUEUED)
    assert response["X-Entry"] == "refused"
    assert unquote(response["X-Entry-Problem"])
    assert not Ruling.objects.exists()


def test_an_entry_sent_logged_out_is_sent_to_log_in(anonymous_client, street):
    response = anonymous_client.post(tws_url(street), tws_post(HAND_1, 1, uuid.uuid4()), **QUEUED)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert "X-Entry" not in response
    assert not TwsGame.objects.get().hands.exists()


def test_deleting_the_account_deletes_its_keys(client, street, user):
    client.post(tws_url(street), tws_post(HAND_1, 1, uuid.uuid4()), **HTMX)
    assert EntryKey.objects.filter(user=user).exists()
    user.delete()
    assert not EntryKey.objects.exists()


def test_the_same_ruling_saved_twice_from_its_form_is_one_ruling_and_both_are_done(client):
    """A double tap: the form's entry key (drawn with it) and content the same."""
    slug, data = save_post()
    url = reverse("bridge:calculator", args=[slug])
    answers = [client.post(url, data, **QUEUED)["X-Entry"] for _ in range(2)]
    assert answers == ["done", "done"]
    assert Ruling.objects.count() == 1


def test_a_key_stored_before_keys_were_the_games_still_answers_done(client, street, user):
    key = uuid.uuid4()
    EntryKey.objects.create(user=user, sent_to="", key=key)  # as the migration leaves the keys stored before it
    response = client.post(tws_url(street), tws_post(HAND_1, 1, key), **QUEUED)
    assert response["X-Entry"] == "done"
    assert tws_stored(street) == []  # sent before, and recorded then: not again
