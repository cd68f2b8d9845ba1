from django.apps import AppConfig


class CardTableConfig(AppConfig):
    """The site around the games: the front page, accounts, the history of
    every game, the data download and the account's deletion, the base
    template and the site's own CSS and JavaScript. It reaches the games only
    through their registrations (scorepads.registry.GameKind)."""

    name = "card_table"
    verbose_name = "The site"
