"""The front page: seats offered in games with seats, each game's own part
(Gorilla's game to resume and start form), a way to start every other game,
and the latest games of every kind."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from scorepads import history, registry, seating


def invitations_page(request) -> int:
    """The page of invitations asked for (``?invitations=2``); the first when absent or no page number."""
    text = request.GET.get("invitations", "")
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 6 else 1


@require_GET
def front_page(request):
    kinds = registry.kinds()
    return render(
        request,
        "card_table/front_page.html",
        {
            "parts": [(kind.front_template, kind.front_context(request)) for kind in kinds if kind.front_template],
            "other_games": [kind for kind in kinds if kind.start_url_name and not kind.front_template],
            "seat_invitations": seating.invitations_for(request.user, invitations_page(request)),
            "entries": history.recent_entries(request.user),
        },
    )


@require_POST
def invitations_decline_from(request, sender_id: int):
    """Decline every invitation from one account, and with ``block=yes``
    take no more from it; back to the front page."""
    block = request.POST.get("block") == "yes"
    declined = seating.invitations_decline_from(user=request.user, sender_id=sender_id, block=block)
    if declined is None:
        raise Http404("No such account.")
    said = f"You declined {declined.count} invitation{'s' if declined.count != 1 else ''} from {declined.sender}"
    if block:
        said += f", and will get no more from {declined.sender}: their new games name you as a name only. Your account page can undo this."
    messages.info(request, said + ("" if block else "."))
    return redirect("front_page")


@require_POST
def invitation_unblock(request, blocked_id: int):
    """Take invitations again from an account blocked before; back to the account page."""
    if not seating.invitation_unblock(user=request.user, blocked_id=blocked_id):
        raise Http404("No such blocked account.")
    messages.info(request, "That account can invite you to games again.")
    return redirect("account")
