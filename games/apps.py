from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        # Every process (web, worker, shell) drops a cached time zone when a profile changes.
        from . import viewer_zone  # noqa: F401  (connects its signal receivers)
        from . import lookups  # noqa: F401  (registers ``__any``)
