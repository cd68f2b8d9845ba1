"""The forms of the Two Way Street pages. Each form that writes a hand names
the hand it acts on, so a resent or stale request can be told from a new one."""

from __future__ import annotations

from django import forms

from scorepads.forms import RevisionForm, SeatsForm
from two_way_street import rules
from two_way_street.models import NAME_MAX_LENGTH

# Player rows shown before "more players" is opened.
ROWS_SHOWN = 6
DEFAULT_TARGET = 12


class NewGameForm(SeatsForm):
    """The players in seat order (3 to 12 named rows; empty rows are left out),
    each with an account's user name where they have one, and the target."""

    seat_count = rules.MAX_PLAYERS
    name_max_length = NAME_MAX_LENGTH

    target = forms.IntegerField(
        label="Play to",
        min_value=1,
        max_value=rules.MAX_TARGET,
        initial=DEFAULT_TARGET,
        help_text=f"Points. A game to {rules.RATINGS_MIN_TARGET} or more gets a ratings record.",
    )

    def first_rows(self):
        """The rows always shown."""
        return self.rows()[:ROWS_SHOWN]

    def more_rows(self):
        """The rows under "More players"."""
        return self.rows()[ROWS_SHOWN:]

    def more_rows_open(self) -> bool:
        """Whether "More players" starts open: one of its rows holds something."""
        return any(name.value() or account.value() or name.errors or account.errors
                   for _, name, account in self.more_rows())


TRICKS_ERRORS = {
    "required": "enter a number of tricks",
    "invalid": "enter a whole number of tricks",
    "min_value": "tricks cannot be negative",
    "max_value": f"at most {rules.MAX_TRICKS} tricks (a whole pack)",
}


class HandForm(forms.Form):
    """One hand: for each player the tricks, high or low, declared or forced;
    the number of tricks in the hand when the players know it."""

    number = forms.IntegerField(min_value=1, max_value=rules.MAX_HANDS, widget=forms.HiddenInput)
    tricks_in_hand = forms.IntegerField(
        label="Tricks in this hand", min_value=0, max_value=rules.MAX_TRICKS, required=False,
        error_messages=TRICKS_ERRORS,
    )

    def __init__(self, *args, names: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.names = names
        for seat, name in enumerate(names, start=1):
            self.fields[f"tricks_{seat}"] = forms.IntegerField(
                label=f"{name}'s tricks", min_value=0, max_value=rules.MAX_TRICKS,
                error_messages=TRICKS_ERRORS,
            )
            self.fields[f"direction_{seat}"] = forms.ChoiceField(
                label=f"{name}: high or low", choices=[(value, value) for value in rules.Direction]
            )
            self.fields[f"choice_{seat}"] = forms.ChoiceField(
                label=f"{name}: declared or forced", choices=[(value, value) for value in rules.Choice]
            )

    def results(self) -> list[tuple[int, str, str]]:
        data = self.cleaned_data
        return [
            (data[f"tricks_{seat}"], data[f"direction_{seat}"], data[f"choice_{seat}"])
            for seat in range(1, len(self.names) + 1)
        ]

    def problem(self) -> str:
        """One sentence naming what is wrong, by the player's name."""
        for name, errors in self.errors.items():
            label = self.fields[name].label if name in self.fields else "request"
            if name == "number":
                label = "hand number"
            return f"{label}: {errors[0]}"
        return "the hand was incomplete"


class ChangeHandForm(RevisionForm, HandForm):
    """An earlier hand, changed: refused if the sheet moved since the page was shown."""
