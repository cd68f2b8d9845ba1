"""Printed PDFs: kept in the database for every worker, and rendered outside
the request workers when they are long.

Every PDF address goes through :func:`scorepads.views.printed`, which asks
this module. A PDF is stored under a key that names everything it shows (a
game's id and revision, the page size ...), so any worker serves what another
rendered, and a change to a game (a new revision) is a new PDF. A PDF longer
than ``PDF_CELLS_IN_REQUEST`` cells (:func:`print_cost`, its tables' cells and
its text; :func:`renders_in_request`, the one rule)
is rendered by the task worker (``manage.py db_worker``): the request stores a
row without content and enqueues :func:`render_pdf`, which asks the same
address again, as the same account, inside the worker, where
:func:`scorepads.views.printed` renders and stores it. Asking the address again
then gives the PDF.

The limits, per requester (an account, or the address of a shared pad's
visitor): ``PDF_REQUESTS_PER_MINUTE`` requests to PDF addresses, ``PDF_RENDERS_PER_HOUR``
renders an hour, and one render in the worker at a time. A refusal writes nothing.

The queue is fair: a document has one render at most, waiting or under way
(asking again, from any tab or worker, joins it for as long as its task waits
or runs, however long that is), and the worker takes first the render that
would be done first had each started when it was asked (:func:`in_turn`, by
the cost the request estimated), so a few accounts printing their longest PDFs
one after another do not hold up another's sheet by more than the render under
way, and a long render gives way only to shorter ones asked within its own
length after it: none waits for ever. A render whose worker died is taken up
again once by the worker (``scorepads/management/commands/db_worker.py``),
never by two at once.
"""

from __future__ import annotations

import datetime
import hashlib
import logging
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from typing import cast
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.db import IntegrityError, transaction
from django.db.models import F, OuterRef, Q, Subquery
from django.http import Http404
from django.test import RequestFactory
from django.urls import resolve
from django.utils import timezone
from django_htmx.middleware import HtmxDetails
from django_tasks import TaskResultStatus, task
from django_tasks_db.models import DBTaskResult

from gorilla_site.middleware import client_ip
from scorepads.models import PdfRequestCount, PrintedPdf
from scorepads.recording import lock_account
from scorepads.requests import HtmxHttpRequest

logger = logging.getLogger(__name__)

# The attributes of a request that the task worker makes to render a PDF:
# whom for, and the key it was asked for under.
IN_WORKER = "printing_in_worker"
ASKED_KEY = "printing_asked_key"


#: Characters of printed text (names, notes) that cost as much to set as one
#: cell of a table (bench/notes_cost.py measures a pad's notes against it).
CHARACTERS_PER_CELL = 20

#: The cells (:func:`print_cost`) the task worker renders in about a second,
#: the costliest sheet's rate that gorilla_site/settings.py notes beside
#: PDF_CELLS_IN_REQUEST: what turns a document's cost into the time the
#: worker's order weighs it by (:func:`in_turn`).
CELLS_PER_SECOND = 100


def print_cost(*, cells: int, text: Iterable[str] = ()) -> int:
    """What a document costs to print, in cells: its tables' cells (rows times
    columns) and everything it prints as text beside them (names, notes), each
    ``CHARACTERS_PER_CELL`` characters a cell. Every PDF address gives this
    estimate, and :func:`renders_in_request` judges it."""
    return cells + sum(len(part) for part in text) // CHARACTERS_PER_CELL


def renders_in_request(cost: int) -> bool:
    """Whether a PDF that costs ``cost`` (:func:`print_cost`) is cheap enough
    to render in the request; else the task worker renders it."""
    return cost <= settings.PDF_CELLS_IN_REQUEST


def digest(*parts) -> str:
    """A short key for what a document shows when no revision names it (a
    blank pad's names and date, a season's statistics): a hash of the parts' repr."""
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:40]


def requester_of(request) -> str:
    """Whom the limits count a request against: the account, else the address."""
    if request.user.is_authenticated:
        return f"user:{request.user.pk}"
    return f"ip:{client_ip(request)}"


def in_worker(request) -> str:
    """The requester a PDF is rendered for, when the task worker asks; else ""."""
    return getattr(request, IN_WORKER, "")


def too_many_requests(request) -> bool:
    """Whether the requester has made ``PDF_REQUESTS_PER_MINUTE`` requests to
    PDF addresses this minute; when not, this one is counted."""
    requester = requester_of(request)
    window = timezone.now().replace(second=0, microsecond=0)
    counts = PdfRequestCount.objects.filter(requester=requester, window=window)
    made = counts.values_list("count", flat=True).first()
    if (made or 0) >= settings.PDF_REQUESTS_PER_MINUTE:
        return True
    if made is None:
        try:
            with transaction.atomic():
                PdfRequestCount.objects.create(requester=requester, window=window, count=1)
            PdfRequestCount.objects.filter(requester=requester, window__lt=window).delete()
            return False
        except IntegrityError:
            pass  # another request of the same minute counted first
    counts.update(count=F("count") + 1)
    return False


