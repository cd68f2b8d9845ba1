from django.apps import AppConfig


class ScorePadsConfig(AppConfig):
    name = "scorepads"
    verbose_name = "Score pads (shared by every game)"
