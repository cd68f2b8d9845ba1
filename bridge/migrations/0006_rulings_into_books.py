"""Every ruling into its director's book of its date, numbered 1, 2, ... by id
(the order they were saved in)."""

from django.db import migrations


def into_books(apps, schema_editor):
    Ruling = apps.get_model("bridge", "Ruling")
    RulingBook = apps.get_model("bridge", "RulingBook")
    books: dict[tuple[int, object], object] = {}
    for ruling in Ruling.objects.order_by("id").iterator():
        key = (ruling.created_by_id, ruling.date)
        book = books.get(key)
        if book is None:
            book = books[key] = RulingBook.objects.create(created_by_id=ruling.created_by_id, date=ruling.date)
        book.last_number += 1
        Ruling.objects.filter(pk=ruling.pk).update(book=book, number=book.last_number)
    for book in books.values():
        RulingBook.objects.filter(pk=book.pk).update(last_number=book.last_number)


class Migration(migrations.Migration):

    dependencies = [("bridge", "0005_ruling_books")]

    operations = [migrations.RunPython(into_books, migrations.RunPython.noop)]
