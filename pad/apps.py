from django.apps import AppConfig


class PadConfig(AppConfig):
    name = "pad"
    verbose_name = "Gorilla score pad"
