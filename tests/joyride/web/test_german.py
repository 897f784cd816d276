"""Joyride's pages in German: the builder, the game page, a published run and the pick."""

import json

import pytest
from django.urls import reverse

from games.models import Profile

from .helpers import legal_plan, make_game, open_round, url

pytestmark = pytest.mark.django_db


def test_the_builder_game_page_and_report_speak_german(
    client, alice, bob, django_capture_on_commit_callbacks
):
    Profile.objects.update_or_create(user=alice, defaults={"language": "de"})
    game = make_game(alice, bob)
    client.force_login(alice)
    builder = client.get(url(game, 0)).content.decode()
    for words in (
        "Baue deinen Lauf",
        "Unbestrittene Wertung: ",
        "Letztes Teil zurücknehmen",
        "Meinen Plan versiegeln (endgültig)",
        "Lauf 1 von 3",
        "Stand",
    ):
        assert words in builder
    assert "Build your run" not in builder and "Uncontested score" not in builder
    refused = client.post(
        url(game, 0, "build"), {"do": "place", "shape": "I3", "cells": "zwei,1"}
    ).content.decode()
    assert "Nicht übernommen" in refused and "ist kein Feld" in refused
    state = open_round(game).state
    for person, number in ((alice, 0), (bob, 1)):
        client.force_login(person)
        client.post(
            url(game, number, "build"),
            {"do": "text", "plan": json.dumps(legal_plan(state, number, 3))},
        )
        with django_capture_on_commit_callbacks(execute=True):
            client.post(url(game, number, "submit"))
    client.force_login(alice)
    report = client.get(reverse("round_report", args=[game.pk, 1])).content.decode()
    assert '<h2 id="replay-title">Wiederholung</h2>' in report and "Wertung des Laufs" in report
    assert '"caption": "das Ende des Laufs' in report  # the run's last step, in German
    pick = client.get(url(game, 0)).content.decode()
    assert "Gadget-Wahl" in pick and "Meine Wahl versiegeln (endgültig)" in pick
    assert "Labor von alice" in client.get(reverse("game", args=[game.pk])).content.decode()
