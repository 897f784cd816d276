"""Every refusal of Joyride's engine says what it refuses as data too: a code and its params
(``games.enginekit.EngineError``), which the pages word in their reader's language. The English
message stays the JSON face's."""

from __future__ import annotations

import pytest

from games.enginekit import answer
from joyride.engine import EngineError, resolve_picks, validate_plan
from joyride.engine.api import JOBS
from tests.engine_codes import codes_raised, rule_breaks

from .helpers import clear_labs, game_state, straight, tile
from .test_rounds import picking


def refused(state, plan, seat=0) -> EngineError:
    with pytest.raises(EngineError) as refusal:
        validate_plan(state, seat, plan)
    return refusal.value


def test_every_refusal_of_the_engine_has_a_code_or_names_the_field_of_a_malformed_job():
    assert rule_breaks("joyride") == []


def test_the_scan_finds_the_rules_the_engine_refuses_by():
    assert {"off_table", "pool_short", "not_on_offer", "not_a_shape"} <= codes_raised("joyride")


@pytest.mark.parametrize(
    "placement, code, params",
    [
        (
            tile("I3", (2, -1), (2, 0), (2, 99)),
            "off_table",
            {"where": "plan.tiles[0].cells[2]", "cell": [2, 99]},
        ),
        (
            tile("Q7", (2, -1), (2, 0), (2, 1)),
            "unknown_shape",
            {"where": "plan.tiles[0].shape", "shape": "Q7"},
        ),
        (
            tile("I3", (2, -1), (2, 0)),
            "cell_count",
            {"where": "plan.tiles[0].cells", "shape": "I3", "size": 3},
        ),
        (
            tile("I3", (2, -1), (2, 0), (2, 0)),
            "cell_twice",
            {"where": "plan.tiles[0].cells", "shape": "I3"},
        ),
        (
            tile("I3", (2, -1), (2, 0), (3, 1)),
            "not_a_shape",
            {"where": "plan.tiles[0].cells", "shape": "I3"},
        ),
    ],
)
def test_a_tile_that_is_no_placement_of_its_shape_is_refused_with_why(placement, code, params):
    error = refused(game_state(1), {"tiles": [placement]})
    assert (error.code, error.params) == (code, params)


def test_a_plan_needing_more_than_the_pool_holds_names_the_shape_and_the_counts():
    state = game_state(2, clear_labs(2, 2), pool={"I3": 3, "U5": 2})
    error = refused(state, {"tiles": straight(2, 3)})
    assert (error.code, error.params) == ("pool_short", {"shape": "I3", "needed": 4, "held": 3})
    assert str(error) == "the plan needs 4 of shape I3; the pool holds 3"


def test_tiles_for_an_insta_ball_not_owned_and_a_stop_not_at_the_end_are_refused():
    error = refused(
        game_state(1), {"tiles": [], "insta_ball": [tile("I3", (0, 1), (0, 2), (0, 3))]}
    )
    assert (error.code, error.params) == (
        "no_insta_ball",
        {"where": "plan.insta_ball", "gadget": "GS-02"},
    )
    error = refused(game_state(1), {"tiles": ["pass", *straight(2, 1)]})
    assert (error.code, error.params["tile"]) == ("pass_not_last", 1)


def test_a_pick_not_on_offer_names_the_gadget_and_the_ones_on_offer():
    state = picking(2, scores=[1, 2], reach=[1, 2], revealed=["GS-11", "GS-04"])
    with pytest.raises(EngineError) as refusal:
        resolve_picks(state, [["GS-05"], None])
    assert (refusal.value.code, refusal.value.params) == (
        "not_on_offer",
        {"where": "picks[0][0]", "gadget": "GS-05", "offered": ["GS-11", "GS-04"]},
    )
    with pytest.raises(EngineError) as refusal:
        resolve_picks(state, [[11], None])
    assert (refusal.value.code, refusal.value.params) == ("malformed", {"where": "picks[0][0]"})
    with pytest.raises(EngineError) as refusal:
        resolve_picks(game_state(2), [None, None])
    assert (refusal.value.code, refusal.value.params) == (
        "wrong_phase",
        {"phase": "run", "wanted": "pick"},
    )


def test_a_plan_not_in_the_plans_shape_is_malformed_at_its_field():
    error = refused(game_state(1), {"tiles": [{"shape": "I3", "cells": "x"}]})
    assert (error.code, error.params) == ("malformed", {"where": "plan.tiles[0].cells"})


def test_the_json_face_answers_a_coded_refusal_with_its_english_alone():
    job = {
        "state": game_state(1).to_dict(),
        "seat": 0,
        "plan": {"tiles": [tile("I3", (2, -1), (2, 0), (3, 1))]},
    }
    assert answer(JOBS, "check", job) == ({"error": "plan.tiles[0].cells do not form a I3"}, False)
