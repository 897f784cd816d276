"""Set up the newcomer's demo: a user ``demo`` (password ``demo``) in a practice game."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games.models import Game, Profile

from ...practice import practice_game_create


class Command(BaseCommand):
    help = "Create the demo pilot and a running practice game for him (idempotent)."

    def handle(self, *args, **options):
        user, created = get_user_model().objects.get_or_create(
            username="demo", defaults={"email": "demo@localhost"})
        if created:
            user.set_password("demo")
            user.save()
        Profile.objects.get_or_create(user=user)
        game = Game.objects.filter(referee=user, status=Game.Status.RUNNING).first()
        if game is None:
            game = practice_game_create(user=user)
        self.stdout.write(self.style.SUCCESS(
            f"Demo ready: log in as demo / demo at http://localhost:8000/accounts/login/ and "
            f"fly in '{game.title}' (http://localhost:8000/games/{game.pk}/)."))
