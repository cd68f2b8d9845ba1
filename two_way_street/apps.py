from django.apps import AppConfig


class TwoWayStreetConfig(AppConfig):
    name = "two_way_street"
    verbose_name = "Two Way Street score sheet"

    def ready(self):
        from scorepads import history
        from two_way_street import selectors, services

        history.register(
            history.GameKind(
                slug="two-way-street",
                label="Two Way Street",
                recent=selectors.recent_games,
                row_template="two_way_street/includes/game_row.html",
                listed=selectors.games_in_history,
                history_rows=selectors.history_rows,
                account_data=selectors.write_account_data,
                account_deleting=services.games_delete_left_alone,
                history_row_template="two_way_street/includes/history_row.html",
                start_url_name="two_way_street:new",
            )
        )
