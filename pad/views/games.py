"""Gorilla's pages that are not taps on the pad: start a game, the rematch,
who deals first, "Gorilla it out" and its record, the hand list and a hand's
analysis. The pad page and its taps are the kit's table's (pad.table); the
posts here answer as its taps do (scorepads.table.Table).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

import solver
from pad import rules, selectors, services
from pad.display import deck_in_suits, gorillaed_hand, pad_display
from pad.forms import CardsForm, RecordVerdictForm, StartGameForm
from pad.models import Game, Hand
from pad.selectors import games_visible_to, games_with_hands, hands_of
from pad.services import RecordingError
from pad.table import TABLE, invitation_offer, user_game
from scorepads.views import polite_refusal


def front_context(request) -> dict:
    """Gorilla's part of the front page (pad/includes/front.html): the latest
    game in progress to resume, its partner's invitation, and the start form."""
    resume = selectors.game_to_resume(request.user)
    return {
        "resume": resume,
        "invitation": resume and invitation_offer(request, resume.partnership),
        "form": StartGameForm(user=request.user),
    }


@require_http_methods(["GET", "POST"])
def game_start(request):
    """Start a game: the front page's form posts here; a refused one comes back
    on a page of its own, its problems summed up first."""
    form = StartGameForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            game = start_game_from(form.cleaned_data, user=request.user)
        except RecordingError as error:
            form.add_error(error.field and _name_field(error.field), str(error))
        else:
            return redirect("game_pad", game_id=game.pk)
    refused = request.method == "POST" and not request.htmx
    return render(request, "pad/new_game.html", {"form": form}, status=400 if refused else 200)


def _name_field(label: str) -> str | None:
    return {"odd partner": "odd_name", "even partner": "even_name"}.get(label)


def start_game_from(data: dict, *, user) -> Game:
    partnership = data["partnership"] or services.partnership_get_or_create(
        odd_name=data["odd_name"], even_name=data["even_name"], user=user
    )
    first_dealer = rules.Seat(data["first_dealer"]) if data["first_dealer"] else None
    return services.game_start(partnership=partnership, date=data["date"], first_dealer=first_dealer)


