from scorepads import seated_app


class MahjongConfig(seated_app.SeatedGameConfig):
    name = "mahjong"
    slug, label_text = "mah-jongg", "Mah Jongg"
    more_kept_pages = ("scorer",)
    games_per_day = 50
