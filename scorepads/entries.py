"""Entries recorded once, whatever a phone resends.

A game's entry form (a hand, a ruling) is kept on the phone when there is no
connection, or when its answer never came, and sent again later
(static/scorepads/entry_queue.js, on static/scorepads/tap_queue.js). Each entry
carries a key the phone made for it (the ``entry_key`` field, a UUID). The
views a game registers as taking entries (``GameKind.entry_views``) are
wrapped by :class:`EntryOnceMiddleware`:

- an entry whose key is already stored for the same game is not recorded
  again: it is answered as done, and nothing runs. A key is the account's and
  the game's (:func:`sent_to`: the entry view and the address's arguments):
  the same key sent to another game is another entry, recorded there;
- a key that is no UUID, or the nil UUID (which every entry of a broken
  phone would share), is refused with a 400 saying so, and nothing runs;
- otherwise the view runs with the key at hand, and the writer that stores
  the entry stores its key in the same transaction (:func:`keep_key`, called by
  :func:`scorepads.recording.save_once` and by the games' other writers).

Every answer to an entry says ``X-Entry: done`` (stored, now or before) or
``refused`` (the view's answer, 200 or 400); any other answer (a 404, a 500) is
the view's, as it is. An entry sent from the phone's queue (header ``X-Entry-Queued``)
is answered with the headers alone: ``X-Entry-Problem`` says why it was
refused (percent-encoded), ``X-Entry-Location`` where the page went after it
(a ruling saved).
"""

from __future__ import annotations

import contextvars
import hashlib
import uuid
from dataclasses import dataclass
from urllib.parse import quote

from django.contrib import messages
from django.db import transaction
from django.http import HttpResponse, HttpResponseBadRequest
from django.urls import ResolverMatch

KEY_FIELD = "entry_key"
QUEUED_HEADER = "X-Entry-Queued"
ANSWER_HEADER = "X-Entry"
PROBLEM_HEADER = "X-Entry-Problem"
LOCATION_HEADER = "X-Entry-Location"


@dataclass(eq=False)
class Sent:
    """The entry a request carries: whose, and its key; ``committed`` once the
    transaction that stored its key has committed (then the answer needs no
    second look)."""

    user_id: int
    sent_to: str
    key: uuid.UUID
    committed: bool = False

    def commit(self) -> None:
        self.committed = True


_sent: contextvars.ContextVar[Sent | None] = contextvars.ContextVar("entry_sent", default=None)


def keep_key(*, found: bool = False) -> None:
    """Store the key of the entry this request carries (if it carries one),
    in the transaction that stores the entry: call it where the entry is
    saved. A key stored already raises IntegrityError, as a second save of the
    same entry would. With ``found`` the entry was stored before, under
    another key (a hand the pad holds already, sent again): its key is kept
    too, and a key stored meanwhile is no error."""
    from scorepads.models import EntryKey

    sent = _sent.get()
    if sent is None:
        return
    if found:
        EntryKey.objects.get_or_create(user_id=sent.user_id, sent_to=sent.sent_to, key=sent.key)
    else:
        EntryKey.objects.create(user_id=sent.user_id, sent_to=sent.sent_to, key=sent.key)
    transaction.on_commit(sent.commit)


class MalformedKey(ValueError):
    """An entry key that is no key an entry may carry."""


def key_of(request) -> uuid.UUID | None:
    """The entry key the request's form carries; None when it carries none (a
    page without the queue's script). :class:`MalformedKey`, saying what is
    wrong, when it is no UUID or the nil UUID."""
    text = request.POST.get(KEY_FIELD, "")
    if text == "":
        return None
    try:
        if len(text) > 40:
            raise ValueError
        key = uuid.UUID(text)
    except ValueError:
        raise MalformedKey(f"the entry key {text[:40]!r} is no UUID") from None
    if key.int == 0:
        raise MalformedKey("the entry key is the nil UUID, which no entry may carry")
    return key


