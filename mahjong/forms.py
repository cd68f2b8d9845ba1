"""The forms of the Mah Jongg pages. Each form that writes a hand names the
hand it acts on, so a resent or stale request can be told from a new one."""

from __future__ import annotations

from collections.abc import Sequence

from django import forms

from mahjong import display
from mahjong import game as rules
from mahjong.models import NAME_MAX_LENGTH
from mahjong.scoring import LIMIT
from scorepads.forms import RevisionForm, SeatsForm

WASHOUT = "none"
LAST_TILE_CHOICES = [("discard", display.DISCARD_LABEL), ("wall", display.SELF_DRAWN_LABEL)]
WIND_ERRORS = {
    "required": "Choose a wind: East, South, West or North.",
    "invalid_choice": "%(value)s is not a wind: choose East, South, West or North.",
}
LAST_TILE_ERRORS = {
    "required": "Say how the winning tile came: drawn from the wall or claimed from a discard.",
    "invalid_choice": "%(value)s is not a way the winning tile came: drawn from the wall or claimed from a discard.",
}


class NewGameForm(SeatsForm):
    """The four players in playing order round the table (the first is East
    in the first hand), each with an account's user name where they have one."""

    seat_count = rules.PLAYERS
    name_max_length = NAME_MAX_LENGTH
    names_required = True


SCORE_ERRORS = {
    "invalid": "enter a whole number",
    "min_value": "a score cannot be negative",
    "max_value": f"a score is at most {LIMIT} (the limit)",
}


class HandForm(forms.Form):
    """One hand: who went Mah Jongg (or a washout), each loser's score, and the
    winner's score or their hand in the notation (the sheet then scores it)."""

    number = forms.IntegerField(min_value=1, max_value=rules.MAX_HANDS, widget=forms.HiddenInput)
    winner = forms.ChoiceField(
        choices=[*((str(seat), str(seat)) for seat in range(1, rules.PLAYERS + 1)), (WASHOUT, WASHOUT)],
        error_messages={"required": "say who went Mah Jongg, or that nobody did",
                        "invalid_choice": "the winner must be one of the four players, or nobody"},
    )
    winning_hand = forms.CharField(label="Winner's hand", max_length=rules.HAND_TEXT_MAX_LENGTH, required=False)
    winning_tile = forms.CharField(label="Winning tile", max_length=20, required=False)
    last_tile = forms.ChoiceField(
        label="The winning tile came", choices=LAST_TILE_CHOICES, initial="discard", error_messages=LAST_TILE_ERRORS
    )

    def __init__(self, *args, names: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.names = names
        for seat, name in enumerate(names, start=1):
            self.fields[f"score_{seat}"] = forms.IntegerField(
                label=f"{name}'s score", min_value=0, max_value=LIMIT, required=False, error_messages=SCORE_ERRORS
            )

    def entry(self) -> rules.HandEntry:
        """The hand as :mod:`mahjong.game` plays it; call after :meth:`is_valid`."""
        data = self.cleaned_data
        return rules.HandEntry(
            winner=None if data["winner"] == WASHOUT else int(data["winner"]) - 1,
            scores=tuple(data[f"score_{seat}"] for seat in range(1, len(self.names) + 1)),
            winning_hand=data["winning_hand"].strip(),
            winning_tile=data["winning_tile"].strip(),
            self_drawn=data["last_tile"] == "wall",
        )

    def seat_rows(self, winds: Sequence[str]) -> list[dict]:
        """Each player's row of the form: seat, name, wind (``winds`` in seat
        order), the score the field shows and its errors."""
        return [
            {
                "seat": seat,
                "name": name,
                "wind": wind,
                "score": self[f"score_{seat}"].value(),
                "errors": self[f"score_{seat}"].errors,
            }
            for seat, (name, wind) in enumerate(zip(self.names, winds), start=1)
        ]

    def problem(self) -> str:
        """One sentence naming what is wrong, by the player's name."""
        for name, errors in self.errors.items():
            label = {"number": "hand number", "__all__": "request"}.get(name) or self.fields[name].label
            return f"{label}: {errors[0]}"
        return "the hand was incomplete"


class ChangeHandForm(RevisionForm, HandForm):
    """An earlier hand, changed: refused if the sheet moved since the page was shown."""


class ScorerForm(forms.Form):
    """A winning hand to score: the tiles, the winning tile, the winds and how the tile came."""

    hand = forms.CharField(
        label="The hand",
        max_length=rules.HAND_TEXT_MAX_LENGTH,
        error_messages={
            "required": "Type the hand, or tap its tiles.",
            "max_length": f"The hand is longer than {rules.HAND_TEXT_MAX_LENGTH} characters.",
        },
    )
    winning_tile = forms.CharField(
        label="Winning tile",
        max_length=20,
        error_messages={
            "required": "Name the winning tile (the tile that completed the hand).",
            "max_length": "The winning tile is one tile, like 9c, E or Rd.",
        },
    )
    own_wind = forms.ChoiceField(label="Own wind", choices=display.wind_choices(), initial="E",
                                 error_messages=WIND_ERRORS)
    prevailing_wind = forms.ChoiceField(label="Prevailing wind", choices=display.wind_choices(), initial="E",
                                        error_messages=WIND_ERRORS)
    last_tile = forms.ChoiceField(
        label="The winning tile came", choices=LAST_TILE_CHOICES, initial="discard", error_messages=LAST_TILE_ERRORS
    )
