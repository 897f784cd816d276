"""Each pytest-xdist worker runs on services of its own: pytest-django already gives worker
``gwN`` its own test database (``test_<name>_gwN``); this plugin gives it its own Redis db, the
index of ``CELERY_BROKER_URL`` plus N, so that one worker's broker, cache and Celery worker
tests never see another's keys or tasks.

Loaded with ``-p tests.workers`` (pyproject's addopts) so that it runs before pytest-django
reads the settings, which take the broker from the environment; hence ``python -m pytest``
from the project root, which puts ``tests`` on the path.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit

import pytest


def worker_url(url: str, worker: str) -> str:
    """``url`` (a Redis URL) with the db index of xdist's worker ``worker`` ("gw0", "gw1", ...)."""
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    number = int(worker.removeprefix("gw"))
    return urlunsplit(parts._replace(path=f"/{base + number}"))


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config, parser, args):
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    url = os.environ.get("CELERY_BROKER_URL", "")
    if worker and url.startswith(("redis://", "rediss://")):
        os.environ["CELERY_BROKER_URL"] = worker_url(url, worker)
