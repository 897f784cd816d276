"""The engine's JSON face: ``python -m dogfight.engine new|legal|resolve`` as a real process,
plus an in-process fuzz of the same jobs (a bad job is an error object, never a traceback)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dogfight.engine.__main__ import answer

pytestmark = pytest.mark.slow  # the JSON face as real processes, and its fuzzing

ROOT = Path(__file__).resolve().parents[3]


def run(command, payload, *, raw=False, hashseed="0"):
    """Run the engine on ``payload`` (JSON-encoded unless ``raw``); returns (answer, exit)."""
    text = payload if raw else json.dumps(payload)
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    done = subprocess.run(
        [sys.executable, "-m", "dogfight.engine", *command.split()],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
        check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stderr == ""
    return json.loads(done.stdout), done.returncode


def new_state(**job):
    job.setdefault("seed", 7)
    state, code = run("new", job)
    assert code == 0, state
    return state


def flying(seat, q, r, facing, **kw):
    return {"seat": seat, "q": q, "r": r, "facing": facing, "status": "air", **kw}


def moves(*codes, fire=None):
    fire = fire or {}
    return [{"maneuver": c, "fire": fire.get(n, [])} for n, c in enumerate(codes, start=1)]


TWO_FLYING = {"planes": [flying(0, 0, 0, 0), flying(3, -4, 2, 3)]}


# --- new ------------------------------------------------------------------------------------


def test_new_answers_a_complete_state_for_a_full_game():
    state = new_state(seed=3, settings={}, balloons=1)
    assert set(state) >= {
        "settings",
        "round",
        "wind",
        "clouds",
        "balloons",
        "pot",
        "planes",
        "over",
        "winner",
    }
    assert state["round"] == 1 and state["wind"] is None
    assert state["pot"] == 0 and state["over"] is False and state["winner"] is None
    assert state["settings"] == {
        "windless": False,
        "legacy_weather": False,
        "balloon_rule": "none",
        "scoring": "hits",
        "scored": True,
        "duel": False,
    }
    assert [p["seat"] for p in state["planes"]] == [0, 1, 2, 3, 4, 5]
    for p in state["planes"]:
        assert set(p) >= {
            "seat",
            "q",
            "r",
            "facing",
            "status",
            "damage",
            "ammo",
            "career_points",
            "rank",
            "points",
            "repairs_used",
            "missed_rounds",
            "landing",
        }
        assert p["status"] == "ground" and p["landing"] is False
    assert state["balloons"] == [{"q": 0, "r": 0, "damage": 0}]
    assert len(state["clouds"]) >= 6 * 3  # six clouds by default
    assert all(isinstance(c, list) and len(c) == 2 for c in state["clouds"])


def test_new_takes_clouds_pilots_and_settings():
    state = new_state(
        seed=4,
        clouds=0,
        settings={"duel": True, "scoring": "damage"},
        pilots=[{"seat": 3, "career_points": 45, "rank": 1}],
    )
    assert state["clouds"] == []
    assert [p["seat"] for p in state["planes"]] == [0, 3]
    seat3 = state["planes"][1]
    assert (seat3["career_points"], seat3["rank"], seat3["ammo"]) == (45, 1, 20)
    assert state["settings"]["duel"] is True and state["settings"]["scoring"] == "damage"


def test_new_refuses_a_balloon_count_that_cannot_be_fair():
    reply, code = run("new", {"seed": 1, "balloons": 4})
    assert code != 0
    assert set(reply) == {"error"} and "balloon" in reply["error"]


def test_the_same_seed_gives_the_same_game_in_different_processes():
    a, _ = run("new", {"seed": 12, "balloons": 7}, hashseed="1")
    b, _ = run("new", {"seed": 12, "balloons": 7}, hashseed="2")
    assert a == b


# --- legal ----------------------------------------------------------------------------------


def test_legal_lists_the_maneuvers_for_the_next_move():
    state = new_state()
    reply, code = run("legal", {"state": state, "seat": 0, "chosen": []})
    assert code == 0
    assert sorted(reply["maneuvers"]) == ["G", "TA", "TB", "TG"]
    reply, _ = run("legal", {"state": TWO_FLYING, "seat": 0, "chosen": ["A"]})
    assert "H" in reply["maneuvers"] and "A" in reply["maneuvers"]
    reply, _ = run("legal", {"state": TWO_FLYING, "seat": 0, "chosen": ["A", "H"]})
    assert reply == {"maneuvers": ["H"]}


def test_legal_names_a_bad_chosen_list():
    reply, code = run("legal", {"state": TWO_FLYING, "seat": 0, "chosen": ["H"]})
    assert code != 0 and "H" in reply["error"]
    reply, code = run("legal", {"state": TWO_FLYING, "seat": 4, "chosen": []})
    assert code != 0 and "4" in reply["error"]


# --- resolve --------------------------------------------------------------------------------


def test_resolve_answers_the_next_state_and_the_events():
    state = new_state(seed=9)
    orders = {str(s): moves("TB", "TB", "A") for s in range(6)}
    reply, code = run("resolve", {"state": state, "orders": orders, "seed": 5})
    assert code == 0
    assert set(reply) == {"state", "events"}
    assert reply["state"]["round"] == 2
    assert reply["state"]["wind"] is None  # round 1 is always calm
    assert all({"move", "type"} <= set(e) for e in reply["events"])
    (weather,) = [e for e in reply["events"] if e["type"] == "weather"]
    assert weather["move"] is None and weather["wind"] is None
    took_off = [e for e in reply["events"] if e["type"] == "took_off"]
    assert sorted(e["seat"] for e in took_off) == list(range(6))
    assert all(p["status"] == "air" for p in reply["state"]["planes"])


def test_resolve_reports_hits_shoot_downs_and_crashes_with_their_fields():
    state = {
        "planes": [
            flying(0, 0, 0, 0),
            flying(1, 2, 1, 2, damage=11),
            flying(2, 9, -4, 0),
            flying(3, -6, 3, 3),
        ]
    }
    orders = {
        "0": moves("A", "L", "L", fire={1: ["A"]}),
        "1": moves("A", "H", "H"),
        "2": moves("A", "A", "A"),
        "3": moves("A", "L", "L"),
    }
    reply, code = run("resolve", {"state": state, "orders": orders, "seed": 1})
    assert code == 0
    events = reply["events"]
    hit = next(e for e in events if e["type"] == "hit")
    assert {k: hit[k] for k in ("move", "shooter", "target", "range", "damage")} == {
        "move": 1,
        "shooter": 0,
        "target": 1,
        "range": 1,
        "damage": 4,
    }
    down = next(e for e in events if e["type"] == "shot_down")
    assert down["seat"] == 1 and down["by"] == [0]
    crash = next(e for e in events if e["type"] == "crash")
    assert crash["seat"] == 2 and crash["cause"] == "edge"


def test_round_is_the_round_to_resolve_and_wind_the_wind_of_the_round_before():
    clouds = [[0, 5], [1, 5], [1, 4]]
    state = dict(TWO_FLYING, round=4, wind=2, clouds=clouds)
    orders = {"0": moves("A", "A", "A"), "3": moves("A", "A", "A")}
    reply, _ = run("resolve", {"state": state, "orders": orders, "seed": 3, "wind": 1})
    assert reply["state"]["round"] == 5 and reply["state"]["wind"] == 1
    assert {(1, 4), (2, 4), (2, 3)} <= set(map(tuple, reply["state"]["clouds"]))
    reply, _ = run("resolve", {"state": state, "orders": orders, "seed": 3, "wind": "calm"})
    assert reply["state"]["round"] == 5 and reply["state"]["wind"] is None
    assert sorted(reply["state"]["clouds"]) == sorted(clouds)


def test_round_one_is_calm_and_a_legacy_round_one_is_windy():
    jobs = [
        {
            "state": TWO_FLYING,
            "orders": {"0": moves("A", "A", "A"), "3": moves("A", "A", "A")},
            "seed": s,
        }
        for s in range(8)
    ]
    replies, code = run("resolve", jobs)
    assert code == 0
    assert all(r["state"]["wind"] is None for r in replies)
    legacy = dict(TWO_FLYING, settings={"legacy_weather": True})
    replies, _ = run("resolve", [dict(job, state=legacy) for job in jobs])
    assert all(r["state"]["wind"] in range(6) for r in replies)


def test_a_seat_missing_from_the_orders_has_missed_the_round():
    reply, code = run(
        "resolve", {"state": TWO_FLYING, "orders": {"0": moves("A", "A", "A")}, "seed": 2}
    )
    assert code == 0
    missed = [e for e in reply["events"] if e["type"] == "missed"]
    assert [e["seat"] for e in missed] == [3]
    assert reply["state"]["planes"][1]["missed_rounds"] == 1


def test_the_referee_may_remove_seats():
    three = {"planes": TWO_FLYING["planes"] + [flying(4, -6, 3, 3)]}
    reply, code = run("resolve", {"state": three, "orders": {}, "seed": 2, "remove": [4]})
    assert code == 0
    crash = [e for e in reply["events"] if e["type"] == "crash"]
    assert [(e["seat"], e["cause"]) for e in crash] == [(4, "removed")]


def test_input_states_may_omit_defaults_and_carry_unknown_fields():
    state = {
        "planes": [{"seat": 0, "nickname": "Tailshot"}, {"seat": 3}],
        "colour_scheme": "dawn",
        "extra": {"anything": [1, 2]},
    }
    reply, code = run("legal", {"state": state, "seat": 3, "chosen": [], "note": "hi"})
    assert code == 0 and sorted(reply["maneuvers"]) == ["G", "TA", "TB", "TG"]
    reply, code = run("resolve", {"state": state, "orders": {}, "seed": 1})
    assert code == 0
    planes = reply["state"]["planes"]
    assert [p["status"] for p in planes] == ["air", "air"]  # the NMR default: TB TB A
    assert [p["ammo"] for p in planes] == [16, 16]
    assert reply["state"]["round"] == 2


def test_the_same_job_gives_the_same_answer_in_different_processes():
    state = new_state(seed=21, balloons=6)
    orders = {str(s): moves("TB", "TB", "A", fire={3: ["A"]}) for s in range(6)}
    job = {"state": dict(state, round=6, wind=3), "orders": orders, "seed": 77}
    a, _ = run("resolve", job, hashseed="5")
    b, _ = run("resolve", job, hashseed="6")
    assert a == b


# --- lists of jobs and errors ---------------------------------------------------------------


def test_a_list_of_jobs_is_answered_in_order_with_an_error_in_its_place():
    good = {"state": TWO_FLYING, "seat": 0, "chosen": []}
    bad = {"state": TWO_FLYING, "seat": 0, "chosen": ["TB"]}
    replies, code = run("legal", [good, bad, dict(good, seat=3)])
    assert code != 0
    assert len(replies) == 3
    assert "maneuvers" in replies[0] and "maneuvers" in replies[2]
    assert set(replies[1]) == {"error"} and "TB" in replies[1]["error"]
    replies, code = run("legal", [good, good])
    assert code == 0 and replies[0] == replies[1]


def test_an_empty_list_of_jobs_is_an_empty_list_of_answers():
    assert run("new", []) == ([], 0)


@pytest.mark.parametrize("text", ["", "{", "not json", '{"seed": 1', "\x00"])
def test_bad_json_is_an_error_object_and_a_non_zero_exit(text):
    reply, code = run("new", text, raw=True)
    assert code != 0
    assert set(reply) == {"error"} and "JSON" in reply["error"]


def test_deeply_nested_json_is_an_error_object_not_a_traceback():
    reply, code = run("new", "[" * 100_000 + "]" * 100_000, raw=True)
    assert code != 0 and set(reply) == {"error"}


@pytest.mark.parametrize("command", ["fly", "", "new legal"])
def test_an_unknown_command_is_an_error_object_and_a_non_zero_exit(command):
    reply, code = run(command, {"seed": 1})
    assert code != 0 and "error" in reply


@pytest.mark.parametrize(
    "job, named",
    [
        ({"orders": {}, "seed": 1}, "state"),
        ({"state": TWO_FLYING, "orders": {}}, "seed"),
        ({"state": TWO_FLYING, "orders": {"0": moves("H", "H", "H")}, "seed": 1}, "H"),
        ({"state": TWO_FLYING, "orders": {"0": moves("A", "A")}, "seed": 1}, "three"),
        (
            {
                "state": TWO_FLYING,
                "orders": {"0": moves("A", "A", "A", fire={1: ["A", "A"]})},
                "seed": 1,
            },
            "different directions",
        ),
        (
            {
                "state": TWO_FLYING,
                "orders": {"0": moves("A", "A", "A", fire={1: ["X"]})},
                "seed": 1,
            },
            "burst",
        ),
        (
            {
                "state": TWO_FLYING,
                "orders": {"0": moves("A", "A", "A", fire={1: [["A"]]})},
                "seed": 1,
            },
            "burst",
        ),
        (
            {
                "state": TWO_FLYING,
                "orders": {"0": [{"maneuver": "A", "fire": [], "through": True}] * 3},
                "seed": 1,
            },
            "balloon",
        ),
        ({"state": TWO_FLYING, "orders": {"9": moves("A", "A", "A")}, "seed": 1}, "9"),
        ({"state": TWO_FLYING, "orders": {}, "seed": 1, "wind": 6}, "wind"),
        ({"state": TWO_FLYING, "orders": {}, "seed": 1, "wind": "storm"}, "wind"),
        ({"state": TWO_FLYING, "orders": {}, "seed": 1, "remove": [7]}, "remove"),
        ({"state": {"planes": [flying(0, 12, 0, 0)]}, "orders": {}, "seed": 1}, "board"),
        ({"state": {"planes": []}, "orders": {}, "seed": 1}, "planes"),
        ({"state": dict(TWO_FLYING, over=True), "orders": {}, "seed": 1}, "over"),
        ("resolve me", "object"),
    ],
)
def test_a_bad_resolve_job_is_an_error_naming_the_problem(job, named):
    reply, code = run("resolve", job)
    assert code != 0
    assert set(reply) == {"error"}
    assert named in reply["error"]


# --- in-process fuzz: whatever the job, an answer and never an exception ------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-10, 20)
    | st.sampled_from(
        ["A", "L", "R", "H", "TB", "LD", "calm", "air", "ground", "out", "normal", "x"]
    ),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "seat",
                    "q",
                    "r",
                    "facing",
                    "status",
                    "maneuver",
                    "fire",
                    "through",
                    "state",
                    "planes",
                    "orders",
                    "seed",
                    "wind",
                    "remove",
                    "chosen",
                    "settings",
                    "damage",
                    "ammo",
                    "rank",
                    "0",
                    "3",
                    "balloons",
                    "clouds",
                    "landing",
                    "round",
                ]
            ),
            inner,
            max_size=6,
        )
    ),
    max_leaves=25,
)


def mutated_job():
    good_plane = st.fixed_dictionaries(
        {
            "seat": st.sampled_from([0, 3]),
            "q": st.integers(-9, 9),
            "r": st.integers(-9, 9),
            "facing": st.integers(0, 5),
            "status": st.sampled_from(["air", "ground", "out"]),
        },
        optional={
            "landing": json_values,
            "damage": json_values,
            "ammo": json_values,
            "rank": json_values,
        },
    )
    state = st.fixed_dictionaries(
        {"planes": st.lists(good_plane, min_size=1, max_size=2)},
        optional={
            "clouds": json_values,
            "balloons": json_values,
            "settings": json_values,
            "wind": json_values,
            "round": json_values,
        },
    )
    move = st.fixed_dictionaries(
        {"maneuver": json_values}, optional={"fire": json_values, "through": json_values}
    )
    orders = st.dictionaries(
        st.sampled_from(["0", "3", "x"]), st.lists(move, max_size=3) | json_values, max_size=2
    )
    return st.fixed_dictionaries(
        {"state": state | json_values, "seed": st.integers(0, 9)},
        optional={
            "orders": orders | json_values,
            "seat": json_values,
            "chosen": json_values,
            "wind": json_values,
            "remove": json_values,
            "balloons": json_values,
            "clouds": json_values,
            "pilots": json_values,
            "settings": json_values,
        },
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(command=st.sampled_from(["new", "legal", "resolve"]), job=mutated_job() | json_values)
def test_any_job_gets_an_answer_or_an_error_object_never_an_exception(command, job):
    reply, ok = answer(command, job)
    assert isinstance(reply, dict)
    if not ok:
        assert set(reply) == {"error"} and isinstance(reply["error"], str) and reply["error"]
    json.dumps(reply)
