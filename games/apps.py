from django.apps import AppConfig
from django.core import checks


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        # Every process (web, worker, shell) drops a cached time zone when a profile changes,
        # and a cached user row when the user changes; failed logins are counted; a new
        # password revokes its person's API tokens; a person renamed or deleted renders the
        # leaderboards anew.
        from . import limits, ratings_board, tokens, user_cache, viewer  # noqa: F401  (they register on import)
        from .checks import check_games
        from .db import lookups  # noqa: F401  (registers ``__any`` on every field)

        checks.register(check_games)
