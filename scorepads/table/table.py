"""The table: the pages and taps every game's numbered entries go through.

A game gives its rules and services (:class:`~scorepads.table.protocols.TableRules`)
and its display (:class:`~scorepads.table.protocols.TableDisplay`); the table
serves its page and its taps (record, undo, redo, change), each a plain form
post. Without htmx a tap redirects to the page; with htmx it answers with what
the tap changed on the page (:mod:`scorepads.patches`: the page is drawn as
regions), from what the service read under the game's lock and left, reading
nothing again; a phone showing an older page gets the whole page. An entry
sent twice with one key is recorded once (:mod:`scorepads.entries`: the game
registers the table's record view among its ``entry_views``, and may its
undo, Redo and change too, and its services save with
:func:`scorepads.recording.save_once` or keep the key beside what they
change); a hand sent again that the page holds already is answered as held. A
refusal is said on the page as it now is. Every answer drawn carries the page's version
(``X-Pad-Version``) and, for a game that sends them, its entries as stored
(``X-Pad-Hands``).
"""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from scorepads import entries, patches, redo
from scorepads import views as shared
from scorepads.forms import UndoForm
from scorepads.recording import RecordingError
from scorepads.regions import Region
from scorepads.table.protocols import TableDisplay, TableRules

#: The header of every page answered (whole or patched) of a game that sends
#: its entries as stored: its hands' outcomes, "MPIM" (a TableDisplay's
#: ``entries_stored``), which the phone draws the taps it keeps offline over
#: (static/pad/pad_rules.js) and keeps as they come (static/pad/pad.js).
HANDS_HEADER = "X-Pad-Hands"


class NothingPutBack(Exception):
    """The hand a Redo keeps makes no hand any more (the rules or the seats
    changed since): its message says so, as the player is told."""


