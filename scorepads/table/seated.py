"""The table of every game with seats (Two Way Street, Mah Jongg): the
sheet, recording, undoing and changing a hand, and their addresses.

A game describes itself once in a :class:`SeatedSheet` (its selectors, its
display, its forms and services, what its entry fields need): that is both
sides a :class:`~scorepads.table.Table` asks of a game, and the sheet's table
(:attr:`SeatedSheet.table`, a :class:`SeatedTable`) serves its views and URLs.
The sheet is drawn as regions (:meth:`SeatedSheet.regions`).

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
from functools import cached_property
from importlib import import_module
from types import ModuleType
from typing import Any

from django.http import HttpResponse
from django.shortcuts import render
from django.urls import path, reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from scorepads import exports, seating
from scorepads import views as shared
from scorepads.display import Changer
from scorepads.players import changer
from scorepads.recording import RecordingError, SheetState
from scorepads.regions import PadMeta, Region, meta_region
from scorepads.table.table import NothingPutBack, Table

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
    """The Undo of the last entry (its button, and the form the toast's Undo sends)."""

    undo_url: str
    number: int
    finished: bool
    noun: str = "hand"  # what the game calls an entry: "Undo ruling 3"


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
    """What a game with seats gives its table: its rules and services
    (:class:`~scorepads.table.TableRules`) and its sheet's display
    (:class:`~scorepads.table.TableDisplay`)."""

    urls: str  # the URL namespace, which is also the app and its templates' folder: "two_way_street"
    slug: str  # its kind in the history and the exports: "two-way-street"
    selectors: ModuleType  # game_for, game_to_play, sheet_revision and SEATED
    display_of: Callable  # display_of(game, state=None): the sheet as the page shows it, from ``state`` (a SheetState) or the game's own hands
    pdf: ModuleType  # the printed sheet (scorepads.views.printed_sheet)
    hand_form_class: type  # HandForm(data, names=...), with problem()
    change_form_class: type  # the same with the sheet's revision
    record: Callable  # record(game, number, form): the service recording a valid form's hand; the hand
    change: Callable  # change(game, number, form): the service changing a hand to a valid form's; the hand
    undo: Callable  # undo(game, number): the service undoing the last hand, which must be ``number``; the hand
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
            hand_form_class=forms.HandForm,
            change_form_class=forms.ChangeHandForm,
            **game,
        )

    @cached_property
    def table(self) -> SeatedTable:
        """The sheet's table, which serves its views."""
        return SeatedTable(urls=self.urls, page="sheet", rules=self, display=self, sheet=self)

    def template(self, name: str) -> str:
        return f"{self.urls}/{name}.html"

    def partial(self, name: str) -> str:
        """A partial of the game's sheet template, which draws a region of its own."""
        return f"{self.template('sheet')}#{name}"

    # Its rules and services, as the table asks for them

    def revision(self, user, game_id: int) -> int | None:
        return self.selectors.sheet_revision(user, game_id)

    def load_game(self, request, game_id: int):
        """The game with its players and hands, if the user may see it; 404 otherwise."""
        return shared.found(self.selectors.game_for(request.user, game_id))

    def game_shown(self, request, game_id: int):
        return self.load_game(request, game_id)

    def game_to_play(self, request, game_id: int):
        """The game with its players (its services read the hands), if the user may see it; 404 otherwise."""
        return shared.found(self.selectors.game_to_play(request.user, game_id))

    def game_to_change(self, request, game_id: int):
        return self.game_to_play(request, game_id)

    def hand_form(self, data, game):
        return self.hand_form_class(data, names=game.names)

    def change_form(self, data, game):
        return self.change_form_class(data, names=game.names)

    def put_back(self, game, fields: dict[str, Any]):
        """The hand a Redo keeps, posted again through the hand's form."""
        form = self.hand_form(fields, game)
        if not form.is_valid():  # the rules or the game's seats changed since: nothing to put back
            raise NothingPutBack(f"Nothing was redone ({form.problem()}).")
        return self.record(game, fields["number"], form)

    def new_form(self, request, display):
        if self.fresh_form is not None:
            return self.fresh_form(request, display)
        return self.hand_form_class(names=list(display.names))

    # Drawing the sheet

    @property
    def page_template(self) -> str:
        return self.template("sheet")

    @property
    def page_fragment(self) -> str:
        return "sheet"

    def display_at(self, game, state: SheetState | None = None, *, version: int | None = None):
        """The sheet of ``game`` (its players loaded) from ``state`` (what a
        service read or left), or from its own hands; ``version`` is its
        revision unless given (the sheet before a tap)."""
        display = self.display_of(game, state)
        return display if version is None else replace(display, version=version)

    def toast_numbers(self, display) -> tuple[int | None, int | None]:
        last = display.last_hand
        return last and last.number, display.next_hand_number

    def said(self, display, hand, how: str) -> str:
        """What a tap did, with the hand's outcome and the sheet's status after
        it: "Hand 3 recorded: Ben won 300 · Ben leads with 900"."""
        note = self.recorded_note(display, hand.number) if how != "undone" else ""
        return f"Hand {hand.number} {how}" + (f": {note}" if note else "") + f" · {display.status}"

    def entries_stored(self, display) -> None:
        return None  # a seated game's entries are kept on its form, not by its taps

    def moved_by(self, request, game) -> Changer | None:
        return changer(game, request.user, game.players.all())

    def page_context(self, request, game, display) -> dict[str, Any]:
        return {"leave_url": seating.leave_url(self.selectors.SEATED, game, request.user)}

    def regions(
        self, request, game, display, *, toast: Region, before: bool = False, form=None, moved_by: Changer | None = None
    ) -> tuple[Region, ...]:
        """The sheet as regions, in the page's order: its meta and toast, the
        status line, the standings, what else the game shows, the grid,
        the entry of the next hand just below its newest row, as on a paper
        score sheet (``form``: as typed, or else the next hand's as first
        shown; none for the sheet ``before`` a tap, whose entry a tap always
        draws again), the hands in detail, the Undo and the downloads."""
        last = display.last_hand
        meta = PadMeta(
            version=str(display.version),
            announce=display.status,
            announce_next="",  # after a tap, its message says the sheet's status
            keep_while=str(display.next_hand_number) if display.next_hand_number else "over",
        )
        entry = None if before else self.entry(request, game, display, form, moved_by)
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
            Region("entry", self.partial("entry"), entry),
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

    # The addresses

    def url_patterns(self) -> list:
        """The addresses of a game's sheet, its hands, joining and leaving, and its sheet's downloads
        but for the blank sheet (each game's own): ``sheet_pdf`` is the app's view."""
        table = self.table
        seated = {"seated": self.selectors.SEATED}
        sheet = vary_on_headers("HX-Request")(require_GET(table.page))
        return [
            path("games/<int:game_id>/", sheet, name="sheet"),
            path("games/<int:game_id>/hands/", require_POST(table.hand_record), name="hand_record"),
            path("games/<int:game_id>/undo/", require_POST(table.hand_undo), name="hand_undo"),
            path("games/<int:game_id>/redo/", require_POST(table.hand_redo), name="hand_redo"),
            path(
                "games/<int:game_id>/hands/<int:number>/",
                require_http_methods(["GET", "POST"])(table.hand_change),
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


class SeatedTable(Table):
    """The table of a seated game's sheet: a refused entry is kept as typed
    on the sheet, and an earlier hand is changed on a page of its own."""

    def __init__(self, *, sheet: SeatedSheet, **table) -> None:
        super().__init__(**table)
        self.sheet = sheet

    def kept(self, request, game_id: int, form) -> HttpResponse:
        """A refused entry, drawn again as typed on the sheet as it now is,
        its problems summarised at its top: 200 for htmx, else 400."""
        response = self.render_page(
            request, self.sheet.load_game(request, game_id), form=form, status=200 if request.htmx else 400
        )
        # Why, for an entry sent from the phone's queue (scorepads.entries).
        response.entry_problem = " ".join(str(error) for errors in form.errors.values() for error in errors)  # type: ignore[attr-defined]
        return response

    def form_refused(self, request, game_id: int, form, done: str) -> HttpResponse:
        return self.kept(request, game_id, form)

    def record_refused(self, request, game, number: int, form, error: RecordingError) -> HttpResponse:
        """A hand already there (a double tap, a resend) or with no hand left
        to go to is said on the sheet, an overtaken entry kept for the next
        hand (:meth:`overtaken`), any other refusal said on the entry's form."""
        if error.code in NO_NEXT_HAND or error.code == "taken":
            return super().record_refused(request, game, number, form, error)
        shared.refusal_on_form(form, error)
        return self.kept(request, game.pk, form)

    def overtaken(self, request, game, number: int, form, error: RecordingError) -> HttpResponse:
        """The entry is kept as typed, for the next hand, saying who got there first."""
        game.refresh_from_db(fields=["changed_by"])
        form.add_error(None, changer(game, request.user, game.players.all()).moved_on(number, ELSEWHERE))
        return self.kept(request, game.pk, form)

    def hand_change(self, request, game_id: int, number: int) -> HttpResponse:
        """Change what was entered for an earlier hand, on a page of its own;
        the sheet is played again from it."""
        sheet = self.sheet
        game = sheet.load_game(request, game_id)
        display = sheet.display_of(game)
        shown = shared.hand_shown(display, number)
        names = list(display.names)
        if request.method == "POST":
            form = sheet.change_form_class(request.POST, names=names)
            if not form.is_valid():
                form.add_error(None, f"Nothing was changed ({form.problem()}).")
            else:
                try:
                    changed = sheet.change(game, number, form)
                except RecordingError as error:
                    form.add_error(None, f"Nothing was changed: {error}.")
                else:
                    return self.done(request, changed, "changed")
            status = 400
        else:
            stored = game.hands.all()[number - 1]
            form = sheet.change_form_class(initial={**sheet.hand_fields(stored), "revision": game.revision}, names=names)
            status = 200
        context = {
            "game": game,
            "display": display,
            "hand": shown,
            "form": form,
            **sheet.entry_context(form, display, sheet.change_winds(shown)),
        }
        return render(request, sheet.template("change"), context, status=status)
