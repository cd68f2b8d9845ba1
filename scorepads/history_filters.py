"""The history's filters, read from its address: those every game
understands (a search, dates, the game, oldest or newest first) and those a
kind of game adds of its own (:class:`scorepads.history.OwnFilters`: Gorilla's
partnership, result and orders by the score).

A value that cannot be used is reported and that filter left out; the other
filters still apply. An export uses the same form and refuses instead.
"""

from __future__ import annotations

import datetime

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.http import QueryDict

from scorepads import history, registry

#: How a message names each filter every game has.
FILTER_NAMES = {
    "game": "game",
    "player": "search",
    "date_from": "from date",
    "date_to": "to date",
    "sort": "order",
}


class FilterDateField(forms.DateField):
    """A date as an ``<input type="date">`` sends it (2026-07-09), with an error
    naming the value. Only that form: "9/7/2026" is 9 July to some and
    September 7 to others, so it is refused rather than guessed, the same way
    by the list and by every export."""

    widget = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    input_formats = ["%Y-%m-%d"]

    def to_python(self, value):
        try:
            return super().to_python(value)
        except ValidationError:
            raise ValidationError(
                f"“{str(value)[:30]}” is not a date: write dates like 2026-07-09.", code="invalid"
            ) from None


def game_choices() -> list[tuple[str, str]]:
    return [("", "Every game"), *((kind.slug, kind.label) for kind in registry.kinds())]


class GameFilterForm(forms.Form):
    """The history's filters, from the query string. The list holds the games
    of every kind the app keeps (``game`` narrows it to one); a filter or an
    order of one kind's own lists that kind's games only."""

    game = forms.ChoiceField(choices=game_choices, required=False)
    player = forms.CharField(label="Search")  # made for the kinds registered, in __init__
    date_from = FilterDateField(label="From", required=False)
    date_to = FilterDateField(label="To", required=False)
    sort = forms.ChoiceField(label="Order", required=False)

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"] = forms.CharField(
            label="Search",
            required=False,
            max_length=history.SEARCH_MAX_LENGTH,
            strip=True,
            widget=forms.TextInput(
                attrs={"type": "search", "placeholder": "A name, an event, a board", "autocomplete": "off"}
            ),
            error_messages={"max_length": "A search has at most %(limit_value)d characters: shorten it."},
        )
        # The games, and their own filters, are those registered when the apps were ready.
        self.fields["game"].error_messages["invalid_choice"] = (
            f"“%(value)s” is not a game this app keeps. The games are {registry.kinds_named()}."
        )
        #: The kind whose own each filter or order is, by its name.
        self.owners: dict[str, registry.GameKind] = {}
        self.orders: dict[str, tuple[history.Order, registry.GameKind | None]] = {
            key: (order, None) for key, order in history.ORDERS.items()
        }
        self.names = dict(FILTER_NAMES)
        own_fields = {}
        for kind in registry.kinds():
            if kind.own_filters is None:
                continue
            for name, field in kind.own_filters.fields(user).items():
                own_fields[name] = field
                self.owners[name] = kind
            self.names.update(kind.own_filters.names)
            self.orders.update({key: (order, kind) for key, order in kind.own_filters.orders.items()})
        # In the page's order: the game, each kind's own, the dates, the order.
        fields = self.fields
        self.fields = {"game": fields["game"], "player": fields["player"], **own_fields}
        self.fields.update((name, fields[name]) for name in ("date_from", "date_to", "sort"))
        self.fields["sort"].choices = [
            ("", history.NEWEST_FIRST.label),
            *((key, order.label) for key, (order, _kind) in self.orders.items()),
        ]
        self.fields["sort"].error_messages["invalid_choice"] = "“%(value)s” is not an order the list knows."

    def own_fields(self) -> list[tuple[forms.BoundField, registry.GameKind]]:
        """The bound fields of the kinds' own filters, each with its kind."""
        return [(self[name], kind) for name, kind in self.owners.items()]

    def clean(self):
        cleaned = super().clean()
        date_from, date_to = cleaned.get("date_from"), cleaned.get("date_to")
        if date_from and date_to and date_to < date_from:
            self.add_error("date_to", f"{date_to.isoformat()} is before the from date.")
        game = cleaned.get("game")
        for name, kind in self.owners.items():
            if cleaned.get(name) and game and game != kind.slug:
                self.add_error(name, f"Only {kind.label} games have a {self.names[name]}.")
        kind = self.sorted_by(cleaned)[1]
        if kind is not None and game and game != kind.slug:
            self.add_error("sort", f"Only {kind.label} games are listed by their score.")
        return cleaned

    def own_kind(self) -> registry.GameKind | None:
        """The kind whose own filters or order are used, if any."""
        data = self.cleaned_data
        for name, kind in self.owners.items():
            if data.get(name):
                return kind
        return self.sorted_by(data)[1]

    def kinds(self) -> list[registry.GameKind] | None:
        """The kinds of game listed: one, or every kind (None)."""
        if (kind := self.own_kind()) is not None:
            return [kind]
        slug = self.cleaned_data.get("game")
        kind = registry.kind(slug) if slug else None
        return [kind] if kind is not None else None

    def common_filters(self) -> history.HistoryFilters:
        data = self.cleaned_data
        return history.HistoryFilters(
            player=data.get("player") or "", date_from=data.get("date_from"), date_to=data.get("date_to")
        )

    def problems(self) -> list[str]:
        """One sentence for each filter that was left out, saying why."""
        return [
            f"{' '.join(map(str, errors))} "
            + ("The list is newest first." if name == "sort" else f"The list is not filtered by {self.names[name]}.")
            for name, errors in self.errors.items()
            if name in self.names
        ]

    def query(self) -> QueryDict:
        """The query string of the filters in use: for links and the address bar."""
        query = QueryDict(mutable=True)
        for name in self.fields:
            value = self.cleaned_data.get(name)
            if isinstance(value, models.Model):
                value = value.pk
            elif isinstance(value, datetime.date):
                value = value.isoformat()
            if value:
                query[name] = str(value)
        return query

    def active_count(self) -> int:
        return len([name for name in self.query() if name not in ("player", "sort")])

    def order(self) -> history.Order:
        """The order asked for, the newest first unless another could be read."""
        return self.sorted_by(self.cleaned_data)[0]

    def sorted_by(self, data: dict) -> tuple[history.Order, registry.GameKind | None]:
        """The order ``data`` asks for and the kind whose own it is (None: every
        kind's), the newest first unless another could be read."""
        return self.orders.get(data.get("sort") or "", (history.NEWEST_FIRST, None))


def read_filters(request) -> GameFilterForm:
    form = GameFilterForm(request.GET, user=request.user)
    form.is_valid()
    return form
