"""Computer pilots on hand-made positions: they fly through the next gate, do not ram buoys
for nothing, keep clear when they cannot pay a slip, use equipment when it pays, and fly a
Traumatorpedo's victim badly."""

from __future__ import annotations

import pytest

from racing.engine import EngineError, computer_order, play_turn

from .helpers import LINE, cards, find, jet, of_type, race


@pytest.mark.parametrize("level", [1, 2])
def test_a_pilot_flies_through_the_next_gate_in_reach(level):
    # gate 2 is the line x = 200, |y| < 80; the jet is 60 mm short of it, a little off centre
    state = race(jet("a", 140, 40, 30, lift=2), jet("z", 0, 900), course=LINE)
    _after, events = play_turn(state, computer_order(state, level))
    assert of_type(events, "gate") == [{"type": "gate", "jet": "a", "gate": 2, "next_gate": 3}]


def test_a_pilot_does_not_ram_a_buoy_it_is_heading_for():
    # heading straight for gate 2's buoy a at (200, 80)
    state = race(jet("a", 120, 80, 0, lift=2), jet("z", 0, 900), course=LINE)
    _after, events = play_turn(state, computer_order(state, 1))
    assert not of_type(events, "rammed") and of_type(events, "gate")


def test_a_pilot_without_energy_keeps_clear_of_other_jets():
    state = race(
        jet("a", 100, 0, 0, lift=2, energy=0), jet("b", 180, 0, 0), jet("z", 0, 900), course=LINE
    )
    after, events = play_turn(state, computer_order(state, 1))
    assert not of_type(events, "slip") and find(after, "a")["energy"] >= 0


def test_an_ace_short_of_energy_at_lift_1_calls_robert():
    state = race(
        jet("a", -300, 300, 0, lift=2, energy=2, equipment=cards("robert")),
        jet("z", 0, 900),
        course=LINE,
    )
    order = computer_order(state, 2)
    assert order["lift"] == 1 and order["before"] == [{"card": "robert", "mode": "energy"}]
    assert find(play_turn(state, order)[0], "a")["energy"] == 4


def test_an_ace_shoots_a_rival_in_its_projector_line():
    state = race(
        jet("a", -300, 300, 0, lift=1, equipment=cards("sticky_fingers")),
        jet("b", -200, 300, 0, lift=5, next_gate=4),
        jet("z", 0, 900),
        course=LINE,
    )
    order = computer_order(state, 2)
    uses = order.get("before", []) + order.get("after", [])
    assert {"card": "sticky_fingers", "target": "b"} in uses
    after, _ = play_turn(state, order)
    assert find(after, "b")["lift"] == 0


def test_a_cadet_uses_no_equipment():
    state = race(
        jet("a", -300, 300, 0, lift=1, energy=4, equipment=cards("robert")),
        jet("z", 0, 900),
        course=LINE,
    )
    order = computer_order(state, 1)
    assert not order.get("before") and not order.get("after") and not order.get("boost")


def test_the_shooter_of_a_traumatorpedo_flies_its_victim_away_from_its_gate():
    state = race(jet("a", 140, 0, 0, lift=2, controller="z"), jet("z", 0, 900), course=LINE)
    order = computer_order(state, 2)
    assert set(order) <= {"lift", "hinge"}
    _after, events = play_turn(state, order)
    assert not of_type(events, "gate")


def test_a_pilot_drafts_by_its_preference_and_the_level_is_checked():
    from racing.engine import new_race

    state = new_race("oval5", [{"id": f"j{s}", "seat": s} for s in range(3)], level=3)
    assert computer_order(state, 2) == {"pick": "booster"}
    with pytest.raises(EngineError, match="level is one of"):
        computer_order(state, 3)


def test_a_pilot_finds_the_one_narrow_clear_course_or_misses_when_there_is_none():
    from .test_flight import polar

    # Lift 0 closed, no energy to slip: only Lift 1 between -14 and -2 degrees lands clear,
    # between the hinges a pilot tries first (every 15 degrees, and towards its gate)
    walls = [
        polar("p", 40, 42),
        polar("q", 40, -58),
        polar("r", 80, 0),
        polar("s", 80, 35),
        polar("t", 80, -35),
    ]
    state = race(jet("a", 0, 0, 0, lift=1, lift0_turns=2, energy=0), *walls)
    order = computer_order(state, 1)
    _after, events = play_turn(state, order)
    assert "miss" not in order and not of_type(events, "slip")
    assert -14 < order["hinge"][0] < -2
    boxed = race(
        jet("a", 0, 0, 0, lift=1, lift0_turns=2, energy=0),
        polar("p", 40, 30),
        polar("q", 40, -30),
        *walls[2:],
    )
    assert computer_order(boxed, 1) == {"miss": True}
