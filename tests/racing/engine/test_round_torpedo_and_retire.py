"""Round mode's Traumatorpedo (the shooter seals the victim's next flight with the shot) and
the referee's retirement of a jet, in the draft and the race."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from racing.engine import (
    EngineError,
    load,
    new_race,
    play_sealed,
    play_turn,
    retire,
)
from racing.engine.pilot import _torpedo_use, standing

from .helpers import cards, find, jet, of_type, race


def close(a, b):
    return math.isclose(a, b, abs_tol=1e-6)


def round_race(*jets, queue):
    """A round-mode race with the first jet on turn and ``queue`` still to fly this round."""
    state = race(*jets, turn_order="race", turn=jets[0]["id"])
    return load({**state, "turn": {**state["turn"], "queue": queue}})


SHOOTER = jet("a", 0, 0, 0, lift=1, equipment=cards("traumatorpedo", "booster"))
VICTIM = jet("b", 100, 0, 0, lift=2, equipment=cards("booster"))
THIRD = jet("z", 0, 900)


def test_round_mode_the_victim_flies_the_flight_its_shooter_sealed_not_its_own_order():
    state = round_race(SHOOTER, VICTIM, THIRD, queue=["b", "z"])
    shot = {
        "lift": 1,
        "after": [{"card": 1, "target": "b", "flight": {"change": 1, "hinge": [30, 30]}}],
    }
    after, events = play_sealed(state, shot)
    b = find(after, "b")
    assert b["controller"] == "a" and b["sealed_flight"] == {"change": 1, "hinge": [30.0, 30.0]}
    assert {"type": "controlled", "jet": "b", "controller": "a"} in events
    # The victim's own sealed order (a boost to Lift 4, straight) is not what it flies.
    flown, events = play_sealed(after, {"lift": 4, "boost": "booster"})
    b = find(flown, "b")
    assert b["lift"] == 3 and close(b["heading"], 60) and b["energy"] == 15
    assert b["controller"] is None and b["sealed_flight"] is None
    assert not of_type(events, "used") and of_type(events, "turn")[0]["controller"] == "a"


def test_round_mode_a_torpedo_without_a_sealed_flight_flies_its_victim_straight_on_uncounted():
    state = round_race(SHOOTER, VICTIM, THIRD, queue=["b", "z"])
    after, _ = play_sealed(state, {"lift": 1, "after": [{"card": 1, "target": "b"}]})
    flown, events = play_sealed(after, {"lift": 3, "hinge": [-40, 0]})
    b = find(flown, "b")
    assert b["lift"] == 2 and close(b["x"], 180) and close(b["heading"], 0)
    assert b["missed_in_row"] == 0 and not of_type(events, "missed")


def test_round_mode_a_sealed_flight_made_illegal_falls_back_as_every_sealed_order_does():
    state = round_race(SHOOTER, VICTIM, THIRD, queue=["b", "z"])
    after, _ = play_sealed(
        state,
        {
            "lift": 1,
            "after": [{"card": 1, "target": "b", "flight": {"change": 0, "hinge": [90, 0]}}],
        },
    )  # past Lift 2's hinge limit
    flown, events = play_sealed(after, None)
    assert of_type(events, "sealed_fallback") == [
        {"type": "sealed_fallback", "jet": "b", "flown": "default"}
    ]
    assert close(find(flown, "b")["x"], 180)


def test_turn_mode_refuses_a_sealed_flight_the_shooter_orders_live_there():
    state = race(SHOOTER, VICTIM, THIRD)
    with pytest.raises(EngineError, match="turn mode") as refused:
        play_turn(
            state,
            {
                "lift": 1,
                "after": [{"card": 1, "target": "b", "flight": {"change": 0, "hinge": [0, 0]}}],
            },
        )
    assert refused.value.code == "flight_in_turn_mode"


def test_a_sealed_flight_is_checked_for_shape():
    state = round_race(SHOOTER, VICTIM, THIRD, queue=["b", "z"])
    for flight in ({"change": 2}, {"hinge": [1]}, {"hinge": [1, "x"]}, []):
        with pytest.raises(EngineError, match="flight"):
            play_sealed(state, {"lift": 1, "after": [{"card": 1, "target": "b", "flight": flight}]})


def test_a_computer_pilots_torpedo_seals_the_victims_worst_flight_in_round_mode_only():
    ace = jet("a", 0, 0, 0, lift=2, equipment=cards("traumatorpedo"), energy=20)
    rival = jet("b", 100, 0, 0, lift=2)
    sealed = round_race(ace, rival, THIRD, queue=["b", "z"])
    use = _torpedo_use(sealed, find(sealed, "b"))
    assert use["flight"]["change"] in (-1, 0, 1)
    after, _ = play_sealed(sealed, {"lift": 2, "after": [use]})
    flown, events = play_sealed(after, None)
    assert not of_type(events, "sealed_fallback")  # a flight the victim can fly
    straight, _ = play_sealed(sealed, {"lift": 2, "after": [{"card": 1, "target": "b"}]})
    straight, _ = play_sealed(straight, None)
    assert standing(flown, find(flown, "b")) <= standing(straight, find(straight, "b"))
    assert "flight" not in _torpedo_use(race(ace, rival, THIRD), rival)


def test_the_referee_retires_the_jet_on_turn_and_the_next_jet_is_on_turn():
    state = race(jet("a", 0, 0), jet("b", 0, 300), jet("c", 0, 600))
    after, events = retire(state, "a")
    assert find(after, "a")["status"] == "retired" and find(after, "a")["place"] is None
    assert events[0] == {"type": "retired", "jet": "a", "why": "referee"}
    assert after["turn"]["jet"] == "b"
    assert find(state, "a")["status"] == "racing"  # the caller's state is untouched


def test_retiring_a_jet_not_on_turn_leaves_the_turn_and_drops_it_from_the_round():
    state = round_race(jet("a", 0, 0), jet("b", 0, 300), jet("c", 0, 600), queue=["b", "c"])
    after, _ = retire(state, "b")
    assert after["turn"]["jet"] == "a" and after["turn"]["queue"] == ["c"]
    flown, _ = play_sealed(after, {"lift": 2})
    assert flown["turn"]["jet"] == "c"


def test_retiring_a_shooter_gives_its_victim_back_to_its_own_pilot():
    state = race(SHOOTER, VICTIM, THIRD)
    after, _ = play_turn(state, {"lift": 1, "after": [{"card": 1, "target": "b"}]})
    assert after["turn"]["controller"] == "a"
    freed, _ = retire(after, "a")
    assert freed["turn"] == {**after["turn"], "controller": None}
    assert find(freed, "b")["controller"] is None


def test_in_round_mode_a_retired_shooters_victim_still_flies_the_sealed_flight():
    state = round_race(SHOOTER, VICTIM, THIRD, queue=["b", "z"])
    after, _ = play_sealed(
        state,
        {
            "lift": 1,
            "after": [{"card": 1, "target": "b", "flight": {"change": 1, "hinge": [30, 30]}}],
        },
    )
    retired, _ = retire(after, "a")
    assert find(retired, "b")["controller"] == "a"
    flown, events = play_sealed(retired, None)  # the victim's seat owed no order
    assert find(flown, "b")["lift"] == 3 and not of_type(events, "missed")


def test_retiring_the_last_racer_ends_the_race_and_a_retired_jet_cannot_retire_again():
    state = race(jet("a", 0, 0), jet("b", 0, 300))
    after, _ = retire(state, "b")
    with pytest.raises(EngineError) as refused:
        retire(after, "b")
    assert refused.value.code == "not_racing"
    over, events = retire(after, "a")
    assert over["phase"] == "over" and events[-1]["type"] == "over"
    with pytest.raises(EngineError) as refused:
        retire(over, "a")
    assert refused.value.code == "race_over"


def test_in_the_draft_a_retired_jet_picks_no_more_and_the_race_starts_without_it():
    state = new_race("oval5", [{"id": c, "seat": i} for i, c in enumerate(("r", "g", "b"))], 2)
    picker = state["turn"]["jet"]
    after, _ = retire(state, picker)
    assert after["phase"] == "draft" and after["turn"]["jet"] != picker
    while after["phase"] == "draft":
        after, _ = play_turn(after, {"pick": None})
    assert after["phase"] == "race" and after["turn"]["jet"] != picker
    assert find(after, picker)["status"] == "retired"


def test_the_json_face_retires_with_a_turn_job():
    state = race(jet("a", 0, 0), jet("b", 0, 300))
    run = subprocess.run(
        [sys.executable, "-m", "racing.engine", "turn"],
        capture_output=True,
        text=True,
        input=json.dumps({"state": state, "retire": "a"}),
        check=False,
    )
    reply = json.loads(run.stdout)
    assert run.returncode == 0 and reply["events"][0]["why"] == "referee"
    run = subprocess.run(
        [sys.executable, "-m", "racing.engine", "turn"],
        capture_output=True,
        text=True,
        input=json.dumps({"state": state, "retire": "a", "missed": True}),
        check=False,
    )
    assert run.returncode == 1 and set(json.loads(run.stdout)) == {"error"}
