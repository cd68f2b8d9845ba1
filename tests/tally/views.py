"""Tally's pages: the new game here, the sheet and its hands from the kit
(:class:`scorepads.table.SeatedSheet`)."""

from __future__ import annotations

from django.utils import timezone
from django.views.decorators.http import require_http_methods

from scorepads.recording import SheetState
from scorepads.table import SeatedSheet
from scorepads.views import new_game_page
from tests.tally import forms, pdf, selectors, services
from tests.tally.display import SheetDisplay, sheet_display


def display_of(game, state: SheetState | None = None) -> SheetDisplay:
    """The sheet of ``game`` (its players loaded) from ``state``, or from its own hands."""
    hands, finished_at = (state.hands, state.finished_at) if state else (game.hands.all(), game.finished_at)
    return sheet_display(game, list(game.players.all()), list(hands), finished_at=finished_at and timezone.localtime(finished_at))


def entry_rows(form, names: list[str]) -> list[dict]:
    """Each player's score field, with the value it shows and its errors."""
    return [
        {"seat": seat, "name": name, "score": form[f"score_{seat}"].value(), "errors": form[f"score_{seat}"].errors}
        for seat, name in enumerate(names, start=1)
    ]


SHEET = SeatedSheet(
    urls="tally",
    slug="tally",
    selectors=selectors,
    display_of=display_of,
    pdf=pdf,
    hand_form_class=forms.HandForm,
    change_form_class=forms.ChangeHandForm,
    record=lambda game, number, form: services.hand_record(game=game, number=number, scores=form.scores()),
    change=lambda game, number, form: services.hand_change(
        game=game, number=number, scores=form.scores(), expected_revision=form.cleaned_data["revision"]
    ),
    undo=lambda game, number: services.hand_undo_last(game=game, expected_number=number),
    repeats=lambda game, number, form: game.hands.filter(number=number, scores=form.scores()).exists(),
    hand_fields=lambda hand: {"number": hand.number, **{f"score_{seat}": score for seat, score in enumerate(hand.scores, start=1)}},
    entry_context=lambda form, display, winds: {"entries": entry_rows(form, list(display.names))},
    anchor=lambda name: name.replace("_", "-"),
    grid=("tally-grid", "Each hand's scores and each player's running total", "Each cell: the hand's score, then the total."),
)
TABLE = SHEET.table


@require_http_methods(["GET", "POST"])
def game_new(request):
    return new_game_page(
        request,
        form_class=forms.NewGameForm,
        start=lambda form: services.game_start(seats=form.seats(), date=form.cleaned_data["date"], user=request.user),
        last_players=lambda: selectors.last_players(request.user),
        sheet="tally:sheet",
        template="tally/new.html",
        context={"games": selectors.recent_games(request.user)},
    )
