"""The engine's refusals reach a German player in German: each code Joyride's engine refuses by
has words (``joyride.words.REFUSALS``), filled from the refusal's params, and the builder, the
plain form's live check and the gadget pick show them in the reader's language."""

from __future__ import annotations

import pytest
from django.utils.translation import override

from games.enginekit import EngineError
from games.registry import Rejected
from joyride import words
from joyride.models import PlanDraft
from joyride.plugin import RULES
from tests.engine_codes import assert_worded_in_both_languages, codes_raised

from .helpers import HTMX, make_game, open_round, url

pytestmark = pytest.mark.django_db


def test_every_code_the_engine_refuses_by_has_words_and_no_words_wait_for_a_code():
    assert set(words.REFUSALS) == codes_raised("joyride")


def test_every_wording_fills_from_the_params_it_is_given():
    where = {"where": "plan.tiles[0].cells"}
    samples = {
        "game_over": {},
        "wrong_phase": {"phase": "run", "wanted": "pick"},
        "off_table": {**where, "cell": [2, 99]},
        "unknown_shape": {**where, "shape": "Q7"},
        "cell_count": {**where, "shape": "I3", "size": 3},
        "cell_twice": {**where, "shape": "I3"},
        "not_a_shape": {**where, "shape": "L4"},
        "too_many_tiles": {**where, "most": 50},
        "pass_not_last": {**where, "tile": 2},
        "too_many_insta_tiles": {**where, "most": 2},
        "no_insta_ball": {**where, "gadget": "GS-02"},
        "pool_short": {"shape": "U5", "needed": 3, "held": 1},
        "not_on_offer": {"where": "picks[0][0]", "gadget": "GS-05", "offered": ["GS-11", "GS-04"]},
        "gadget_twice": {"where": "picks[0]"},
    }
    assert set(samples) == set(words.REFUSALS)
    assert_worded_in_both_languages(words.refusal, samples)
    with override("en"):
        assert (
            words.refusal(EngineError("x", code="wrong_phase", phase="pick", wanted="run"))
            == "no run is open for plans"
        )


def test_a_pick_refused_by_the_plugin_reads_in_the_readers_language(alice, bob):
    state = open_round(make_game(alice, bob)).state
    offered = ["GS-11", "GS-04"]
    deck = [g for g in state["gadgets"]["deck"] if g not in offered]
    state = {
        **state,
        "phase": "pick",
        "scores": [[1], [2]],
        "reach": [[1], [2]],
        "gadgets": {**state["gadgets"], "deck": deck, "revealed": offered},
    }
    with override("de"), pytest.raises(Rejected) as refusal:
        RULES.validate_orders(state, 0, {"picks": ["GS-05"]})
    assert str(refusal.value) == (
        "Flying Pig ist kein angebotenes Gadget (angeboten: Flash, Gemology)"
    )


def _german(user):
    user.profile.language = "de"
    user.profile.save()


def test_the_builder_refuses_a_tile_off_the_table_in_german_and_keeps_nothing(client, alice, bob):
    _german(alice)
    game = make_game(alice, bob)
    client.force_login(alice)
    tile = {"do": "place", "shape": "I3", "cells": "2,-1 2,0 2,99"}
    page = client.post(url(game, 0, "build"), tile, **HTMX).content.decode()
    assert (
        "Nicht übernommen: das Feld [2, 99] liegt außerhalb des Tischs (Zeilen -4..9, "
        "Spalten -4..39)."
    ) in page
    assert "off the table" not in page and not PlanDraft.objects.exists()


def test_the_live_check_of_a_typed_plan_refuses_in_german(client, alice, bob):
    _german(alice)
    game = make_game(alice, bob)
    client.force_login(alice)
    page = client.get(url(game, 0, "check"), {"plan": "I3 2,-1 2,0 3,1"}).content.decode()
    assert "Noch kein Plan: die Felder bilden kein Teil I3." in page
    assert "do not form" not in page