class Table:
    """The page and taps of one game (see the module's docstring): its URL
    names are ``urls`` (the namespace, "" for none) with ``page`` the page's
    and ``hand_record``, ``hand_undo``, ``hand_redo``, ``hand_change`` the taps'."""

    def __init__(self, *, urls: str, page: str, rules: TableRules, display: TableDisplay) -> None:
        self.urls = urls
        self.page_name = page
        self.rules = rules
        self.display = display

    def url_name(self, name: str) -> str:
        return f"{self.urls}:{name}" if self.urls else name

    def page_url(self, game_id: int) -> str:
        return reverse(self.url_name(self.page_name), args=[game_id])

    # Drawing the page

    def regions(self, request, game, shown, *, before: bool = False, form=None, moved_by=None) -> tuple[Region, ...]:
        """The page as regions for this request: its toast says what the
        request did (none on the page ``before`` a tap, whose answer says it)."""
        if before:
            toast = patches.NO_TOAST
        else:
            undo_number, next_number = self.display.toast_numbers(shown)
            toast = patches.toast(
                request,
                game,
                undo_number=undo_number,
                next_number=next_number,
                redo_url=reverse(self.url_name("hand_redo"), args=[game.pk]),
            )
        return self.display.regions(request, game, shown, toast=toast, before=before, form=form, moved_by=moved_by)

    def stamped(self, response: HttpResponse, shown) -> HttpResponse:
        """``response`` with the version of the page it draws, and the entries as stored."""
        response[patches.VERSION_HEADER] = str(shown.version)
        stored = self.display.entries_stored(shown)
        if stored is not None:
            response[HANDS_HEADER] = stored
        return response

    def render_page(self, request, game, shown=None, form=None, *, status: int = 200) -> HttpResponse:
        """The page (or, for htmx, its fragment) as it stands; a poll's page
        names who changed it, for an entry the change moves."""
        shown = shown or self.display.display_at(game)
        polled = request.htmx and request.method == "GET"
        template = self.display.page_template
        context = {
            **self.display.page_context(request, game, shown),
            "game": game,
            "display": shown,
            "poll_url": self.page_url(game.pk),
            "regions": self.regions(
                request, game, shown, form=form, moved_by=self.display.moved_by(request, game) if polled else None
            ),
        }
        template = f"{template}#{self.display.page_fragment}" if request.htmx else template
        return self.stamped(render(request, template, context, status=status), shown)

    # Answering a tap

    def done(
        self, request, hand, how: str, *, level: int = messages.INFO, extra_tags: str = "", away: bool = False
    ) -> HttpResponse:
        """What a tap did to ``hand`` (its ``game`` as the service left it),
        said as the game says it, answered by :meth:`answer`; a change that
        left nothing reads the page again. ``away``: the tap was made on
        another page than the game's (the bridge calculator), and is answered
        by going to the game's page, where the toast says it."""
        game = hand.game
        if game.change is None:
            game = self.rules.game_shown(request, game.pk)
        shown = self.display.display_at(game, game.change and game.change.after)
        messages.add_message(request, level, self.display.said(shown, hand, how), extra_tags=extra_tags)
        if away:
            return redirect(self.page_url(game.pk))
        return self.answer(request, game, shown)

    def answer(self, request, game, shown=None) -> HttpResponse:
        """The view restart after a post that changed ``game`` (``shown``: its
        page after): for htmx what it changed on the phone's page, or the whole
        page; else a redirect. Drawn from what the service read and left
        (``game.change``): nothing is read again."""
        if not request.htmx:
            return redirect(self.page_url(game.pk))
        change = game.change
        shown = shown or self.display.display_at(game, change and change.after)
        if change is not None:
            before = self.display.display_at(game, change.before, version=change.revision_before)
            answer = patches.patch(
                request,
                before=self.regions(request, game, before, before=True),
                after=self.regions(request, game, shown),
                version_before=change.revision_before,
                version_after=game.revision,
            )
            if answer is not None:
                return self.stamped(answer, shown)
        return self.render_page(request, game, shown)

    def recorded(self, request, hand, how: str = "recorded", *, away: bool = False) -> HttpResponse:
        """The answer to a hand put on the page: it says so, and offers Undo
        (``away``: made on another page, :meth:`done`)."""
        redo.forget(request)
        return self.done(request, hand, how, level=messages.SUCCESS, extra_tags="recorded", away=away)

    def refused(self, request, game_id: int, message: str) -> HttpResponse:
        """A refusal: said on the page as it now is (a game the user may not
        see is a 404, whatever was refused)."""
        game = self.rules.game_shown(request, game_id)
        messages.warning(request, message)
        if request.htmx:
            return self.render_page(request, game)
        return redirect(self.page_url(game_id))

    def form_refused(self, request, game_id: int, form, done: str) -> HttpResponse:
        """A form that came back invalid: nothing was ``done``, and why."""
        return self.refused(request, game_id, f"Nothing was {done} ({shared.form_problem(form)}).")

    def record_refused(self, request, game, number: int, form, error: RecordingError) -> HttpResponse:
        """A hand the service refused to record: said on the page, but a hand
        another phone recorded first, which :meth:`overtaken` answers (a hand
        sent again is no other phone's: it is said to be there already, and
        its key kept with it, so the phone is answered that the entry is held)."""
        if error.code == "taken":
            if not self.rules.repeats(game, number, form):
                return self.overtaken(request, game, number, form, error)
            with transaction.atomic():
                entries.keep_key(found=True)
        return self.refused(request, game.pk, shared.polite_refusal(number, error))

    def overtaken(self, request, game, number: int, form, error: RecordingError) -> HttpResponse:
        """Hand ``number`` was recorded first by another phone: said on the page."""
        return self.refused(request, game.pk, shared.polite_refusal(number, error))

    # The views

    def page(self, request, game_id: int) -> HttpResponse:
        """The game's page; htmx polls it with ``?version=`` and gets 204 while nothing changed."""
        if unchanged := shared.unchanged_poll(request, lambda: self.rules.revision(request.user, game_id)):
            return unchanged
        return self.render_page(request, self.rules.game_shown(request, game_id))

    def hand_record(self, request, game_id: int) -> HttpResponse:
        game = self.rules.game_to_change(request, game_id)
        form = self.rules.hand_form(request.POST, game)
        if not form.is_valid():
            return self.form_refused(request, game_id, form, "recorded")
        number = form.cleaned_data["number"]
        try:
            hand = self.rules.record(game, number, form)
        except RecordingError as error:
            return self.record_refused(request, game, number, form, error)
        return self.recorded(request, hand)

    def hand_undo(self, request, game_id: int) -> HttpResponse:
        game = self.rules.game_to_change(request, game_id)
        undone, refusal = shared.undo_named(request, lambda number: self.rules.undo(game, number))
        if undone is None:
            return self.refused(request, game_id, refusal)
        redo.keep(request, undone.game, self.rules.hand_fields(undone))
        return self.done(request, undone, "undone", extra_tags="undone")

    def hand_redo(self, request, game_id: int) -> HttpResponse:
        """Put back, as it was, the hand this phone undid (scorepads.redo),
        recorded as any hand is."""
        game = self.rules.game_to_change(request, game_id)
        number = UndoForm(request.POST)
        fields, refusal = redo.to_put_back(request, game, number.cleaned_data["number"] if number.is_valid() else None)
        if fields is None:
            return self.refused(request, game_id, refusal)
        try:
            hand = self.rules.put_back(game, fields)
        except NothingPutBack as error:
            return self.refused(request, game_id, str(error))
        except RecordingError as error:
            return self.refused(request, game_id, shared.polite_refusal(fields["number"], error))
        return self.recorded(request, hand, "put back")

    def hand_change(self, request, game_id: int, number: int) -> HttpResponse:
        """Change an earlier hand; the page is played again from it."""
        game = self.rules.game_to_change(request, game_id)
        form = self.rules.change_form(request.POST, game)
        if not form.is_valid():
            return self.form_refused(request, game_id, form, "changed")
        try:
            hand = self.rules.change(game, number, form)
        except RecordingError as error:
            return self.refused(request, game_id, f"Nothing was changed: {error}.")
        return self.done(request, hand, "changed")

