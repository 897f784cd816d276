"""Set up ``make demo``: a person ``demo`` (password ``demo``) and each game's part of the demo
(``GameRules.demo_setup``: a practice game to play at once, say). Idempotent."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games import registry
from games.models import Profile


class Command(BaseCommand):
    help = "Create the demo person and each game's demo for him (idempotent)."

    def handle(self, *args, **options):
        user, created = get_user_model().objects.get_or_create(
            username="demo", defaults={"email": "demo@localhost"}
        )
        if created:
            user.set_password("demo")
            user.save()
        Profile.objects.get_or_create(user=user)
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo ready: log in as demo / demo at {settings.SITE_URL}/accounts/login/"
            )
        )
        for rules in registry.all_games():
            line = rules.demo_setup(user)
            if line:
                self.stdout.write(f"- {rules.slug}: {line}")
