"""The sweep: find the rounds that are due, hand them to the workers in batches, and send the
reminders. Beat's ``sweep_task`` and ``manage.py sweep`` both run ``run``.

If the sweep itself was down over a deadline (a gap longer than ``SWEEP_OUTAGE_MINUTES``),
rounds whose deadline passed during the gap and whose orders are not all in get a new deadline
(the game's ``outage_deadline``: the next day's noon unless it says otherwise): nobody is given
an NMR because the server was down.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import NamedTuple

from django.conf import settings
from django.db import transaction

from . import notify, registry
from .models import Round, SweepMark
from .resolution import is_due, resolve_rounds_task

BATCH = 500  # due rounds per task: resolved together, in one transaction, with a few bulk queries


class Swept(NamedTuple):
    due: int  # rounds handed to the workers
    extended: int  # deadlines moved after an outage of the sweep
    reminders: int  # reminder mails sent


def run(now: datetime) -> Swept:
    """One sweep: note it (extending the deadlines an outage swallowed), enqueue the due rounds
    in batches of ``BATCH`` ids, send the due reminders. Without a broker the batches are
    resolved here and now, before it returns."""
    extended = note_sweep(now)
    due = due_round_ids(now)
    for start in range(0, len(due), BATCH):
        resolve_rounds_task.delay(due[start : start + BATCH])
    return Swept(due=len(due), extended=extended, reminders=notify.send_reminders(now))


def note_sweep(now: datetime) -> int:
    """Record this sweep; after an outage, extend the deadlines it swallowed. Returns how many."""
    grace = settings.SWEEP_OUTAGE_MINUTES
    with transaction.atomic():
        mark, created = SweepMark.objects.select_for_update().get_or_create(
            pk=1, defaults={"last_run": now}
        )
        extended = 0
        if not created and grace and now - mark.last_run > timedelta(minutes=grace):
            extended = _extend_swallowed(mark.last_run, now)
        if now > mark.last_run:
            mark.last_run = now
            mark.save(update_fields=["last_run"])
    return extended


def _extend_swallowed(since: datetime, now: datetime) -> int:
    rounds = (
        Round.objects.select_for_update()
        .filter(
            status=Round.Status.OPEN, deadline__gt=since, deadline__lte=now, all_in_at__isnull=True
        )
        .select_related("game")
    )
    count = 0
    for rnd in rounds:
        rnd.deadline = registry.get(rnd.game.kind).outage_deadline(now, rnd.game)
        rnd.deadline_extended = True
        rnd.save(update_fields=["deadline", "deadline_extended"])
        count += 1
    return count


def due_round_ids(now: datetime) -> list[int]:
    """The open rounds due now. At noon thousands are past their deadline: those are picked in
    SQL alone (``is_due``'s first test); only rounds whose orders are all in before the deadline
    need their game's rule."""
    past_deadline = list(
        Round.objects.filter(status=Round.Status.OPEN, deadline__lte=now)
        .order_by("deadline")
        .values_list("pk", flat=True)
    )
    all_in = (
        Round.objects.filter(status=Round.Status.OPEN, deadline__gt=now, all_in_at__isnull=False)
        .select_related("game")
        .defer("state", "referee_input", "last_error", "game__settings")
        .order_by("deadline")
    )
    return past_deadline + [rnd.pk for rnd in all_in if is_due(rnd, now)]
