"""The task worker, ``manage.py db_worker``: django-tasks-db's own, which it
replaces (the app comes first in INSTALLED_APPS), made to outlive the
database's bad moments and the deaths of other workers.

- A database error never ends it: "database is locked" (a writer holding
  SQLite's lock past the busy timeout) is waited out however long it lasts;
  other errors (a database restarting) are tried again up to
  ``DATABASE_ERRORS_IN_A_ROW`` times in a row, then it exits for its
  supervisor to start it again. Each wait is logged.
- A task still running after ``TASK_TIME_LIMIT`` is stopped and failed. The
  stop is raised in the task wherever it is, as Ctrl-C is (a BaseException,
  which no ``except Exception`` of the code it runs takes for its own), and
  raised again each ``STOP_AGAIN_SECONDS`` while the task still runs (a
  database driver stopped in the middle of a query may lose it). A task
  stopped in the middle of a query is failed on a new connection.
- A task whose worker died (left running ``TASK_TIME_LIMIT`` plus
  ``TASK_GRACE``, or running under this worker's own id when it is between
  tasks: its previous life, or a finish the database refused) is taken up
  again once, and failed the second time. Only one worker takes it up: the
  change is made only if the row is still as it was read.

Tasks are taken by priority, then the one that would be done first had each
started when it was asked (:func:`scorepads.printing.in_turn`: a short sheet
goes before the long renders waiting, and none waits for ever). Several
workers may run at once (each with its own ``--worker-id``): a task is
claimed by one only (django-tasks-db's claim, a row lock, an exclusive
transaction on SQLite).
"""

from __future__ import annotations

import contextlib
import logging
import random
import signal
import threading
import time
from collections.abc import Iterator

from django.conf import settings
from django.db import DatabaseError, close_old_connections, connections
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.management.commands import db_worker
from django_tasks_db.models import DBTaskResult
from django_tasks_db.utils import exclusive_transaction, is_locked_database_exception

from scorepads.printing import in_turn, waiting_with_costs

logger = logging.getLogger("django_tasks_db")  # the logger django-tasks-db's command shows

DATABASE_ERRORS_IN_A_ROW = 30  # other than a lock, before the worker exits
BACKOFF_SECONDS = (0.5, 1, 2, 5)  # the waits after a database error, the last repeated
WAITING_LOOKED_AT = 200  # the first tasks waiting (by priority, then age), among which the turn is decided


#: Once a task is past its time limit, how often the stop is raised again while it still runs.
STOP_AGAIN_SECONDS = 1.0


class TaskTimeLimit(BaseException):
    """A task ran longer than ``TASK_TIME_LIMIT``. Raised wherever the task
    is, as KeyboardInterrupt is, and like it no ``Exception``: the code the
    task runs through never takes it for an error of its own and goes on."""


class Limit:
    """What :func:`time_limit` saw: the stop it raised, once the limit was reached."""

    stop: TaskTimeLimit | None = None


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[Limit]:
    """Raise :class:`TaskTimeLimit` in what runs inside after ``seconds``, and
    again each ``STOP_AGAIN_SECONDS`` until it ends (in the main thread, where
    signals arrive; elsewhere no limit)."""
    limit = Limit()
    if threading.current_thread() is not threading.main_thread():
        yield limit
        return

    def stop(signum, frame):
        limit.stop = TaskTimeLimit(f"still running after {seconds:.0f} s")
        raise limit.stop

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds, STOP_AGAIN_SECONDS)
    try:
        yield limit
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def take_up_again(backend_name: str, worker_id: str) -> None:
    """Tasks whose worker died back to the queue, once (:mod:`this module <scorepads.management.commands.db_worker>`)."""
    given_up = timezone.now() - settings.TASK_TIME_LIMIT - settings.TASK_GRACE
    running = DBTaskResult.objects.running().filter(backend_name=backend_name)
    for row in running.only("id", "started_at", "worker_ids"):
        orphaned = row.worker_ids and row.worker_ids[-1] == worker_id
        if not orphaned and (row.started_at is None or row.started_at >= given_up):
            continue
        as_read = DBTaskResult.objects.filter(pk=row.pk, status=TaskResultStatus.RUNNING, started_at=row.started_at)
        if len(row.worker_ids) < 2:
            if as_read.update(status=TaskResultStatus.READY):
                logger.warning("Task id=%s: its worker stopped before it finished; taken up again", row.pk)
        elif as_read.update(
            status=TaskResultStatus.FAILED,
            finished_at=timezone.now(),
            exception_class_path=f"{__name__}.WorkerDied",
            traceback="Its worker stopped before it finished, twice: given up.",
        ):
            logger.error("Task id=%s: its worker stopped before it finished, twice; given up", row.pk)


