"""The director's calculator: choose a calculation, type the board, read the
working; save it as a ruling, print it for the appeals file.

The calculator is one form posted to its own page: ``action=calculate`` shows
the working (htmx asks for it as the director types and is given the working
region only), ``action=save`` records the ruling as the next of the director's
book of its date and goes to the book (:mod:`bridge.table`, whose table also
serves the book's page, Undo and Redo).
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from bridge import calculator, pdf, selectors, services, table
from bridge.forms import CalculationForm, RulingEntry, RulingForm
from bridge.models import Ruling
from scorepads.printing import print_cost
from scorepads.recording import RecordingError
from scorepads.views import printed

CALCULATOR_TEMPLATE = "bridge/calculator.html"


def chosen_calculation(slug: str) -> calculator.Calculation:
    chosen = calculator.calculation(slug)
    if chosen is None:
        raise Http404("No such calculation.")
    return chosen


def found(request, ruling_id: int) -> Ruling:
    ruling = selectors.ruling_for(request.user, ruling_id)
    if ruling is None:
        raise Http404("No such ruling.")
    return ruling


@require_GET
def calculator_home(request):
    """The calculations to choose from, the director's latest books of rulings and latest rulings."""
    return render(
        request,
        "bridge/home.html",
        {
            "groups": calculator.groups(),
            "books": selectors.recent_books(request.user),
            "rulings": selectors.recent_rulings(request.user),
        },
    )


@require_http_methods(["GET", "POST"])
def calculator_page(request, calculation: str):
    """The calculator for one calculation. ``?ruling=<id>`` starts from a saved
    ruling's board. Saving records the ruling as the next of the director's
    book of its date, through the book's table, and goes to the book."""
    chosen = chosen_calculation(calculation)
    if request.method == "GET":
        # A saved ruling's board ("Calculate again from this board") is worked out at once.
        board = initial_from(request)
        form = CalculationForm(chosen, board) if board else CalculationForm(chosen)
        return calculator_shown(request, chosen, form, RulingForm(user=request.user))
    return calculator_post(request, chosen, lambda entry: table.RULES.record(None, None, entry), recorded)


def recorded(request, ruling: Ruling):
    """A ruling saved from the calculator: the book's page, the newest ruling
    in view, the toast saying so with its Undo."""
    return in_view(table.TABLE.recorded(request, ruling, away=True), ruling)


def in_view(response, ruling: Ruling):
    """The answer going to the ruling's book, scrolled to the ruling."""
    response["Location"] += f"#ruling-{ruling.number}"
    return response


def calculator_post(request, chosen: calculator.Calculation, save, saved, *, changing: Ruling | None = None):
    """The calculator's post: ``action=calculate`` shows the working (htmx is
    given the working region alone), ``action=save`` saves the ruling by
    ``save(entry)`` and answers with ``saved(request, ruling)``; a refusal is
    said beside its field, on the calculator as typed (400; 200 for htmx)."""
    saving = request.POST.get("action") == "save"
    if saving:
        entry = RulingEntry(request.POST, user=request.user, calculation=chosen)
        if entry.is_valid():
            try:
                ruling = save(entry)
            except RecordingError as error:
                entry.refuse(error)
            else:
                return saved(request, ruling)
        form, ruling_form = entry.board, entry.filed
        status = 200 if request.htmx else 400
    else:
        form = CalculationForm(chosen, request.POST)
        ruling_form = RulingForm.carried(request.POST, user=request.user)
        status = 200 if form.is_valid() else 400
        if request.htmx and request.POST.get("action") == "calculate":
            # As the director types: the working region and the result line alone,
            # always 200 (htmx swaps them).
            return render(request, CALCULATOR_TEMPLATE + "#calculated", {"form": form, "calculation": chosen})
    return calculator_shown(request, chosen, form, ruling_form, status=status, saving=saving, changing=changing)


def calculator_shown(request, chosen, form, ruling_form, *, status: int = 200, saving: bool = False, changing=None):
    """The calculator page; refused (400), its problems summarised at its top."""
    context = {
        "form": form,
        "ruling_form": ruling_form,
        "calculation": chosen,
        "groups": calculator.groups(),
        "changing": changing,
    }
    if status == 400:
        context["refused"] = [f for f in (form, ruling_form) if f.is_bound and f.errors]
        context["refused_title"] = ("The ruling is not changed" if changing else "The ruling is not saved") if saving else "No working yet"
    return render(request, CALCULATOR_TEMPLATE, context, status=status)


