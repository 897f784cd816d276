"""Set up the newcomer's demo: a user ``demo`` (password ``demo``) in a practice game, and in a
practice duel against the computer. The links printed are the site's configured address
(``SITE_URL``)."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from duel.practice import practice_duel
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
        game = Game.objects.filter(referee=user, kind="dogfight",
                                   status=Game.Status.RUNNING).first()
        if game is None:
            game = practice_game_create(user=user)
        duel = practice_duel(user=user)
        site = settings.SITE_URL
        self.stdout.write(self.style.SUCCESS(
            f"Demo ready: log in as demo / demo at {site}/accounts/login/ and "
            f"fly in '{game.title}' ({site}/games/{game.pk}/), or fight the computer in "
            f"'{duel.title}' ({site}/games/{duel.pk}/)."))