@require_POST
def game_rematch(request, game_id: int):
    """The next game of the same partnership, once this one is over: the
    phone goes to its pad (htmx's request, from the pad, goes there whole)."""
    game = user_game(request, game_id)
    try:
        rematch = services.game_rematch(game=game, date=timezone.localdate())
    except RecordingError as error:
        messages.warning(request, f"No rematch: {error}.")
        rematch = game
    url = reverse("game_pad", args=[rematch.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def load_game(request, game_id: int) -> Game:
    """As :func:`user_game`, with the partnership and hands loaded."""
    return get_object_or_404(games_with_hands(games_visible_to(request.user)), pk=game_id)


@require_POST
def first_dealer_choose(request, game_id: int):
    """Before hand 1, the partners may let the other partner deal first."""
    game = user_game(request, game_id)
    seat = request.POST.get("first_dealer")
    if seat not in {choice.value for choice in rules.Seat}:
        return TABLE.refused(request, game.pk, "Nothing was changed: first_dealer must be odd or even.")
    try:
        services.game_choose_first_dealer(game=game, first_dealer=rules.Seat(seat))
    except RecordingError as error:
        return TABLE.refused(request, game.pk, f"Nothing was changed: {error}.")
    return TABLE.answer(request, game)


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def gorilla_it_out(request, game_id: int):
    """Enter both hands of the lost hand; the solver gives its verdict, one tap records it."""
    game = load_game(request, game_id)
    display = pad_display(game, hands_of(game))
    if display.next_hand is None:
        messages.warning(request, "The game is over: there is no hand to gorilla out.")
        return redirect("game_pad", game_id=game.pk)
    form = CardsForm(request.POST or None, initial={"number": display.next_hand.number})
    return render_gorilla(request, game, display, form)


def render_gorilla(request, game: Game, display, form: CardsForm, *, notice: str = ""):
    """"Gorilla it out" (for htmx, its analysis): the solver's verdict on the
    cards of a bound ``form``, with ``notice`` said above it."""
    result = None
    if form.is_bound and form.is_valid():
        try:
            result = solver.gorilla_out(form.cleaned_data["taker_cards"], form.cleaned_data["giver_cards"])
        except solver.CardError as error:
            form.add_error(None, str(error))
    template = "pad/gorilla.html#analysis" if request.htmx else "pad/gorilla.html"
    return render(
        request,
        template,
        {
            "game": game,
            "display": display,
            "form": form,
            "result": result,
            "notice": notice,
            "suits": deck_in_suits(solver.DECK),
        },
    )


def cards_moved_on(request, game_id: int, data: dict):
    """The hand being gorillaed out was recorded first on the other phone: the
    cards typed are kept, for the next hand, and the phone is told so, as a
    seated game's entry is. None when the game is over."""
    game = load_game(request, game_id)
    display = pad_display(game, hands_of(game))
    if display.next_hand is None:
        return None
    kept = {
        "number": display.next_hand.number,
        "taker_cards": data["taker_cards"],
        "giver_cards": data["giver_cards"],
        **({"dealer_took": "on"} if data["dealer_took"] else {}),
    }
    notice = selectors.changer_on_pad(game, request.user).moved_on(data["number"], now=display.next_hand.number)
    return render_gorilla(request, game, display, CardsForm(kept), notice=notice)


@require_POST
def gorilla_record(request, game_id: int):
    """Record the gorillaed-out hand as P or I; choosing against the solver overrules it."""
    form = RecordVerdictForm(request.POST)
    if not form.is_valid():
        return TABLE.form_refused(request, game_id, form, "recorded")
    data = form.cleaned_data
    try:
        hand = services.hand_record_gorillaed(
            game=TABLE.rules.game_to_change(request, game_id),
            number=data["number"],
            outcome=data["outcome"],
            dealer_took=data["dealer_took"],
            taker_cards=data["taker_cards"],
            giver_cards=data["giver_cards"],
        )
    except RecordingError as error:
        taken_by_another = error.code == "taken" and not selectors.is_stored_as(
            game_id, data["number"], outcome=data["outcome"], taker_cards=data["taker_cards"], giver_cards=data["giver_cards"]
        )
        if taken_by_another and (kept := cards_moved_on(request, game_id, data)) is not None:
            return kept
        return TABLE.refused(request, game_id, polite_refusal(data["number"], error))
    if hand.verdict_by == Hand.VerdictBy.PLAYERS:
        return TABLE.recorded(request, hand, "recorded, overruling the solver")
    return TABLE.recorded(request, hand)


@require_GET
def hand_list(request, game_id: int):
    """Every hand of the game, each with a form to change its outcome."""
    game = load_game(request, game_id)
    return render(
        request, "pad/hand_list.html", {"game": game, "display": pad_display(game, hands_of(game))}
    )


@require_GET
def hand_analysis(request, game_id: int, number: int):
    """The solver's analysis of a recorded hand's cards, for the wallow."""
    game = load_game(request, game_id)
    hand = next((hand for hand in hands_of(game) if hand.number == number), None)
    if hand is None:
        raise Http404("No such hand.")
    if not hand.has_cards:
        messages.info(request, f"Hand {number} was recorded without its cards.")
        return redirect("game_pad", game_id=game.pk)
    display = pad_display(game, hands_of(game))
    gorillaed = gorillaed_hand(hand, game.partnership.names)
    return render(
        request,
        "pad/analysis.html",
        {
            "game": game,
            "display": display,
            "hand": gorillaed.hand,
            "result": gorillaed.result,
            "verdict": gorillaed.verdict,
            "taker_name": gorillaed.taker_name,
            "giver_name": gorillaed.giver_name,
            "back_url": reverse("game_pad", args=[game.pk]),
        },
    )
