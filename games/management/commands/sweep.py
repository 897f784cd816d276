"""Run the sweep now, as beat's sweep task does (``sweep.run``): the due rounds go to the workers
in batches (without a broker they are resolved in this process), due reminders are sent."""

from django.core.management.base import BaseCommand
from django.utils import timezone

from config.celery import app
from games import sweep


class Command(BaseCommand):
    help = "Resolve every round that is due and send due reminders (what beat runs every 5 min)."

    def handle(self, *args, **options):
        swept = sweep.run(timezone.now())
        done = "resolved" if app.conf.task_always_eager else "sent to the workers"
        self.stdout.write(
            f"{swept.due} due round(s) {done}, {swept.extended} deadline(s) "
            f"extended, {swept.reminders} reminder(s) sent."
        )
