"""The Two Way Street pages: start a game, then the score sheet at the table
(its views and addresses are every seated game's: :mod:`scorepads.table`)."""

from __future__ import annotations

import csv

from django.http import Http404, HttpResponse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from scorepads.printing import digest, print_cost
from scorepads.recording import SheetState
from scorepads.regions import Region
from scorepads.table import SeatedSheet
from scorepads.views import attachment_header, bad_request, new_game_page, printed, query_id, spreadsheet_safe
from two_way_street import pdf, rules, selectors, services
from two_way_street.display import SheetDisplay, sheet_display
from two_way_street.forms import HandForm, NewGameForm
from two_way_street.models import Game, Hand


def display_of(game: Game, state: SheetState | None = None) -> SheetDisplay:
    """The sheet of ``game`` (its players loaded) from ``state``, or from its own hands."""
    hands, finished_at = (state.hands, state.finished_at) if state else (game.hands.all(), game.finished_at)
    finished_at = timezone.localtime(finished_at) if finished_at else None
    return sheet_display(game, list(game.players.all()), list(hands), finished_at=finished_at)


def next_hand_form(request, display: SheetDisplay) -> HandForm:
    """The next hand's form, each player's entry as last hand's."""
    initial: dict[str, object] = {"number": display.next_hand_number, "tricks_in_hand": display.next_tricks_in_hand}
    for entry in display.next_entries:
        initial |= {f"tricks_{entry.seat}": entry.tricks, f"direction_{entry.seat}": entry.direction}
        initial[f"choice_{entry.seat}"] = entry.choice
    return HandForm(initial=initial, names=list(display.names))


def hand_fields(hand: Hand) -> dict:
    """A stored hand's entries, as its form posts them."""
    fields = {"number": hand.number, "tricks_in_hand": "" if hand.tricks_in_hand is None else hand.tricks_in_hand}
    for seat, entry in enumerate(hand.results, start=1):
        fields[f"tricks_{seat}"], fields[f"direction_{seat}"], fields[f"choice_{seat}"] = entry
    return fields


def entry_rows(form: HandForm, names: list[str]) -> list[dict]:
    """Each player's fields of a hand form, with the value each shows."""
    rows = []
    for seat, name in enumerate(names, start=1):
        fields = [form[f"{part}_{seat}"] for part in ("tricks", "direction", "choice")]
        rows.append(
            {
                "seat": seat,
                "name": name,
                "tricks": fields[0].value(),
                "direction": fields[1].value(),
                "choice": fields[2].value(),
                "errors": [error for bound in fields for error in bound.errors],
            }
        )
    return rows


def anchor(name: str) -> str:
    """The id (after the form's) of the control a field's error links to."""
    part, _, seat = name.rpartition("_")
    first_option = {"direction": "-high", "choice": "-declared"}
    if part in first_option:
        return f"{part}-{seat}{first_option[part]}"
    return name.replace("_", "-")


SHEET = SeatedSheet.of_app(
    "two_way_street",
    "two-way-street",
    display_of=display_of,
    record=lambda game, number, form: services.hand_record(
        game=game, number=number, results=form.results(), tricks_in_hand=form.cleaned_data["tricks_in_hand"]
    ),
    change=lambda game, number, form: services.hand_change(
        game=game,
        number=number,
        results=form.results(),
        tricks_in_hand=form.cleaned_data["tricks_in_hand"],
        expected_revision=form.cleaned_data["revision"],
    ),
    undo=lambda game, number: services.hand_undo_last(game=game, expected_number=number),
    repeats=lambda game, number, form: game.hands.filter(
        number=number, results=[list(result) for result in form.results()], tricks_in_hand=form.cleaned_data["tricks_in_hand"]
    ).exists(),
    hand_fields=hand_fields,
    entry_context=lambda form, display, winds: {
        "entries": entry_rows(form, list(display.names)),
        "max_tricks": display.max_tricks,
    },
    anchor=anchor,
    fresh_form=next_hand_form,
    grid=(
        "tws-grid",
        "Each hand's final score and each player's running total",
        "Each cell: the hand's final score, then the running total. The letter beside the hand is its penalty case.",
    ),
    sheet_regions=lambda display: (
        Region("ratings", "two_way_street/sheet.html#ratings", (display.game_id, display.finished, display.ratings, display.ratings_note)),
    ),
)
TABLE = SHEET.table


@require_http_methods(["GET", "POST"])
def game_new(request):
    """The players and the target; the last game's players are offered again."""
    return new_game_page(
        request,
        form_class=NewGameForm,
        start=lambda form: services.game_start(
            seats=form.seats(), target=form.cleaned_data["target"], date=form.cleaned_data["date"], user=request.user
        ),
        last_players=lambda: selectors.last_players(request.user),
        sheet="two_way_street:sheet",
        template="two_way_street/new.html",
        context={
            "games": selectors.recent_games(request.user),
            "min_players": rules.MIN_PLAYERS,
            "max_players": rules.MAX_PLAYERS,
            "blank_player_counts": range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1),
            "blank_players": pdf.BLANK_PLAYERS,
        },
    )


@require_GET
def blank_pdf(request):
    """A blank score sheet for ``players`` players (5 when absent), or for the
    players of game ``game``, with its date and target."""
    try:
        if (game_id := query_id(request)) is not None:
            game = SHEET.game_to_play(request, game_id)
            names, date, target = game.names, game.date, game.target
        else:
            names, date, target = [""] * pdf.blank_player_count(request.GET.get("players")), None, None
    except ValueError as error:
        return bad_request(str(error))
    return printed(
        request,
        cache_key=lambda size: "two-way-street-blank:" + digest(names, date, target, size),
        render=lambda size: pdf.render_blank(names, size, date=date, target=target),
        filename=pdf.blank_filename(names),
        cost=print_cost(cells=len(names), text=names),  # its rows are empty: only the names are written
    )


@require_GET
def ratings_csv(request, game_id: int):
    """The finished game's ratings record as CSV: one row per player, best first."""
    game = SHEET.load_game(request, game_id)
    display = display_of(game)
    if display.ratings is None:
        raise Http404("This game has no ratings record.")
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = attachment_header(f"{pdf.sheet_stem(display)}-ratings.csv")
    response.write("\ufeff")  # a spreadsheet then reads the names' accents right
    writer = csv.writer(response)
    writer.writerow(["date", "time", "target", "mark", "place", "player", "score"])
    record = display.ratings
    for entry in record.entries:
        writer.writerow(
            [
                record.date.isoformat(),
                record.time.strftime("%H:%M"),
                record.target,
                record.mark or "",
                str(entry.place),
                spreadsheet_safe(entry.name),
                entry.score,
            ]
        )
    return response

