from scorepads import seated_app


class TwoWayStreetConfig(seated_app.SeatedGameConfig):
    name = "two_way_street"
    slug, label_text = "two-way-street", "Two Way Street"
    games_per_day = 50
