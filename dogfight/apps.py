from django.apps import AppConfig


class DogfightConfig(AppConfig):
    name = "dogfight"

    def ready(self) -> None:
        from games import registry

        from .plugin import RULES

        registry.register(RULES)
