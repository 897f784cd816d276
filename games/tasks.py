"""Celery tasks: thin wrappers that pass ids, never objects, to the services."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from . import notify, services, sweep

MAX_CHAIN = 500  # rounds one task may resolve in a row when each next one is due at once


@shared_task(acks_late=True, reject_on_worker_lost=True)
def resolve_round_task(round_id: int) -> int:
    """Resolve a due round (and the following ones while they are due at once)."""
    resolved = 0
    next_id: int | None = round_id
    while next_id is not None and resolved < MAX_CHAIN:
        resolved += 1
        next_id = services.round_resolve(round_id=next_id)
    return resolved


@shared_task
def sweep_task() -> int:
    now = timezone.now()
    sweep.note_sweep(now)
    due = sweep.due_round_ids(now)
    for round_id in due:
        resolve_round_task.delay(round_id)
    notify.send_reminders(now)
    return len(due)


@shared_task(acks_late=True)
def send_reports_task(round_id: int) -> int:
    return notify.send_reports(round_id)
