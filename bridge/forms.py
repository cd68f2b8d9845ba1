"""The calculator's forms: the inputs of a calculation (checked by running it),
and what a saved ruling adds (event, board, date, note)."""

from __future__ import annotations

import uuid

from django import forms
from django.utils import timezone

from bridge import calculator, display
from bridge.models import EVENT_MAX_LENGTH, MAX_BOARD, NOTE_MAX_LENGTH
from scorepads.views import refusal_on_form


class CalculationForm(forms.Form):
    """The inputs ``calculation`` reads and the board's vulnerability. Valid when
    the calculation runs; ``working`` is then its working, and a refusal is
    shown beside the input it names."""

    vulnerability = forms.ChoiceField(
        label="Vulnerability",
        choices=calculator.VULNERABILITIES,
        required=False,
        help_text="Given, every score is checked against it.",
    )

    def __init__(self, calculation: calculator.Calculation, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.calculation = calculation
        self.working: display.Working | None = None
        fields = {}
        for name in calculation.inputs:
            item = calculator.INPUTS[name]
            optional = name in calculation.optional
            if name == "offenders":
                blank = [("", "Not given")] if optional else []
                fields[name] = forms.ChoiceField(
                    label=item.label,
                    choices=blank + [(side, side) for side in calculator.OFFENDERS],
                    help_text=item.help,
                    required=not optional,
                )
                continue
            widget = (
                forms.Textarea(attrs={"rows": 3, "autocapitalize": "off", "spellcheck": "false"})
                if item.lines
                else forms.TextInput(attrs={"autocapitalize": "off", "autocomplete": "off", "spellcheck": "false"})
            )
            fields[name] = forms.CharField(
                label=item.label,
                help_text=item.help,
                max_length=calculator.MAX_INPUT_LENGTH,
                widget=widget,
                strip=False,
                required=not optional,
            )
        # The calculation's inputs first, in its order, then the vulnerability.
        self.fields = {**fields, "vulnerability": self.fields["vulnerability"]}

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            result = calculator.calculate(
                self.calculation,
                {name: cleaned.get(name, "") for name in self.calculation.inputs},
                cleaned.get("vulnerability", ""),
            )
        except calculator.ScoringError as error:
            refusal_on_form(self, error)
        else:
            self.working = display.working(self.calculation, result)
        return cleaned

    def inputs(self) -> dict[str, str]:
        return {name: self.cleaned_data.get(name, "") for name in self.calculation.inputs}


class RulingForm(forms.Form):
    """What a saved ruling adds to the calculation; ``save_key`` makes a save count once."""

    event = forms.CharField(label="Event", max_length=EVENT_MAX_LENGTH)
    board = forms.IntegerField(label="Board", min_value=1, max_value=MAX_BOARD)
    date = forms.DateField(label="Date", widget=forms.DateInput(attrs={"type": "date"}))
    note = forms.CharField(
        label="Director's note",
        required=False,
        max_length=NOTE_MAX_LENGTH,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="The facts found and the reasons, for the appeals file.",
    )
    save_key = forms.UUIDField(widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("initial", {"date": timezone.localdate(), "save_key": uuid.uuid4()})
        super().__init__(*args, **kwargs)
        self.fields["board"].widget.attrs["inputmode"] = "numeric"

    @classmethod
    def carried(cls, data) -> RulingForm:
        """An unbound form showing what was typed in ``data`` (a calculation's
        post): nothing is checked until the ruling is saved."""
        form = cls()
        for name in ("event", "board", "date", "note"):
            if data.get(name):
                form.initial[name] = data[name]
        try:
            form.initial["save_key"] = form.fields["save_key"].clean(data.get("save_key", ""))
        except forms.ValidationError:
            pass  # a new key, as on a new page
        return form