def prepared_elsewhere(request, key: str) -> bool:
    """Whether the task worker's request need not render the PDF under
    ``key``: it is stored already (a render taken up again after its worker
    died had finished it), or, the document having changed since it was asked
    for, its new key is being prepared by a render of its own."""
    rows = PrintedPdf.objects.filter(key=key)
    if getattr(request, ASKED_KEY, key) != key:
        return rows.exists()
    return rows.filter(content__isnull=False).exists()


@dataclass(frozen=True)
class Stored:
    """A PDF as the store has it: ``content`` when ready, else being prepared
    (``failed`` when the worker could not render it)."""

    content: bytes | None
    failed: bool


def stored(key: str) -> Stored | None:
    """The PDF stored under ``key``: None when there is none, or when its
    render was given up (:func:`preparing`); ``failed`` when its task failed."""
    rows = with_task_status(PrintedPdf.objects.filter(key=key))
    row = rows.values("content", "failed", "task", "task_status", "requested_at").first()
    if row is None:
        return None
    if row["content"] is not None:
        return Stored(bytes(row["content"]), False)
    if row["failed"] or row["task_status"] == TaskResultStatus.FAILED:
        return Stored(None, True)
    if not preparing(row["task"], row["task_status"], row["requested_at"]):
        return None
    return Stored(None, False)


LIVE = (TaskResultStatus.READY, TaskResultStatus.RUNNING)  # a task's states while it waits or runs


def with_task_status(rows):
    """``rows`` of PrintedPdf, each with the status of the task preparing it (``task_status``)."""
    return rows.annotate(task_status=Subquery(DBTaskResult.objects.filter(id=OuterRef("task")).values("status")[:1]))


def preparing(task, task_status: str | None, requested_at: datetime.datetime) -> bool:
    """Whether a PDF without content is being prepared: its task waits or runs
    (a task whose worker died is taken up again, or failed, by the next
    worker). A row with no task left (pruned, lost) is given up at once; one
    from before rows named their task, after ``TASK_TIME_LIMIT``."""
    if task is None:
        return requested_at >= stale_before()
    return task_status in LIVE


def being_prepared(key: str, requester: str, path: str) -> bool:
    """Whether the PDF under ``key`` is being prepared by the worker, or the
    same address is for the same requester under an older key (the document
    changed since it was asked for: the worker prints it as it now is): its
    task waits or runs (:func:`pending`), not failed nor gone."""
    return pending(PrintedPdf.objects.filter(Q(key=key) | Q(requester=requester, path=path))).exists()


def stale_before() -> datetime.datetime:
    return timezone.now() - settings.TASK_TIME_LIMIT


def refusal(requester: str, *, queued: bool) -> str:
    """Why ``requester`` may not have one more PDF rendered now ("" when they
    may): ``PDF_RENDERS_PER_HOUR`` renders an hour, and, for a render in the
    worker (``queued``), one at a time."""
    mine = PrintedPdf.objects.filter(requester=requester)
    hour_ago = timezone.now() - datetime.timedelta(hours=1)
    if mine.filter(requested_at__gte=hour_ago).count() >= settings.PDF_RENDERS_PER_HOUR:
        return (
            f"You have had {settings.PDF_RENDERS_PER_HOUR} PDFs printed in the last hour, the most an hour "
            "allows. The PDFs printed already can still be downloaded; try a new one later."
        )
    if queued and pending(mine).exists():
        return (
            "Another PDF of yours is being prepared. One is prepared at a time: open it first "
            "(its page brings it when ready), then ask for this one again."
        )
    return ""


def pending(rows):
    """Those of ``rows`` (PrintedPdf) that are being prepared (:func:`preparing`)."""
    return with_task_status(rows.filter(content__isnull=True, failed=False)).filter(
        Q(task_status__in=LIVE) | Q(task__isnull=True, requested_at__gte=stale_before())
    )


@dataclass(frozen=True)
class Waiting:
    """A task waiting for the task worker (``task_id``): its ``priority``,
    when it was asked (``asked_at``) and what the PDF it prints costs
    (``cost``, :func:`print_cost`; 0 for a task that prints nothing)."""

    task_id: uuid.UUID
    priority: int
    asked_at: datetime.datetime
    cost: int = 0

    @property
    def done_at(self) -> datetime.datetime:
        """When it would be done had it started the moment it was asked."""
        return self.asked_at + datetime.timedelta(seconds=self.cost / CELLS_PER_SECOND)


def in_turn(waiting: Iterable[Waiting]) -> list[uuid.UUID]:
    """The tasks ``waiting`` for the worker in the order it takes them: by
    priority, then the one that would be done first had each started the
    moment it was asked (:attr:`Waiting.done_at`: when asked, plus its cost
    in seconds), then the order asked.

    A short sheet asked while long renders wait would be done a second or two
    after it was asked, before any of them would: it goes next, after the
    render under way. A long render gives way only to renders that would be
    done before it, so only to shorter ones asked within its own length after
    it: once it has waited that long, every render asked later goes behind
    it, and none waits for ever. An account asking again as soon as its PDF
    arrives (one is prepared at a time, :func:`refusal`) asks later each
    time, behind those who asked meanwhile.

    The other orders are less fair. Turns between accounts (the one served
    longest ago first) count renders, not their lengths: a sheet of a few
    seconds waits for a long render of every account whose turn comes first,
    and an account that printed a while ago comes after those that never
    have. First asked, first taken makes it wait for every render asked
    before it; shortest first makes a long render wait as long as short ones
    keep coming."""
    in_order = sorted(waiting, key=lambda task: (-task.priority, task.done_at, task.asked_at))
    return [task.task_id for task in in_order]


