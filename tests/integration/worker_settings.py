"""Settings of the Celery worker that the integration tests start: the project's settings, with
the worker's queue (the default queue of every task it sends itself, e.g. the sweep's resolve
tasks and the mail after commit) set to one of the test's own, so no stray task of anyone
else's on the same Redis reaches it and none of its tasks leaves it."""

import os

from config.settings import *  # noqa: F401,F403

CELERY_TASK_DEFAULT_QUEUE = os.environ["SKIES_TEST_QUEUE"]
CELERY_WORKER_ENABLE_REMOTE_CONTROL = False
