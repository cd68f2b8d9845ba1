"""The director's book of the day's rulings at the kit's table: each ruling
the next numbered entry of the book of its date, recorded once, undone and
put back, changed and deleted, each raising the book's revision; its page
polled, patched and kept from strangers."""

import datetime
import io
import json
import uuid
import zipfile

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bridge import calculator, exports, services
from bridge.models import Ruling, RulingBook
from scorepads import restore
from scorepads.models import RestoreJob
from tests.bridge.test_calculator import EXAMPLES
from tests.bridge.test_pages import calculator_url, save_post

HTMX = {"HTTP_HX_REQUEST": "true"}
DAY = datetime.date(2026, 11, 20)


def saved(client, *, board=7, date="2026-11-20", **extra):
    """A ruling saved from the calculator, with a key of its own: the answer."""
    slug, data = save_post(board=str(board), date=date, **extra)
    return client.post(calculator_url(slug), data)


def recorded(user, *, board=7, date=DAY, event="Club pairs") -> Ruling:
    slug, inputs = EXAMPLES["example 1"]
    return services.ruling_record(
        user=user, calculation=calculator.CALCULATIONS[slug], inputs=inputs, vulnerability="",
        event=event, board=board, date=date, note="",
    )


def numbers(book) -> list[tuple[int, int]]:
    return list(book.rulings.order_by("number").values_list("number", "board"))


def book_url(book) -> str:
    return reverse("bridge:book", args=[book.pk])


def test_rulings_are_numbered_in_the_order_saved_in_one_book_a_day(client, user):
    for board in (7, 3, 12):
        assert saved(client, board=board).status_code == 302
    assert saved(client, board=5, date="2026-11-21").status_code == 302
    day, next_day = RulingBook.objects.order_by("date")
    assert (day.created_by, day.date, next_day.date) == (user, DAY, datetime.date(2026, 11, 21))
    assert numbers(day) == [(1, 7), (2, 3), (3, 12)]
    assert numbers(next_day) == [(1, 5)]
    assert (day.last_number, day.revision) == (3, 3)  # each ruling raised it
    page = client.get(book_url(day)).content.decode()
    for number in (1, 2, 3):
        assert f'<span class="game-date ruling-number">Ruling {number}</span>' in page
    assert "Rulings, Friday 20 November 2026 · 3 rulings" in page  # the status line on top


def test_the_same_key_sent_twice_records_one_ruling_and_both_are_done(client):
    slug, data = save_post()
    answers = [client.post(calculator_url(slug), data) for _ in range(2)]
    assert [answer["X-Entry"] for answer in answers] == ["done", "done"]
    assert Ruling.objects.count() == 1 and RulingBook.objects.get().revision == 1


def test_undo_takes_back_the_newest_ruling_and_redo_puts_it_back_with_its_number(client, user):
    first, second = recorded(user, board=7), recorded(user, board=8)
    book = RulingBook.objects.get()
    undo = reverse("bridge:hand_undo", args=[book.pk])
    # A stale Undo (the phone showed ruling 1 as the newest) undoes nothing.
    page = client.post(undo, {"number": 1}, follow=True).content.decode()
    assert "Nothing was undone: ruling 1 is no longer the last ruling: the last is ruling 2." in page
    assert numbers(book) == [(1, 7), (2, 8)]
    client.post(undo, {"number": 2})
    book.refresh_from_db()
    assert numbers(book) == [(1, 7)] and (book.last_number, book.revision) == (1, 3)
    page = client.get(book_url(book)).content.decode()
    assert "Ruling 2 · \u2068Club pairs\u2069, board 8 undone" in page
    assert f'action="{reverse("bridge:hand_redo", args=[book.pk])}"' in page  # Redo, beside the toast
    client.post(reverse("bridge:hand_redo", args=[book.pk]), {"number": 2})
    book.refresh_from_db()
    assert numbers(book) == [(1, 7), (2, 8)] and book.revision == 4
    back = book.rulings.get(number=2)
    assert back.uid == second.uid and back.pk != second.pk and first.number == 1
    assert "Ruling 2 · \u2068Club pairs\u2069, board 8 put back" in client.get(book_url(book)).content.decode()


