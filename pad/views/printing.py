"""Printable pads: a game's score pad, and blank pads to take to the table."""

from __future__ import annotations

import datetime
import re

from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.views.decorators.http import require_GET

from pad import pdf, selectors
from pad.display import pad_display
from scorepads.views import bad_request, page_size, pdf_response

ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@require_GET
def game_pad_pdf(request, game_id: int):
    game = get_object_or_404(selectors.games_with_hands(selectors.games_visible_to(request.user)), pk=game_id)
    try:
        size = page_size(request)
    except ValueError as error:
        return bad_request(str(error))
    display = pad_display(game, selectors.hands_of(game))
    return pdf_response(pdf.render_game_pad(display, size), pdf.game_pad_filename(display))


@require_GET
def partnership_blank_pdf(request, partnership_id: int):
    partnership = get_object_or_404(selectors.partnerships_of(request.user), pk=partnership_id)
    try:
        size = page_size(request)
        date = blank_pad_date(request)
        copies = blank_pad_copies(request)
    except ValueError as error:
        return bad_request(str(error))
    return pdf_response(
        pdf.render_blank_pads(partnership, date, copies, size),
        pdf.blank_pad_filename(partnership, date),
    )


def blank_pad_date(request) -> datetime.date:
    """The ``date`` parameter as YYYY-MM-DD, today when absent."""
    text = request.GET.get("date")
    if text is None:
        return timezone.localdate()
    if ISO_DATE.fullmatch(text):
        try:
            return datetime.date.fromisoformat(text)
        except ValueError:
            pass
    raise ValueError(f"date must be a date like 2026-07-09, not {text!r}")


def blank_pad_copies(request) -> int:
    """The ``copies`` parameter, 1 to 20, 1 when absent."""
    text = request.GET.get("copies")
    if text is None:
        return 1
    if text.isascii() and text.isdigit() and 1 <= int(text) <= pdf.MAX_COPIES:
        return int(text)
    raise ValueError(f"copies must be a whole number from 1 to {pdf.MAX_COPIES}, not {text!r}")
