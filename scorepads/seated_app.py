"""The app of a game with seats (Two Way Street, Mah Jongg): its ``apps.py``
names the game, and the game is registered by the conventions of a seated
game's app (:mod:`scorepads.history`): its ``selectors`` (``SEATED``,
``recent_games``, ``games_in_history``, ``history_rows``), its ``exports``
(``account_data``, ``RESTORE``, ``CSV_EXPORT``), its ``models.Game``, its
``views.TABLE`` (the sheet's :class:`scorepads.table.Table`), its
templates ``<app>/includes/game_row.html`` and ``history_row.html``, its
URLs ``<app>.urls`` (at ``<slug>/``) and among them ``<app>:new``."""

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
    daily_limit: str = ""  # the name of its scorepads.limits.DailyLimit: "TWO_WAY_STREET_GAMES"

    def __init__(self, app_name, app_module):
        super().__init__(app_name, app_module)
        self.verbose_name = f"{self.label_text} score sheet"

    def ready(self):
        from scorepads import account_data, history, limits

        selectors, exports, models = (import_module(f"{self.name}.{part}") for part in ("selectors", "exports", "models"))
        history.register(
            history.GameKind(
                slug=self.slug,
                label=self.label_text,
                recent=selectors.recent_games,
                row_template=f"{self.name}/includes/game_row.html",
                listed=selectors.games_in_history,
                history_rows=selectors.history_rows,
                history_row_template=f"{self.name}/includes/history_row.html",
                start_url_name=f"{self.name}:new",
                account_data=exports.account_data,
                restore=exports.RESTORE,
                daily_limit=getattr(limits, self.daily_limit) if self.daily_limit else None,
                account_deleting=functools.partial(account_data.delete_games_left_alone, models.Game),
                seated=selectors.SEATED,
                csv_export=exports.CSV_EXPORT,
                kept_pages=tuple(f"{self.name}:{page}" for page in ("new", "sheet", *self.more_kept_pages)),
                entry_views=(f"{self.name}:hand_record",),
                urls=f"{self.name}.urls",
                url_prefix=f"{self.slug}/",
                table=f"{self.name}.views.TABLE",
            )
        )
