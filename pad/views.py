from django.shortcuts import render
from django.views.decorators.http import require_GET

from pad.selectors import game_summaries


@require_GET
def front_page(request):
    return render(request, "pad/front_page.html", {"summaries": game_summaries()})
