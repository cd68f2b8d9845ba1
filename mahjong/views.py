"""The Mah Jongg pages: start a game, the score sheet at the table (its views
and addresses are every seated game's: :mod:`scorepads.table`), and the hand
scorer. The scorer writes nothing: it is a GET form, its score card
re-rendered by htmx as the hand is entered.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers

from mahjong import pdf, selectors, services
from mahjong.display import SheetDisplay, card_display, sheet_display, tile_rows
from mahjong.forms import WASHOUT, HandForm, NewGameForm, ScorerForm
from mahjong.game import field_at_fault
from mahjong.models import Game, Hand
from mahjong.scoring import MahjongError, score_hand
from mahjong.tiles import Wind
from scorepads.printing import digest, print_cost
from scorepads.recording import SheetState
from scorepads.table import SeatedSheet
from scorepads.views import bad_request, new_game_page, printed, query_id, refusal_on_form

SCORER_TEMPLATE = "mahjong/scorer.html"
# What the scorer hands the sheet, as the sheet's record form names it.
PREFILL_FIELDS = ("winner", "winning_hand", "winning_tile", "last_tile")
# How the winning tile came, as the score card says it.
LAST_TILE_SAID = {"discard": "was claimed from a discard", "wall": "was drawn from the wall"}
# The controls a field's error links to (after the form's id).
ANCHORS = {"winner": "winner-1", "winning_hand": "hand", "winning_tile": "tile", "last_tile": "last-wall"}


def display_of(game: Game, state: SheetState | None = None) -> SheetDisplay:
    """The sheet of ``game`` (its players loaded) from ``state``, or from its own hands."""
    return sheet_display(game, list(game.players.all()), list(state.hands if state else game.hands.all()))


def next_hand_form(request, display: SheetDisplay) -> HandForm:
    """The next hand's form; the scorer's "put it on the sheet" fills it in
    through the query (``winner``, ``winning_hand``...)."""
    prefill = {name: request.GET[name] for name in PREFILL_FIELDS if name in request.GET}
    return HandForm(initial={"number": display.next_hand_number, **prefill}, names=list(display.names))


def hand_fields(hand: Hand) -> dict:
    """A stored hand's fields, as its form posts them."""
    fields = {
        "number": hand.number,
        "winner": WASHOUT if hand.winner_seat is None else str(hand.winner_seat),
        "winning_hand": hand.winning_hand,
        "winning_tile": hand.winning_tile,
        "last_tile": "wall" if hand.self_drawn else "discard",
    }
    return fields | {f"score_{seat}": score for seat, score in enumerate(hand.scores, start=1)}


def outcome(display: SheetDisplay, number: int) -> str:
    """What hand ``number`` did, as the toast says it: "Ben won 300", "a washout"."""
    return display.hands[number - 1].summary.rpartition(": ")[2]


SHEET = SeatedSheet.of_app(
    "mahjong",
    "mah-jongg",
    display_of=display_of,
    record=lambda game, number, form: services.hand_record(game=game, number=number, entry=form.entry()),
    change=lambda game, number, form: services.hand_change(
        game=game, number=number, entry=form.entry(), expected_revision=form.cleaned_data["revision"]
    ),
    undo=lambda game, number: services.hand_undo_last(game=game, expected_number=number),
    repeats=lambda game, number, form: any(hand.entry == form.entry() for hand in game.hands.filter(number=number)),
    hand_fields=hand_fields,
    entry_context=lambda form, display, winds: {"seats": form.seat_rows(winds)},
    anchor=lambda name: ANCHORS.get(name, name.replace("_", "-")),
    fresh_form=next_hand_form,
    sheet_context=lambda display: {"scorer_url": f"{reverse('mahjong:scorer')}?game={display.game_id}"},
    grid=(
        "mj-grid",
        "Each hand's gain or loss and each player's running total",
        "Each cell: the player's wind in that hand (E, S, W, N) and the hand's gain or loss, then the running"
        " total. The winner's cell is marked.",
    ),
    recorded_note=outcome,
    change_winds=lambda shown: [line.wind for line in shown.lines],
)
TABLE = SHEET.table


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
def scorer(request):
    """The hand scorer: the tile grid and the notation, the winds, how the last
    tile came; the score card of the best arrangement. With ``game``, the winds
    are that game's next hand's, and the card can be taken to its sheet."""
    try:
        game_id = query_id(request)
    except ValueError as error:
        return bad_request(str(error))
    display = None if game_id is None else display_of(SHEET.load_game(request, game_id))
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
        "last_tile_said": LAST_TILE_SAID.get(form.cleaned_data.get("last_tile", "")) if card else "",
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
def blank_pdf(request, game_id: int | None = None):
    """A blank score sheet to keep by hand: with the names to fill in, or,
    for game ``game_id``, with its players and date."""
    if game_id is None:
        names, date = None, None
    else:
        game = SHEET.game_to_play(request, game_id)
        names, date = game.names, game.date
    return printed(
        request,
        cache_key=lambda size: "mah-jongg-blank:" + digest(names, date, size),
        render=lambda size: pdf.render_blank(names, size, date=date),
        filename=pdf.blank_filename(names),
        cost=print_cost(cells=4, text=names or ()),  # its rows are empty: only the names are written
    )