def test_a_ruling_saved_after_an_undo_takes_its_number_and_redo_is_no_longer_offered(client, user):
    recorded(user, board=7), recorded(user, board=8)
    book = RulingBook.objects.get()
    client.post(reverse("bridge:hand_undo", args=[book.pk]), {"number": 2})
    saved(client, board=9)
    assert numbers(book) == [(1, 7), (2, 9)]
    client.post(reverse("bridge:hand_redo", args=[book.pk]), {"number": 2})
    assert numbers(book) == [(1, 7), (2, 9)]


def test_undo_answers_htmx_with_what_changed(client, user):
    recorded(user, board=7), recorded(user, board=8)
    book = RulingBook.objects.get()
    answer = client.post(
        reverse("bridge:hand_undo", args=[book.pk]), {"number": 2}, **HTMX, headers={"X-Pad-Shown": str(book.revision)}
    )
    book.refresh_from_db()
    assert answer["X-Pad-Patch"] == f"{book.revision - 1} {book.revision}"
    assert answer["X-Pad-Version"] == str(book.revision)
    content = answer.content.decode()
    assert '<i id="ruling-2" hx-swap-oob="delete"></i>' in content
    assert 'id="ruling-1"' not in content  # ruling 1 stays as it is on the phone
    assert "Ruling 2 · \u2068Club pairs\u2069, board 8 undone" in content


def test_a_tap_on_a_book_a_restore_is_writing_into_shows_nothing_it_has_not_finished(client, user):
    """A ruling a restore is still writing into the book is seen nowhere until
    it is done: not on the page a tap's answer draws from what the service read."""
    hidden = recorded(user, board=9)
    job = RestoreJob.objects.create(user=user, archive=b"")
    Ruling.objects.filter(pk=hidden.pk).update(restoring=job)
    recorded(user, board=8)
    book = RulingBook.objects.get()
    answer = client.post(reverse("bridge:hand_undo", args=[book.pk]), {"number": 2}, **HTMX)  # answered whole
    content = answer.content.decode()
    assert "board 8 undone" in content
    assert "board 9" not in content
    assert numbers(book) == [(1, 9)]


def test_a_change_keeps_the_number_and_raises_the_revision(client, user):
    recorded(user, board=7), recorded(user, board=8)
    book = RulingBook.objects.get()
    before = book.rulings.get(number=1)
    url = reverse("bridge:hand_change", args=[book.pk, 1])
    page = client.get(url).content.decode()
    assert "Change ruling 1" in page and 'value="Club pairs"' in page and 'value="7"' in page
    assert "+110 x5, +50 x3, -50 x2, -110 x2</textarea>" in page  # the board, filled
    _, data = save_post(board="17", event="Club teams")
    response = client.post(url, data)
    assert response.status_code == 302 and response["Location"] == f"{book_url(book)}#ruling-1"
    book.refresh_from_db()
    changed = book.rulings.get(number=1)
    assert (changed.pk, changed.uid, changed.created_at) == (before.pk, before.uid, before.created_at)
    assert (changed.board, changed.event) == (17, "Club teams")
    assert numbers(book) == [(1, 17), (2, 8)] and book.revision == 3
    assert "Ruling 1 · \u2068Club teams\u2069, board 17 changed" in client.get(book_url(book)).content.decode()


def test_a_change_to_another_date_is_refused_naming_the_books(client, user):
    recorded(user)
    book = RulingBook.objects.get()
    _, data = save_post(date="2026-11-21", board="9")
    response = client.post(reverse("bridge:hand_change", args=[book.pk, 1]), data)
    assert response.status_code == 400
    assert "Ruling 1 is in the rulings of 2026-11-20, and stays there" in response.content.decode()
    assert numbers(book) == [(1, 7)] and RulingBook.objects.count() == 1


