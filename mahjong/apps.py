import functools

from django.apps import AppConfig


class MahjongConfig(AppConfig):
    name = "mahjong"
    verbose_name = "Mah Jongg score sheet"

    def ready(self):
        from mahjong import exports, models, selectors
        from scorepads import account_data, history

        history.register(
            history.GameKind(
                slug="mah-jongg",
                label="Mah Jongg",
                recent=selectors.recent_games,
                row_template="mahjong/includes/game_row.html",
                listed=selectors.games_in_history,
                history_rows=selectors.history_rows,
                history_row_template="mahjong/includes/history_row.html",
                start_url_name="mahjong:new",
                account_data=exports.account_data,
                restore=exports.RESTORE,
                account_deleting=functools.partial(account_data.delete_games_left_alone, models.Game),
                seated=selectors.SEATED,
                csv_export=exports.CSV_EXPORT,
                kept_pages=("mahjong:new", "mahjong:scorer", "mahjong:sheet"),
                entry_views=("mahjong:hand_record",),
            )
        )
