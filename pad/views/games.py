"""The pad at the table: start a game, record hands, gorilla out a lost hand.

Every action is a plain form post. Without htmx it redirects to the pad page;
with htmx it answers with the pad region re-rendered from the database, and a
refused action re-renders it too (status 200) with a message saying why.
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
from pad.display import deck_in_suits, gorillaed_hand, pad_at_table, pad_display, pad_regions
from pad.forms import (
    CardsForm,
    ChangeOutcomeForm,
    RecordHandForm,
    RecordVerdictForm,
    StartGameForm,
    UndoForm,
)
from pad.models import Game, Hand
from pad.selectors import (
    games_visible_to,
    games_with_hands,
    hands_of,
    pad_revision,
    played_hands,
)
from pad.services import RecordingError
from scorepads import patches, redo
from scorepads.recording import GameToChange
from scorepads.regions import PadMeta, meta_region
from scorepads.views import form_problem, polite_refusal, unchanged_poll

PAD_TEMPLATE = "pad/game.html"


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


def user_game(request, game_id: int) -> Game:
    """The game and its partnership, if the user may see it; 404 otherwise (a
    stranger learns nothing)."""
    return get_object_or_404(games_visible_to(request.user).select_related("partnership"), pk=game_id)


def game_to_change(request, game_id: int) -> GameToChange:
    """The game a tap changes, with its partnership, if the user may see it:
    read once, under its lock, by the service (a stranger's tap is refused,
    and the refusal's answer is a 404)."""
    return GameToChange(games_visible_to(request.user).select_related("partnership"), game_id)


def load_game(request, game_id: int) -> Game:
    """As :func:`user_game`, with the partnership and hands loaded."""
    return get_object_or_404(games_with_hands(games_visible_to(request.user)), pk=game_id)


@require_GET
@vary_on_headers("HX-Request")
def game_pad(request, game_id: int):
    """The pad page; htmx polls it with ``?version=`` and gets 204 while nothing changed."""
    if unchanged := unchanged_poll(request, lambda: pad_revision(request.user, game_id)):
        return unchanged
    return render_pad(request, user_game(request, game_id))


def render_pad(request, game: Game, display=None, status: int = 200):
    """The pad page (or, for htmx, the pad) as it stands: a poll's pad carries
    the words a moved entry is told with."""
    template = PAD_TEMPLATE + "#pad" if request.htmx else PAD_TEMPLATE
    display = display or pad_at_table(game, played_hands(game))
    context = {
        "game": game,
        "display": display,
        "poll_url": reverse("game_pad", args=[game.pk]),
        # A poll's pad names who changed it, for an entry the change moves.
        "regions": page_regions(
            request, game, display, moved_by=selectors.changer_on_pad(game, request.user) if request.htmx and request.method == "GET" else None
        ),
    }
    if not request.htmx:  # the page around the pad: the partner's invitation
        context["invitation"] = invitation_offer(request, game.partnership)
    return with_hands(render(request, template, context, status=status), display)


def with_hands(response, display):
    """``response`` with the hands as stored, for a phone sending taps it kept
    offline: it checks each against them (static/scorepads/tap_queue.js)."""
    response[PAD_HANDS_HEADER] = display.played
    response[patches.VERSION_HEADER] = display.version
    return response


def page_regions(request, game: Game, display, *, toast=None, moved_by=None):
    """The pad's regions (pad.display.pad_regions) for this request: its
    toast says what the request did (``toast`` given: the pad before a tap)."""
    if toast is None:
        toast = patches.toast(
            request,
            game,
            undo_number=display.last_hand.number if display.last_hand else None,
            next_number=display.next_hand.number if display.next_hand else None,
            redo_url=reverse("hand_redo", args=[game.pk]),
        )
    meta = PadMeta(
        version=display.version,
        announce=display.announcement,
        announce_next=display.next_step,
        keep_while=str(display.next_hand.number) if display.next_hand else "over",
        follow=reverse("game_pad", args=[display.rematch_id]) if display.rematch_id else "",
    )
    share_url = game.share_token and request.build_absolute_uri(reverse("shared_pad", args=[game.share_token]))
    return pad_regions(display, meta=meta_region(meta), toast=toast, share_url=share_url or None, moved_by=moved_by)


#: The header that carries, with every pad answered, its outcomes ("MPIM"); its
#: revision is in the kit's (scorepads.patches.VERSION_HEADER).
PAD_HANDS_HEADER = "X-Pad-Hands"


def invitation_offer(request, partnership) -> dict | None:
    """The partner's invitation link (made on request), while the partnership
    has room for its second member; None once it has both."""
    state = selectors.invitation_state(partnership)
    if not state.can_invite:
        return None
    url = state.token and request.build_absolute_uri(reverse("invitation_accept", args=[state.token]))
    return {"partnership": partnership, "url": url}


def after_action(request, game: Game):
    """The view restart after a post: for htmx, what the tap changed on the
    phone's pad (scorepads.patches), or the whole pad; else a redirect.

    ``game`` was read by this request, and a service that changed it left its
    fields and revision as it stored them, and the hands it read under the
    lock and left (``game.change``): nothing is read again.
    """
    if not request.htmx:
        return redirect("game_pad", game_id=game.pk)
    change = game.change
    if change is None:
        return render_pad(request, game)
    after = pad_at_table(game, change.after)
    before = pad_at_table(game, change.before, version=change.revision_before)
    answer = patches.patch(
        request,
        before=page_regions(request, game, before, toast=patches.NO_TOAST),
        after=page_regions(request, game, after),
        version_before=change.revision_before,
        version_after=game.revision,
    )
    return with_hands(answer, after) if answer is not None else render_pad(request, game, after)


def refused(request, game: Game, message: str):
    messages.warning(request, message)
    return after_action(request, game)


@require_POST
def hand_record(request, game_id: int):
    form = RecordHandForm(request.POST)
    if not form.is_valid():
        return refused(request, user_game(request, game_id), f"Nothing was recorded ({form_problem(form)}).")
    data = form.cleaned_data
    try:
        hand = services.hand_record(
            game=game_to_change(request, game_id),
            number=data["number"],
            outcome=data["outcome"],
            dealer_took=data["dealer_took"],
            fates_point=data["fates_point"],
            irregularity=data["irregularity"],
        )
    except RecordingError as error:
        return refused(request, user_game(request, game_id), polite_refusal(data["number"], error))
    return recorded(request, hand.game, hand)


def what_happened(game: Game, hand, how: str) -> str:
    """What a tap did, with the score after it: "Hand 14 · P recorded · Partnership 5, Fates 7"."""
    return (
        f"Hand {hand.number} · {hand.outcome} {how} · "
        f"Partnership {game.partnership_score}, Fates {game.fates_score}"
    )


def recorded(request, game: Game, hand, *, how: str = "recorded"):
    """The answer to a hand put on the pad: it says so, with the score, and offers Undo."""
    redo.forget(request)
    messages.success(request, what_happened(game, hand, how), extra_tags="recorded")
    return after_action(request, game)


@require_POST
def first_dealer_choose(request, game_id: int):
    """Before hand 1, the partners may let the other partner deal first."""
    game = user_game(request, game_id)
    seat = request.POST.get("first_dealer")
    if seat not in {choice.value for choice in rules.Seat}:
        return refused(request, game, "Nothing was changed: first_dealer must be odd or even.")
    try:
        services.game_choose_first_dealer(game=game, first_dealer=rules.Seat(seat))
    except RecordingError as error:
        return refused(request, game, f"Nothing was changed: {error}.")
    return after_action(request, game)


@require_POST
def hand_undo(request, game_id: int):
    form = UndoForm(request.POST)
    if not form.is_valid():
        return refused(request, user_game(request, game_id), f"Nothing was undone ({form_problem(form)}).")
    try:
        undone = services.hand_undo_last(game=game_to_change(request, game_id), expected_number=form.cleaned_data["number"])
    except RecordingError as error:
        return refused(request, user_game(request, game_id), f"Nothing was undone: {error}.")
    game = undone.game
    redo.keep(request, game, services.undone_fields(undone))
    messages.info(request, what_happened(game, undone, "undone"), extra_tags="undone")
    return after_action(request, game)


@require_POST
def hand_redo(request, game_id: int):
    """Put back, as it was, the hand this phone undid (scorepads.redo)."""
    form = UndoForm(request.POST)
    game = game_to_change(request, game_id)
    fields, refusal = redo.to_put_back(request, game, form.cleaned_data["number"] if form.is_valid() else None)
    if fields is None:
        return refused(request, user_game(request, game_id), refusal)
    try:
        hand = services.hand_redo(game=game, undone=fields)
    except RecordingError as error:
        return refused(request, user_game(request, game_id), polite_refusal(fields["number"], error))
    return recorded(request, hand.game, hand, how="put back")


@require_POST
def hand_change(request, game_id: int, number: int):
    form = ChangeOutcomeForm(request.POST)
    if not form.is_valid():
        return refused(request, user_game(request, game_id), f"Nothing was changed ({form_problem(form)}).")
    try:
        hand = services.hand_change_outcome(
            game=game_to_change(request, game_id),
            number=number,
            outcome=form.cleaned_data["outcome"],
            expected_outcome=form.cleaned_data["shown"],
        )
    except RecordingError as error:
        return refused(request, user_game(request, game_id), f"Nothing was changed: {error}.")
    messages.info(request, f"Hand {hand.number} is now {hand.outcome}.")
    return after_action(request, hand.game)


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
        return refused(request, user_game(request, game_id), f"Nothing was recorded ({form_problem(form)}).")
    data = form.cleaned_data
    try:
        hand = services.hand_record_gorillaed(
            game=game_to_change(request, game_id),
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
        return refused(request, user_game(request, game_id), polite_refusal(data["number"], error))
    if hand.verdict_by == Hand.VerdictBy.PLAYERS:
        return recorded(request, hand.game, hand, how="recorded, overruling the solver")
    return recorded(request, hand.game, hand)


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
