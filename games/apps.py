from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        # Every process (web, worker, shell) drops a cached time zone when a profile changes,
        # and a cached user row when the user changes.
        from . import user_cache, viewer_zone  # noqa: F401  (they register on import)
        from .db import lookups  # noqa: F401  (registers ``__any`` on every field)
