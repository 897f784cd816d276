"""``manage.py demo_setup`` (what ``make demo`` runs) sets up a duel against the computer beside
the other games' demos, and prints links to the site's configured address."""

from io import StringIO

import pytest
from django.core.management import call_command

from games.models import Game

pytestmark = pytest.mark.django_db


def test_the_demo_sets_up_a_duel_against_the_computer(settings, django_capture_on_commit_callbacks):
    settings.SITE_URL = "http://skies.example:9000"
    out = StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo_setup", stdout=out)
    duel = Game.objects.get(kind="duel")
    assert duel.status == Game.Status.RUNNING and duel.referee.username == "demo"
    computer = duel.seats.get(number=1)
    assert computer.computer and computer.computer_level == "veteran"
    assert duel.seats.get(number=0).user.username == "demo"
    assert Game.objects.filter(kind="dogfight", status=Game.Status.RUNNING).count() == 1
    text = out.getvalue()
    assert f"http://skies.example:9000/games/{duel.pk}/" in text
    assert "http://skies.example:9000/accounts/login/" in text and "localhost" not in text
    games = Game.objects.count()  # one demo per game
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo_setup", stdout=StringIO())  # again: nothing new
    assert Game.objects.count() == games
