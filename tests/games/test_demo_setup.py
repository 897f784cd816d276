"""``manage.py demo_setup`` (run by ``make demo``): the demo person and each game's demo,
made once however often it runs."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from games.models import Game

pytestmark = pytest.mark.django_db


def run() -> str:
    out = io.StringIO()
    call_command("demo_setup", stdout=out)
    return out.getvalue()


def test_the_demo_person_gets_each_games_demo_once():
    first = run()
    second = run()
    demo = get_user_model().objects.get(username="demo")
    assert demo.check_password("demo")
    [game] = Game.objects.filter(referee=demo, kind="dogfight")
    assert game.status == Game.Status.RUNNING and game.seats.filter(user=demo).exists()
    assert f"/games/{game.pk}/" in first and f"/games/{game.pk}/" in second
    assert "- dogfight:" in first
