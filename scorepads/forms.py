"""Forms every game with seats shares."""

from __future__ import annotations

from django import forms
from django.utils import timezone

from scorepads.players import Seat

# The largest number an entry can have (its column is a PositiveSmallIntegerField);
# each game's services refuse a number past its own limit.
MAX_ENTRY_NUMBER = 32767


class SeatsForm(forms.Form):
    """A new game's date and its players in seat order: a name and, where the
    player has one, an account's user name a row (the account is invited to
    the seat: :mod:`scorepads.seating`). A subclass says how many rows
    (``seat_count``), how long a name may be, and whether every row needs a
    name (``names_required``; otherwise empty rows are left out)."""

    seat_count: int
    name_max_length: int
    names_required = False

    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, players=(), **kwargs):
        """``players``: the players of the last game, offered as defaults."""
        initial = {"date": timezone.localdate()}
        for number, player in enumerate(players, start=1):
            initial[f"name_{number}"] = player.name
            # Only an account that joined: one offered the seat and silent
            # looks as a user name that is no account's does (no oracle).
            initial[f"account_{number}"] = player.account.get_username() if player.account else ""
        kwargs.setdefault("initial", initial)
        super().__init__(*args, **kwargs)
        for number in range(1, self.seat_count + 1):
            self.fields[f"name_{number}"] = forms.CharField(
                label=f"Player {number}", max_length=self.name_max_length, required=self.names_required
            )
            self.fields[f"account_{number}"] = forms.CharField(
                label=f"Account of player {number}", max_length=150, required=False
            )

    def rows(self) -> list[tuple[int, forms.BoundField, forms.BoundField]]:
        return [(number, self[f"name_{number}"], self[f"account_{number}"]) for number in range(1, self.seat_count + 1)]

    def seats(self) -> list[Seat]:
        """The named rows in order; call after :meth:`is_valid`."""
        data = self.cleaned_data
        return [
            Seat(name=data[f"name_{number}"], account=data[f"account_{number}"])
            for number in range(1, self.seat_count + 1)
            if data.get(f"name_{number}", "").strip()
        ]

    def clean(self):
        cleaned = super().clean()
        for number in range(1, self.seat_count + 1):
            if cleaned.get(f"account_{number}", "").strip() and not cleaned.get(f"name_{number}", "").strip():
                self.add_error(f"name_{number}", f"Player {number} has an account but no name.")
        return cleaned


class UndoForm(forms.Form):
    """An undo names the hand it takes back, so a stale tap undoes nothing."""

    number = forms.IntegerField(min_value=1, max_value=MAX_ENTRY_NUMBER, widget=forms.HiddenInput)


class RevisionForm(forms.Form):
    """A change carries the pad's revision when the page was shown: it is
    refused if the pad moved since. Mixed into a game's form of an entry."""

    revision = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
