"""Resolve one game's open round now, whatever its deadline (operators, the embedded default)."""

from django.core.management.base import BaseCommand, CommandError

from games import resolution, services
from games.models import Game, Round


class Command(BaseCommand):
    help = "Resolve the open round of a game now, missing orders counting as NMR."

    def add_arguments(self, parser):
        parser.add_argument("game_id", type=int)

    def handle(self, *args, game_id, **options):
        game = Game.objects.filter(pk=game_id).first()
        if game is None:
            raise CommandError(f"there is no game {game_id}")
        rnd = services.current_round(game)
        if rnd is None:
            raise CommandError(f"game {game_id} has no round open")
        resolution.round_resolve(round_id=rnd.pk, force=True)
        rnd.refresh_from_db()
        if rnd.status != Round.Status.PUBLISHED:
            raise CommandError(f"round {rnd.number} was not resolved: {rnd.last_error}")
        self.stdout.write(f"Round {rnd.number} of '{game.title}' is published.")
