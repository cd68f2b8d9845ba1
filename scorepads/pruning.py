"""What the site keeps only for a while, dropped when it is old (``manage.py
prune``, run daily in production): entry keys, the task worker's finished
rows, printed PDFs (:func:`scorepads.printing.prune`), the PDF request counts
of past minutes and expired sessions. Each age is a setting."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from importlib import import_module

from django.conf import settings
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from scorepads import printing
from scorepads.models import EntryKey, PdfRequestCount


@dataclass(frozen=True)
class Pruned:
    """How many rows of each were dropped."""

    entry_keys: int
    task_results: int
    printed_pdfs: int
    request_counts: int

    def __str__(self) -> str:
        return (
            f"Dropped {self.entry_keys} entry keys, {self.task_results} finished tasks, "
            f"{self.printed_pdfs} printed PDFs and {self.request_counts} PDF request counts; "
            "expired sessions are dropped too."
        )


def days_ago(days: int) -> datetime.datetime:
    return timezone.now() - datetime.timedelta(days=days)


def prune() -> Pruned:
    """Drop what is older than its setting says to keep. Each kind is one
    DELETE of its own, committed at once: no lock is held long."""
    now = timezone.now()
    import_module(settings.SESSION_ENGINE).SessionStore.clear_expired()
    return Pruned(
        entry_keys=EntryKey.objects.filter(stored_at__lt=days_ago(settings.ENTRY_KEY_KEEP_DAYS)).delete()[0],
        task_results=DBTaskResult.objects.finished()
        .filter(finished_at__lt=days_ago(settings.TASK_RESULT_KEEP_DAYS))
        .delete()[0],
        printed_pdfs=printing.prune(),
        request_counts=PdfRequestCount.objects.filter(window__lt=now - datetime.timedelta(minutes=1)).delete()[0],
    )
