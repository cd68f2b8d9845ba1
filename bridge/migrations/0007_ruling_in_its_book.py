"""A ruling's account and date are its book's, kept there alone; its number is
unique in its book, and so is its uid."""

import uuid

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("bridge", "0006_rulings_into_books"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterModelOptions(name="ruling", options={"ordering": ["book", "number"]}),
        migrations.RemoveIndex(model_name="ruling", name="bridge_ruling_date_id"),
        migrations.RemoveField(model_name="ruling", name="created_by"),
        migrations.RemoveField(model_name="ruling", name="date"),
        migrations.AlterField(
            model_name="ruling",
            name="book",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE, related_name="rulings", to="bridge.rulingbook"
            ),
        ),
        migrations.AlterField(model_name="ruling", name="number", field=models.PositiveIntegerField()),
        migrations.AlterField(
            model_name="ruling", name="uid", field=models.UUIDField(default=uuid.uuid4, editable=False)
        ),
        migrations.AddConstraint(
            model_name="ruling",
            constraint=models.UniqueConstraint(fields=("book", "number"), name="bridge_ruling_unique_number_per_book"),
        ),
        migrations.AddConstraint(
            model_name="ruling",
            constraint=models.CheckConstraint(condition=models.Q(("number__gte", 1)), name="bridge_ruling_number_positive"),
        ),
        migrations.AddConstraint(
            model_name="ruling",
            constraint=models.UniqueConstraint(fields=("book", "uid"), name="bridge_ruling_uid_once_per_book"),
        ),
    ]
