"""Run the sweep now, in this process: resolve every due round, send due reminders."""

from django.core.management.base import BaseCommand
from django.utils import timezone

from games import notify, sweep
from games.tasks import resolve_round_task


class Command(BaseCommand):
    help = "Resolve every round that is due and send due reminders (what beat runs every 5 min)."

    def handle(self, *args, **options):
        now = timezone.now()
        extended = sweep.note_sweep(now)
        due = sweep.due_round_ids(now)
        for round_id in due:
            resolve_round_task.apply(args=[round_id])
        reminders = notify.send_reminders(now)
        self.stdout.write(f"{len(due)} due round(s) resolved, {extended} deadline(s) extended, "
                          f"{reminders} reminder(s) sent.")
