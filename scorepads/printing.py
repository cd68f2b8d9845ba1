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
"""

from __future__ import annotations

import datetime
import hashlib
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from typing import cast
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.http import Http404
from django.test import RequestFactory
from django.urls import resolve
from django.utils import timezone
from django_htmx.middleware import HtmxDetails
from django_tasks import task

from gorilla_site.middleware import client_ip
from scorepads.models import PdfRequestCount, PrintedPdf
from scorepads.requests import HtmxHttpRequest

logger = logging.getLogger(__name__)

# The attribute of a request that the task worker makes to render a PDF.
IN_WORKER = "printing_in_worker"


#: Characters of printed text (names, notes) that cost as much to set as one
#: cell of a table (bench/notes_cost.py measures a pad's notes against it).
CHARACTERS_PER_CELL = 20


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


@dataclass(frozen=True)
class Stored:
    """A PDF as the store has it: ``content`` when ready, else being prepared
    (``failed`` when the worker could not render it)."""

    content: bytes | None
    failed: bool


def stored(key: str) -> Stored | None:
    """The PDF stored under ``key``: None when there is none, or when its
    render has been under way longer than ``PDF_RENDER_TIMEOUT`` (the worker
    is gone; it is asked for again)."""
    row = PrintedPdf.objects.filter(key=key).values("content", "failed", "requested_at").first()
    if row is None:
        return None
    if row["content"] is None and not row["failed"] and row["requested_at"] < stale_before():
        return None
    return Stored(bytes(row["content"]) if row["content"] is not None else None, row["failed"])


def being_prepared(key: str, requester: str, path: str) -> bool:
    """Whether the PDF under ``key`` is being prepared by the worker, or the
    same address is for the same requester under an older key (the document
    changed since it was asked for: the worker prints it as it now is)."""
    waiting = PrintedPdf.objects.filter(content__isnull=True, failed=False, requested_at__gte=stale_before())
    return waiting.filter(Q(key=key) | Q(requester=requester, path=path)).exists()


def stale_before() -> datetime.datetime:
    return timezone.now() - settings.PDF_RENDER_TIMEOUT


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
    if queued and mine.filter(content__isnull=True, failed=False, requested_at__gte=stale_before()).exists():
        return (
            "Another PDF of yours is being prepared. One is prepared at a time: open it first "
            "(its page brings it when ready), then ask for this one again."
        )
    return ""


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


def queue(key: str, requester: str, path: str, user_id: int | None) -> str:
    """Ask the task worker for the PDF under ``key`` (the address ``path``,
    rendered as the account ``user_id``): "" when it is asked for, or already
    was, else why it is refused (:func:`refusal`), nothing written."""
    with transaction.atomic():
        if user_id is not None:  # one account's requests take their turn here
            get_user_model().objects.select_for_update().filter(pk=user_id).first()
        # A render given up (the worker gone) or failed makes way for a new one.
        PrintedPdf.objects.filter(key=key, content__isnull=True).filter(
            Q(failed=True) | Q(requested_at__lt=stale_before())
        ).delete()
        if PrintedPdf.objects.filter(key=key).exists():
            return ""  # asked for already: by another request, or another tab
        reason = refusal(requester, queued=True)
        if reason:
            return reason
        try:
            with transaction.atomic():
                PrintedPdf.objects.create(key=key, requester=requester, path=path)
        except IntegrityError:
            return ""  # another request asked for it at the same instant
        render_pdf.enqueue(key, path, requester, user_id)
    return ""


def forget_failure(key: str) -> None:
    """Drop a failed render, so that asking again tries again."""
    PrintedPdf.objects.filter(key=key, failed=True).delete()


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
