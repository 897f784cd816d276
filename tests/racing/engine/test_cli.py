"""The JSON face: ``python -m racing.engine new|legal|turn|courses`` as a real process (one job
or a list, error objects and exit codes, never a traceback), plus an in-process fuzz."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racing.engine import computer_order, new_race, play_turn
from racing.engine.__main__ import answer

pytestmark = pytest.mark.slow  # the JSON face as real processes, and its fuzzing

ROOT = Path(__file__).resolve().parents[3]
JETS = [{"id": "red", "seat": 0}, {"id": "blue", "seat": 1}, {"id": "green", "seat": 2}]


def run(command, payload, *, raw=False):
    text = payload if raw else json.dumps(payload)
    done = subprocess.run(
        [sys.executable, "-m", "racing.engine", *command.split()],
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


def test_new_answers_a_state_with_the_contracts_fields():
    state, code = run("new", {"course": "oval5", "jets": JETS, "level": 1, "laps": 2, "seed": 3})
    assert code == 0
    assert state["phase"] == "race" and state["laps"] == 2 and state["level"] == 1
    assert state["turn"] == {
        "number": 1,
        "round": 1,
        "seat": 0,
        "jet": "red",
        "controller": None,
        "queue": [],
    }
    assert set(state["jets"][0]) >= {
        "id",
        "seat",
        "status",
        "x",
        "y",
        "heading",
        "lift",
        "energy",
        "equipment",
        "laps",
        "next_gate",
        "place",
        "missed_in_row",
        "started",
        "lift0_turns",
        "refuelled",
        "stasis",
    }
    assert state["course"]["gates"][0]["buoys"] == [[0.0, -150.0], [0.0, -310.0]]
    assert {"supply", "draft"} <= set(state)


def test_a_laid_out_course_buoy_a_on_the_left():
    gates = [{"x": 0, "y": 400 * i, "angle": 90} for i in range(5)]
    state, code = run("new", {"course": {"gates": gates}, "jets": JETS})
    assert code == 0 and state["course"]["gates"][1]["buoys"] == [[-80.0, 400.0], [80.0, 400.0]]
    reply, code = run("new", {"course": {"gates": gates[:3]}, "jets": JETS})
    assert code == 1 and reply == {
        "error": "the course fails the course check: a course has 5-9 gates, not 3"
    }


def test_a_race_is_played_through_the_process_with_legal_and_its_preview():
    state, _ = run("new", {"course": "oval7", "jets": JETS, "seed": 1})
    options, code = run("legal", {"state": state})
    assert code == 0 and options["lifts"] == [1] and options["hinge_limits"] == {"1": 60.0}
    assert options["reach"][0]["radius"] == 40.0
    order = {"lift": 1, "hinge": [10, -10]}
    options, _ = run("legal", {"state": state, "order": order})
    reply, code = run("turn", {"state": state, "order": order})
    assert code == 0 and options["preview"] == reply
    assert reply["state"]["turn"]["jet"] == "blue"
    reply, code = run("turn", {"state": reply["state"], "missed": True})
    assert code == 0 and reply["events"][1] == {"type": "missed", "jet": "blue", "in_row": 1}


def test_courses_lists_the_built_in_courses_and_the_catalogue():
    reply, code = run("courses", {})
    assert code == 0
    assert [len(c["gates"]) for c in reply["courses"]] == [5, 7, 9]
    assert [k["kind"] for k in reply["kinds"]] == [
        "booster",
        "retro_booster",
        "hyper_booster",
        "take_five",
        "photonenpaddel",
        "paddel_de_luxe",
        "sidestep",
        "kupferwurm",
        "sticky_fingers",
        "butt_kick",
        "traumatorpedo",
        "stasisfeld",
        "uberhirn",
        "warpfeld",
        "robert",
        "abstauber",
        "hollenboller",
    ]
    assert reply["kinds"][2] == {
        "kind": "hyper_booster",
        "colour": "blue",
        "cost": 3,
        "phases": ["flight"],
        "copies": 3,
        "projector": False,
        "chips_after_use": 0,
    }


def test_a_list_of_jobs_is_answered_in_order_with_errors_in_place_and_exit_1():
    state = new_race("oval5", JETS)
    replies, code = run(
        "turn", [{"state": state, "order": {"lift": 1}}, {"state": state, "order": {"lift": 3}}]
    )
    assert code == 1 and replies[0]["state"]["turn"]["jet"] == "blue"
    assert replies[1] == {"error": "order.lift must be one of [1], not 3"}
    replies, code = run("courses", [{}, {}])
    assert code == 0 and len(replies) == 2


def test_a_bad_job_is_an_error_object_and_unreadable_input_exits_2():
    reply, code = run("turn", {"state": {}, "order": {}})
    assert code == 1 and reply == {"error": "state.course is missing"}
    reply, code = run("turn", {"state": new_race("oval5", JETS)})
    assert code == 1 and reply["error"].startswith("job: give either an order")
    reply, code = run("legal", "{not json", raw=True)
    assert code == 2 and reply["error"].startswith("the input is not valid JSON")
    reply, code = run("resolve", {})
    assert (
        code == 2
        and reply["error"] == "usage: python -m racing.engine new|legal|turn|courses < job.json"
    )


def test_the_face_refuses_a_state_that_contradicts_itself():
    state = new_race("oval5", JETS)
    state["jets"][0] |= {"started": False, "next_gate": 3}
    reply, code = run("legal", {"state": state})
    assert code == 1 and reply == {
        "error": "state.jets[0]: red has not started, yet its next gate is 3 after 0 laps "
        "(before the start both are 1 and 0)"
    }


def equipped_race():
    """Three jets after a level-3 draft, each holding seven cards, racing."""
    state = new_race("oval5", JETS, level=3, seed=2)
    while state["phase"] == "draft":
        state, _ = play_turn(state, computer_order(state, 2))
    for jet in state["jets"][1:]:
        jet["x"], jet["y"] = state["jets"][0]["x"] + 60 * jet["seat"], state["jets"][0]["y"] + 35
    return state


EQUIPPED = equipped_race()
KIND_NAMES = [k["kind"] for k in answer("courses", {})[0]["kinds"]]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 50)
    | st.floats(-400, 400)
    | st.sampled_from(
        [
            "red",
            "blue",
            "booster",
            "kupferwurm",
            "uberhirn",
            "left",
            "front",
            "repair",
            "",
            "oval5",
            "race",
            "draft",
            *KIND_NAMES,
        ]
    ),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "lift",
                    "hinge",
                    "slips",
                    "boost",
                    "before",
                    "after",
                    "card",
                    "target",
                    "use",
                    "pick",
                    "miss",
                    "station",
                    "gate",
                    "pivot",
                    "angle",
                    "side",
                    "ram_chips",
                    "remove_chip",
                    "hyper",
                    "return",
                    "take",
                    "chips",
                    "id",
                    "kind",
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(json_values, st.integers(1, 4))
def test_a_garbled_order_is_an_error_object_never_a_crash(order, level):
    state = new_race("oval5", JETS, level=level)
    reply, _ = answer("turn", {"state": state, "order": order})
    assert set(reply) in ({"error"}, {"state", "events"})
    reply, _ = answer("legal", {"state": state, "order": order})
    assert "preview" in reply or order is None


uses = st.fixed_dictionaries(
    {"card": st.sampled_from(KIND_NAMES) | st.integers(0, 46)},
    optional={
        "target": st.sampled_from(["red", "blue", "green", "nobody"]) | json_values,
        "side": json_values,
        "lift": json_values,
        "direction": json_values,
        "chips": json_values,
        "hinge": json_values,
        "slips": json_values,
        "angle": json_values,
        "gate": json_values,
        "pivot": json_values,
        "mode": json_values,
        "use": json_values,
    },
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(uses, max_size=3),
    st.lists(uses, max_size=3),
    st.sampled_from([None, "booster", "hyper_booster", "take_five", "retro_booster"]),
    st.integers(0, 3),
)
def test_garbled_equipment_uses_are_error_objects_never_a_crash(before, after, boost, lift):
    order = {"lift": lift, "before": before, "after": after, "boost": boost}
    reply, _ = answer("turn", {"state": EQUIPPED, "order": order})
    assert set(reply) in ({"error"}, {"state", "events"})


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(
        ["phase", "level", "laps", "course", "jets", "turn", "supply", "draft", "winner", "seed"]
    ),
    st.sampled_from(
        [
            "id",
            "seat",
            "x",
            "heading",
            "lift",
            "energy",
            "equipment",
            "status",
            "next_gate",
            "refuelled",
            "controller",
            "place",
        ]
    ),
    json_values,
    st.booleans(),
)
def test_a_state_with_one_field_garbled_is_an_error_object_never_a_crash(key, jkey, value, in_jet):
    state = new_race("oval5", JETS, level=3)
    if in_jet:
        state["jets"][1][jkey] = value
    else:
        state[key] = value
    for command, job in (("legal", {"state": state}), ("turn", {"state": state, "missed": True})):
        reply, ok = answer(command, job)
        assert ok or set(reply) == {"error"}


def test_a_card_of_no_known_kind_in_a_state_is_an_error_object():
    state = new_race("oval5", JETS, level=3)
    for kind in ([1], {"a": 1}, "laser", None):
        state["jets"][0]["equipment"] = [{"id": 1, "kind": kind}]
        reply, ok = answer("legal", {"state": state})
        assert not ok and reply["error"].startswith("state.jets[0].equipment[0].kind must be")
