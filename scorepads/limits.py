"""How much one account may create in a day: games of each kind, bridge
rulings. A game declares its limit on its registration
(:attr:`scorepads.registry.GameKind.daily_limit`): what is counted and the
number when nothing else says; the number is a setting named from the game's
slug (``TWO_WAY_STREET_GAMES_PER_DAY``), read here and nowhere else, from the
settings when they hold it, else from the environment. A service checks it
(:func:`check_today`) in the transaction that would create the row, and a
refusal (:class:`RecordingError`) says what the limit is and writes nothing."""

from __future__ import annotations

import datetime
import os
from dataclasses import dataclass, field

from django.apps import apps
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import models
from django.utils import timezone

from scorepads import registry
from scorepads.recording import RecordingError, lock_account


@dataclass(frozen=True)
class DailyLimit:
    slug: str  # the game's, which names the setting: "two-way-street"
    counted: str  # what is counted, as the setting names it: "games", "rulings"
    things: str  # what is counted, in the plural: "Two Way Street games"
    verb: str  # what the account does to each: "start", "save"
    done: str  # the same, done: "started", "saved"
    model: str  # the rows counted, by their ``owner``: "two_way_street.Game"
    default: int  # the number when neither the settings nor the environment give one
    # The account that made a row counted, as a lookup from the row: "created_by",
    # or through what holds it ("book__created_by": a ruling, by its book's director).
    owner: str = "created_by"
    # The environment's number (else the default), read once, when the game
    # is registered: a wrong one stops the site from starting, saying so.
    configured: int = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "configured", environment_number(self.setting, self.default))

    @property
    def setting(self) -> str:
        """The setting's name, and the environment's: "TWO_WAY_STREET_GAMES_PER_DAY"."""
        return f"{self.slug}_{self.counted}_per_day".replace("-", "_").upper()

    @property
    def most(self) -> int:
        return int(getattr(settings, self.setting, self.configured))

    def check(self, user, made_by_user: models.QuerySet) -> None:
        """Refuse when ``made_by_user`` (the account's rows, with a
        ``created_at`` and a ``restored_at``) holds the day's most already. Call in the transaction
        that creates the row: it locks the account's row, so that two requests
        of one account count one after the other."""
        if user is None or not user.is_authenticated:
            return
        lock_account(user.pk)
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
        made_by_user = apps.get_model(self.model)._default_manager.filter(**{self.owner: user})
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


def environment_number(name: str, default: int) -> int:
    """The whole number of 0 or more the environment gives as ``name``, else ``default``."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if not (value.isascii() and value.isdigit()):
        raise ImproperlyConfigured(f"{name} must be a whole number of 0 or more, not {value[:20]!r}")
    return int(value)


def games_started(slug: str, label: str, model: str, default: int) -> DailyLimit:
    """The limit on the games of a game with seats an account may start in a day."""
    return DailyLimit(slug, "games", f"{label} games", "start", "started", model, default)


def registered_for(model: type[models.Model]) -> DailyLimit | None:
    """The daily limit a registered game declares on the rows of ``model`` (None: no limit)."""
    label = model._meta.label
    return next((kind.daily_limit for kind in registry.kinds() if kind.daily_limit and kind.daily_limit.model == label), None)


def check_today(user, model: type[models.Model]) -> None:
    """Refuse a new row of ``model`` by ``user`` past the day's limit its game
    declares (:meth:`DailyLimit.check`); nothing to check for a model no limit counts."""
    if (limit := registered_for(model)) is not None:
        limit.check(user, model._default_manager.filter(**{limit.owner: user}))