class Worker(db_worker.Worker):
    def run(self) -> None:
        logger.info("Starting worker worker_id=%s queues=%s", self.worker_id, ",".join(self.queue_names))
        if self.startup_delay and self.interval:
            time.sleep(random.random())  # noqa: S311 - workers started together do not ask at once
        errors = 0
        while self.running:
            try:
                ran = self.run_one()
                errors = 0
            except DatabaseError as error:
                errors += 1
                self.wait_after(error, errors)
                continue
            if not ran and self.batch:
                logger.info("No more tasks to run for worker_id=%s - exiting gracefully.", self.worker_id)
                return
            if self.max_tasks is not None and self._run_tasks >= self.max_tasks:
                logger.info("Run maximum tasks (%d) on worker=%s - exiting gracefully.", self._run_tasks, self.worker_id)
                return
            if self.running and not ran:
                time.sleep(self.interval)

    def run_one(self) -> bool:
        """Claim and run the next task: whether there was one."""
        close_old_connections()
        take_up_again(self.backend_name, self.worker_id)
        tasks = DBTaskResult.objects.ready().filter(backend_name=self.backend_name)
        if not self.process_all_queues:
            tasks = tasks.filter(queue_name__in=self.queue_names)
        if self.excluded_queue_names:
            tasks = tasks.exclude(queue_name__in=self.excluded_queue_names)
        task_result = None
        waiting = waiting_with_costs(tasks.values_list("id", "priority", "enqueued_at")[:WAITING_LOOKED_AT])
        for task_id in in_turn(waiting):
            with exclusive_transaction(tasks.db):
                task_result = tasks.filter(pk=task_id).get_locked()
                if task_result is not None:
                    task_result.claim(self.worker_id)  # no other worker runs it
                    break
        if task_result is None:
            return False
        limit = None
        try:
            with time_limit(settings.TASK_TIME_LIMIT.total_seconds()) as limit:
                self.run_task(task_result)
        except (TaskTimeLimit, Exception):  # not a Ctrl-C or an exit: those end the worker
            if limit is None or limit.stop is None:
                raise
            self.stopped(task_result, limit.stop)
        close_old_connections()
        return True

    def stopped(self, task_result: DBTaskResult, stop: TaskTimeLimit) -> None:
        """Fail ``task_result``, stopped at its time limit, if it is still
        running: the stop came while its failure was being written, or in the
        middle of a query, which leaves the connection unfit. Outside a
        transaction that connection is closed first, for a new one."""
        connection = connections[DBTaskResult.objects.db]
        if not connection.in_atomic_block:
            connection.close()
        running = DBTaskResult.objects.running().filter(pk=task_result.pk).first()
        if running is not None:
            running.set_failed(stop)
            logger.error("Task id=%s: stopped at its time limit", running.pk)

    def wait_after(self, error: DatabaseError, errors: int) -> None:
        """Wait before trying again after ``error``, the ``errors``-th in a
        row; past ``DATABASE_ERRORS_IN_A_ROW`` that are not a lock, give up."""
        locked = isinstance(error, db_worker.OperationalError) and is_locked_database_exception(error)
        if not locked and errors >= DATABASE_ERRORS_IN_A_ROW:
            logger.error("The database failed %d times in a row (%s): the worker stops", errors, error)
            raise error
        seconds = BACKOFF_SECONDS[min(errors, len(BACKOFF_SECONDS)) - 1]
        logger.warning("The database failed (%s): trying again in %s s", error, seconds)
        time.sleep(seconds)


class Command(db_worker.Command):
    help = "Run the task worker: it outlives database errors and takes up again the tasks of a worker that died"

    def handle(self, *args, **options) -> None:
        # django-tasks-db's handle builds its worker by the module's name for it.
        original = db_worker.Worker
        db_worker.Worker = Worker  # type: ignore[misc]
        try:
            super().handle(*args, **options)
        finally:
            db_worker.Worker = original  # type: ignore[misc]
