"""Fixtures shared by every test. pytest-django provides `db`, `client` and `live_server`."""

import pytest
from celery._state import _set_task_join_will_block
from django.test import override_settings

from config.celery import app as celery_app

# The browser tests' fixtures (one Chromium for the whole session), for every folder.
pytest_plugins = ["tests.browser"]


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """The slow and the browser tests first: pytest-xdist's workers then start on the long
    ones and steal the short ones from each other at the end, instead of one worker finishing
    a long test alone."""
    items.sort(
        key=lambda item: (
            not any(item.iter_markers("slow")) and not any(item.iter_markers("browser"))
        )
    )


@pytest.fixture(scope="session", autouse=True)
def fast_password_hasher():
    """Passwords hashed with MD5 throughout the tests: the real hasher (PBKDF2) costs over
    half a second for every user made and every login by password, and no test is about its
    cost. A test may still set its own hashers."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


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
    """Each test starts with empty caches (cached reports and lobby lists are keyed by ids
    that the next test's rows reuse), and no failed logins counted in the process."""
    from django.core.cache import caches

    from games.limits import forget_process_counts

    for each in caches.all():
        each.clear()
    forget_process_counts()
    yield
    for each in caches.all():
        each.clear()
    forget_process_counts()


@pytest.fixture(autouse=True)
def site_language():
    """Each test starts in the site's language: a request through the test client leaves the
    language its LocaleMiddleware chose active in the thread, so a German page read by one test
    would word the next test's mail and reports in German."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)