def test_deleting_leaves_a_gap_that_is_never_filled_and_raises_the_revision(client, user):
    recorded(user, board=7), recorded(user, board=8), recorded(user, board=9)
    book = RulingBook.objects.get()
    for number in (2, 3):
        client.post(reverse("bridge:ruling_delete", args=[book.rulings.get(number=number).pk]))
    book.refresh_from_db()
    assert numbers(book) == [(1, 7)] and book.revision == 5
    # The newest was deleted: there is nothing to undo, and the next ruling is ruling 4.
    page = client.get(book_url(book)).content.decode()
    assert 'id="undo-last"' not in page
    client.post(reverse("bridge:hand_undo", args=[book.pk]), {"number": 1})
    assert numbers(book) == [(1, 7)]
    saved(client, board=10)
    assert numbers(book) == [(1, 7), (4, 10)]


def test_a_poll_with_the_current_version_is_sent_nothing(client, user):
    recorded(user)
    book = RulingBook.objects.get()
    assert client.get(book_url(book), {"version": book.revision}, **HTMX).status_code == 204
    polled = client.get(book_url(book), {"version": book.revision - 1}, **HTMX)
    assert polled.status_code == 200 and polled["X-Pad-Version"] == str(book.revision)


def test_a_strangers_book_is_no_book(user, stranger_client):
    recorded(user)
    book = RulingBook.objects.get()
    assert stranger_client.get(book_url(book)).status_code == 404
    assert stranger_client.get(book_url(book), {"version": 0}, **HTMX).status_code == 404
    assert stranger_client.get(reverse("bridge:hand_change", args=[book.pk, 1])).status_code == 404
    for tap in ("hand_undo", "hand_redo"):
        assert stranger_client.post(reverse(f"bridge:{tap}", args=[book.pk]), {"number": 1}).status_code == 404
    _, data = save_post(board="9")
    assert stranger_client.post(reverse("bridge:hand_change", args=[book.pk, 1]), data).status_code == 404
    assert numbers(book) == [(1, 7)]


def test_the_days_limit_counts_rulings_in_every_book(client, user, settings):
    settings.BRIDGE_RULINGS_PER_DAY = 2
    assert saved(client, board=1).status_code == 302
    assert saved(client, board=2, date="2026-11-21").status_code == 302
    refused = saved(client, board=3, date="2026-11-22")
    assert refused.status_code == 400
    assert "You have saved 2 rulings today" in refused.content.decode()
    assert Ruling.objects.count() == 2 and RulingBook.objects.count() == 2  # no empty book either


def test_the_home_page_lists_the_books(client, user):
    recorded(user), recorded(user, board=8)
    book = RulingBook.objects.get()
    page = client.get(reverse("bridge:calculator_home")).content.decode()
    assert f'href="{book_url(book)}"' in page and "Rulings, Friday 20 November 2026" in page and "2 rulings" in page


def test_the_ruling_page_offers_its_change(client, user):
    ruling = recorded(user)
    page = client.get(reverse("bridge:ruling", args=[ruling.pk])).content.decode()
    assert f'href="{reverse("bridge:hand_change", args=[ruling.book.pk, 1])}"' in page
    assert "Calculate again from this board" in page


