"""Hard lab cards seat by seat (issue 28): the referee's form sets each seat's hard cards, the
engine deals them (its contract takes a list per seat), and bad settings are refused."""

import pytest
from django.urls import reverse

from games.models import Game
from games.registry import Rejected
from joyride.engine import catalogue
from joyride.plugin import RULES

from .helpers import open_round

pytestmark = pytest.mark.django_db

HARD = {card["card"] for card in catalogue()["cards"] if card["hard"]}


def _hard_numbers(lab: list[dict]) -> list[int]:
    return [number for number, card in enumerate(lab, start=1) if card["card"] in HARD]


def test_the_referee_gives_each_seat_its_own_hard_cards(client, alice):
    client.force_login(alice)
    page = client.get(reverse("game_new", args=["joyride"])).content.decode()
    assert 'name="hard_0"' in page and "Lab cards per seat" in page
    client.post(
        reverse("game_new", args=["joyride"]),
        {
            "title": "Hard labs",
            "time_zone": "UTC",
            "players": "3",
            "run_hours": "12",
            "pick_hours": "6",
            "hard_0": "1,4",
            "hard_2": "4",
            "hard_3": "1",  # a fourth seat this game has not: left out
            "computer_1": "on",
            "computer_2": "on",
        },
    )
    game = Game.objects.get(kind="joyride")
    assert game.settings["hard"] == [[1, 4], [], [4]]
    client.post(reverse("seat_join", args=[game.pk, 0]))
    client.post(reverse("referee_start", args=[game.pk]))
    labs = open_round(game).state["labs"]
    assert [_hard_numbers(lab) for lab in labs] == [[1, 4], [], [4]]
    panel = client.get(reverse("referee_panel", args=[game.pk])).content.decode()
    assert "seat 1: hard cards 1 and 4; seat 2: standard; seat 3: hard card 4" in panel


def test_hard_cards_for_everyone_as_before_and_bad_ones_refused():
    assert RULES.clean_settings({"players": 2, "hard": True})["hard"] == [[1, 4], [1, 4]]
    assert RULES.clean_settings({"players": 2})["hard"] == [[], []]
    for bad in ([[2], []], [[1, 1], []], [[1]], "yes", [[1], ["4"]], {"0": [1]}):
        with pytest.raises(Rejected, match="list per seat"):
            RULES.clean_settings({"players": 2, "hard": bad})
