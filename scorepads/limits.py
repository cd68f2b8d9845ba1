"""How much one account may create in a day: games of each kind, bridge
rulings. Each limit is one setting (``gorilla_site.settings``), read here and
nowhere else; a service checks it in the transaction that would create the row,
and a refusal (:class:`RecordingError`) says what the limit is and writes
nothing."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import models
from django.utils import timezone

from scorepads.recording import RecordingError


@dataclass(frozen=True)
class DailyLimit:
    setting: str  # the name of the setting that holds the number
    things: str  # what is counted, in the plural: "Two Way Street games"
    verb: str  # what the account does to each: "start", "save"
    done: str  # the same, done: "started", "saved"
    model: str  # the rows counted, by their ``created_by``: "two_way_street.Game"

    @property
    def most(self) -> int:
        return int(getattr(settings, self.setting))

    def check(self, user, made_by_user: models.QuerySet) -> None:
        """Refuse when ``made_by_user`` (the account's rows, with a
        ``created_at`` and a ``restored_at``) holds the day's most already. Call in the transaction
        that creates the row: it locks the account's row, so that two requests
        of one account count one after the other."""
        if user is None or not user.is_authenticated:
            return
        list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True))
        made_today = made_by_user.filter(added_since(start_of_today())).count()
        if made_today >= self.most:
            raise RecordingError(
                f"you have {self.done} {made_today} {self.things} today, and an account may {self.verb}"
                f" at most {self.most} a day: try again tomorrow",
                code="limit",
            )


    def left(self, user) -> int:
        """How many more the account may make today (read, no lock: a
        restore's check before it is queued; each row is checked again as it
        is written)."""
        made_by_user = apps.get_model(self.model)._default_manager.filter(created_by=user)
        return max(0, self.most - made_by_user.filter(added_since(start_of_today())).count())

    def refusal(self, user, more: int) -> str:
        """Why ``more`` new rows at once are refused ("" when the account may make them today)."""
        left = self.left(user)
        if more <= left:
            return ""
        return (
            f"it holds {more} {self.things} this account does not have, and an account may {self.verb} at most"
            f" {self.most} a day ({left} more today): try again tomorrow, or restore a smaller download"
        )


def added_since(moment: datetime.datetime) -> models.Q:
    """The rows added to the account since ``moment``: made then, or restored
    then (a restored row keeps the time its file gives in ``created_at``)."""
    return models.Q(created_at__gte=moment) | models.Q(restored_at__gte=moment)


def start_of_today() -> datetime.datetime:
    """Midnight of today, in the site's time zone."""
    return timezone.make_aware(datetime.datetime.combine(timezone.localdate(), datetime.time()))


TWO_WAY_STREET_GAMES = DailyLimit(
    "TWO_WAY_STREET_GAMES_PER_DAY", "Two Way Street games", "start", "started", "two_way_street.Game"
)
MAH_JONGG_GAMES = DailyLimit("MAH_JONGG_GAMES_PER_DAY", "Mah Jongg games", "start", "started", "mahjong.Game")
BRIDGE_RULINGS = DailyLimit("BRIDGE_RULINGS_PER_DAY", "rulings", "save", "saved", "bridge.Ruling")
