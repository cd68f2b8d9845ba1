"""The calculator's forms: the inputs of a calculation (checked by running it),
and what a saved ruling adds (event, board, date, note, and the table as the
director files it: pairs, contract, auction, the director's name)."""

from __future__ import annotations

import uuid

from django import forms
from django.utils import timezone

from bridge import calculator, display
from bridge.models import (
    AUCTION_MAX_LENGTH,
    CONTRACT_MAX_LENGTH,
    DIRECTOR_MAX_LENGTH,
    EVENT_MAX_LENGTH,
    MAX_BOARD,
    NOTE_MAX_LENGTH,
    PAIR_MAX_LENGTH,
    SEATS,
)
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
        fields: dict[str, forms.Field] = {}
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

    def problem(self) -> tuple[str, str, str] | None:
        """The first problem of a bound form that has no working: the field it
        is in ("" for the board as a whole), that field's label and the message."""
        if self.working is not None or not self.is_bound:
            return None
        for name, errors in self.errors.items():
            field = self.fields.get(name)
            return (name if field else "", str(field.label) if field else "", str(errors[0]))
        return None

    @property
    def result_line(self) -> str:
        """What the calculation comes to, in one line kept in view as the director types."""
        if self.working is not None:
            return self.working.summary
        problem = self.problem()
        if problem is None:
            return "The working appears here as soon as the board is complete."
        _, label, message = problem
        return f"No working yet: {label}: {message}" if label else f"No working yet: {message}"

    @property
    def announcement(self) -> str:
        """What a screen reader is told once the director leaves a field: the
        result, or a problem in what was typed; nothing while the board is only
        incomplete (a field still to be typed is no news)."""
        if self.working is not None:
            return f"Working: {self.working.summary}."
        problem = self.problem()
        if problem is None:
            return ""
        name, _, _ = problem
        if name and not str(self.data.get(name, "")).strip():
            return ""
        line = self.result_line
        return line if line.endswith(".") else line + "."


def _filed_text(label: str, longest: int, *, named: str, help_text: str = "", lines: int = 0) -> forms.CharField:
    """An optional text the director files; too long, it is refused naming ``named``."""
    widget = forms.Textarea(attrs={"rows": lines}) if lines else forms.TextInput(attrs={"autocomplete": "off"})
    return forms.CharField(
        label=label,
        required=False,
        max_length=longest,
        strip=not lines,
        widget=widget,
        help_text=help_text,
        error_messages={"max_length": f"The {named} is at most {longest} characters."},
    )


class RulingForm(forms.Form):
    """What a saved ruling adds to the calculation.
    Given ``user``, a new form's director is the account's full name (empty without one)."""

    event = forms.CharField(label="Event", max_length=EVENT_MAX_LENGTH)
    board = forms.IntegerField(label="Board", min_value=1, max_value=MAX_BOARD)
    date = forms.DateField(label="Date", widget=forms.DateInput(attrs={"type": "date"}))
    ns_pair = _filed_text("NS pair or team", PAIR_MAX_LENGTH, named="NS pair or team")
    ew_pair = _filed_text("EW pair or team", PAIR_MAX_LENGTH, named="EW pair or team")
    contract = _filed_text("Contract", CONTRACT_MAX_LENGTH, named="contract", help_text="As played, like 3♦X.")
    declarer = forms.ChoiceField(label="Declarer", choices=[("", "Not given"), *SEATS], required=False)
    auction = _filed_text(
        "Auction", AUCTION_MAX_LENGTH, named="auction", lines=3, help_text="As bid at the table, a round a line."
    )
    note = forms.CharField(
        label="Director's note",
        required=False,
        max_length=NOTE_MAX_LENGTH,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="The facts found and the reasons, for the appeals file.",
    )
    director = _filed_text(
        "Director", DIRECTOR_MAX_LENGTH, named="director's name", help_text="The name printed on the ruling."
    )
    # The key the phone's queue sends the ruling with (scorepads.entries): drawn
    # with the form, so that a double tap saves one ruling, with a script or without.
    entry_key = forms.UUIDField(widget=forms.HiddenInput, required=False)

    # Typed on the calculator, kept as the director calculates again.
    CARRIED = ("event", "board", "date", "ns_pair", "ew_pair", "contract", "declarer", "auction", "note", "director")

    def __init__(self, *args, user=None, **kwargs):
        initial = {"date": timezone.localdate(), "entry_key": uuid.uuid4()}
        if user is not None and user.is_authenticated:
            initial["director"] = user.get_full_name().strip()[:DIRECTOR_MAX_LENGTH]
        kwargs.setdefault("initial", initial)
        super().__init__(*args, **kwargs)
        self.fields["board"].widget.attrs["inputmode"] = "numeric"
        for name in ("ns_pair", "ew_pair"):
            self.fields[name].widget.attrs["autocapitalize"] = "off"

    @classmethod
    def carried(cls, data, *, user=None) -> RulingForm:
        """An unbound form showing what was typed in ``data`` (a calculation's
        post): nothing is checked until the ruling is saved."""
        form = cls(user=user)
        for name in cls.CARRIED:
            # A text cleared on purpose (the director's name) stays cleared.
            if data.get(name) or (name in data and name not in ("event", "board", "date")):
                form.initial[name] = data[name]
        return form  # with a new entry key: a calculation sent nothing to be kept


class RulingEntry:
    """A ruling as the calculator posts it: the board (its calculation's form,
    ``data`` naming the calculation) and what the ruling adds, bound to one
    post, for ``user``'s book of the ruling's date (:mod:`bridge.table`)."""

    def __init__(self, data, *, user, calculation: calculator.Calculation | None = None):
        self.user = user
        self.calculation = calculation or calculator.calculation(str(data.get("calculation", "")))
        if self.calculation is None:
            raise ValueError("the post names no calculation of the calculator")
        self.board = CalculationForm(self.calculation, data)
        self.filed = RulingForm(data, user=user)

    def is_valid(self) -> bool:
        board, filed = self.board.is_valid(), self.filed.is_valid()  # both, each saying its problems
        return board and filed

    def ruling(self) -> dict:
        """The ruling, as the services take it."""
        filed = {name: value for name, value in self.filed.cleaned_data.items() if name != "entry_key"}
        return {
            "calculation": self.calculation,
            "inputs": self.board.inputs(),
            "vulnerability": self.board.cleaned_data["vulnerability"],
            **filed,
        }

    def refuse(self, error: Exception) -> None:
        """Say a refusal beside the field it names, in whichever form has it."""
        field = getattr(error, "field", None)
        refusal_on_form(self.board if field in self.board.fields else self.filed, error)
