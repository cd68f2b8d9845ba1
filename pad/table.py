"""Gorilla at the table: its rules, services and pad plugged into the kit's
table (:class:`scorepads.table.Table`), which serves the pad page and its
taps (record a hand, undo, redo, change an outcome) as it serves every game's."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.urls import reverse

from pad import selectors, services
from pad.display import PadDisplay, pad_at_table, pad_regions
from pad.forms import ChangeOutcomeForm, RecordHandForm
from pad.models import Game, Hand
from scorepads.display import Changer
from scorepads.recording import GameToChange
from scorepads.regions import PadMeta, Region, meta_region
from scorepads.table import Table


def user_game(request, game_id: int) -> Game:
    """The game and its partnership, if the user may see it; 404 otherwise (a
    stranger learns nothing)."""
    return get_object_or_404(selectors.games_visible_to(request.user).select_related("partnership"), pk=game_id)


def invitation_offer(request, partnership) -> dict | None:
    """The partner's invitation link (made on request), while the partnership
    has room for its second member; None once it has both."""
    state = selectors.invitation_state(partnership)
    if not state.can_invite:
        return None
    url = state.token and request.build_absolute_uri(reverse("invitation_accept", args=[state.token]))
    return {"partnership": partnership, "url": url}


class GorillaRules:
    """Gorilla's hands as the table records, undoes, puts back and changes them."""

    def revision(self, user, game_id: int) -> int | None:
        return selectors.pad_revision(user, game_id)

    def game_shown(self, request, game_id: int) -> Game:
        return user_game(request, game_id)

    def game_to_change(self, request, game_id: int) -> GameToChange:
        """The game a tap changes, with its partnership, if the user may see it:
        read once, under its lock, by the service (a stranger's tap is refused,
        and the refusal's answer is a 404)."""
        return GameToChange(selectors.games_visible_to(request.user).select_related("partnership"), game_id)

    def hand_form(self, data, game) -> RecordHandForm:
        return RecordHandForm(data)

    def record(self, game, number: int, form) -> Hand:
        data = form.cleaned_data
        return services.hand_record(
            game=game,
            number=number,
            outcome=data["outcome"],
            dealer_took=data["dealer_took"],
            fates_point=data["fates_point"],
            irregularity=data["irregularity"],
        )

    def repeats(self, game, number: int, form) -> bool:
        return selectors.is_recorded_as(game.pk, number, outcome=form.cleaned_data["outcome"])

    def undo(self, game, number: int) -> Hand:
        return services.hand_undo_last(game=game, expected_number=number)

    def hand_fields(self, hand) -> dict[str, Any]:
        return services.undone_fields(hand)

    def put_back(self, game, fields: dict[str, Any]) -> Hand:
        return services.hand_redo(game=game, undone=fields)

    def change_form(self, data, game) -> ChangeOutcomeForm:
        return ChangeOutcomeForm(data)

    def change(self, game, number: int, form) -> Hand:
        return services.hand_change_outcome(
            game=game, number=number, outcome=form.cleaned_data["outcome"], expected_outcome=form.cleaned_data["shown"]
        )


class GorillaPad:
    """The partners' pad as the table draws it (pad.display)."""

    page_template = "pad/game.html"
    page_fragment = "pad"

    def display_at(self, game, state=None, *, version: int | None = None) -> PadDisplay:
        return pad_at_table(game, selectors.played_hands(game) if state is None else state, version=version)

    def regions(
        self, request, game, shown, *, toast: Region, before: bool = False, form=None, moved_by: Changer | None = None
    ) -> tuple[Region, ...]:
        meta = PadMeta(
            version=shown.version,
            announce=shown.announcement,
            announce_next=shown.next_step,
            keep_while=str(shown.next_hand.number) if shown.next_hand else "over",
            follow=reverse("game_pad", args=[shown.rematch_id]) if shown.rematch_id else "",
        )
        share_url = game.share_token and request.build_absolute_uri(reverse("shared_pad", args=[game.share_token]))
        return pad_regions(shown, meta=meta_region(meta), toast=toast, share_url=share_url or None, moved_by=moved_by)

    def toast_numbers(self, shown) -> tuple[int | None, int | None]:
        return (
            shown.last_hand.number if shown.last_hand else None,
            shown.next_hand.number if shown.next_hand else None,
        )

    def said(self, shown, hand, how: str) -> str:
        """What a tap did, with the score after it: "Hand 14 · P recorded ·
        Partnership 5, Fates 7"; a changed outcome: "Hand 2 is now P."."""
        if how == "changed":
            return f"Hand {hand.number} is now {hand.outcome}."
        return (
            f"Hand {hand.number} · {hand.outcome} {how} · "
            f"Partnership {shown.partnership_score}, Fates {shown.fates_score}"
        )

    def entries_stored(self, shown) -> str:
        return shown.played

    def moved_by(self, request, game) -> Changer:
        return selectors.changer_on_pad(game, request.user)

    def page_context(self, request, game, shown) -> dict[str, Any]:
        if request.htmx:
            return {}
        return {"invitation": invitation_offer(request, game.partnership)}  # the page around the pad


TABLE = Table(urls="", page="game_pad", rules=GorillaRules(), display=GorillaPad())
