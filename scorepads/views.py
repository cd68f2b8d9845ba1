"""What the views of every game's pad share: answers to a poll, PDF downloads
and their parameters."""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import TypeVar

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect
from django.shortcuts import render as render_page
from django.utils.text import slugify
from django.views.decorators.http import require_POST
from django_ratelimit.core import is_ratelimited

from scorepads import pdf, printing, seating
from scorepads.exports import attachment_header, text_cell
from scorepads.forms import UndoForm
from scorepads.recording import RecordingError


def spreadsheet_safe(text: str) -> str:
    """A player's name as a CSV cell no spreadsheet will run as a formula or read as a date."""
    return text_cell(text)


def bad_request(message: str) -> HttpResponseBadRequest:
    """A 400 whose body says, in one line, what is wrong."""
    return HttpResponseBadRequest(message + "\n", content_type="text/plain; charset=utf-8")


def name_slug(text: str) -> str:
    """A name as part of a download's file name: accents dropped, every script
    kept ("Zoë Ann" -> "zoe-ann", "王小明" -> "王小明"); "" when nothing is left."""
    decomposed = unicodedata.normalize("NFKD", text)
    return slugify("".join(char for char in decomposed if not unicodedata.combining(char)), allow_unicode=True)


def names_slug(names: Iterable[str], count: int = 3) -> str:
    """The first ``count`` players' names as part of a download's file name, each
    by :func:`name_slug` ("Ann", "王小明", "Zoë" -> "ann-王小明-zoe"); "" when nothing is left."""
    return "-".join(filter(None, (name_slug(name) for name in list(names)[:count])))


def pdf_response(content: bytes, filename: str) -> HttpResponse:
    return HttpResponse(content, content_type="application/pdf", headers={"Content-Disposition": attachment_header(filename)})


def page_size(request) -> str:
    """The ``size`` parameter (a4 or letter, a4 when absent); ValueError otherwise."""
    size = request.GET.get("size", pdf.DEFAULT_PAGE_SIZE)
    if size not in pdf.PAGE_SIZES:
        raise ValueError(f"unknown page size {size!r}: use a4 or letter")
    return size


def printed(
    request,
    *,
    cache_key: Callable[[str], str],
    render: Callable[[str], bytes],
    filename: str | Callable[[], str],
    cost: int,
) -> HttpResponse:
    """A PDF at the page size the request asks for (``?size=``, a 400 when
    unknown); every PDF address of the app answers through here.

    It is rendered once for each ``cache_key(size)`` (the key names everything
    the PDF shows, such as a game's revision) and kept in the database for
    every worker (:mod:`scorepads.printing`). ``cost`` estimates its length
    (:func:`scorepads.printing.print_cost`: its tables' cells and its text): a long PDF is rendered by the task
    worker while the answer is a page saying it is being prepared (202), which
    asks the same address again until it is ready. Past the limits on
    printing the answer is a 429 page saying why, and nothing is written.
    ``filename`` may be a function, asked only when a PDF is sent: the
    answers while it is prepared cost no more than reading the key."""
    try:
        size = page_size(request)
    except ValueError as error:
        return bad_request(str(error))
    key = cache_key(size)
    path = request.get_full_path()
    if requester := printing.in_worker(request):
        if not printing.prepared_elsewhere(request, key):
            printing.store(key, requester, path, render(size))
        return HttpResponse(status=204)
    requester = printing.requester_of(request)
    if printing.being_prepared(key, requester, path):
        # Asked again while the worker prepares it (the waiting page's poll),
        # which costs one read: not counted against the limits, even when the
        # document changed meanwhile (the worker prints it as it then is).
        return preparing(request, path)
    if printing.too_many_requests(request):
        return refused(
            request, "PDFs were asked for too often from this account just now. Wait a minute, then ask again."
        )
    kept = printing.stored(key)
    if kept is None and printing.renders_in_request(cost):
        if reason := printing.refusal(requester, queued=False):
            return refused(request, reason)
        content = render(size)
        printing.store(key, requester, path, content)
        return pdf_response(content, named(filename))
    if kept is None:
        user_id = request.user.pk if request.user.is_authenticated else None
        if reason := printing.queue(key, requester, path, user_id, cost=cost):
            return refused(request, reason)
        kept = printing.stored(key)  # ready already when tasks run at once
    if kept is not None and kept.content is not None:
        if request.htmx:  # the "being prepared" page's poll: it now fetches the PDF
            return render_page(request, "scorepads/pdf_preparing.html#ready", {"url": path}, status=286)
        return pdf_response(kept.content, named(filename))
    if kept is not None and kept.failed:
        printing.forget_failure(key)
        return render_page(request, "scorepads/pdf_preparing.html", {"url": path, "failed": True}, status=500)
    return preparing(request, path)


