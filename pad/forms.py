"""The forms of the pad page: each one names the hand it acts on, so a resent or
stale request can be told from a new one."""

from __future__ import annotations

from django import forms
from django.utils import timezone

from pad.models import NAME_MAX_LENGTH, Hand, Partnership
from pad.selectors import partnerships_of


class StartGameForm(forms.Form):
    """Start a game for a stored partnership, or for two new names."""

    partnership = forms.ModelChoiceField(
        queryset=Partnership.objects.all(), required=False, empty_label="New partnership…"
    )
    odd_name = forms.CharField(
        label="Odd partner (learned the game first)", max_length=NAME_MAX_LENGTH, required=False
    )
    even_name = forms.CharField(label="Even partner", max_length=NAME_MAX_LENGTH, required=False)
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    first_dealer = forms.ChoiceField(
        label="First dealer",
        choices=[("", "As the date says"), ("odd", "Odd partner"), ("even", "Even partner")],
        required=False,
    )

    def __init__(self, *args, user, **kwargs):
        kwargs.setdefault("initial", {"date": timezone.localdate()})
        super().__init__(*args, **kwargs)
        self.fields["partnership"].queryset = partnerships_of(user)

    def clean(self):
        cleaned = super().clean()
        if not cleaned.get("partnership"):
            for field in ("odd_name", "even_name"):
                if not (cleaned.get(field) or "").strip() and field not in self.errors:
                    self.add_error(field, "Enter a name, or pick a partnership.")
        return cleaned


class RecordHandForm(forms.Form):
    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    outcome = forms.ChoiceField(choices=Hand.Outcome.choices)
    dealer_took = forms.BooleanField(required=False, label="The dealer took")
    fates_point = forms.BooleanField(required=False)
    irregularity = forms.CharField(
        required=False, max_length=Hand._meta.get_field("irregularity").max_length
    )


class UndoForm(forms.Form):
    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)


class ChangeOutcomeForm(forms.Form):
    shown = forms.ChoiceField(choices=Hand.Outcome.choices, widget=forms.HiddenInput)
    outcome = forms.ChoiceField(choices=Hand.Outcome.choices)


class CardsForm(forms.Form):
    """Both hands of a lost hand, in the solver's notation."""

    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
    dealer_took = forms.BooleanField(required=False, label="The dealer took")
    taker_cards = forms.CharField(
        label="Taker's cards", max_length=Hand._meta.get_field("taker_cards").max_length
    )
    giver_cards = forms.CharField(
        label="Giver's cards", max_length=Hand._meta.get_field("giver_cards").max_length
    )


class RecordVerdictForm(CardsForm):
    outcome = forms.ChoiceField(choices=[("P", "P"), ("I", "I")])
