"""Joyride through the public API (/api/v1/): the state without the decks' order, the
engine's check as the legal choices, a preview, a sealed plan and pick, the replay's frames;
and the rules page in both languages with its tables from the engine."""

import pytest
from django.urls import reverse

from games.models import Order
from joyride.engine import catalogue, check
from tests.games.api.test_api import Bot, seat_path

from .helpers import legal_plan, make_game, open_round

pytestmark = pytest.mark.django_db


def test_a_round_played_through_the_api(alice, bob, django_capture_on_commit_callbacks):
    game = make_game(alice, bob)
    state = open_round(game).state
    a, b = Bot(alice), Bot(bob)
    seen = a.get(seat_path(game, 0)).json()
    assert (
        seen["owes_orders"]
        and seen["state"]["missions"]["deck"] == len(state["missions"]["deck"])
        and "seed" not in seen["state"]
    )
    plan = legal_plan(state, 0, 3)
    choices = a.post(seat_path(game, 0, "/choices"), {"orders": {"tiles": plan["tiles"][:2]}})
    assert choices.status_code == 200
    expected = check(state, 0, {"tiles": plan["tiles"][:2]}, next_tiles=True)
    assert choices.json()["check"] == expected
    assert plan["tiles"][2]["cells"] in expected["next"][plan["tiles"][2]["shape"]]
    preview = a.post(seat_path(game, 0, "/preview"), {"orders": plan}).json()
    assert preview["check"]["total"] == check(state, 0, plan)["total"]
    bad = a.post(
        seat_path(game, 0, "/orders"),
        {"orders": {"tiles": [{"shape": "I3", "cells": [[0, 50], [0, 51], [0, 52]]}]}},
    )
    assert bad.status_code == 400 and "off the table" in bad.json()["message"]
    assert not Order.objects.filter(seat__number=0).exists()
    assert a.post(seat_path(game, 0, "/orders"), {"orders": plan}).status_code == 201
    with django_capture_on_commit_callbacks(execute=True):
        assert (
            b.post(seat_path(game, 1, "/orders"), {"orders": legal_plan(state, 1, 2)}).status_code
            == 201
        )
    pick = open_round(game)
    assert (
        a.post(seat_path(game, 0, "/choices"), {"orders": None}).json()["offered"]
        == pick.state["gadgets"]["revealed"]
    )
    refused = a.post(seat_path(game, 0, "/orders"), {"orders": {"picks": ["GS-99"]}})
    assert refused.status_code == 400 and "not a gadget on offer" in refused.json()["message"]
    published = a.get(f"/games/{game.pk}/rounds/1").json()
    assert published["frames"][-1]["title"] == "the end of the run"
    assert any(lab["tiles"] for lab in published["frames"][-1]["labs"])
    assert "deck" in published["state"]["gadgets"] and isinstance(
        published["state"]["gadgets"]["deck"], int
    )


def test_the_rules_page_in_english_and_german_with_the_engines_tables(client):
    english = client.get(reverse("joyride:rules")).content.decode()
    german = client.get(reverse("joyride:rules"), {"lang": "de"})
    assert german["Content-Language"] == "de"
    german = german.content.decode()
    data = catalogue()
    for page in (english, german):
        for mission in data["missions"]:
            assert f"<td>{mission['id']}</td>" in page
        for gadget in data["gadgets"]:
            assert f"<td>{gadget['id']}</td>" in page
        assert page.count("<tr><td>MS-") == len(data["missions"]) == 17
    assert "Escape the Lab" in english and "Joyride: the rules" in english
    assert "Joyride: die Regeln" in german and "Escape the Lab" not in german
