import functools

from django.apps import AppConfig


class TwoWayStreetConfig(AppConfig):
    name = "two_way_street"
    verbose_name = "Two Way Street score sheet"

    def ready(self):
        from scorepads import account_data, history
        from two_way_street import exports, models, selectors

        history.register(
            history.GameKind(
                slug="two-way-street",
                label="Two Way Street",
                recent=selectors.recent_games,
                row_template="two_way_street/includes/game_row.html",
                listed=selectors.games_in_history,
                history_rows=selectors.history_rows,
                history_row_template="two_way_street/includes/history_row.html",
                start_url_name="two_way_street:new",
                account_data=exports.account_data,
                restore=exports.RESTORE,
                account_deleting=functools.partial(account_data.delete_games_left_alone, models.Game),
                seated=selectors.SEATED,
                csv_export=exports.CSV_EXPORT,
                kept_pages=("two_way_street:new", "two_way_street:sheet"),
                entry_views=("two_way_street:hand_record",),
            )
        )
