from django.apps import AppConfig


class MahjongConfig(AppConfig):
    name = "mahjong"
    verbose_name = "Mah Jongg score sheet"

    def ready(self):
        from mahjong import selectors, services
        from scorepads import history

        history.register(
            history.GameKind(
                slug="mah-jongg",
                label="Mah Jongg",
                recent=selectors.recent_games,
                row_template="mahjong/includes/game_row.html",
                listed=selectors.games_in_history,
                history_rows=selectors.history_rows,
                account_data=selectors.write_account_data,
                account_deleting=services.games_delete_left_alone,
                history_row_template="mahjong/includes/history_row.html",
                start_url_name="mahjong:new",
            )
        )
