from django.apps import AppConfig


class BridgeConfig(AppConfig):
    name = "bridge"
    verbose_name = "Bridge director's calculator"

    def ready(self):
        from bridge import exports, selectors
        from scorepads import limits, registry

        registry.register(
            registry.GameKind(
                slug="bridge",
                label="Bridge rulings",
                recent=selectors.recent_rulings,
                row_template="bridge/includes/ruling_row.html",
                listed=selectors.rulings_in_history,
                history_rows=selectors.history_rows,
                history_row_template="bridge/includes/history_row.html",
                csv_export=exports.CSV_EXPORT,
                start_url_name="bridge:calculator_home",
                account_data=exports.account_data,
                restore=exports.RESTORE,
                daily_limit=limits.DailyLimit(
                    "bridge", "rulings", "rulings", "save", "saved", "bridge.Ruling", default=200, owner="book__created_by"
                ),
                kept_pages=("bridge:calculator_home", "bridge:calculator", "bridge:book", "bridge:ruling"),
                # A ruling saved (or changed) from the calculator, and the book's
                # Undo and Redo, each made once per key sent.
                entry_views=("bridge:calculator", "bridge:hand_change", "bridge:hand_undo", "bridge:hand_redo"),
                urls="bridge.urls",
                url_prefix="bridge/",
                app=self.label,
                table="bridge.table.TABLE",
            )
        )
