from django.apps import AppConfig


class MahjongConfig(AppConfig):
    name = "mahjong"
    verbose_name = "Mah Jongg score sheet"