@require_http_methods(["GET", "POST"])
def ruling_change(request, game_id: int, number: int):
    """Change ruling ``number`` of a book on the calculator of its calculation,
    filled with its board and what was filed; saving it replaces the ruling
    (same number) through the book's table. The director's own books only."""
    book = table.RULES.game_shown(request, game_id)
    if book.created_by_id != request.user.pk:
        raise Http404("No such ruling.")
    ruling = selectors.book_ruling(book, number)
    if ruling is None:
        raise Http404("No such ruling.")
    chosen = chosen_calculation(ruling.calculation)
    if request.method == "GET":
        form = CalculationForm(chosen, {**ruling.inputs, "vulnerability": ruling.vulnerability})
        filed = {name: getattr(ruling, name) for name in RulingForm.CARRIED if name != "date"}
        ruling_form = RulingForm(user=request.user, initial={**filed, "date": book.date, "entry_key": uuid.uuid4()})
        return calculator_shown(request, chosen, form, ruling_form, changing=ruling)
    game = table.RULES.game_to_change(request, game_id)
    return calculator_post(
        request,
        chosen,
        lambda entry: table.RULES.change(game, number, entry),
        lambda request, changed: in_view(table.TABLE.done(request, changed, "changed", away=True), changed),
        changing=ruling,
    )


def initial_from(request) -> dict[str, str]:
    """The board of the ruling named by ``?ruling=``, when the user may see it:
    its inputs and vulnerability, as the calculator's form takes them."""
    ruling_id = request.GET.get("ruling", "")
    if not (ruling_id.isascii() and ruling_id.isdigit() and len(ruling_id) < 19):
        return {}
    ruling = selectors.ruling_for(request.user, int(ruling_id))
    if ruling is None:
        return {}
    return {**ruling.inputs, "vulnerability": ruling.vulnerability}


@require_GET
def ruling(request, ruling_id: int):
    ruling = found(request, ruling_id)
    return render(request, "bridge/ruling.html", ruling_context(ruling))


def ruling_context(ruling: Ruling) -> dict:
    return {
        "ruling": ruling,
        "working": selectors.ruling_working(ruling),
        "ruling_inputs": selectors.ruling_facts(ruling),
        "ruling_table": selectors.ruling_table(ruling),
    }


@require_GET
def ruling_pdf(request, ruling_id: int):
    """The ruling for the appeals file (``?size=letter`` for US Letter)."""
    ruling = found(request, ruling_id)
    context = ruling_context(ruling)
    return printed(
        request,
        cache_key=lambda size: pdf.ruling_cache_key(ruling, size),
        render=lambda size: pdf.render_ruling(context, size),
        filename=pdf.ruling_filename(ruling),
        cost=print_cost(
            cells=pdf.ruling_cells(context["working"]),
            text=[ruling.event, ruling.note, ruling.auction, ruling.director, ruling.ns_pair, ruling.ew_pair, ruling.contract],
        ),
    )


#: The rulings this session deleted (their ids, the latest few): a second tap
#: on Delete finds one of them gone and lands on the list, not on a 404.
DELETED_SESSION_KEY = "bridge_rulings_deleted"


@require_POST
def ruling_delete(request, ruling_id: int):
    """Delete one of the director's rulings and go to the list. A second tap
    on Delete lands on the list too, saying the ruling was deleted already;
    any other ruling not the director's is a 404, as a stranger's request."""
    ruling = selectors.ruling_for(request.user, ruling_id)
    deleted = request.session.get(DELETED_SESSION_KEY, [])
    if ruling is None and ruling_id in deleted:
        messages.info(request, "That ruling was deleted already.")
        return redirect("bridge:calculator_home")
    if ruling is None or ruling.book.created_by_id != request.user.pk:
        raise Http404("No such ruling.")
    services.ruling_delete(user=request.user, ruling=ruling)
    request.session[DELETED_SESSION_KEY] = [*deleted[-9:], ruling_id]
    messages.success(request, f"{ruling} deleted from {ruling.book}.")
    return redirect("bridge:calculator_home")
