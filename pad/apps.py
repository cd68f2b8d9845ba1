from django.apps import AppConfig


class PadConfig(AppConfig):
    name = "pad"
    verbose_name = "Gorilla score pad"

    def ready(self):
        from pad import selectors
        from scorepads import history

        history.register(
            history.GameKind(
                label="Gorilla", recent=selectors.recent_games, row_template="pad/includes/game_row.html"
            )
        )
