"""Celery tasks: thin wrappers that pass ids, never objects, to the services."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from . import notify, services, sweep

MAX_CHAIN = 500  # rounds in a row a task may resolve when each next one is due at once
BATCH = 500  # due rounds per task: resolved together, in one transaction, with a few bulk queries


@shared_task(acks_late=True, reject_on_worker_lost=True)
def resolve_rounds_task(round_ids: list[int]) -> int:
    """Resolve due rounds together (and the rounds after them while those are due at once)."""
    resolved = 0
    due = list(round_ids)
    while due and resolved < MAX_CHAIN:
        resolved += len(due)
        due = services.rounds_resolve(round_ids=due)
    return resolved


@shared_task(acks_late=True, reject_on_worker_lost=True)
def resolve_round_task(round_id: int) -> int:
    """Resolve one due round (and the following ones while they are due at once)."""
    return resolve_rounds_task(round_ids=[round_id])


@shared_task
def sweep_task() -> int:
    now = timezone.now()
    sweep.note_sweep(now)
    due = sweep.due_round_ids(now)
    for start in range(0, len(due), BATCH):
        resolve_rounds_task.delay(due[start:start + BATCH])
    notify.send_reminders(now)
    return len(due)


@shared_task(acks_late=True)
def send_reports_task(round_ids: int | list[int]) -> int:
    ids = [round_ids] if isinstance(round_ids, int) else round_ids
    return notify.send_reports(ids)
