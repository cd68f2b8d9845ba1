from scorepads import seated_app


class TallyConfig(seated_app.SeatedGameConfig):
    name = "tests.tally"
    slug, label_text = "tally", "Tally"
    games_per_day = 20