#: The longest ``sent_to`` kept as it is; a longer one is kept as its digest.
SENT_TO_LENGTH = 200


def sent_to(match: ResolverMatch) -> str:
    """Where an entry was sent, which its key is scoped to: the entry view and
    the address's arguments, which name the game ("two_way_street:hand_record
    game_id=12"). Every game's entry views are scoped so, Gorilla's too."""
    place = " ".join([match.view_name, *(f"{name}={value}" for name, value in sorted(match.kwargs.items()))])
    if len(place) > SENT_TO_LENGTH:
        return hashlib.sha256(place.encode()).hexdigest()
    return place


#: The ``sent_to`` of the keys stored before keys were the game's: such a key
#: answers for every game of its account, as it did, until it is pruned.
SENT_ANYWHERE = ""


def stored(user_id: int, to: str, key: uuid.UUID) -> bool:
    from scorepads.models import EntryKey

    return EntryKey.objects.filter(user_id=user_id, sent_to__in=[to, SENT_ANYWHERE], key=key).exists()


def entry_views() -> frozenset[str]:
    """The URL names of every registered game's entry views."""
    from scorepads import registry

    return frozenset(name for kind in registry.kinds() for name in kind.entry_views)


class EntryOnceMiddleware:
    """Records each keyed entry once (see the module's docstring). Below the
    login, CSRF and messages middleware: a refused login or token is answered
    as before, and messages reach the next page."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        sent = getattr(request, "entry_sent", None)
        if sent is None:
            return response
        return answer(request, done=sent.committed or stored(sent.user_id, sent.sent_to, sent.key), response=response)

    def process_view(self, request, view_func, view_args, view_kwargs):
        match = request.resolver_match
        if request.method != "POST" or match is None or not request.user.is_authenticated:
            return None
        if match.view_name not in entry_views():
            return None
        try:
            key = key_of(request)
        except MalformedKey as error:
            return HttpResponseBadRequest(
                f"Nothing was recorded: {error}.\n", content_type="text/plain; charset=utf-8"
            )
        if key is None:
            return None
        to = sent_to(match)
        if stored(request.user.pk, to, key):
            return answer(request, done=True, response=None)
        request.entry_sent = Sent(request.user.pk, to, key)
        _sent.set(request.entry_sent)  # this request's thread and context only
        return None


def answer(request, *, done: bool, response: HttpResponse | None) -> HttpResponse:
    """The answer to a keyed entry. ``response`` is the view's (None when the
    entry was stored before and nothing ran)."""
    _sent.set(None)
    if response is not None and response.status_code > 400 and not done:
        return response  # no such game (404), a failure (500): not an answer about the entry
    queued = QUEUED_HEADER in request.headers
    if response is None or queued:
        answered = HttpResponse(status=204 if response is None and not queued else 200)
        if response is None and not queued and request.htmx:
            answered["HX-Refresh"] = "true"  # the page shows what is stored
        if response is not None and done and response.status_code in (301, 302, 303) and "Location" in response:
            answered[LOCATION_HEADER] = response["Location"]
        if response is not None and not done:
            answered[PROBLEM_HEADER] = quote(problem_of(request, response), safe=" ,.:;()'")
        response = answered
    response[ANSWER_HEADER] = "done" if done else "refused"
    return response


def problem_of(request, response: HttpResponse) -> str:
    """Why an entry was refused: what the view said of the entry kept on its
    form, else the warnings it left, else its status."""
    if problem := getattr(response, "entry_problem", ""):
        return problem
    said = [str(message) for message in messages.get_messages(request) if message.level >= messages.WARNING]
    if said:
        # Said on the phone beside the entry kept there, not over a fresh pad.
        return " ".join(said).removesuffix(" This is the current pad.")
    if response.status_code >= 400:
        return f"the server refused it ({response.status_code})"
    return "the server did not take it: put it back in the form to see why"
