"""The Mah Jongg pages: start a game, the score sheet at the table, and the
hand scorer.

Every action on the sheet is a plain form post. Without htmx it redirects to
the sheet; with htmx it answers with the sheet region re-rendered from the
database, and a refused action re-renders it too (status 200) with a message
saying why. The scorer writes nothing: it is a GET form, its score card
re-rendered by htmx as the hand is entered.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from mahjong import pdf, selectors, services
from mahjong.display import SheetDisplay, card_display, sheet_display, tile_rows
from mahjong.forms import WASHOUT, ChangeHandForm, HandForm, NewGameForm, ScorerForm
from mahjong.game import field_at_fault
from mahjong.models import Game
from mahjong.scoring import MahjongError, score_hand
from mahjong.tiles import Wind
from scorepads.printing import digest
from scorepads.recording import RecordingError
from scorepads.views import (
    bad_request,
    changed,
    found,
    hand_shown,
    new_game_page,
    polite_refusal,
    printed,
    printed_sheet,
    refusal_on_form,
    unchanged_poll,
    undo_named,
)

SHEET_TEMPLATE = "mahjong/sheet.html"
SCORER_TEMPLATE = "mahjong/scorer.html"
# What the scorer hands the sheet, as the sheet's record form names it.
PREFILL_FIELDS = ("winner", "winning_hand", "winning_tile", "last_tile")


def load_game(request, game_id: int) -> Game:
    """The game with its players and hands, if the user may see it; 404 otherwise."""
    return found(selectors.game_for(request.user, game_id))


def display_of(game: Game) -> SheetDisplay:
    return sheet_display(game, list(game.players.all()), list(game.hands.all()))


@require_http_methods(["GET", "POST"])
def game_new(request):
    """The four players; the last game's players are offered again."""
    return new_game_page(
        request,
        form_class=NewGameForm,
        start=lambda form: services.game_start(seats=form.seats(), date=form.cleaned_data["date"], user=request.user),
        last_players=lambda: selectors.last_players(request.user),
        sheet="mahjong:sheet",
        template="mahjong/new.html",
        context={"games": selectors.recent_games(request.user)},
    )


@require_GET
@vary_on_headers("HX-Request")
def sheet(request, game_id: int):
    """The score sheet; htmx polls it with ``?version=`` and gets 204 while
    nothing changed. The scorer's "record on the sheet" link fills the next
    hand's form through the query (``winner``, ``winning_hand``...)."""
    if unchanged := unchanged_poll(request, lambda: selectors.sheet_revision(request.user, game_id)):
        return unchanged
    game = load_game(request, game_id)
    display = display_of(game)
    prefill = {name: request.GET[name] for name in PREFILL_FIELDS if name in request.GET}
    form = HandForm(initial={"last_tile": "discard", **prefill}, names=list(display.names))
    return render_sheet(request, game, display, form)


def render_sheet(request, game: Game, display: SheetDisplay | None = None, form: HandForm | None = None):
    display = display or display_of(game)
    template = SHEET_TEMPLATE + "#sheet" if request.htmx else SHEET_TEMPLATE
    form = form or HandForm(initial={"last_tile": "discard"}, names=list(display.names))
    context = {
        "game": game,
        "display": display,
        "form": form,
        "seats": form.seat_rows(display.next_winds),
        "scorer_url": f"{reverse('mahjong:scorer')}?game={display.game_id}",
    }
    return render(request, template, context)


def answer(request, game_id: int, message: str, *, level: int, extra_tags: str = "", form: HandForm | None = None):
    """What a tap did, or why it did nothing, said on the sheet as it now is
    (read once after the change): a fresh sheet for htmx, else a redirect."""
    messages.add_message(request, level, message, extra_tags=extra_tags)
    if request.htmx:
        return render_sheet(request, load_game(request, game_id), form=form)
    return redirect("mahjong:sheet", game_id=game_id)


@require_POST
def hand_record(request, game_id: int):
    game = found(selectors.game_to_play(request.user, game_id))
    form = HandForm(request.POST, names=game.names)
    if not form.is_valid():
        return answer(request, game.pk, f"Nothing was recorded ({form.problem()}).", level=messages.WARNING, form=form)
    number = form.cleaned_data["number"]
    try:
        services.hand_record(game=game, number=number, entry=form.entry())
    except RecordingError as error:
        # A refused hand keeps what was typed (to correct it), unless another tap recorded it.
        kept = None if error.code in {"taken", "finished", "full"} else form
        return answer(request, game.pk, polite_refusal(number, error), level=messages.WARNING, form=kept)
    return answer(request, game.pk, f"Hand {number} recorded", level=messages.SUCCESS, extra_tags="recorded")


@require_POST
def hand_undo(request, game_id: int):
    game = found(selectors.game_to_play(request.user, game_id))
    undone, refusal = undo_named(request, lambda number: services.hand_undo_last(game=game, expected_number=number))
    if undone is None:
        return answer(request, game.pk, refusal, level=messages.WARNING)
    return answer(request, game.pk, f"Hand {undone.number} undone", level=messages.INFO, extra_tags="undone")


