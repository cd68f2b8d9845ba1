"""The pages every game with seats shares (Two Way Street, Mah Jongg): the
sheet, recording, undoing and changing a hand, and their addresses.

A game describes itself once in a :class:`SeatedSheet` (its selectors, its
display, its forms and services, what its entry fields need) and gets the
views and URLs from here. Every action is a plain form post. Without htmx it
redirects to the sheet; with htmx it answers with what the tap changed on the
sheet (:mod:`scorepads.patches`: the sheet is drawn as regions, :meth:`SeatedSheet.regions`),
from what the service read under the game's lock and left, reading nothing
again; a phone showing an older sheet gets the whole sheet.

A refused entry keeps everything typed: the sheet is drawn again with the form
as posted (400 without htmx; 200 with htmx, which swaps no 4xx), an error
summary at its top linking each problem to its field, each problem beside its
field too. When another phone recorded the hand first, the entry is kept for
the next hand, and the summary says so; the same hand sent again (a double
tap, a resend) is recorded once and the pad says so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from importlib import import_module
from types import ModuleType
from typing import Any

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from scorepads import exports, patches, redo, seating
from scorepads import views as shared
from scorepads.display import Changer
from scorepads.forms import UndoForm
from scorepads.players import changer
from scorepads.recording import RecordingError, SheetState
from scorepads.regions import PadMeta, Region, meta_region

# The form's fields drawn as "next-...": their ids in the entry of the next hand.
FORM_ID = "next"
# The refusals after which the entry has no hand left to go to.
NO_NEXT_HAND = {"finished", "full"}
# Where a hand was recorded, when nobody is known to have recorded it: one of the table's phones.
ELSEWHERE = "another phone"


@dataclass(frozen=True)
class ErrorLink:
    """One line of an error summary: what is wrong, and the id of the field it is about ("" for the whole form)."""

    text: str
    target: str


# The sheet as regions (scorepads.regions): the shared ones are drawn by
# templates/scorepads/seated_regions.html, the game's own (its entry, its
# downloads, what else it shows) by its sheet's template.
SEATED_REGIONS = "scorepads/seated_regions.html"


@dataclass(frozen=True)
class StatusLine:
    status: str
    next_number: int | None
    finished: bool


@dataclass(frozen=True)
class Standings:
    standings: tuple
    result: str
    note: str


@dataclass(frozen=True)
class Grid:
    """The score sheet's table: its style, what it holds (for a screen
    reader), how to read it, and the players across."""

    css_class: str
    caption: str
    help: str
    names: tuple[str, ...]
    shown: bool  # once there is a hand


@dataclass(frozen=True)
class HandRow:
    """A hand's row of the grid, or its detail: the game's template that
    draws it, given ``hand``."""

    template: str
    hand: Any
    game_id: int = 0
    change_url: str = ""


@dataclass(frozen=True)
class LastHand:
    undo_url: str
    number: int
    finished: bool


@dataclass(frozen=True, eq=False)
class Entry:
    """The next hand's entry as the sheet draws it: a form, so never the
    same as another; a tap that changes the sheet draws it again."""

    number: int | None
    form: Any
    error_summary: list
    record_url: str
    fields: dict
    sheet: Any  # the sheet's display, for what the entry says of the next hand
    full_message: str = ""  # said in its place once the sheet holds the most hands
    # On a poll's sheet, what is said when another phone's change moved the
    # entry being typed on this one (static/scorepads/seated.js shows it).
    moved_on: str = ""
    moved_back: str = ""


@dataclass(frozen=True)
class SeatedSheet:
    """What a game with seats gives the shared pages."""

    urls: str  # the URL namespace, which is also the app and its templates' folder: "two_way_street"
    slug: str  # its kind in the history and the exports: "two-way-street"
    selectors: ModuleType  # game_for, game_to_play, sheet_revision and SEATED
    display_of: Callable  # display_of(game, state=None): the sheet as the page shows it, from ``state`` (a SheetState) or the game's own hands
    pdf: ModuleType  # the printed sheet (scorepads.views.printed_sheet)
    hand_form: type  # HandForm(data, names=...), with problem()
    change_form: type  # the same with the sheet's revision
    record: Callable  # record(game, number, form): the service recording a valid form's hand
    change: Callable  # change(game, number, form): the service changing a hand to a valid form's
    undo: Callable  # undo(game, number): the service undoing the last hand, which must be ``number``
    repeats: Callable  # repeats(game, number, form): whether a valid form's hand is stored hand ``number``
    hand_fields: Callable  # hand_fields(hand): a stored hand's fields as its form posts them (its change form, its Redo)
    entry_context: Callable  # entry_context(form, display, winds): what the entry fields' template needs
    anchor: Callable[[str], str]  # anchor(field name): its control's id after "next-" ("tricks-2")
    fresh_form: Callable | None = None  # fresh_form(request, display): the next hand's form as first shown
    sheet_context: Callable = field(default=lambda display: {})  # the rest the sheet shows
    recorded_note: Callable = field(default=lambda display, number: "")  # what the hand did: "Ben won 300"
    change_winds: Callable = field(default=lambda shown: None)  # the winds of a hand being changed
    grid: tuple[str, str, str] = ("", "", "")  # the grid's style, what it holds, how to read it
    sheet_regions: Callable = field(default=lambda display: ())  # what else the sheet shows above the entry

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

    def partial(self, name: str) -> str:
        """A partial of the game's sheet template, which draws a region of its own."""
        return f"{self.template('sheet')}#{name}"

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

    def display_at(self, game, state: SheetState | None = None, *, version: int | None = None):
        """The sheet of ``game`` (its players loaded) from ``state`` (what a
        service read or left), or from its own hands; ``version`` is its
        revision unless given (the sheet before a tap)."""
        display = self.display_of(game, state)
        return display if version is None else replace(display, version=version)

    def regions(
        self, request, game, display, *, form=None, toast: Region | None = None, moved_by: Changer | None = None
    ) -> tuple[Region, ...]:
        """The sheet as regions, in the page's order: its meta and toast, the
        status line, the standings, what else the game shows, the entry of
        the next hand (``form``: as typed, or else the next hand's as first
        shown; none for the sheet before a tap, whose entry a tap always
        draws again), the grid, the hands in detail, the Undo and the
        downloads. ``toast`` given: the sheet before a tap."""
        last = display.last_hand
        meta = PadMeta(
            version=str(display.version),
            announce=display.status,
            announce_next="",  # after a tap, its message says the sheet's status
            keep_while=str(display.next_hand_number) if display.next_hand_number else "over",
        )
        if toast is None:
            toast = patches.toast(
                request,
                game,
                undo_number=last and last.number,
                next_number=display.next_hand_number,
                redo_url=reverse(f"{self.urls}:hand_redo", args=[game.pk]),
            )
            entry = self.entry(request, game, display, form, moved_by)
        else:
            entry = None
        css_class, caption, how_to_read = self.grid
        change_url = f"{self.urls}:hand_change"
        return (
            meta_region(meta),
            Region(
                "status-bar", f"{SEATED_REGIONS}#status-bar",
                StatusLine(display.status, display.next_hand_number, display.finished),
            ),
            toast,
            Region(
                "standings", f"{SEATED_REGIONS}#standings",
                Standings(display.standings, display.result, display.standings_note),
            ),
            *self.sheet_regions(display),
            Region("entry", self.partial("entry"), entry),
            Region(
                "sheet-grid", f"{SEATED_REGIONS}#grid",
                Grid(css_class, caption, how_to_read, tuple(display.names), bool(display.hands)),
                rows=tuple(
                    Region(
                        f"hand-{hand.number}-row", f"{SEATED_REGIONS}#grid-row",
                        HandRow(self.template("includes/grid_row"), hand), in_table=True, kept=True,
                    )
                    for hand in display.hands
                ),
                rows_in="sheet-rows",
                holder="tbody",
            ),
            Region(
                "hand-details", f"{SEATED_REGIONS}#details", (getattr(display, "legend", ()), bool(display.hands)),
                rows=tuple(
                    Region(
                        f"hand-{hand.number}-detail", f"{SEATED_REGIONS}#detail",
                        HandRow(self.template("includes/hand_detail"), hand, display.game_id, change_url), kept=True,
                    )
                    for hand in reversed(display.hands)
                ),
                rows_in="hand-details-list",
                newest="first",
            ),
            Region(
                "corrections", f"{SEATED_REGIONS}#corrections",
                last and LastHand(reverse(f"{self.urls}:hand_undo", args=[game.pk]), last.number, display.finished),
            ),
            Region("downloads", self.partial("downloads"), display.game_id),
        )

    def entry(self, request, game, display, form=None, moved_by: Changer | None = None) -> Entry:
        """The next hand's entry: ``form`` as typed, or the next hand's as first
        shown; with what is said if another phone's change (``moved_by``)
        moved what is being typed."""
        form = form if form is not None else self.new_form(request, display)
        number = display.next_hand_number
        moved_on = moved_back = ""
        if moved_by is not None and number:
            check = f"your entry is now hand {number}: check it, then record it."
            if number > 1:
                moved_on = f"{moved_by.recorded(number - 1, ELSEWHERE)}; {check}"
            moved_back = f"{moved_by.undid(number, ELSEWHERE)}; {check}"
        return Entry(
            number=display.next_hand_number,
            form=form,
            error_summary=self.error_summary(form),
            record_url=reverse(f"{self.urls}:hand_record", args=[game.pk]),
            fields={
                **self.entry_context(form, display, getattr(display, "next_winds", None)),
                **self.sheet_context(display),
            },
            sheet=display,
            full_message=display.full_message,
            moved_on=moved_on,
            moved_back=moved_back,
        )

    def render_sheet(self, request, game, display=None, form=None, *, status: int = 200):
        """The sheet page (or, for htmx, the sheet); a poll's sheet names who
        changed it, for an entry the change moves."""
        display = display or self.display_at(game)
        template = self.template("sheet") + "#sheet" if request.htmx else self.template("sheet")
        polled = request.htmx and request.method == "GET"
        context = {
            "game": game,
            "display": display,
            "poll_url": reverse(f"{self.urls}:sheet", args=[game.pk]),
            "leave_url": seating.leave_url(self.selectors.SEATED, game, request.user),
            "regions": self.regions(
                request, game, display, form=form,
                moved_by=changer(game, request.user, game.players.all()) if polled else None,
            ),
        }
        response = render(request, template, context, status=status)
        response[patches.VERSION_HEADER] = str(display.version)
        return response

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

    def done(self, request, game, number: int, how: str, *, level=messages.INFO, extra_tags: str = ""):
        """What a tap did, said with the hand's outcome and the sheet's status
        after it ("Hand 3 recorded: Ben won 300 · Ben leads with 900"): for
        htmx what it changed on the phone's sheet, else a redirect. Drawn from
        what the service read and left (``game.change``); a change that left
        nothing (an earlier hand changed) reads the sheet again."""
        change = game.change
        if change is None:
            game = self.load_game(request, game.pk)
        display = self.display_at(game, change and change.after)
        note = self.recorded_note(display, number) if how != "undone" else ""
        said = f"Hand {number} {how}" + (f": {note}" if note else "") + f" · {display.status}"
        messages.add_message(request, level, said, extra_tags=extra_tags)
        if not request.htmx:
            return redirect(f"{self.urls}:sheet", game_id=game.pk)
        if change is not None:
            before = self.display_at(game, change.before, version=change.revision_before)
            answer = patches.patch(
                request,
                before=self.regions(request, game, before, toast=patches.NO_TOAST),
                after=self.regions(request, game, display),
                version_before=change.revision_before,
                version_after=game.revision,
            )
            if answer is not None:
                return answer
        return self.render_sheet(request, game, display)

    def refused(self, request, game_id: int, message: str):
        """A refusal with nothing typed to keep (an undo): said on the sheet as it now is."""
        messages.warning(request, message)
        if request.htmx:
            return self.render_sheet(request, self.load_game(request, game_id))
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
                game.refresh_from_db(fields=["changed_by"])  # who got there first
                form.add_error(None, changer(game, request.user, game.players.all()).moved_on(number, ELSEWHERE))
            else:
                shared.refusal_on_form(form, error)
            return self.kept(request, game.pk, form)
        redo.forget(request)
        return self.done(request, game, number, "recorded", level=messages.SUCCESS, extra_tags="recorded")

    def hand_undo(self, request, game_id: int):
        game = self.game_to_play(request, game_id)
        undone, refusal = shared.undo_named(request, lambda number: self.undo(game, number))
        if undone is None:
            return self.refused(request, game.pk, refusal)
        redo.keep(request, game, self.hand_fields(undone))
        return self.done(request, game, undone.number, "undone", extra_tags="undone")

    def hand_redo(self, request, game_id: int):
        """Put back, as it was, the hand this phone undid (scorepads.redo):
        its fields as posted again, recorded as any hand is."""
        game = self.game_to_play(request, game_id)
        number = UndoForm(request.POST)
        fields, refusal = redo.to_put_back(request, game, number.cleaned_data["number"] if number.is_valid() else None)
        if fields is None:
            return self.refused(request, game.pk, refusal)
        form = self.hand_form(fields, names=game.names)
        if not form.is_valid():  # the rules or the game's seats changed since: nothing to put back
            return self.refused(request, game.pk, f"Nothing was redone ({form.problem()}).")
        try:
            self.record(game, fields["number"], form)
        except RecordingError as error:
            return self.refused(request, game.pk, shared.polite_refusal(fields["number"], error))
        redo.forget(request)
        return self.done(request, game, fields["number"], "put back", level=messages.SUCCESS, extra_tags="recorded")

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
                return self.done(request, game, number, "changed")
            status = 400
        else:
            stored = game.hands.all()[number - 1]
            form = self.change_form(initial={**self.hand_fields(stored), "revision": game.revision}, names=names)
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
            path("games/<int:game_id>/redo/", require_POST(self.hand_redo), name="hand_redo"),
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
