"""How much one account may create in a day: games of each kind, bridge
rulings. Each limit is one setting (``gorilla_site.settings``), read here and
nowhere else; a service checks it in the transaction that would create the row,
and a refusal (:class:`RecordingError`) says what the limit is and writes
nothing."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

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

    @property
    def most(self) -> int:
        return int(getattr(settings, self.setting))

    def check(self, user, made_by_user: models.QuerySet) -> None:
        """Refuse when ``made_by_user`` (the account's rows, with a
        ``created_at``) holds the day's most already. Call in the transaction
        that creates the row: it locks the account's row, so that two requests
        of one account count one after the other."""
        if user is None or not user.is_authenticated:
            return
        list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True))
        made_today = made_by_user.filter(created_at__gte=start_of_today()).count()
        if made_today >= self.most:
            raise RecordingError(
                f"you have {self.done} {made_today} {self.things} today, and an account may {self.verb}"
                f" at most {self.most} a day: try again tomorrow",
                code="limit",
            )


def start_of_today() -> datetime.datetime:
    """Midnight of today, in the site's time zone."""
    return timezone.make_aware(datetime.datetime.combine(timezone.localdate(), datetime.time()))


TWO_WAY_STREET_GAMES = DailyLimit("TWO_WAY_STREET_GAMES_PER_DAY", "Two Way Street games", "start", "started")
MAH_JONGG_GAMES = DailyLimit("MAH_JONGG_GAMES_PER_DAY", "Mah Jongg games", "start", "started")
BRIDGE_RULINGS = DailyLimit("BRIDGE_RULINGS_PER_DAY", "rulings", "save", "saved")
