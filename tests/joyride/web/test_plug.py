"""Joyride through the plug: the registry finds it, the system checks hold it to what it
declares, and a game is created, joined and started through the platform's own pages."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from games import checks, registry
from games.models import Game, Order, Round
from joyride.plugin import RULES

from .helpers import open_round

pytestmark = pytest.mark.django_db


def test_joyride_is_a_registered_game_that_passes_the_system_checks():
    assert registry.get("joyride") is RULES
    assert checks._check_game(RULES) == []
    call_command("check")
    assert RULES.seat_url(7, 2) == "/joyride/games/7/seat/2/"
    assert RULES.rules_url() == "/joyride/rules/"


def test_a_game_is_created_joined_and_started_through_the_platform(client, alice, bob):
    client.force_login(alice)
    created = client.post(
        reverse("game_new", args=["joyride"]),
        {
            "title": "Lab rats",
            "time_zone": "UTC",
            "players": "3",
            "run_hours": "12",
            "pick_hours": "6",
            "computer_2": "on",
            "level_2": "novice",
        },
    )
    game = Game.objects.get(kind="joyride")
    assert created.url == reverse("referee_panel", args=[game.pk])
    assert game.settings == {"players": 3, "run_hours": 12, "pick_hours": 6, "hard": [[], [], []]}
    assert game.resolve_early
    client.post(reverse("seat_join", args=[game.pk, 0]))
    client.force_login(bob)
    client.post(reverse("seat_join", args=[game.pk, 1]))
    client.force_login(alice)
    client.post(reverse("referee_start", args=[game.pk]))
    rnd = open_round(game)
    assert rnd.number == 1 and rnd.state["phase"] == "run" and rnd.state["players"] == 3
    hours = (rnd.deadline - rnd.opened_at).total_seconds() / 3600
    assert hours == 12
    # the computer player's plan went in sealed when the round opened
    computer = Order.objects.get(round=rnd)
    assert computer.seat.number == 2 and computer.payload["tiles"]
    assert "Lab rats" in client.get(reverse("lobby")).content.decode()
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "Run 1 of 3" in page and "alice's lab" in page
    first = computer.payload["tiles"][0]["cells"]
    assert f"[{first[0][0]}, {first[0][1]}]" not in page  # sealed: its plan is not shown


def test_refused_settings_are_named(client, alice):
    client.force_login(alice)
    with pytest.raises(registry.Rejected, match="1 to 4 players"):
        RULES.clean_settings({"players": 5})
    with pytest.raises(registry.Rejected, match="hours"):
        RULES.clean_settings({"players": 2, "run_hours": 0})
    response = client.post(
        reverse("game_new", args=["joyride"]),
        {"title": "x", "time_zone": "UTC", "players": "9", "run_hours": "12", "pick_hours": "6"},
    )
    assert response.status_code == 200 and not Game.objects.exists()
    assert Round.objects.count() == 0


def test_the_referee_panel_and_my_games_speak_of_joyride(client, alice, bob):
    from .helpers import make_game

    game = make_game(alice, bob, run_hours=30, pick_hours=5)
    client.force_login(alice)
    panel = client.get(reverse("referee_panel", args=[game.pk])).content.decode()
    assert "30 hours per run, 5 hours per gadget pick" in panel and "Lab cards" in panel
    mine = client.get(reverse("my_games")).content.decode()
    assert "My lab" in mine and RULES.seat_url(game.pk, 0) in mine
