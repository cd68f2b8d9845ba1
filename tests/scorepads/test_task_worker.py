"""The task worker (scorepads/management/commands/db_worker.py): it outlives a
held database lock, and takes up again, once, a task whose worker died."""

import logging
import signal
import threading
import time

import pytest
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from scorepads.management.commands import db_worker
from scorepads.models import PdfRequestCount, PrintedPdf
from tests.scorepads.test_printing import queued, sheet_url, street_game  # noqa: F401 - a fixture

WAITED = "The database failed"


class Signal(logging.Handler):
    """Sets ``event`` when the worker logs a message starting with ``start``."""

    def __init__(self, start: str, event: threading.Event):
        super().__init__()
        self.start, self.event = start, event

    def emit(self, record):
        if record.getMessage().startswith(self.start):
            self.event.set()


@pytest.fixture
def quick_backoff(monkeypatch):
    monkeypatch.setattr(db_worker, "BACKOFF_SECONDS", (0.01,))


def hold_write_lock(held: threading.Event, release: threading.Event, failures: list) -> None:
    """Another connection's write transaction, held until ``release``."""
    try:
        with transaction.atomic():
            PdfRequestCount.objects.create(requester="holder", window=timezone.now())
            held.set()
            release.wait(timeout=60)
    except Exception as error:  # shown by the test
        failures.append(error)
        held.set()
    finally:
        connection.close()


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's write lock")
def test_the_worker_waits_out_a_held_write_lock_and_runs_its_task(client, user, queued, quick_backoff):  # noqa: F811
    game = street_game(user)
    assert client.get(sheet_url(game)).status_code == 202
    held, waited, failures = threading.Event(), threading.Event(), []
    handler = Signal(WAITED, waited)
    logging.getLogger("django_tasks_db").addHandler(handler)
    holder = threading.Thread(target=hold_write_lock, args=(held, waited, failures))
    try:
        holder.start()
        held.wait(timeout=60)
        assert not failures
        # Until the queue is empty: it did not stop on the lock. Its warnings shown (verbosity 1).
        call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=1)
        met_the_lock = waited.is_set()
    finally:
        waited.set()
        holder.join()
        logging.getLogger("django_tasks_db").removeHandler(handler)
    assert not failures and met_the_lock
    assert DBTaskResult.objects.get().status == "SUCCESSFUL"
    assert client.get(sheet_url(game)).content.startswith(b"%PDF-")


def stalled(task, worker_ids, settings, *, minutes_over=1):
    """``task`` left running by the workers ``worker_ids`` (the last one died),
    ``minutes_over`` minutes past the time a worker is given."""
    started = timezone.now() - settings.TASK_TIME_LIMIT - settings.TASK_GRACE - timezone.timedelta(minutes=minutes_over)
    DBTaskResult.objects.filter(pk=task.pk).update(status="RUNNING", started_at=started, worker_ids=worker_ids)


def test_a_render_whose_worker_died_is_taken_up_again_once(client, user, queued, settings):  # noqa: F811
    game = street_game(user)
    client.get(sheet_url(game))
    task = DBTaskResult.objects.get()
    stalled(task, ["gone"], settings)
    assert client.get(sheet_url(game)).status_code == 202  # still being prepared: not asked for again
    assert DBTaskResult.objects.count() == 1
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", "--worker-id", "next", verbosity=0)
    task.refresh_from_db()
    assert task.status == "SUCCESSFUL" and task.worker_ids == ["gone", "next"]
    assert client.get(sheet_url(game)).content.startswith(b"%PDF-")


def test_a_render_whose_worker_died_twice_is_given_up_and_said_so(client, user, queued, settings):  # noqa: F811
    game = street_game(user)
    client.get(sheet_url(game))
    task = DBTaskResult.objects.get()
    stalled(task, ["gone", "gone too"], settings)
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    task.refresh_from_db()
    assert task.status == "FAILED" and task.worker_ids == ["gone", "gone too"]  # not run a third time
    assert PrintedPdf.objects.get().content is None
    failed = client.get(sheet_url(game))
    assert failed.status_code == 500 and "could not be prepared" in failed.content.decode()
    assert client.get(sheet_url(game)).status_code == 202  # asking again asks the worker again
    assert DBTaskResult.objects.filter(status="READY").count() == 1


