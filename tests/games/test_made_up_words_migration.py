"""games 0012 and 0013: the names and titles the site made up and stored as words (in the
language of whoever started the game) become codes, worded when shown."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import translation

from games.models import Game, Seat
from tests.factories import make_user

BEFORE = [("games", "0011_notices_and_confirmed_addresses")]
AFTER = [("games", "0013_made_up_titles_stored_as_codes")]


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_stored_made_up_names_and_titles_become_codes_worded_when_shown():
    demo = make_user("demo")
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    old_game, old_seat = apps.get_model("games", "Game"), apps.get_model("games", "Seat")
    flight = old_game.objects.create(
        kind="dogfight", title="demo's practice flight", referee_id=demo.pk
    )
    race = old_game.objects.create(kind="racing", title="Übungsrennen von demo", referee_id=demo.pk)
    typed = old_game.objects.create(kind="dogfight", title="Bloody April", referee_id=demo.pk)
    for number, name in enumerate(["Computer pilot 1", "Computerpilot 2", "Red Baron"]):
        old_seat.objects.create(game_id=flight.pk, number=number, computer=True, name=name)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    with translation.override("de"):
        titles = [str(Game.objects.get(pk=game.pk).title) for game in (flight, race, typed)]
        names = [str(seat) for seat in Seat.objects.filter(game_id=flight.pk).order_by("number")]
    assert titles == ["Übungsflug von demo", "Übungsrennen von demo", "Bloody April"]
    assert names == ["Computerpilot 1", "Computerpilot 2", "Red Baron"]
    with translation.override("en"):
        assert str(Game.objects.get(pk=race.pk).title) == "demo's practice race"
        assert str(Seat.objects.get(game_id=flight.pk, number=1)) == "Computer pilot 2"
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
