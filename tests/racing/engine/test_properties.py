"""Property tests over random races: random legal-looking orders (lifts and hinges from
``legal``, random slips, random equipment on random targets, missed turns) until the race ends
or a turn budget runs out; after every turn the invariants of the rules hold."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from racing.engine import EngineError, computer_order, legal, load, new_race, play_turn
from racing.engine.flight import TOUCH
from racing.engine.geometry import distance

from .helpers import of_type

pytestmark = pytest.mark.slow  # property tests: many generated races each

SETTINGS = {"max_examples": 25, "deadline": None, "suppress_health_check": [HealthCheck.too_slow]}


@st.composite
def races(draw):
    jets = draw(st.integers(3, 6))
    state = new_race(
        draw(st.sampled_from(["oval5", "oval7", "eight9"])),
        [{"id": f"j{s}", "seat": s} for s in range(jets)],
        level=draw(st.integers(1, 4)),
        laps=draw(st.integers(1, 2)),
        seed=draw(st.integers(0, 2**31)),
        turn_order=draw(st.sampled_from(["seats", "race"])),
    )
    return state, Random(draw(st.integers(0, 2**31))), draw(st.integers(10, 70))


def random_use(rng, state, jet, card):
    others = [j["id"] for j in state["jets"] if j["id"] != jet["id"] and j["status"] == "racing"]
    return {
        "card": rng.choice([card["card"], card["kind"]]),
        "target": rng.choice(others) if others else None,
        "side": rng.choice(["left", "right"]),
        "lift": rng.randint(1, 3),
        "direction": rng.choice(["front", "back"]),
        "hinge": [rng.uniform(-30, 30), rng.uniform(-30, 30)],
        "angle": rng.uniform(-45, 45),
        "gate": rng.randint(1, 5),
        "pivot": rng.randint(0, 1),
        "mode": rng.choice(["repair", "energy"]),
        "use": {
            "card": "kupferwurm",
            "target": rng.choice(others) if others else None,
            "direction": "front",
        },
    }


def random_order(rng, state):
    options = legal(state)
    if state["phase"] == "draft":
        return {"pick": rng.choice(options["picks"] + [None])}
    jet = next(j for j in state["jets"] if j["id"] == state["turn"]["jet"])
    roll = rng.random()
    if roll < 0.08:
        return None
    if roll < 0.3:
        return computer_order(state, 2)
    arc = rng.choice(options["reach"])
    limit = options["hinge_limits"][str(arc["flight_lift"])]
    order = {
        "lift": arc["lift"],
        "hinge": [rng.uniform(-limit, limit), rng.uniform(-limit, limit)],
        "slips": [[rng.uniform(-limit, limit), 0.0] for _ in range(rng.randint(0, 1))],
    }
    if arc["boost"]:
        order["boost"] = arc["boost"]
    if arc["boost"] == "hyper_booster":
        order["hyper"] = {"hinge": [rng.uniform(-limit, limit), 0.0]}
    for phase in ("before", "after"):
        usable = [e for e in options["equipment"] if e["usable"] and phase in e["phases"]]
        if usable and rng.random() < 0.5:
            card = rng.choice(usable)
            order[phase] = [random_use(rng, state, jet, card)]
    return order


def invariants(before, after, events):
    racing = [j for j in after["jets"] if j["status"] == "racing"]
    for a, b in itertools.combinations(racing, 2):
        assert distance((a["x"], a["y"]), (b["x"], b["y"])) > TOUCH, (a["id"], b["id"])
    assert all(j["energy"] >= 0 for j in after["jets"])
    refuels = Counter((e["jet"], e["gate"]) for e in of_type(events, "refuelled"))
    laps = {e["jet"] for e in of_type(events, "lap")}
    for (jet_id, gate), count in refuels.items():
        was = next(j for j in before["jets"] if j["id"] == jet_id)
        assert count <= (2 if jet_id in laps else 1)
        if jet_id not in laps:
            assert gate not in was["refuelled"]
    for jet, was in zip(after["jets"], before["jets"]):
        passed = [e["gate"] for e in of_type(events, "gate") if e["jet"] == jet["id"]]
        assert passed == sorted(set(passed))  # each gate at most once, in order
        restarted = any(e["jet"] == jet["id"] for e in events if e["type"] in ("started", "lap"))
        if passed:
            assert passed[0] == (2 if restarted else was["next_gate"])
    assert json.loads(json.dumps([after, events])) == [after, events]  # plain JSON data
    reloaded = load(after)
    for key in after:
        assert reloaded[key] == after[key], key


@settings(**SETTINGS)
@given(races())
def test_random_races_keep_the_invariants(case):
    state, rng, budget = case
    for _ in range(budget):
        if state["phase"] == "over":
            break
        order = random_order(rng, state)
        try:
            after, events = play_turn(state, order)
        except EngineError:
            after, events = play_turn(state, None)
        invariants(state, after, events)
        state = after


@settings(**SETTINGS)
@given(races())
def test_a_preview_equals_the_turn_that_follows_it(case):
    state, rng, budget = case
    for _ in range(min(budget, 30)):
        if state["phase"] == "over":
            break
        order = random_order(rng, state)
        if order is None:
            order = {"lift": 9}
        preview = legal(state, order)["preview"]
        try:
            turn = play_turn(state, order)
        except EngineError as error:
            assert preview == {"error": str(error)}
            state, _ = play_turn(state, None)
            continue
        assert preview == {"state": turn[0], "events": turn[1]}
        state = turn[0]


@settings(**SETTINGS)
@given(races())
def test_every_racing_jet_flies_once_a_round(case):
    state, _rng, budget = case
    flown = Counter()
    for _ in range(budget):
        if state["phase"] != "race":
            state, _ = play_turn(state, None) if state["phase"] == "draft" else (state, [])
            if state["phase"] == "over":
                break
            continue
        round_ = state["turn"]["round"]
        flown[(round_, state["turn"]["jet"])] += 1
        state, _ = play_turn(state, computer_order(state, 1))
    assert max(flown.values(), default=1) == 1


@settings(**SETTINGS)
@given(races(), st.floats(0.0, 1.0))
def test_the_clear_arcs_of_legal_are_exactly_where_a_flight_needs_no_slip(case, where):
    state, _rng, budget = case
    for _ in range(budget // 2):
        if state["phase"] == "over":
            return
        state, _ = play_turn(state, computer_order(state, 1) if state["phase"] == "race" else None)
    if state["phase"] != "race":
        return
    jet = next(j for j in state["jets"] if j["id"] == state["turn"]["jet"])
    for arc in legal(state)["reach"]:
        if arc["boost"] or arc["flight_lift"] == 0:
            continue
        heading = arc["from"] + where * (arc["to"] - arc["from"])
        inside = any(a - 1e-6 <= heading <= b + 1e-6 for a, b in arc["clear"])
        margin = min([abs(heading - e) for a, b in arc["clear"] for e in (a, b)], default=99)
        if margin < 1e-3:
            continue
        try:
            _, events = play_turn(
                state, {"lift": arc["lift"], "hinge": [heading - jet["heading"], 0.0]}
            )
        except EngineError as error:
            assert not inside and "slip" in str(error)
            continue
        assert inside == (not of_type(events, "slip"))


@settings(**SETTINGS)
@given(races(), st.sampled_from([1, 2]))
def test_a_computer_pilots_order_is_always_legal(case, level):
    state, rng, budget = case
    for _ in range(budget):
        if state["phase"] == "over":
            break
        order = computer_order(state, level)
        state, _events = play_turn(state, order)  # raises if the order were illegal
        if rng.random() < 0.2 and state["phase"] == "race":  # now and then a stray turn
            try:
                state, _ = play_turn(state, random_order(rng, state))
            except EngineError:
                state, _ = play_turn(state, None)
