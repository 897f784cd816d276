"""A race names its rounds in its own units, declared through the plug: the draft's picks and
the race's turns, each counted from 1, on the game page, the report page and in its lines."""

import re

import pytest
from django.urls import reverse

from games import resolution
from games.models import Round

from .helpers import make_race, open_round, state

pytestmark = pytest.mark.django_db


def _play_until_the_race(game) -> int:
    """Every round resolved at its deadline (the person's picks missed) until the race is on;
    the number of the race's first round."""
    while state(game)["phase"] == "draft":
        rnd = open_round(game)
        resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
        game.refresh_from_db()
    first_flight = open_round(game).number
    resolution.round_resolve(round_id=open_round(game).pk, now=open_round(game).deadline)
    return first_flight


def test_the_first_flight_after_the_draft_is_turn_1(client, alice):
    game = make_race(alice, level=2)
    first_flight = _play_until_the_race(game)
    assert first_flight > 2  # the draft took rounds of its own
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    links = re.findall(r'href="/games/\d+/rounds/(\d+)/">([^<]+)</a>', page)
    named = {int(number): words for number, words in links}
    assert named[1] == "Pick 1" and named[first_flight - 1] == f"Pick {first_flight - 1}"
    assert named[first_flight] == "Turn 1"
    report = client.get(reverse("round_report", args=[game.pk, first_flight])).content.decode()
    assert "<h1>Turn 1</h1>" in report and f"← Pick {first_flight - 1}" in report
    assert "Turn 1: " in report and f"Turn {first_flight}:" not in report
    first = client.get(reverse("round_report", args=[game.pk, 1])).content.decode()
    assert "<h1>Pick 1</h1>" in first and "Pick 1: " in first
    assert Round.objects.get(game=game, number=first_flight + 1).name.title == "Turn 2"


def test_in_german_a_pick_is_a_wahl_and_a_turn_a_zug(client, alice):
    game = make_race(alice, level=2)
    first_flight = _play_until_the_race(game)
    client.cookies["django_language"] = "de"
    report = client.get(reverse("round_report", args=[game.pk, first_flight])).content.decode()
    assert "<h1>Zug 1</h1>" in report and f"← Wahl {first_flight - 1}" in report
