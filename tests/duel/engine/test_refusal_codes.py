"""Every refusal of the duel's engine says what it refuses as data too: a code and its params
(``games.enginekit.EngineError``), which the pages word in their reader's language. The English
message stays the JSON face's."""

from __future__ import annotations

import pytest

from duel.engine import EngineError, Settings, act, new_game
from duel.engine.api import JOBS
from games.enginekit import answer
from tests.engine_codes import codes_raised, rule_breaks

from .helpers import E, W, docked, flying, move, state, stay


def refused(st, player, action) -> EngineError:
    with pytest.raises(EngineError) as refusal:
        act(st, player, action)
    return refusal.value


def turn(*orders) -> dict:
    return {"type": "turn", "orders": list(orders)}


def test_every_refusal_of_the_engine_has_a_code_or_names_the_field_of_a_malformed_job():
    assert rule_breaks("duel") == []


def test_the_scan_finds_the_rules_the_engine_refuses_by():
    assert {
        "asteroid_on_dock",
        "turn_too_soon",
        "no_gun",
        "wrong_distance",
        "unknown_class",
    } <= codes_raised("duel")


@pytest.mark.parametrize(
    "hex_, code, message",
    [
        ([0, 5], "asteroid_on_dock", "no asteroid on [0, 5]: it is a dock"),
        ([1, 6], "asteroid_near_dock", "no asteroid on [1, 6]: it is within 2 hexes of a dock"),
        ([25, 3], "asteroid_off_board", "no asteroid on [25, 3]: it is off the board"),
    ],
)
def test_an_asteroid_where_none_may_go_names_the_hex(hex_, code, message):
    error = refused(new_game(), 0, {"type": "asteroid", "hex": hex_})
    assert (error.code, error.params["hex"], str(error)) == (code, hex_, message)


def test_a_step_the_fighter_may_not_take_names_the_fighter_the_step_and_why():
    st = state([flying("A1", "wasp", (5, 7), E, speed=3)])
    error = refused(st, 0, turn(move("A1", "A", "L", "A", "A")))
    assert (error.code, error.params) == (
        "turn_too_soon",
        {"fighter": "A1", "number": 2, "step": "L", "flown": 1, "z": 2, "fighter_class": "wasp"},
    )
    error = refused(st, 0, turn(move("A1", "A", "GT", "A", "A")))
    assert (error.code, error.params) == (
        "no_gun",
        {"fighter": "A1", "number": 2, "gun": "tail", "fighter_class": "wasp"},
    )


def test_a_move_of_the_wrong_length_names_the_speeds_open():
    st = state([flying("A1", "bee", (5, 7), E, speed=3)])
    error = refused(st, 0, turn(move("A1", "A")))
    assert (error.code, error.params) == (
        "wrong_distance",
        {"fighter": "A1", "ahead": 1, "speeds": [2, 3, 4]},
    )
    error = refused(st, 0, turn(move("A1", "A", "A", "A", "A", "A", speed=5)))
    assert (error.code, error.params) == (
        "speed_not_open",
        {"fighter": "A1", "speed": 5, "speeds": [2, 3, 4]},
    )


def test_orders_for_a_fighter_not_ones_own_or_for_too_few_fighters_are_refused():
    st = state(
        [
            flying("A1", "bee", (5, 7), E, speed=3),
            docked("A2", "virus", (0, 6), E),
            flying("B1", "bee", (12, 7), W, speed=3),
        ]
    )
    error = refused(st, 0, turn(move("B1", "A", "A", "A")))
    assert (error.code, error.params) == ("not_your_fighter", {"fighter": "B1", "player": 0})
    error = refused(st, 0, turn(stay("A2")))
    assert (error.code, error.params) == ("orders_missing", {"fighters": ["A1"]})
    error = refused(st, 1, turn(move("B1", "A", "A", "A")))
    assert (error.code, error.params) == ("not_your_turn", {"player": 1, "to_act": 0})


def test_a_placement_off_the_docks_names_the_docks():
    st, _ = act(new_game(Settings(asteroids=0)), 0, {"type": "missed"})
    error = refused(
        st, 1, {"type": "fighters", "placements": [{"fighter": "B1", "hex": [10, 7], "facing": W}]}
    )
    assert (error.code, error.params) == (
        "not_a_dock",
        {"hex": [10, 7], "docks": [[19, 6], [19, 7], [19, 8], [19, 9]]},
    )


def test_settings_out_of_range_are_refused_with_their_bounds():
    with pytest.raises(EngineError) as refusal:
        Settings.from_dict({"asteroids": 16})
    assert (refusal.value.code, refusal.value.params) == (
        "asteroids_out_of_range",
        {"asteroids": 16, "most": 15},
    )
    assert str(refusal.value) == "settings.asteroids must be 0..15, not 16"
    with pytest.raises(EngineError) as refusal:
        Settings.from_dict({"fighters": ["coliber", "tank"]})
    assert (refusal.value.code, refusal.value.params) == (
        "unknown_class",
        {"fighter_class": "tank"},
    )


@pytest.mark.parametrize(
    "action, where",
    [
        ({"type": "asteroid", "hex": 7}, "action.hex"),
        ({"type": "asteroid", "hex": [1, "x"]}, "action.hex[1]"),
    ],
)
def test_an_action_not_in_the_actions_shape_is_malformed_at_its_field(action, where):
    error = refused(new_game(), 0, action)
    assert (error.code, error.params) == ("malformed", {"where": where})


def test_the_json_face_answers_a_coded_refusal_with_its_english_alone():
    job = {
        "state": new_game().to_dict(),
        "player": 0,
        "action": {"type": "asteroid", "hex": [0, 5]},
    }
    assert answer(JOBS, "act", job) == ({"error": "no asteroid on [0, 5]: it is a dock"}, False)
