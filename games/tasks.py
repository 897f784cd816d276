"""Celery's entry points, thin wrappers that pass ids, never objects.

Celery's autodiscovery imports this module in every worker, so it names each task of the
platform. The tasks that other modules enqueue live beside the function they wrap, below those
modules (``resolution.resolve_rounds_task``, ``notify``'s mail tasks), which keeps the
platform's modules free of import circles; their names stay ``games.tasks.*``.
"""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from . import sweep
from .notify import send_digests_task, send_reports_task, send_start_task
from .resolution import resolve_rounds_task

__all__ = [
    "resolve_rounds_task",
    "send_digests_task",
    "send_reports_task",
    "send_start_task",
    "sweep_task",
]


@shared_task
def sweep_task() -> int:
    """What beat runs every few minutes: ``sweep.run``. Returns how many rounds were due."""
    return sweep.run(timezone.now()).due
