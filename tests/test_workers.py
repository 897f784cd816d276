"""Each pytest-xdist worker's own Redis db (tests/workers.py)."""

import os

from django.conf import settings

from tests.workers import worker_url


def test_a_worker_adds_its_number_to_the_brokers_db_index():
    assert worker_url("redis://127.0.0.1:6379/2", "gw0") == "redis://127.0.0.1:6379/2"
    assert worker_url("redis://127.0.0.1:6379/2", "gw3") == "redis://127.0.0.1:6379/5"


def test_a_broker_without_an_index_counts_from_db_0():
    assert worker_url("redis://:secret@redis:6379", "gw1") == "redis://:secret@redis:6379/1"
    assert worker_url("rediss://redis:6380/", "gw2") == "rediss://redis:6380/2"


def test_the_settings_take_the_workers_broker():
    """The plugin runs before the settings are read: they see the worker's own db."""
    assert settings.CELERY_BROKER_URL == (os.environ.get("CELERY_BROKER_URL") or "memory://")
