from django.apps import AppConfig


class PadConfig(AppConfig):
    name = "pad"
    verbose_name = "Gorilla score pad"

    def ready(self):
        from pad import accounts, exchange, selectors
        from scorepads import history

        history.register(
            history.GameKind(
                slug="gorilla",
                label="Gorilla",
                recent=selectors.recent_games,
                row_template="pad/includes/game_row.html",
                listed=selectors.games_in_history,
                history_rows=selectors.game_rows,
                history_row_template="pad/history/includes/history_row.html",
                account_data=accounts.write_account_data,
                restore=exchange.RESTORE,
                # Its taps go by static/pad/offline.js, checked against the hands stored.
                kept_pages=("game_pad", "hand_list", "gorilla_it_out"),
            )
        )