def test_a_render_another_worker_runs_is_not_taken_up(client, user, queued, settings):  # noqa: F811
    game = street_game(user)
    client.get(sheet_url(game))
    task = DBTaskResult.objects.get()
    stalled(task, ["busy"], settings, minutes_over=-1)  # within its time: the other worker may be rendering it
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    task.refresh_from_db()
    assert task.status == "RUNNING" and task.worker_ids == ["busy"]
    assert PrintedPdf.objects.get().content is None


def test_a_worker_started_again_takes_up_what_it_left_at_once(client, user, queued, settings):  # noqa: F811
    game = street_game(user)
    client.get(sheet_url(game))
    task = DBTaskResult.objects.get()
    stalled(task, ["print-1"], settings, minutes_over=-5)  # killed a minute ago, under the same id
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", "--worker-id", "print-1", verbosity=0)
    task.refresh_from_db()
    assert task.status == "SUCCESSFUL" and task.worker_ids == ["print-1", "print-1"]
    assert client.get(sheet_url(game)).content.startswith(b"%PDF-")


def reach_the_limit_now():
    """Bring the running task's time limit to now: the worker's timer (set
    for TASK_TIME_LIMIT, far off) goes off in a millisecond, while the render
    runs and no query is under way, and then again as the worker set it to."""
    _, again = signal.getitimer(signal.ITIMER_REAL)
    signal.setitimer(signal.ITIMER_REAL, 0.001, again)


def test_a_time_limit_stops_what_runs_past_it():
    started = time.monotonic()
    with pytest.raises(db_worker.TaskTimeLimit), db_worker.time_limit(0.05) as limit:
        threading.Event().wait(timeout=30)
    assert limit.stop is not None and time.monotonic() - started < 30
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)  # no stop left to come


def test_a_task_past_its_time_limit_is_stopped(client, user, queued, settings, monkeypatch):  # noqa: F811
    game = street_game(user)
    client.get(sheet_url(game))
    never_ends = threading.Event()

    def render(*args):
        reach_the_limit_now()
        never_ends.wait(timeout=60)

    monkeypatch.setattr("two_way_street.pdf.render_sheet", render)
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    task = DBTaskResult.objects.get()
    assert task.status == "FAILED" and task.exception_class_path.endswith("TaskTimeLimit")
    assert not never_ends.is_set()


def test_a_stop_the_task_swallows_is_raised_again(client, user, queued, monkeypatch):  # noqa: F811
    game = street_game(user)
    client.get(sheet_url(game))
    monkeypatch.setattr(db_worker, "STOP_AGAIN_SECONDS", 0.05)
    stops_swallowed = []

    def render(*args):
        reach_the_limit_now()
        try:
            threading.Event().wait(timeout=60)
        except BaseException as stop:  # as code stopped in a database driver may
            stops_swallowed.append(stop)
        threading.Event().wait(timeout=20)

    monkeypatch.setattr("two_way_street.pdf.render_sheet", render)
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    task = DBTaskResult.objects.get()
    assert len(stops_swallowed) == 1
    assert task.status == "FAILED" and task.exception_class_path.endswith("TaskTimeLimit")


def test_a_task_stopped_while_its_failure_is_written_is_failed_all_the_same(client, user, queued, monkeypatch):  # noqa: F811
    game = street_game(user)
    client.get(sheet_url(game))
    renders = []

    def render(*args):
        renders.append(args)
        reach_the_limit_now()
        threading.Event().wait(timeout=60)

    monkeypatch.setattr("two_way_street.pdf.render_sheet", render)
    set_failed = DBTaskResult.set_failed
    writes = []

    def cut_short_once(self, error):
        writes.append(type(error).__name__)
        if len(writes) == 1:  # the stop came in the middle of the write's query
            raise DatabaseError("the connection was left in the middle of a query")
        set_failed(self, error)

    monkeypatch.setattr(DBTaskResult, "set_failed", cut_short_once)
    call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    task = DBTaskResult.objects.get()
    assert writes == ["TaskTimeLimit", "TaskTimeLimit"] and len(renders) == 1  # failed, not rendered again
    assert task.status == "FAILED" and task.exception_class_path.endswith("TaskTimeLimit")
