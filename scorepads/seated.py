"""The pages every game with seats shares (Two Way Street, Mah Jongg): the
sheet, recording, undoing and changing a hand, and their addresses.

A game describes itself once in a :class:`SeatedSheet` (its selectors, its
display, its forms and services, what its entry fields need) and gets the
views and URLs from here. Every action is a plain form post. Without htmx it
redirects to the sheet; with htmx it answers with the sheet region re-rendered
from the database.

A refused entry keeps everything typed: the sheet is drawn again with the form
as posted (400 without htmx; 200 with htmx, which swaps no 4xx), an error
summary at its top linking each problem to its field, each problem beside its
field too. When another phone recorded the hand first, the entry is kept for
the next hand, and the summary says so; the same hand sent again (a double
tap, a resend) is recorded once and the pad says so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from types import ModuleType

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from scorepads import exports, seating
from scorepads import views as shared
from scorepads.recording import RecordingError

# The form's fields drawn as "next-...": their ids in the entry of the next hand.
FORM_ID = "next"
# The refusals after which the entry has no hand left to go to.
NO_NEXT_HAND = {"finished", "full"}


@dataclass(frozen=True)
class ErrorLink:
    """One line of an error summary: what is wrong, and the id of the field it is about ("" for the whole form)."""

    text: str
    target: str


@dataclass(frozen=True)
class SeatedSheet:
    """What a game with seats gives the shared pages."""

    urls: str  # the URL namespace, which is also the app and its templates' folder: "two_way_street"
    slug: str  # its kind in the history and the exports: "two-way-street"
    selectors: ModuleType  # game_for, game_to_play, sheet_revision and SEATED
    display_of: Callable  # display_of(game): the sheet as the page shows it
    pdf: ModuleType  # the printed sheet (scorepads.views.printed_sheet)
    hand_form: type  # HandForm(data, names=...), with problem()
    change_form: type  # the same with the sheet's revision
    record: Callable  # record(game, number, form): the service recording a valid form's hand
    change: Callable  # change(game, number, form): the service changing a hand to a valid form's
    undo: Callable  # undo(game, number): the service undoing the last hand, which must be ``number``
    repeats: Callable  # repeats(game, number, form): whether a valid form's hand is stored hand ``number``
    change_initial: Callable  # change_initial(game, number): a stored hand's fields, for its change form
    entry_context: Callable  # entry_context(form, display, winds): what the entry fields' template needs
    anchor: Callable[[str], str]  # anchor(field name): its control's id after "next-" ("tricks-2")
    fresh_form: Callable | None = None  # fresh_form(request, display): the next hand's form as first shown
    sheet_context: Callable = field(default=lambda display: {})  # the rest the sheet shows
    recorded_note: Callable = field(default=lambda display, number: "")  # what the hand did: "Ben won 300"
    change_winds: Callable = field(default=lambda shown: None)  # the winds of a hand being changed

    @classmethod
    def of_app(cls, app: str, slug: str, **game) -> SeatedSheet:
        """The sheet of app ``app`` (its URL namespace too), by the conventions
        of a seated game's app: its ``selectors`` and ``pdf`` modules, its
        ``forms.HandForm`` and ``forms.ChangeHandForm``; ``game`` gives the rest."""
        forms = import_module(f"{app}.forms")
        return cls(
            urls=app,
            slug=slug,
            selectors=import_module(f"{app}.selectors"),
            pdf=import_module(f"{app}.pdf"),
            hand_form=forms.HandForm,
            change_form=forms.ChangeHandForm,
            **game,
        )

    def template(self, name: str) -> str:
        return f"{self.urls}/{name}.html"

    # Reading a game

    def load_game(self, request, game_id: int):
        """The game with its players and hands, if the user may see it; 404 otherwise."""
        return shared.found(self.selectors.game_for(request.user, game_id))

    def game_to_play(self, request, game_id: int):
        """The game with its players (its services read the hands), if the user may see it; 404 otherwise."""
        return shared.found(self.selectors.game_to_play(request.user, game_id))

    def new_form(self, request, display):
        if self.fresh_form is not None:
            return self.fresh_form(request, display)
        return self.hand_form(names=list(display.names))

    # Drawing the sheet

    def render_sheet(self, request, game, display=None, form=None, *, announce: bool = True, status: int = 200):
        display = display or self.display_of(game)
        form = form if form is not None else self.new_form(request, display)
        template = self.template("sheet") + "#sheet" if request.htmx else self.template("sheet")
        context = {
            "game": game,
            "display": display,
            "urls": self.urls,
            "poll_url": reverse(f"{self.urls}:sheet", args=[game.pk]),
            "record_url": reverse(f"{self.urls}:hand_record", args=[game.pk]),
            "undo_url": reverse(f"{self.urls}:hand_undo", args=[game.pk]),
            "leave_url": seating.leave_url(self.selectors.SEATED, game, request.user),
            "form": form,
            "form_id": FORM_ID,
            "error_summary": self.error_summary(form),
            # What the live region says after the change: the sheet's status,
            # unless the toast already says it.
            "announce": display.status if announce else "",
            **self.entry_context(form, display, getattr(display, "next_winds", None)),
            **self.sheet_context(display),
        }
        return render(request, template, context, status=status)

    def error_summary(self, form) -> list[ErrorLink]:
        """Every problem of a refused form, by the field it is about: the summary's lines."""
        if not form.is_bound:
            return []
        lines = [ErrorLink(str(error), "") for error in form.non_field_errors()]
        for name, errors in form.errors.items():
            if name == "__all__":
                continue
            label = "Hand number" if name == "number" else form.fields[name].label if name in form.fields else name
            target = "" if name == "number" else f"{FORM_ID}-{self.anchor(name)}"
            lines.extend(ErrorLink(f"{label}: {error}", target) for error in errors)
        return lines

    # Answering a tap

    def done(self, request, game_id: int, number: int, how: str, *, level=messages.INFO, extra_tags: str = ""):
        """What a tap did, said with the hand's outcome and the sheet's status
        after it ("Hand 3 recorded: Ben won 300 · Ben leads with 900"), on the
        sheet read once after the change: a fresh sheet for htmx, else a redirect."""
        game = self.load_game(request, game_id)
        display = self.display_of(game)
        note = self.recorded_note(display, number) if how != "undone" else ""
        said = f"Hand {number} {how}" + (f": {note}" if note else "") + f" · {display.status}"
        messages.add_message(request, level, said, extra_tags=extra_tags)
        if request.htmx:
            return self.render_sheet(request, game, display, announce=False)
        return redirect(f"{self.urls}:sheet", game_id=game_id)

    def refused(self, request, game_id: int, message: str):
        """A refusal with nothing typed to keep (an undo): said on the sheet as it now is."""
        messages.warning(request, message)
        if request.htmx:
            return self.render_sheet(request, self.load_game(request, game_id), announce=False)
        return redirect(f"{self.urls}:sheet", game_id=game_id)

    def kept(self, request, game_id: int, form):
        """A refused entry, drawn again as typed on the sheet as it now is,
        its problems summarised at its top: 200 for htmx, else 400."""
        response = self.render_sheet(
            request, self.load_game(request, game_id), form=form, status=200 if request.htmx else 400
        )
        # Why, for an entry sent from the phone's queue (scorepads.entries).
        response.entry_problem = " ".join(str(error) for errors in form.errors.values() for error in errors)
        return response

    # The views

    def sheet(self, request, game_id: int):
        """The score sheet; htmx polls it with ``?version=`` and gets 204 while nothing changed."""
        if unchanged := shared.unchanged_poll(request, lambda: self.selectors.sheet_revision(request.user, game_id)):
            return unchanged
        return self.render_sheet(request, self.load_game(request, game_id))

    def hand_record(self, request, game_id: int):
        game = self.game_to_play(request, game_id)
        form = self.hand_form(request.POST, names=game.names)
        if not form.is_valid():
            return self.kept(request, game.pk, form)
        number = form.cleaned_data["number"]
        try:
            self.record(game, number, form)
        except RecordingError as error:
            if error.code in NO_NEXT_HAND or (error.code == "taken" and self.repeats(game, number, form)):
                return self.refused(request, game.pk, shared.polite_refusal(number, error))
            if error.code == "taken":
                form.add_error(None, f"Hand {number} was recorded on another phone first; your entry is now hand {number + 1}: check it, then record it.")
            else:
                shared.refusal_on_form(form, error)
            return self.kept(request, game.pk, form)
        return self.done(request, game.pk, number, "recorded", level=messages.SUCCESS, extra_tags="recorded")

    def hand_undo(self, request, game_id: int):
        game = self.game_to_play(request, game_id)
        undone, refusal = shared.undo_named(request, lambda number: self.undo(game, number))
        if undone is None:
            return self.refused(request, game.pk, refusal)
        return self.done(request, game.pk, undone.number, "undone", extra_tags="undone")

    def hand_change(self, request, game_id: int, number: int):
        """Change what was entered for an earlier hand; the sheet is played again from it."""
        game = self.load_game(request, game_id)
        display = self.display_of(game)
        shown = shared.hand_shown(display, number)
        names = list(display.names)
        if request.method == "POST":
            form = self.change_form(request.POST, names=names)
            if not form.is_valid():
                form.add_error(None, f"Nothing was changed ({form.problem()}).")
            elif shared.changed(form, lambda: self.change(game, number, form)):
                return self.done(request, game.pk, number, "changed")
            status = 400
        else:
            form = self.change_form(initial=self.change_initial(game, number), names=names)
            status = 200
        context = {
            "game": game,
            "display": display,
            "hand": shown,
            "form": form,
            **self.entry_context(form, display, self.change_winds(shown)),
        }
        return render(request, self.template("change"), context, status=status)

    def url_patterns(self) -> list:
        """The addresses of a game's sheet, its hands, joining and leaving, and its sheet's downloads
        but for the blank sheet (each game's own): ``sheet_pdf`` is the app's view."""
        seated = {"seated": self.selectors.SEATED}
        sheet = vary_on_headers("HX-Request")(require_GET(self.sheet))
        return [
            path("games/<int:game_id>/", sheet, name="sheet"),
            path("games/<int:game_id>/hands/", require_POST(self.hand_record), name="hand_record"),
            path("games/<int:game_id>/undo/", require_POST(self.hand_undo), name="hand_undo"),
            path(
                "games/<int:game_id>/hands/<int:number>/",
                require_http_methods(["GET", "POST"])(self.hand_change),
                name="hand_change",
            ),
            path("games/<int:game_id>/accept/", shared.invitation_accept, seated, name="invitation_accept"),
            path("games/<int:game_id>/decline/", shared.invitation_decline, seated, name="invitation_decline"),
            path("games/<int:game_id>/leave/", shared.game_leave, seated, name="game_leave"),
            path("games/<int:game_id>/sheet.pdf", require_GET(self.sheet_pdf), name="sheet_pdf"),
            path("games/<int:game_id>/hands.csv", exports.game_csv, {"slug": self.slug}, name="hands_csv"),
        ]

    def sheet_pdf(self, request, game_id: int):
        """The game's printed score sheet; rendered once for each revision of the game."""
        return shared.printed_sheet(request, self.load_game(request, game_id), self.display_of, self.pdf)