def preparing(request, path: str) -> HttpResponse:
    """The answer while the PDF at ``path`` is being prepared: the page saying
    so (202), or to its poll a 204 (the page asks again)."""
    if request.htmx:
        return HttpResponse(status=204)
    return render_page(request, "scorepads/pdf_preparing.html", {"url": path}, status=202)


def named(filename: str | Callable[[], str]) -> str:
    return filename() if callable(filename) else filename


def refused(request, reason: str) -> HttpResponse:
    """The 429 page of a PDF refused by the limits on printing, saying ``reason``."""
    response = render_page(request, "scorepads/pdf_refused.html", {"reason": reason}, status=429)
    response["Retry-After"] = "60"
    return response


def printed_sheet(request, game, display_of: Callable, printing_module: ModuleType) -> HttpResponse:
    """A game's printed sheet (:func:`printed`), rendered once for each
    revision of the game. ``game`` is the game as loaded for the user (with its
    players); ``display_of(game)`` the sheet as the page shows it, drawn only
    when the PDF is rendered or sent; ``printing_module`` is the game's PDF
    module, with ``sheet_cache_key(game_id, revision, size)``,
    ``render_sheet(display, size)`` and ``sheet_filename(display)``."""
    display = functools.cache(lambda: display_of(game))
    return printed(
        request,
        cache_key=lambda size: printing_module.sheet_cache_key(game.pk, game.revision, size),
        render=lambda size: printing_module.render_sheet(display(), size),
        filename=lambda: printing_module.sheet_filename(display()),
        cost=printing.print_cost(
            cells=max(1, game.hand_count) * len(game.players.all()),
            text=[player.name for player in game.players.all()],
        ),
    )


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


def query_id(request, name: str = "game") -> int | None:
    """The id a query parameter names (``?game=12``), None when it is absent;
    ValueError, saying what is wrong, when it is no id: every page that reads
    an id from its query reads it here (a 400 saying so, never a 500)."""
    if name not in request.GET:
        return None
    text = request.GET[name]
    if not (text.isascii() and text.isdigit() and len(text) <= 18):
        raise ValueError(f"{name} must be a game's number, not {text[:20]!r}")
    return int(text)


def found(game):
    """``game``, or a 404 when there is none: no such game, or not one the user may see."""
    if game is None:
        raise Http404("No such game.")
    return game


def hand_shown(display, number: int):
    """Hand ``number`` of a sheet's display (its ``hands``, numbered from 1),
    or a 404 when the sheet has no such hand."""
    if not 1 <= number <= len(display.hands):
        raise Http404("No such hand.")
    return display.hands[number - 1]


def new_game_page(
    request,
    *,
    form_class,
    start: Callable,
    last_players: Callable[[], list],
    sheet: str,
    template: str,
    context: dict,
) -> HttpResponse:
    """The page that starts a game. On GET the form (``form_class``), the last
    game's players offered again (``last_players()``); on POST the game that
    ``start(form)`` starts and a redirect to its ``sheet`` (a URL name), or,
    refused, the form again saying what is wrong (400; 200 for htmx, which
    swaps no 4xx). ``context`` is the rest of what ``template`` shows.

    Each account may post the new-game forms ``NEW_GAME_RATE`` times (30 an
    hour), games started or not: past that the form says so (429; 200 for
    htmx) and nothing is written. The accounts the form names are invited
    (:mod:`scorepads.seating`), and the answer is the same whether or not they
    exist."""
    if request.method == "POST":
        form = form_class(request.POST)
        if new_game_throttled(request):
            form.is_valid()
            form.add_error(None, "Too many new games from this account in a short time: wait a while and try again.")
            return render_page(request, template, {"form": form, **context}, status=200 if request.htmx else 429)
        if form.is_valid():
            try:
                game = start(form)
            except RecordingError as error:
                refusal_on_form(form, error)
            else:
                if any(seat.account.strip() for seat in form.seats()):
                    messages.info(
                        request,
                        "The accounts you named are invited: each joins the game when they accept it on their front page.",
                    )
                return redirect(sheet, game_id=game.pk)
        return render_page(request, template, {"form": form, **context}, status=200 if request.htmx else 400)
    return render_page(request, template, {"form": form_class(players=last_players()), **context})


