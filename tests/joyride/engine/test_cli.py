"""The JSON face: ``python -m joyride.engine new|catalogue|check|resolve`` as a real process (one
job or a list, error objects and exit codes, never a traceback), plus an in-process fuzz."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from joyride.engine.__main__ import answer

from .helpers import clear_labs, game_state, straight, tile

pytestmark = pytest.mark.slow  # the JSON face as real processes, and its fuzzing

ROOT = Path(__file__).resolve().parents[3]


def run(command, payload, *, raw=False):
    text = payload if raw else json.dumps(payload)
    done = subprocess.run(
        [sys.executable, "-m", "joyride.engine", *command.split()],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env=dict(os.environ, PYTHONHASHSEED="0"),
        check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stderr == ""
    return json.loads(done.stdout), done.returncode


STATE_FIELDS = {
    "players",
    "seed",
    "hard",
    "round",
    "phase",
    "labs",
    "pool",
    "game_pool",
    "missions",
    "gadgets",
    "scores",
    "reach",
    "winners",
    "rating",
}


def test_new_answers_the_state_with_every_field():
    reply, code = run("new", {"players": 3, "seed": 7, "hard": [[1], [], [1, 4]]})
    assert code == 0 and set(reply) == {"state"}
    state = reply["state"]
    assert set(state) == STATE_FIELDS
    assert state["round"] == 1 and state["phase"] == "run"
    assert [len(lab) for lab in state["labs"]] == [4, 4, 4]
    assert set(state["labs"][0][0]) == {"card", "side"} and state["labs"][0][0]["side"] in "ab"
    assert sum(state["pool"].values()) == 38
    assert len(state["missions"]["revealed"]) == 3 and state["missions"]["discard"] == []
    assert set(state["gadgets"]) == {"deck", "revealed", "discard", "owned"}
    assert state["gadgets"]["owned"] == [[], [], []] and state["scores"] == [[], [], []]


def test_a_round_played_through_the_process_check_then_resolve_then_pick():
    state = game_state(2, clear_labs(2, 2), missions=["MS-05", "MS-06", "MS-11"]).to_dict()
    plan = {"tiles": straight(2, 3) + ["pass"]}
    reply, code = run("check", {"state": state, "seat": 0, "plan": plan})
    assert code == 0
    checked = reply["check"]
    assert {
        "tiles",
        "warnings",
        "coins",
        "near_misses",
        "missions",
        "gadgets",
        "gadget_points",
        "penalty",
        "total",
        "pool",
    } <= set(checked)
    assert checked["pool"]["needed"]["I3"] == 4 and checked["warnings"] == []
    reply, code = run("resolve", {"state": state, "plans": [plan, None]})
    assert code == 0 and set(reply) == {"state", "result"}
    assert set(reply["result"]) == {"events", "seats"}
    seat0 = reply["result"]["seats"][0]
    assert set(seat0) == {"seat", "stop", "placed", "score"}
    assert seat0["score"]["total"] == checked["total"]
    picked = reply["state"]
    assert picked["phase"] == "pick"
    offered = picked["gadgets"]["revealed"]
    reply, code = run("resolve", {"state": picked, "picks": [offered[::-1], None]})
    assert code == 0 and reply["state"]["round"] == 2 and reply["state"]["phase"] == "run"


def test_catalogue_lists_the_cards_with_their_cells():
    reply, code = run("catalogue", {})
    assert code == 0 and len(reply["cards"]) == 24
    side = reply["cards"][0]["sides"]["a"]
    assert set(side) == {"coins", "scientists", "obstacles"}


def test_a_list_of_jobs_is_answered_in_order_with_errors_in_place_and_exit_1():
    state = game_state(1).to_dict()
    off_table = {"tiles": [tile("I3", (2, -5), (2, -4), (2, -3))]}
    replies, code = run(
        "check",
        [
            {"state": state, "seat": 0, "plan": {"tiles": []}},
            {"state": state, "seat": 0, "plan": off_table},
        ],
    )
    assert code == 1
    assert replies[0]["check"]["total"] == replies[0]["check"]["mission_points"]
    assert replies[1] == {
        "error": "plan.tiles[0].cells[0] [2, -5] is off the table (rows -4..9, columns -4..39)"
    }


def test_bad_jobs_are_error_objects_and_unreadable_input_exits_2():
    reply, code = run("check", {"state": {}, "seat": 0})
    assert code == 1 and reply == {"error": "state.players is missing"}
    reply, code = run("new", {"players": 5})
    assert code == 1 and reply == {"error": "players must be 1..4, not 5"}
    state = game_state(2).to_dict()
    reply, code = run("check", {"state": state, "seat": 2, "plan": None})
    assert code == 1 and reply == {"error": "seat must be 0..1, not 2"}
    reply, code = run("resolve", {"state": state, "picks": []})
    assert code == 1 and reply == {"error": "job.plans is missing"}
    reply, code = run("check", "{not json", raw=True)
    assert code == 2 and reply["error"].startswith("the input is not valid JSON")
    reply, code = run("legal", {})
    assert code == 2 and reply["error"].startswith(
        "usage: python -m joyride.engine new|catalogue|check|resolve"
    )


def test_a_tampered_state_is_an_error_naming_the_problem():
    state = game_state(2).to_dict()
    cases = [
        ({"labs": [state["labs"][0], state["labs"][0]]}, "state.labs use a card twice"),
        ({"pool": {"I3": 11}}, "state.pool.I3 must be 0..10, not 11"),
        ({"pool": {"X9": 1}}, "state.pool names no shape 'X9'"),
        ({"phase": "bid"}, "state.phase must be one of run, pick, over"),
        ({"scores": [[3], []]}, "must hold 0 rounds per seat"),
        (
            {"labs": [[{"card": "A2", "side": "a"}] * 4, state["labs"][1]]},
            r"state.labs\[0\]\[0\].card A2 is not a number 1",
        ),
    ]
    for change, message in cases:
        reply, code = answer("check", {"state": dict(state, **change), "seat": 0})
        assert code is False and re.search(message, reply["error"]), (change, reply)
    missions = dict(state["missions"], discard=[state["missions"]["revealed"][0]])
    reply, _ = answer("check", {"state": dict(state, missions=missions), "seat": 0})
    assert reply == {"error": "state.missions holds a card twice"}


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-6, 41)
    | st.sampled_from(["I3", "I4", "L4", "S4", "U5", "pass", "GS-02", "MS-01", "a", ""]),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(["tiles", "shape", "cells", "insta_ball", "state", "seat", "plan"]),
            inner,
            max_size=4,
        )
    ),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values, json_values)
def test_a_garbled_plan_or_pick_is_an_error_object_never_a_crash(plan, picks):
    state = game_state(2).to_dict()
    reply, ok = answer("check", {"state": state, "seat": 0, "plan": plan})
    assert set(reply) == ({"check"} if ok else {"error"})
    reply, ok = answer("resolve", {"state": state, "plans": [plan, plan]})
    assert set(reply) == ({"state", "result"} if ok else {"error"})
    picking = dict(
        state,
        phase="pick",
        scores=[[0], [0]],
        reach=[[0], [0]],
        gadgets=dict(
            state["gadgets"],
            deck=state["gadgets"]["deck"][2:],
            revealed=state["gadgets"]["deck"][:2],
        ),
    )
    reply, ok = answer("resolve", {"state": picking, "picks": picks})
    assert set(reply) == ({"state", "result"} if ok else {"error"})


def replaced(value, path, new):
    """``value`` with the item at ``path`` (keys and indices) replaced by ``new``."""
    if not path:
        return new
    key, rest = path[0], path[1:]
    if isinstance(value, dict):
        return (
            {**value, key: replaced(value.get(key), rest, new)} if isinstance(key, str) else value
        )
    if isinstance(value, list) and isinstance(key, int) and value:
        index = key % len(value)
        return value[:index] + [replaced(value[index], rest, new)] + value[index + 1 :]
    return new


STATE_KEYS = sorted(STATE_FIELDS) + [
    "deck",
    "revealed",
    "discard",
    "owned",
    "card",
    "side",
    "I3",
    "U5",
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(STATE_KEYS) | st.integers(0, 3), min_size=1, max_size=4),
    json_values,
    st.sampled_from(["check", "resolve"]),
)
def test_a_tampered_state_is_an_error_object_never_a_crash(path, new, command):
    state = game_state(2, clear_labs(2, 2)).to_dict()
    tampered = replaced(state, path, new)
    job = {
        "state": tampered,
        "seat": 0,
        "plan": {"tiles": straight(2, 2)},
        "plans": [{"tiles": straight(2, 2)}, None],
        "picks": [None, None],
    }
    reply, ok = answer(command, job)
    assert (
        set(reply) == ({"check"} if command == "check" else {"state", "result"})
        if ok
        else set(reply) == {"error"}
    )


def test_check_answers_next_when_asked():
    state = game_state(1, clear_labs(1, 2)).to_dict()
    reply, ok = answer(
        "check", {"state": state, "seat": 0, "plan": {"tiles": straight(2, 1)}, "next": True}
    )
    assert ok and [[2, 4], [2, 5], [2, 6]] in reply["check"]["next"]["I3"]
    reply, ok = answer("check", {"state": state, "seat": 0, "next": "yes"})
    assert not ok and reply == {"error": "job.next must be true or false"}
