"""The JSON face: ``python -m duel.engine new|legal|act`` as a real process (one job or a list,
error objects and exit codes, never a traceback), plus an in-process fuzz of the same jobs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duel.engine.__main__ import answer

pytestmark = pytest.mark.slow  # the JSON face as real processes, and its fuzzing

ROOT = Path(__file__).resolve().parents[3]


def run(command, payload, *, raw=False):
    text = payload if raw else json.dumps(payload)
    done = subprocess.run(
        [sys.executable, "-m", "duel.engine", *command.split()],
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


def test_new_answers_a_state_in_the_asteroid_phase_with_the_settings_applied():
    state, code = run(
        "new", {"seed": 4, "settings": {"asteroids": 2, "no_adjacent": False, "first": 1}}
    )
    assert code == 0
    assert state["phase"] == "asteroids" and state["to_act"] == 1 and state["seed"] == 4
    assert state["asteroids_left"] == [2, 2] and state["settings"]["no_adjacent"] is False
    assert [f["id"] for f in state["fighters"]] == ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"]


def test_a_game_is_set_up_and_a_turn_played_through_the_process():
    state, _ = run("new", {"settings": {"asteroids": 0}})
    options, code = run("legal", {"state": state, "player": 0})
    assert code == 0 and options["actions"] == ["fighters", "resign"]
    for player, column, facing in ((0, 0, 0), (1, 19, 3)):
        docks = run("legal", {"state": state, "player": player})[0]["docks"]
        placements = [
            {"fighter": f"{'AB'[player]}{i + 1}", "hex": docks[i], "facing": facing}
            for i in range(4)
        ]
        reply, code = run(
            "act",
            {
                "state": state,
                "player": player,
                "action": {"type": "fighters", "placements": placements},
            },
        )
        assert code == 0, reply
        state = reply["state"]
    assert state["phase"] == "play"
    orders = [{"fighter": "A1", "steps": ["A", "A"]}] + [
        {"fighter": f"A{i}", "stay": True} for i in (2, 3, 4)
    ]
    reply, code = run(
        "act", {"state": state, "player": 0, "action": {"type": "turn", "orders": orders}}
    )
    assert code == 0
    assert reply["state"]["to_act"] == 1 and reply["state"]["turn"] == 2
    assert [e["hex"] for e in reply["events"] if e["type"] == "moved"] == [[1, 5], [2, 5]]


def test_legal_with_orders_answers_the_route_preview():
    state, _ = run("new", {"settings": {"asteroids": 0}})
    state = run("act", {"state": state, "player": 0, "action": {"type": "missed"}})[0]["state"]
    state = run("act", {"state": state, "player": 1, "action": {"type": "missed"}})[0]["state"]
    reply, code = run(
        "legal",
        {"state": state, "player": 0, "orders": [{"fighter": "A4", "steps": ["A", "A", "L"]}]},
    )
    assert code == 0
    assert reply["preview"]["fighters"]["A4"]["route"][-1] == {
        "step": "L",
        "hex": [2, 8],
        "facing": 1,
    }
    assert reply["preview"]["next"]["may_end"] is True


def test_a_list_of_jobs_is_answered_in_order_with_errors_in_place_and_exit_1():
    state, _ = run("new", {})
    replies, code = run(
        "act",
        [
            {"state": state, "player": 0, "action": {"type": "asteroid", "hex": [10, 7]}},
            {"state": state, "player": 0, "action": {"type": "asteroid", "hex": [0, 6]}},
        ],
    )
    assert code == 1
    assert replies[0]["state"]["asteroids"] == [[10, 7]]
    assert replies[1] == {"error": "no asteroid on [0, 6]: it is a dock"}


def test_a_bad_job_is_an_error_object_and_unreadable_input_exits_2():
    reply, code = run("act", {"state": {}, "player": 0, "action": {}})
    assert code == 1 and reply == {"error": "state.fighters is missing"}
    reply, code = run("legal", "{not json", raw=True)
    assert code == 2 and reply["error"].startswith("the input is not valid JSON")
    reply, code = run("resolve", {})
    assert code == 2 and reply["error"].startswith("usage: python -m duel.engine new|legal|act")


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 25)
    | st.sampled_from(
        [
            "A",
            "L",
            "G",
            "S",
            "MT",
            "turn",
            "asteroid",
            "fighters",
            "missed",
            "A1",
            "B2",
            "play",
            "wasp",
            "",
        ]
    ),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "type",
                    "hex",
                    "orders",
                    "fighter",
                    "steps",
                    "speed",
                    "stay",
                    "facing",
                    "placements",
                    "state",
                    "player",
                    "action",
                ]
            ),
            inner,
            max_size=4,
        )
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values, st.sampled_from(["asteroids", "fighters", "play"]))
def test_a_garbled_action_is_an_error_object_never_a_crash(action, phase):
    from duel.engine import Settings, act, new_game

    state = new_game(Settings(asteroids=0 if phase != "asteroids" else 1))
    if phase == "play":
        state, _ = act(state, 0, {"type": "missed"})
        state, _ = act(state, 1, {"type": "missed"})
    for player in (0, 1):
        reply, _ = answer("act", {"state": state.to_dict(), "player": player, "action": action})
        assert set(reply) in ({"error"}, {"state", "events"})
        reply, _ = answer("legal", {"state": state.to_dict(), "player": player, "orders": action})
        assert isinstance(reply, dict)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_a_garbled_state_is_an_error_object_never_a_crash(state):
    reply, ok = answer("legal", {"state": state, "player": 0})
    assert set(reply) == {"error"} or ok


STATE_KEYS = [
    "settings",
    "seed",
    "phase",
    "turn",
    "to_act",
    "asteroids",
    "asteroids_left",
    "sealed",
    "fighters",
    "missiles",
    "next_missile",
    "quiet_turns",
    "missed_in_row",
    "missed_total",
    "winner",
    "result",
]
FIGHTER_KEYS = [
    "id",
    "player",
    "class",
    "hex",
    "facing",
    "speed",
    "docked",
    "landed",
    "docked_turns",
    "missiles",
    "smart",
    "destroyed",
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(STATE_KEYS), st.sampled_from(FIGHTER_KEYS), json_values, st.booleans())
def test_a_state_with_one_field_garbled_is_an_error_object_never_a_crash(
    key, fkey, value, in_fighter
):
    from duel.engine import Settings, act, new_game

    state, _ = act(new_game(Settings(asteroids=0)), 0, {"type": "missed"})
    state, _ = act(state, 1, {"type": "missed"})
    data = state.to_dict()
    data["missiles"] = [{"id": 1, "owner": 0, "kind": "smart", "hex": [9, 9], "facing": 0}]
    if in_fighter:
        data["fighters"][0][fkey] = value
    else:
        data[key] = value
    for command in ("legal", "act"):
        reply, ok = answer(command, {"state": data, "player": 0, "action": {"type": "missed"}})
        assert ok or set(reply) == {"error"}
