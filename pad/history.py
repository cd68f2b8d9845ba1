"""Gorilla in the history of every game (card_table): its own filters (a
partnership, a result), its orders by the score, its downloads (CSV, JSON,
the pads of a day) and its partnerships, registered in pad/apps.py."""

from __future__ import annotations

from django import forms
from django.urls import reverse

from pad import rules, selectors
from scorepads import history

RESULT_CHOICES = [("", "Any result"), *((result.slug, result.label) for result in rules.Result)]

#: The orders by the score, which only Gorilla games have.
ORDERS = {
    key: history.Order(order.label, order.fields, order.before, order.after)
    for key, order in selectors.GAME_ORDERS.items()
    if order.gorilla_only
}


def fields(user) -> dict[str, forms.Field]:
    return {
        "partnership": forms.ModelChoiceField(
            queryset=selectors.partnerships_of(user),
            required=False,
            empty_label="All partnerships",
            error_messages={"invalid_choice": "There is no partnership “%(value)s”."},
        ),
        "result": forms.ChoiceField(
            choices=RESULT_CHOICES,
            required=False,
            error_messages={"invalid_choice": "“%(value)s” is not a result: choose won, lost or in progress."},
        ),
    }


def filters(data: dict) -> selectors.GameFilters:
    """The filters of a history form's cleaned data
    (scorepads.history_filters.GameFilterForm) that could be read, as Gorilla's
    selectors take them."""
    result = data.get("result")
    return selectors.GameFilters(
        partnership=data.get("partnership"),
        result=rules.Result.from_slug(result) if result else None,
        date_from=data.get("date_from"),
        date_to=data.get("date_to"),
        player=data.get("player") or "",
    )


def listed(user, data: dict):
    return selectors.games_for_history(filters(data), user=user)


def downloads_context(page, entries, query) -> dict:
    """Whether the list offers its Gorilla pads as one PDF (a day's session, up
    to ``pdf.MAX_PADS`` games), and where."""
    from pad import pdf

    return {
        "printable": page.paginator.count <= pdf.MAX_PADS and any(entry.kind.slug == "gorilla" for entry in entries),
        "pads_url": f"{reverse('games_pdf')}?{query.urlencode()}" if query else reverse("games_pdf"),
    }


def own_filters(*, csv) -> history.OwnFilters:
    """What the history offers for Gorilla alone; ``csv`` writes its spreadsheet
    (pad.views.history.gorilla_csv)."""
    return history.OwnFilters(
        fields=fields,
        names={"partnership": "partnership", "result": "result"},
        listed=listed,
        orders=ORDERS,
        downloads_template="pad/history/includes/downloads.html",
        downloads_context=downloads_context,
        page_template="pad/history/includes/partnerships.html",
        csv=csv,
    )
