from django.apps import AppConfig


class DuelConfig(AppConfig):
    name = "duel"
