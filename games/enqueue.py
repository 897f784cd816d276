"""Handing work to the Celery workers once a transaction has committed.

What was committed stands whatever happens to the broker: a request that stored a player's
orders answers success even when the broker is down. A task that could not be queued is
logged; what it was for is caught up without it (the sweep finds due rounds by itself, from
the database).
"""

from __future__ import annotations

import logging

from django.db import transaction
from kombu.exceptions import OperationalError

log = logging.getLogger(__name__)


def enqueue_or_log(task, *args) -> bool:
    """``task.delay(*args)``; False, and the failure logged, if the broker refused it."""
    try:
        task.delay(*args)
    except OperationalError:  # what Celery raises for any broker connection failure
        log.exception("could not queue %s%r: the broker is unreachable", task.name, args)
        return False
    return True


def enqueue_on_commit(task, *args) -> None:
    """Queue ``task`` once the current transaction commits; never raises for the broker."""
    transaction.on_commit(lambda: enqueue_or_log(task, *args))
