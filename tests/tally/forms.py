"""Tally's forms: the players, and a hand's scores."""

from __future__ import annotations

from django import forms

from scorepads.forms import RevisionForm, SeatsForm
from scorepads.models import SEAT_NAME_MAX_LENGTH
from tests.tally import rules


class NewGameForm(SeatsForm):
    seat_count = rules.MAX_PLAYERS
    name_max_length = SEAT_NAME_MAX_LENGTH


class HandForm(forms.Form):
    """One hand: a score per player."""

    number = forms.IntegerField(min_value=1, max_value=rules.HANDS, widget=forms.HiddenInput)

    def __init__(self, *args, names: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.names = names
        for seat, name in enumerate(names, start=1):
            self.fields[f"score_{seat}"] = forms.IntegerField(
                label=f"{name}'s score", min_value=-rules.MAX_SCORE, max_value=rules.MAX_SCORE
            )

    def scores(self) -> list[int]:
        return [self.cleaned_data[f"score_{seat}"] for seat in range(1, len(self.names) + 1)]

    def problem(self) -> str:
        """One sentence naming what is wrong."""
        for name, errors in self.errors.items():
            label = self.fields[name].label if name in self.fields else "request"
            return f"{label}: {errors[0]}"
        return "the hand was incomplete"


class ChangeHandForm(RevisionForm, HandForm):
    """An earlier hand, changed: refused if the sheet moved since the page was shown."""
