"""The director's book of each day's rulings; each ruling gets its book and
its number (filled by 0006), and its uid (the key it was saved with)."""

import uuid

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("bridge", "0004_ruling_restored_at"),
        ("scorepads", "0007_printedpdf_cost"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="RulingBook",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
                ("share_token", models.CharField(blank=True, default="", editable=False, max_length=64)),
                ("revision", models.PositiveIntegerField(default=0, editable=False)),
                ("uid", models.UUIDField(db_index=True, default=uuid.uuid4, editable=False)),
                ("restored_at", models.DateTimeField(blank=True, editable=False, null=True)),
                ("date", models.DateField()),
                ("last_number", models.PositiveIntegerField(default=0, editable=False)),
                (
                    "changed_by",
                    models.ForeignKey(
                        blank=True, editable=False, null=True, on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+", to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "created_by",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="bridge_ruling_books",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "restored_by",
                    models.ForeignKey(
                        blank=True, editable=False, null=True, on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+", to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "restoring",
                    models.ForeignKey(
                        blank=True, editable=False, null=True, on_delete=django.db.models.deletion.CASCADE,
                        related_name="+", to="scorepads.restorejob",
                    ),
                ),
            ],
            options={"ordering": ["-date", "-id"], "abstract": False},
        ),
        migrations.AddConstraint(
            model_name="rulingbook",
            constraint=models.UniqueConstraint(
                condition=models.Q(("share_token", ""), _negated=True), fields=("share_token",),
                name="bridge_rulingbook_share_token_unique",
            ),
        ),
        migrations.AddConstraint(
            model_name="rulingbook",
            constraint=models.UniqueConstraint(fields=("restored_by", "uid"), name="bridge_rulingbook_restored_once"),
        ),
        migrations.AddConstraint(
            model_name="rulingbook",
            constraint=models.UniqueConstraint(fields=("created_by", "date"), name="bridge_rulingbook_one_a_day"),
        ),
        migrations.RemoveConstraint(model_name="ruling", name="bridge_ruling_saved_once"),
        migrations.RenameField(model_name="ruling", old_name="save_key", new_name="uid"),
        migrations.AddField(
            model_name="ruling",
            name="book",
            field=models.ForeignKey(
                null=True, on_delete=django.db.models.deletion.CASCADE, related_name="rulings", to="bridge.rulingbook"
            ),
        ),
        migrations.AddField(model_name="ruling", name="number", field=models.PositiveIntegerField(null=True)),
    ]
