"""The cache of what the code made: rendered HTML, drawn pictures, the engines' answers. It is
the ``kept`` alias (config/settings.py, ``cache_aliases``): the same store as the default
cache, under a key prefix of the release, so that a deploy never serves what the code before
it rendered (a changed template, translation or drawing) and what one release keeps is gone
for the next. What does not change with the code (sessions, limits, presence, versions
counters) stays in the default cache.

``cache`` is used as ``django.core.cache.cache`` is: it finds the alias on each use, so a test's
settings apply.
"""

from django.core.cache import caches
from django.utils.connection import ConnectionProxy

cache = ConnectionProxy(caches, "kept")