@require_http_methods(["GET", "POST"])
def hand_change(request, game_id: int, number: int):
    """Change what was entered for an earlier hand; the sheet is played again from it."""
    game = load_game(request, game_id)
    display = display_of(game)
    shown = hand_shown(display, number)
    names = list(display.names)
    if request.method == "POST":
        form = ChangeHandForm(request.POST, names=names)
        if not form.is_valid():
            form.add_error(None, f"Nothing was changed ({form.problem()}).")
        elif changed(
            form,
            lambda: services.hand_change(
                game=game, number=number, entry=form.entry(), expected_revision=form.cleaned_data["revision"]
            ),
        ):
            return answer(request, game.pk, f"Hand {number} changed", level=messages.INFO)
        status = 400
    else:
        hand = game.hands.all()[number - 1]
        initial = {
            "number": number,
            "revision": game.revision,
            "winner": WASHOUT if hand.winner_seat is None else str(hand.winner_seat),
            "winning_hand": hand.winning_hand,
            "winning_tile": hand.winning_tile,
            "last_tile": "wall" if hand.self_drawn else "discard",
        }
        initial |= {f"score_{seat}": score for seat, score in enumerate(hand.scores, start=1)}
        form = ChangeHandForm(initial=initial, names=names)
        status = 200
    return render(
        request,
        "mahjong/change.html",
        {
            "game": game,
            "display": display,
            "hand": shown,
            "form": form,
            "seats": form.seat_rows([line.wind for line in shown.lines]),
        },
        status=status,
    )


@require_GET
@vary_on_headers("HX-Request")
def scorer(request):
    """The hand scorer: the tile grid and the notation, the winds, how the last
    tile came; the score card of the best arrangement. With ``game``, the winds
    are that game's next hand's, and the card can be taken to its sheet."""
    display = None
    if "game" in request.GET:
        game_id = request.GET["game"]
        if not (game_id.isascii() and game_id.isdigit() and len(game_id) <= 18):
            return bad_request(f"game must be a game's number, not {game_id[:20]!r}")
        display = display_of(load_game(request, int(game_id)))
    prevailing = display.next_prevailing_wind if display else "E"
    initial = {"last_tile": "discard", "own_wind": "E", "prevailing_wind": prevailing}
    form = ScorerForm(request.GET if "hand" in request.GET else None, initial=initial)
    card = record_url = None
    if form.is_valid():
        data = form.cleaned_data
        try:
            scored = score_hand(
                data["hand"],
                own_wind=data["own_wind"],
                prevailing_wind=data["prevailing_wind"],
                winning_tile=data["winning_tile"],
                self_drawn=data["last_tile"] == "wall",
            )
        except MahjongError as error:
            field = field_at_fault(error)
            refusal_on_form(form, error, field="hand" if field == "winning_hand" else field)
        else:
            card = card_display(scored)
            if display and display.next_hand_number and data["prevailing_wind"] == display.next_prevailing_wind:
                record_url = sheet_prefill_url(display, scored, data["own_wind"], data["last_tile"])
    context = {
        "form": form,
        "card": card,
        "display": display,
        "record_url": record_url,
        "tile_rows": tile_rows(),
        "own_wind_labels": own_wind_labels(display),
    }
    template = SCORER_TEMPLATE + "#card" if request.htmx else SCORER_TEMPLATE
    return render(request, template, context)


def own_wind_labels(display: SheetDisplay | None) -> list[tuple[str, str]]:
    """The own wind's choices: "East", or "East (Ann)" for a game's next hand."""
    by_wind = {seat.wind: seat.name for seat in display.next_seats} if display else {}
    return [
        (wind.value, f"{wind.noun} ({by_wind[wind.noun]})" if wind.noun in by_wind else wind.noun)
        for wind in Wind
    ]


def sheet_prefill_url(display: SheetDisplay, scored, own_wind: str, last_tile: str) -> str:
    """The sheet with the next hand's form filled in with this winning hand."""
    winner = next(seat.seat for seat in display.next_seats if seat.wind == Wind(own_wind).noun)
    query = urlencode(
        {
            "winner": winner,
            "winning_hand": scored.hand.text,
            "winning_tile": scored.win.winning_tile.text,
            "last_tile": last_tile,
        }
    )
    return f"{reverse('mahjong:sheet', args=[display.game_id])}?{query}#hand-entry"


@require_GET
def sheet_pdf(request, game_id: int):
    """The game's printed score sheet; rendered once for each revision of the game."""
    return printed_sheet(request, load_game(request, game_id), display_of, pdf)


@require_GET
def blank_pdf(request, game_id: int | None = None):
    """A blank score sheet to keep by hand: with the names to fill in, or,
    for game ``game_id``, with its players and date."""
    if game_id is None:
        names, date = None, None
    else:
        game = found(selectors.game_to_play(request.user, game_id))
        names, date = game.names, game.date
    return printed(
        request,
        cache_key=lambda size: "mah-jongg-blank:" + digest(names, date, size),
        render=lambda size: pdf.render_blank(names, size, date=date),
        filename=pdf.blank_filename(names),
        cells=4,  # its rows are empty: only the names are written
    )
