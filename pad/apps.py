from django.apps import AppConfig


class PadConfig(AppConfig):
    name = "pad"
    verbose_name = "Gorilla"

    def ready(self):
        from pad import accounts, exchange, models, selectors
        from pad import history as own
        from pad.views import games
        from pad.views import history as history_views
        from scorepads import registry

        registry.register(
            registry.GameKind(
                slug="gorilla",
                label="Gorilla",
                recent=selectors.recent_games,
                row_template="pad/includes/game_row.html",
                listed=selectors.games_in_history,
                history_rows=selectors.game_rows,
                history_row_template="pad/history/includes/history_row.html",
                start_url_name="game_start",
                account_data=accounts.write_account_data,
                account_deleting=accounts.delete_partnerships_left_alone,
                restore=exchange.RESTORE,
                own_filters=own.own_filters(csv=history_views.gorilla_csv),
                front_template="pad/includes/front.html",
                front_context=games.front_context,
                account_template="pad/includes/account.html",
                deletion_template="pad/includes/account_deletion.html",
                deletion_context=accounts.deletion_context,
                limits=(
                    ("name", models.NAME_MAX_LENGTH),
                    ("irregularity", models.IRREGULARITY_MAX_LENGTH),
                    ("notes", models.NOTES_MAX_LENGTH),
                ),
                # Its taps go by the entry queue (static/scorepads/entry_queue.js), drawn
                # over the hands stored by its pad's rules (static/pad/pad_rules.js).
                kept_pages=("game_pad", "hand_list", "gorilla_it_out"),
                # Each tap (a hand recorded, undone, put back or changed, a
                # gorillaed-out verdict) is made once per key sent.
                entry_views=("hand_record", "hand_undo", "hand_redo", "hand_change", "gorilla_record"),
                urls="pad.urls",  # at the site's root
                app=self.label,
                table="pad.table.TABLE",
            )
        )
