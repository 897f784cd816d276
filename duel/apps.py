from django.apps import AppConfig


class DuelConfig(AppConfig):
    name = "duel"

    def ready(self) -> None:
        from games import registry

        from .plugin import RULES

        registry.register(RULES)