def new_game_throttled(request) -> bool:
    """Whether this post of a new-game form is one too many for the account (``NEW_GAME_RATE``)."""
    return is_ratelimited(
        request, group="new-game", key="user", rate=lambda group, request: settings.NEW_GAME_RATE, method="POST", increment=True
    )


# Joining a game with seats, and leaving it (scorepads.seating). Each app's
# URLs pass its ``seated``. A request with nothing to change is a 404, as for
# any game the user may not see, unless it is this browser's second tap of a
# button already answered: that is sent where the first went, nothing changed.

ANSWERED = "seating_answered"  # the session's games just declined or left
ANSWERED_KEPT = 20


def _remember_answer(request, seated: seating.Seated, game_id: int) -> None:
    answered = [key for key in request.session.get(ANSWERED, []) if key != f"{seated.urls}:{game_id}"]
    request.session[ANSWERED] = [*answered, f"{seated.urls}:{game_id}"][-ANSWERED_KEPT:]


def _answered_before(request, seated: seating.Seated, game_id: int) -> bool:
    return f"{seated.urls}:{game_id}" in request.session.get(ANSWERED, [])


@require_POST
def invitation_accept(request, game_id: int, *, seated: seating.Seated):
    """Take the seat offered, and go to the game's sheet."""
    outcome = seating.invitation_accept(seated=seated, game_id=game_id, user=request.user)
    if not outcome:
        if _answered_before(request, seated, game_id):
            return redirect("front_page")
        raise Http404("No such invitation.")
    if outcome == "joined":
        messages.success(request, f"You joined this {seated.label} game.")
    return redirect(f"{seated.urls}:sheet", game_id=game_id)


@require_POST
def invitation_decline(request, game_id: int, *, seated: seating.Seated):
    """Turn the seat down, and go back to the front page."""
    if seating.invitation_decline(seated=seated, game_id=game_id, user=request.user):
        _remember_answer(request, seated, game_id)
        messages.info(request, f"You declined the {seated.label} game: it is not among your games.")
    elif not _answered_before(request, seated, game_id):
        raise Http404("No such invitation.")
    return redirect("front_page")


@require_POST
def game_leave(request, game_id: int, *, seated: seating.Seated):
    """Stop being a member of the game, and go back to the front page."""
    outcome = seating.game_leave(seated=seated, game_id=game_id, user=request.user)
    if outcome:
        _remember_answer(request, seated, game_id)
        if outcome == "deleted":
            messages.info(request, f"You left the {seated.label} game; nobody else was in it, so it is deleted.")
        else:
            messages.info(
                request, f"You left the {seated.label} game: it stays with the other players, your name in its seat."
            )
    elif not _answered_before(request, seated, game_id):
        raise Http404("No such game.")
    return redirect("front_page")


def refusal_on_form(form, error: Exception, *, field: str | None = None) -> None:
    """Say a refusal on the form, as a sentence: on ``field``, else on the
    field the error names (a RecordingError's ``field``) where the form has
    it, else on the whole form."""
    field = field or getattr(error, "field", None)
    message = str(error)
    form.add_error(field if field in form.fields else None, message[:1].upper() + message[1:] + ".")


Undone = TypeVar("Undone")


def undo_named(request, undo: Callable[[int], Undone]) -> tuple[Undone | None, str]:
    """Undo the hand the request's form names, by ``undo(number)`` (a game's
    service, refused unless that hand is the last): the hand undone and "", or
    None and what the player is told."""
    form = UndoForm(request.POST)
    if not form.is_valid():
        return None, "Nothing was undone: the hand to undo was not named."
    try:
        return undo(form.cleaned_data["number"]), ""
    except RecordingError as error:
        return None, f"Nothing was undone: {error}."


def polite_refusal(number: int, error: RecordingError) -> str:
    """What the player is told when entry ``number`` was not recorded."""
    if error.code == "taken":
        return (
            f"Hand {number} is already on the pad (another tap or another phone got there "
            "first), so nothing was recorded twice. This is the current pad."
        )
    return f"Nothing was recorded: {error}. This is the current pad."
