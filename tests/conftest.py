"""Fixtures shared by every test. pytest-django provides `db`, `client` and `live_server`."""

import pytest
from celery._state import _set_task_join_will_block

from config.celery import app as celery_app

# The browser tests' fixtures (one Chromium for the whole session), for every folder.
pytest_plugins = ["tests.browser"]


@pytest.fixture(autouse=True)
def tasks_run_in_process():
    """Tasks run eagerly in tests, as in the embedded default; the one test that goes through a
    real worker on Redis turns this off for itself."""
    saved = celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates
    celery_app.conf.task_always_eager = True
    celery_app.conf.task_eager_propagates = True
    yield
    celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates = saved
    # An eager task sets Celery's process-wide "a join would block" flag while it runs and
    # restores the value it found. Eager tasks overlapping in two threads (a live server's
    # request and a test's sweep thread) restore out of order and can leave it set, which
    # would refuse every later test's ``.get()``.
    _set_task_join_will_block(False)


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with an empty cache (cached reports and lobby lists are keyed by ids
    that the next test's rows reuse)."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
