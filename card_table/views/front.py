"""The front page: seats offered in games with seats, each game's own part
(Gorilla's game to resume and start form), a way to start every other game,
and the latest games of every kind."""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_GET

from scorepads import history, seating


@require_GET
def front_page(request):
    kinds = history.kinds()
    return render(
        request,
        "card_table/front_page.html",
        {
            "parts": [(kind.front_template, kind.front_context(request)) for kind in kinds if kind.front_template],
            "other_games": [kind for kind in kinds if kind.start_url_name and not kind.front_template],
            "seat_invitations": seating.invitations_for(request.user),
            "entries": history.recent_entries(request.user),
        },
    )
