"""The migration that puts every ruling saved before books into its
director's book of its date, numbered by id (the order they were saved in)."""

import datetime
import uuid

import pytest

from tests.pad.test_migrations import latest, migrate_to

pytestmark = pytest.mark.django_db(transaction=True)


def test_every_ruling_goes_into_its_directors_book_of_its_date_numbered_by_id(django_user_model):
    ann = django_user_model.objects.create_user("ann")
    ben = django_user_model.objects.create_user("ben")
    day, next_day = datetime.date(2026, 11, 20), datetime.date(2026, 11, 21)
    saved = [(ann, day, 7), (ben, day, 1), (ann, next_day, 3), (ann, day, 12), (ben, day, 2)]
    try:
        apps = migrate_to(("bridge", "0004_ruling_restored_at"))
        Ruling = apps.get_model("bridge", "Ruling")
        keys = {}
        for account, date, board in saved:
            key = uuid.uuid4()
            Ruling.objects.create(
                created_by_id=account.pk, save_key=key, date=date, event="Club", board=board,
                calculation="pairs-weighted", inputs={},
            )
            keys[board] = key
        migrate_to(*latest())
        from bridge.models import Ruling, RulingBook

        books = {
            (book.created_by.username, book.date): (book.last_number, list(book.rulings.order_by("number").values_list("number", "board")))
            for book in RulingBook.objects.all()
        }
        assert books == {
            ("ann", day): (2, [(1, 7), (2, 12)]),
            ("ann", next_day): (1, [(1, 3)]),
            ("ben", day): (2, [(1, 1), (2, 2)]),
        }
        # The key each was saved with is its uid: a download made before restores it once.
        assert {ruling.board: ruling.uid for ruling in Ruling.objects.all()} == keys
    finally:
        migrate_to(*latest())