def archive_of(rulings: list[dict]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("bridge.json", json.dumps({"format": exports.FORMAT, "rulings": rulings}))
    return out.getvalue()


def test_a_restored_ruling_goes_into_its_book_with_the_next_number_and_twice_is_once(client, user):
    recorded(user, board=7)
    other = recorded(user, board=8, date=datetime.date(2026, 11, 21))
    document = exports.document_ruling(other) | {"uid": str(uuid.uuid4()), "date": "2026-11-20", "board": 9}
    for _ in range(2):
        job = restore.restore_start(user=user, file=io.BytesIO(archive_of([document])), kinds=[exports_kind()])
        restore.restore_replay.call(job.pk)
    book = RulingBook.objects.get(date=DAY)
    assert numbers(book) == [(1, 7), (2, 9)]
    assert book.rulings.get(number=2).uid == uuid.UUID(document["uid"])


def test_an_open_book_brings_the_rulings_a_restore_adds_once_it_is_done(client, user, monkeypatch):
    """A restore into a book already shown: the page polled while the restore
    wrote (its rulings hidden) is brought the restored ruling once it is done."""
    book = recorded(user, board=7).book
    document = exports.document_ruling(recorded(user, board=8)) | {"uid": str(uuid.uuid4()), "board": 9}
    shown_while_written = []
    done = restore.restore_done

    def polled_then_done(job):
        shown_while_written.append(RulingBook.objects.get(pk=book.pk).revision)
        done(job)

    monkeypatch.setattr(restore, "restore_done", polled_then_done)
    job = restore.restore_start(user=user, file=io.BytesIO(archive_of([document])), kinds=[exports_kind()])
    restore.restore_replay.call(job.pk)
    client.force_login(user)
    polled = client.get(book_url(book), {"version": shown_while_written[0]}, HTTP_HX_REQUEST="true")
    assert polled.status_code == 200
    assert "board 9" in polled.content.decode()


def exports_kind():
    from scorepads import registry

    return registry.kind("bridge")


def test_a_restore_that_fails_leaves_no_book_it_made(user):
    document = {**exports.document_ruling(recorded(user)), "uid": str(uuid.uuid4()), "date": "2026-12-01"}
    broken = {**document, "uid": str(uuid.uuid4()), "inputs": {"field": "+115", "weights": "+110 1"}}
    job = restore.restore_start(user=user, file=io.BytesIO(archive_of([document, broken])), kinds=[exports_kind()])
    restore.restore_replay.call(job.pk)
    job.refresh_from_db()
    assert job.state == "failed"
    assert list(RulingBook.objects.values_list("date", flat=True)) == [DAY]


@pytest.mark.parametrize("rulings", [1, 8])
def test_recording_and_undoing_a_ruling_costs_the_same_queries_however_full_the_book(client, user, rulings):
    for board in range(1, rulings + 1):
        recorded(user, board=board)
    book = RulingBook.objects.get()
    slug, data = save_post(board="99")
    with CaptureQueriesContext(connection) as record:
        client.post(calculator_url(slug), data)
    book.refresh_from_db()
    with CaptureQueriesContext(connection) as undo:
        client.post(
            reverse("bridge:hand_undo", args=[book.pk]), {"number": rulings + 1},
            **HTMX, headers={"X-Pad-Shown": str(book.revision)},
        )
    assert numbers(book)[-1] == (rulings, rulings)
    # Recording: the user, the key looked up, the savepoint, the account's row
    # locked and its rulings of the day counted, the book read under its lock
    # and its rulings, the ruling and its key stored, the revision raised, the
    # savepoint's release, the key looked up again (committed only after the test).
    # Undoing: the user, the savepoint, the book read under its lock and its
    # rulings, the ruling deleted, the revision raised, the release, and the
    # session keeping the ruling for Redo (its savepoint, its update, the release).
    assert (len(record.captured_queries), len(undo.captured_queries)) == (12, 10)


@pytest.mark.parametrize("rulings", [1, 8])
def test_the_books_page_costs_the_same_queries_however_full(client, user, rulings, django_assert_num_queries):
    for board in range(1, rulings + 1):
        recorded(user, board=board)
    book = RulingBook.objects.get()
    with django_assert_num_queries(3):  # the user, the book, its rulings
        page = client.get(book_url(book)).content.decode()
    assert page.count('class="game-row"') == rulings