def waiting_with_costs(tasks: Iterable[tuple[uuid.UUID, int, datetime.datetime]]) -> list[Waiting]:
    """The ``tasks`` waiting for the worker (id, priority and when enqueued,
    in the order asked), each with the cost of the PDF it prints, as
    :func:`queue` kept it (one query)."""
    rows = list(tasks)
    costs = dict(PrintedPdf.objects.filter(task__in=[task_id for task_id, _, _ in rows]).values_list("task", "cost"))
    return [Waiting(task_id, priority, asked_at, costs.get(task_id, 0)) for task_id, priority, asked_at in rows]


def store(key: str, requester: str, path: str, content: bytes) -> None:
    """Keep ``content`` as the PDF under ``key`` (in place of the row saying it
    is being prepared, if there is one)."""
    now = timezone.now()
    try:
        with transaction.atomic():
            PrintedPdf.objects.create(key=key, requester=requester, path=path, content=content, ready_at=now)
    except IntegrityError:  # prepared by the worker, or stored by another request just now
        PrintedPdf.objects.filter(key=key).update(content=content, ready_at=now, failed=False)


def prune() -> int:
    """Drop the PDFs older than ``PDF_KEEP_DAYS`` (the worker does, after each
    render, and ``manage.py prune``); how many went."""
    cutoff = timezone.now() - datetime.timedelta(days=settings.PDF_KEEP_DAYS)
    return PrintedPdf.objects.filter(requested_at__lt=cutoff).delete()[0]


def queue(key: str, requester: str, path: str, user_id: int | None, *, cost: int) -> str:
    """Ask the task worker for the PDF under ``key`` (the address ``path``,
    rendered as the account ``user_id``, costing ``cost``, :func:`print_cost`,
    which sets its turn): "" when it is asked for, or already was (its render
    waits or runs: this request joins it), else why it is refused
    (:func:`refusal`), nothing written."""
    with transaction.atomic():
        if user_id is not None:  # one account's requests take their turn here
            lock_account(user_id)
        document = PrintedPdf.objects.filter(key=key)
        if document.exists() and not pending(document).exists() and not document.filter(content__isnull=False).exists():
            document.delete()  # a render given up (its task gone) or failed makes way for a new one
        if document.exists():
            return ""  # asked for already: by another request, or another tab
        reason = refusal(requester, queued=True)
        if reason:
            return reason
        try:
            with transaction.atomic():
                PrintedPdf.objects.create(key=key, requester=requester, path=path, cost=cost)
        except IntegrityError:
            return ""  # another request asked for it at the same instant
        result = render_pdf.enqueue(key, path, requester, user_id)
        if result.status in LIVE:  # not run at once (as a backend for tests does)
            document.filter(content__isnull=True).update(task=result.id)
    return ""


def forget_failure(key: str) -> None:
    """Drop a failed render (its task failed, or was given up), so that asking again tries again."""
    failed_tasks = DBTaskResult.objects.filter(status=TaskResultStatus.FAILED).values("id")
    PrintedPdf.objects.filter(key=key, content__isnull=True).filter(Q(failed=True) | Q(task__in=failed_tasks)).delete()


@task()
def render_pdf(key: str, path: str, requester: str, user_id: int | None) -> None:
    """The task worker's render of the PDF at ``path`` for the account
    ``user_id`` (None: a shared pad's visitor): the address's own view, asked
    as that account, renders and stores it (:func:`scorepads.views.printed`).
    Should the document have changed since it was asked for (a hand recorded),
    it is stored under its new key and the old one is dropped."""
    # A request as a view reads it: htmx's details are set below, as the
    # middleware sets them on every request.
    request = cast(HtmxHttpRequest, RequestFactory().get(path))
    user = get_user_model().objects.filter(pk=user_id).first() if user_id is not None else None
    request.user = user or AnonymousUser()
    request.htmx = HtmxDetails(request)
    setattr(request, IN_WORKER, requester)
    setattr(request, ASKED_KEY, key)
    match = resolve(urlsplit(path).path)
    try:
        match.func(request, *match.args, **match.kwargs)
    except Http404:
        pass  # the game is gone, or no longer the account's: nothing to print
    except Exception:
        logger.exception("printing %s failed", path)
        PrintedPdf.objects.filter(key=key, content__isnull=True).update(failed=True)
        raise
    # No PDF under the old key: the document changed, or is gone (a 404).
    PrintedPdf.objects.filter(key=key, content__isnull=True).delete()
    prune()
