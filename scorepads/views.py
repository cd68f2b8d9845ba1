"""What the views of every game's pad share: answers to a poll, PDF downloads
and their parameters."""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpResponse, HttpResponseBadRequest

from scorepads import pdf
from scorepads.recording import RecordingError


def spreadsheet_safe(text: str) -> str:
    """A player's name as a CSV cell no spreadsheet will run as a formula."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def bad_request(message: str) -> HttpResponseBadRequest:
    """A 400 whose body says, in one line, what is wrong."""
    return HttpResponseBadRequest(message + "\n", content_type="text/plain; charset=utf-8")


def pdf_response(content: bytes, filename: str) -> HttpResponse:
    return HttpResponse(
        content,
        content_type="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


def page_size(request) -> str:
    """The ``size`` parameter (a4 or letter, a4 when absent); ValueError otherwise."""
    size = request.GET.get("size", pdf.DEFAULT_PAGE_SIZE)
    if size not in pdf.PAGE_SIZES:
        raise ValueError(f"unknown page size {size!r}: use a4 or letter")
    return size


def printed_sheet(
    request, *, cache_key: Callable[[str], str], render: Callable[[str], bytes], filename: str
) -> HttpResponse:
    """A game's printed sheet, in the page size the request asks for (a 400
    for an unknown one), rendered once for each ``cache_key(size)``: the key
    names everything the sheet shows (the game and its revision)."""
    try:
        size = page_size(request)
    except ValueError as error:
        return bad_request(str(error))
    return pdf_response(pdf.cached(cache_key(size), lambda: render(size)), filename)


def unchanged_poll(request, read_revision: Callable[[], int | None]) -> HttpResponse | None:
    """The answer to a pad's poll (htmx, ``?version=`` the revision it shows)
    while nothing changed: 204, before any other work. None when the request is
    no poll or the pad changed. ``read_revision`` is asked only for a poll; its
    None (no such pad for this user) is a 404."""
    if not (request.htmx and "version" in request.GET):
        return None
    revision = read_revision()
    if revision is None:
        raise Http404("No such pad.")
    if request.GET["version"] == str(revision):
        return HttpResponse(status=204)
    return None


def form_problem(form) -> str:
    """One sentence naming what is wrong with a form that came back invalid."""
    for field, errors in form.errors.items():
        label = field if field != "__all__" else "request"
        return f"{label}: {errors[0]}"
    return "the request was incomplete"


def polite_refusal(number: int, error: RecordingError) -> str:
    """What the player is told when entry ``number`` was not recorded."""
    if error.code == "taken":
        return (
            f"Hand {number} is already on the pad (another tap or another phone got there "
            "first), so nothing was recorded twice. This is the current pad."
        )
    return f"Nothing was recorded: {error}. This is the current pad."
