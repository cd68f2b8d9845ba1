"""The director's calculator: choose a calculation, type the board, read the
working; save it as a ruling, print it for the appeals file.

The calculator is one form posted to its own page: ``action=calculate`` shows
the working (htmx asks for it as the director types and is given the working
region only), ``action=save`` saves the ruling and goes to it.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from bridge import calculator, pdf, selectors, services
from bridge.forms import CalculationForm, RulingForm
from bridge.models import Ruling
from scorepads.printing import print_cost
from scorepads.recording import RecordingError
from scorepads.views import printed, refusal_on_form

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
    """The calculations to choose from, and the director's latest rulings."""
    return render(
        request,
        "bridge/home.html",
        {"groups": calculator.groups(), "rulings": selectors.recent_rulings(request.user)},
    )


@require_http_methods(["GET", "POST"])
def calculator_page(request, calculation: str):
    """The calculator for one calculation. ``?ruling=<id>`` starts from a saved ruling's board."""
    chosen = chosen_calculation(calculation)
    status = 200
    saving = False
    if request.method == "GET":
        # A saved ruling's board ("Calculate again from this board") is worked out at once.
        board = initial_from(request)
        form = CalculationForm(chosen, board) if board else CalculationForm(chosen)
        ruling_form = RulingForm(user=request.user)
    else:
        form = CalculationForm(chosen, request.POST)
        saving = request.POST.get("action") == "save"
        ruling_form = (
            RulingForm(request.POST, user=request.user)
            if saving
            else RulingForm.carried(request.POST, user=request.user)
        )
        calculated = form.is_valid()
        if saving:
            if calculated and ruling_form.is_valid():
                try:
                    ruling = services.ruling_save(
                        user=request.user,
                        calculation=chosen,
                        inputs=form.inputs(),
                        vulnerability=form.cleaned_data["vulnerability"],
                        **ruling_form.cleaned_data,
                    )
                except RecordingError as error:
                    refusal_on_form(form if error.field in form.fields else ruling_form, error)
                else:
                    messages.success(request, f"Ruling saved: {ruling}.")
                    return redirect("bridge:ruling", ruling_id=ruling.pk)
            status = 200 if request.htmx else 400
        elif not calculated:
            status = 400
        if request.htmx and request.POST.get("action") == "calculate":
            # As the director types: the working region and the result line alone,
            # always 200 (htmx swaps them).
            return render(request, CALCULATOR_TEMPLATE + "#calculated", {"form": form, "calculation": chosen})
    context = {"form": form, "ruling_form": ruling_form, "calculation": chosen, "groups": calculator.groups()}
    if status == 400:
        context["refused"] = [f for f in (form, ruling_form) if f.is_bound and f.errors]
        context["refused_title"] = "The ruling is not saved" if saving else "No working yet"
    return render(request, CALCULATOR_TEMPLATE, context, status=status)


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
    if ruling is None or ruling.created_by_id != request.user.pk:
        raise Http404("No such ruling.")
    services.ruling_delete(user=request.user, ruling=ruling)
    request.session[DELETED_SESSION_KEY] = [*deleted[-9:], ruling_id]
    messages.success(request, f"Ruling deleted: {ruling}.")
    return redirect("bridge:calculator_home")
