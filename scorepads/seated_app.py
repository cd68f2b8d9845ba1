"""The app of a game with seats (Two Way Street, Mah Jongg): its ``apps.py``
names the game, and the game is registered by the conventions of a seated
game's app (:mod:`scorepads.registry`): its ``selectors`` (``SEATED``,
``recent_games``, ``games_in_history``, ``history_rows``), its ``exports``
(``account_data``, ``RESTORE``, ``CSV_EXPORT``), its ``models.Game``, its
``views.TABLE`` (the sheet's :class:`scorepads.table.Table`), its
templates ``<label>/includes/game_row.html`` and ``history_row.html``, its
URLs ``<app>.urls`` (at ``<slug>/``, in the namespace ``<label>``) and among
them ``<label>:new``. The app's label is its name but for an app in a
package (``games.cribbage``: ``cribbage``)."""

from __future__ import annotations

import functools
from importlib import import_module

from django.apps import AppConfig


class SeatedGameConfig(AppConfig):
    slug: str  # in the addresses of the history and the exports: "two-way-street"
    label_text: str  # the game's name: "Two Way Street"
    # Its pages the service worker keeps once opened, besides the new-game
    # page and the sheet (URL names within the app)
    more_kept_pages: tuple[str, ...] = ()
    # The most games an account may start in a day, unless the setting named
    # from its slug says otherwise (scorepads.limits: TWO_WAY_STREET_GAMES_PER_DAY)
    games_per_day: int | None = None

    def __init__(self, app_name, app_module):
        super().__init__(app_name, app_module)
        self.verbose_name = f"{self.label_text} score sheet"

    def ready(self):
        from scorepads import account_data, limits, registry

        selectors, exports, models = (import_module(f"{self.name}.{part}") for part in ("selectors", "exports", "models"))
        registry.register(
            registry.GameKind(
                slug=self.slug,
                label=self.label_text,
                recent=selectors.recent_games,
                row_template=f"{self.label}/includes/game_row.html",
                listed=selectors.games_in_history,
                history_rows=selectors.history_rows,
                history_row_template=f"{self.label}/includes/history_row.html",
                start_url_name=f"{self.label}:new",
                account_data=exports.account_data,
                restore=exports.RESTORE,
                daily_limit=(
                    limits.games_started(self.slug, self.label_text, f"{self.label}.Game", self.games_per_day)
                    if self.games_per_day is not None
                    else None
                ),
                account_deleting=functools.partial(account_data.delete_games_left_alone, models.Game),
                seated=selectors.SEATED,
                csv_export=exports.CSV_EXPORT,
                kept_pages=tuple(f"{self.label}:{page}" for page in ("new", "sheet", *self.more_kept_pages)),
                entry_views=(f"{self.label}:hand_record",),
                urls=f"{self.name}.urls",
                url_prefix=f"{self.slug}/",
                app=self.label,
                table=f"{self.name}.views.TABLE",
            )
        )
