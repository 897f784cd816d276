"""Settings of the Celery worker that the integration tests start: the project's settings, with
the worker's queue (the default queue of every task it sends itself, e.g. the sweep's resolve
tasks and the mail after commit) set to one of the test's own, so no stray task of anyone
else's on the same Redis reaches it and none of its tasks leaves it. With
``SKIES_TEST_STALL_ONCE`` set, its first resolution stalls half-way (``stall_once``)."""

import os

from config.settings import *

CELERY_TASK_DEFAULT_QUEUE = os.environ["SKIES_TEST_QUEUE"]
CELERY_WORKER_ENABLE_REMOTE_CONTROL = False

if os.environ.get("SKIES_TEST_STALL_ONCE"):
    from tests.games.integration.stall_once import stall_the_first_resolution

    stall_the_first_resolution(os.environ["SKIES_TEST_STALL_ONCE"])
