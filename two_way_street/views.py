"""The Two Way Street pages: start a game, then the score sheet at the table.

Every action is a plain form post. Without htmx it redirects to the sheet; with
htmx it answers with the sheet region re-rendered from the database, and a
refused action re-renders it too (status 200) with a message saying why.
"""

from __future__ import annotations

import csv

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from scorepads.printing import digest
from scorepads.recording import RecordingError
from scorepads.views import (
    attachment_header,
    bad_request,
    changed,
    found,
    hand_shown,
    new_game_page,
    polite_refusal,
    printed,
    printed_sheet,
    spreadsheet_safe,
    unchanged_poll,
    undo_named,
)
from two_way_street import pdf, rules, selectors, services
from two_way_street.display import SheetDisplay, sheet_display
from two_way_street.forms import ChangeHandForm, HandForm, NewGameForm
from two_way_street.models import Game

SHEET_TEMPLATE = "two_way_street/sheet.html"


def load_game(request, game_id: int) -> Game:
    """The game with its players and hands, if the user may see it; 404 otherwise."""
    return found(selectors.game_for(request.user, game_id))


def game_to_play(request, game_id: int) -> Game:
    """The game with its players (its services read the hands), if the user may see it; 404 otherwise."""
    return found(selectors.game_to_play(request.user, game_id))



def display_of(game: Game) -> SheetDisplay:
    finished_at = timezone.localtime(game.finished_at) if game.finished_at else None
    return sheet_display(game, list(game.players.all()), list(game.hands.all()), finished_at=finished_at)


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
        },
    )


@require_GET
@vary_on_headers("HX-Request")
def sheet(request, game_id: int):
    """The score sheet; htmx polls it with ``?version=`` and gets 204 while nothing changed."""
    if unchanged := unchanged_poll(request, lambda: selectors.sheet_revision(request.user, game_id)):
        return unchanged
    return render_sheet(request, load_game(request, game_id))


def render_sheet(request, game: Game, display: SheetDisplay | None = None):
    template = SHEET_TEMPLATE + "#sheet" if request.htmx else SHEET_TEMPLATE
    return render(request, template, {"game": game, "display": display or display_of(game)})


def refused(request, game_id: int, message: str):
    """The refusal said on the sheet as it now is: a fresh sheet for htmx, else a redirect."""
    messages.warning(request, message)
    if request.htmx:
        return render_sheet(request, load_game(request, game_id))
    return redirect("two_way_street:sheet", game_id=game_id)


def done(request, game_id: int, number: int, how: str, *, level: int = messages.INFO, extra_tags: str = ""):
    """What a tap did, said with the leader after it ("Hand 3 recorded · Ann
    leads with 12"), on the sheet read once after the change: a fresh sheet for
    htmx, else a redirect."""
    game = load_game(request, game_id)
    display = display_of(game)
    messages.add_message(request, level, f"Hand {number} {how} · {display.status}", extra_tags=extra_tags)
    if request.htmx:
        return render_sheet(request, game, display)
    return redirect("two_way_street:sheet", game_id=game_id)


@require_POST
def hand_record(request, game_id: int):
    game = game_to_play(request, game_id)
    form = HandForm(request.POST, names=[player.name for player in game.players.all()])
    if not form.is_valid():
        return refused(request, game.pk, f"Nothing was recorded ({form.problem()}).")
    number = form.cleaned_data["number"]
    try:
        services.hand_record(
            game=game,
            number=number,
            results=form.results(),
            tricks_in_hand=form.cleaned_data["tricks_in_hand"],
        )
    except RecordingError as error:
        return refused(request, game.pk, polite_refusal(number, error))
    return done(request, game.pk, number, "recorded", level=messages.SUCCESS, extra_tags="recorded")


@require_POST
def hand_undo(request, game_id: int):
    game = game_to_play(request, game_id)
    undone, refusal = undo_named(request, lambda number: services.hand_undo_last(game=game, expected_number=number))
    if undone is None:
        return refused(request, game.pk, refusal)
    return done(request, game.pk, undone.number, "undone", extra_tags="undone")


@require_http_methods(["GET", "POST"])
def hand_change(request, game_id: int, number: int):
    """Change what was entered for an earlier hand; the sheet is recomputed."""
    game = load_game(request, game_id)
    display = display_of(game)
    hand = hand_shown(display, number)
    names = list(display.names)
    if request.method == "POST":
        form = ChangeHandForm(request.POST, names=names)
        if form.is_valid() and changed(
            form,
            lambda: services.hand_change(
                game=game,
                number=number,
                results=form.results(),
                tricks_in_hand=form.cleaned_data["tricks_in_hand"],
                expected_revision=form.cleaned_data["revision"],
            ),
        ):
            return done(request, game.pk, number, "changed")
        status = 400
    else:
        initial = {"number": number, "revision": game.revision, "tricks_in_hand": hand.tricks_in_hand}
        for seat, entry in enumerate(game.hands.all()[number - 1].results, start=1):
            initial[f"tricks_{seat}"], initial[f"direction_{seat}"], initial[f"choice_{seat}"] = entry
        form = ChangeHandForm(initial=initial, names=names)
        status = 200
    return render(
        request,
        "two_way_street/change.html",
        {"game": game, "display": display, "hand": hand, "form": form, "entries": entry_rows(form, names)},
        status=status,
    )


def entry_rows(form: HandForm, names: list[str]) -> list[dict]:
    """Each player's fields of a hand form, with the value each shows."""
    rows = []
    for seat, name in enumerate(names, start=1):
        rows.append(
            {
                "seat": seat,
                "name": name,
                "tricks": form[f"tricks_{seat}"].value(),
                "direction": form[f"direction_{seat}"].value(),
                "choice": form[f"choice_{seat}"].value(),
                "errors": [
                    *form[f"tricks_{seat}"].errors,
                    *form[f"direction_{seat}"].errors,
                    *form[f"choice_{seat}"].errors,
                ],
            }
        )
    return rows


@require_GET
def sheet_pdf(request, game_id: int):
    """The game's printed score sheet; rendered once for each revision of the game."""
    return printed_sheet(request, load_game(request, game_id), display_of, pdf)


@require_GET
def blank_pdf(request):
    """A blank score sheet for ``players`` players (5 when absent), or for the
    players of game ``game``, with its date and target."""
    try:
        if "game" in request.GET:
            game_id = request.GET["game"]
            if not (game_id.isascii() and game_id.isdigit() and len(game_id) <= 18):
                raise ValueError(f"game must be a game's number, not {game_id[:20]!r}")
            game = game_to_play(request, int(game_id))
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
        cells=len(names),  # its rows are empty: only the names are written
    )


@require_GET
def ratings_csv(request, game_id: int):
    """The finished game's ratings record as CSV: one row per player, best first."""
    game = load_game(request, game_id)
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

