"""``manage.py prune`` drops what the site keeps only for a while, each after
the days its setting says, and keeps what is younger."""

import datetime
import io
import uuid

from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from scorepads.models import EntryKey, PdfRequestCount, PrintedPdf


def aged(queryset, field, days):
    queryset.update(**{field: timezone.now() - datetime.timedelta(days=days)})


def task_row(status, finished_days_ago):
    finished = timezone.now() - datetime.timedelta(days=finished_days_ago) if finished_days_ago is not None else None
    return DBTaskResult.objects.create(
        status=status,
        args_kwargs={"args": [], "kwargs": {}},
        task_path="scorepads.printing.render_pdf",
        backend_name="default",
        run_after=timezone.now(),
        finished_at=finished,
    )


def test_prune_drops_what_is_older_than_its_setting_and_keeps_the_rest(user, settings):
    settings.ENTRY_KEY_KEEP_DAYS, settings.TASK_RESULT_KEEP_DAYS, settings.PDF_KEEP_DAYS = 30, 7, 7
    old_key, young_key = (EntryKey.objects.create(user=user, sent_to="g", key=uuid.uuid4()) for _ in range(2))
    aged(EntryKey.objects.filter(pk=old_key.pk), "stored_at", 31)
    aged(EntryKey.objects.filter(pk=young_key.pk), "stored_at", 29)
    task_row("SUCCESSFUL", 8), task_row("FAILED", 8)
    young_done = task_row("SUCCESSFUL", 6)
    waiting = task_row("READY", None)
    aged(DBTaskResult.objects.filter(pk=waiting.pk), "enqueued_at", 30)  # never finished: left to the worker
    old_pdf = PrintedPdf.objects.create(key="old", requester="user:1", path="/a.pdf", content=b"%PDF-")
    PrintedPdf.objects.create(key="young", requester="user:1", path="/b.pdf", content=b"%PDF-")
    aged(PrintedPdf.objects.filter(pk=old_pdf.pk), "requested_at", 8)
    now = timezone.now().replace(second=0, microsecond=0)
    PdfRequestCount.objects.create(requester="user:1", window=now - datetime.timedelta(minutes=5), count=3)
    PdfRequestCount.objects.create(requester="user:1", window=now, count=3)
    expired = SessionStore()
    expired.set_expiry(-60)
    expired.create()
    live = SessionStore()
    live.create()

    said = io.StringIO()
    call_command("prune", stdout=said)
    assert said.getvalue().startswith("Dropped 1 entry keys, 2 finished tasks, 1 printed PDFs and 1 PDF request counts")
    assert list(EntryKey.objects.all()) == [young_key]
    assert set(DBTaskResult.objects.values_list("pk", flat=True)) == {young_done.pk, waiting.pk}
    assert list(PrintedPdf.objects.values_list("key", flat=True)) == ["young"]
    assert list(PdfRequestCount.objects.values_list("window", flat=True)) == [now]
    assert list(Session.objects.values_list("session_key", flat=True)) == [live.session_key]
