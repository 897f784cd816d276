from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        # Every process (web, worker, shell) drops a cached time zone when a profile changes,
        # and a cached user row when the user changes.
        from . import user_cache, viewer_zone  # noqa: F401  (viewer_zone connects on import)
        from . import lookups  # noqa: F401  (registers ``__any``)

        user_cache.connect_receivers()
