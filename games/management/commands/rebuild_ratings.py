"""Rebuild every rating from the history (``ratings.rebuild``): each finished rated game rated
again in the order it was rated, from new ratings. Running it twice gives the same numbers."""

from django.core.management.base import BaseCommand
from django.utils import timezone

from games import ratings


class Command(BaseCommand):
    help = "Rebuild every person's ratings from the finished rated games."

    def handle(self, *args, **options):
        games = ratings.rebuild(timezone.now())
        self.stdout.write(f"{games} rated game(s) replayed.")
