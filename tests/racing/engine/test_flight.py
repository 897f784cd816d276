"""Flying: lifts and hinges, slips (rear, sideways, head-on, chains, the nearest blocker),
gates in order, refuelling once per gate per lap, ramming buoys, laps, the finish and places."""

from __future__ import annotations

import math

import pytest

from racing.engine import EngineError, legal, play_turn

from .helpers import FAR, LINE, find, jet, of_type, race


def close(a, b):
    return math.isclose(a, b, abs_tol=1e-6)


def test_a_flight_lays_the_ruler_at_hinge_1_and_the_jet_at_hinge_2():
    state = race(jet("a", 0, 0, 0, lift=3), jet("b", 0, 500))
    after, events = play_turn(state, {"lift": 3, "hinge": [30, -20]})
    a = find(after, "a")
    assert close(a["x"], 120 * math.cos(math.radians(30)))
    assert close(a["y"], 120 * math.sin(math.radians(30)))
    assert close(a["heading"], 10) and a["lift"] == 3
    assert of_type(events, "moved")[0]["path"] == [[[0.0, 0.0], [a["x"], a["y"]]]]


@pytest.mark.parametrize("lift,limit", [(1, 60), (2, 45), (3, 30), (4, 20), (5, 10)])
def test_each_lift_has_its_hinge_limit(lift, limit):
    state = race(jet("a", 0, 0, 0, lift=lift), jet("b", 0, 900))
    play_turn(state, {"lift": lift, "hinge": [limit, -limit]})
    with pytest.raises(EngineError, match="past the limit"):
        play_turn(state, {"lift": lift, "hinge": [limit + 0.5, 0]})
    assert legal(state)["hinge_limits"][str(lift)] == limit


def test_the_lift_changes_by_one_at_most_and_lift_0_does_not_turn():
    state = race(jet("a", 0, 0, lift=2), jet("b", 0, 900))
    assert legal(state)["lifts"] == [1, 2, 3]
    with pytest.raises(EngineError, match="order.lift must be one of"):
        play_turn(state, {"lift": 4})
    stopped = race(jet("a", 0, 0, lift=1), jet("b", 0, 900))
    after, _ = play_turn(stopped, {"lift": 0})
    assert find(after, "a")["x"] == 0 and find(after, "a")["lift0_turns"] == 1
    with pytest.raises(EngineError, match="no turning at Lift 0"):
        play_turn(stopped, {"lift": 0, "hinge": [5, 0]})


def test_at_most_two_turns_in_a_row_at_lift_0_and_not_before_the_start():
    state = race(jet("a", 0, 0, lift=0, lift0_turns=2), jet("b", 0, 900))
    assert legal(state)["lifts"] == [1]
    fresh = race(jet("a", 0, 0, lift=0, started=False, next_gate=1), jet("b", 0, 900))
    assert legal(fresh)["lifts"] == [1]


def test_a_rear_slip_lays_the_ruler_from_the_blocker_along_its_heading_for_one_energy():
    # a flies east 80 mm onto b, who also heads east: a slips from b's centre
    state = race(jet("a", 0, 0, 0, lift=2), jet("b", 80, 0, 0), jet("c", 0, 900))
    after, events = play_turn(state, {"lift": 2, "hinge": [0, 0], "slips": [[10, 5]]})
    a = find(after, "a")
    assert close(a["x"], 80 + 80 * math.cos(math.radians(10)))
    assert close(a["y"], 80 * math.sin(math.radians(10)))
    assert close(a["heading"], 15) and a["energy"] == 14
    assert of_type(events, "slip") == [
        {
            "type": "slip",
            "jet": "a",
            "blocker": "b",
            "kind": "rear",
            "hinge": [10.0, 5.0],
            "energy": 14,
        }
    ]


def test_sideways_and_head_on_slips():
    side = race(jet("a", 0, 0, 0, lift=2), jet("b", 80, 0, 90), jet("c", 0, 900))
    after, events = play_turn(side, {"lift": 2})
    assert of_type(events, "slip")[0]["kind"] == "side"
    assert close(find(after, "a")["x"], 80) and close(find(after, "a")["y"], 80)
    assert close(find(after, "a")["heading"], 90)
    head_on = race(jet("a", 0, 0, 0, lift=2), jet("b", 80, 0, 180), jet("c", 0, 900))
    after, events = play_turn(head_on, {"lift": 2})
    assert of_type(events, "slip")[0]["kind"] == "head_on"
    assert close(find(after, "a")["x"], 160) and close(find(after, "a")["heading"], 0)


def test_slips_chain_and_each_costs_one():
    state = race(
        jet("a", 0, 0, 0, lift=2), jet("b", 80, 0, 0), jet("c", 160, 0, 0), jet("d", 0, 900)
    )
    after, events = play_turn(state, {"lift": 2})
    assert [s["blocker"] for s in of_type(events, "slip")] == ["b", "c"]
    assert close(find(after, "a")["x"], 240) and find(after, "a")["energy"] == 13


def test_a_jet_touching_two_slips_on_the_one_nearest_its_landing_point():
    state = race(
        jet("a", 0, 0, 0, lift=2), jet("b", 95, 12, 90), jet("c", 70, -5, 0), jet("d", 0, 900)
    )
    _, events = play_turn(state, {"lift": 2})
    assert of_type(events, "slip")[0]["blocker"] == "c"


def test_without_energy_a_slip_is_refused_and_the_order_must_avoid_contact():
    state = race(jet("a", 0, 0, 0, lift=2, energy=0), jet("b", 80, 0, 0), jet("c", 0, 900))
    with pytest.raises(EngineError, match="no energy to slip over b"):
        play_turn(state, {"lift": 2})
    after, _ = play_turn(state, {"lift": 2, "hinge": [45, 0]})
    assert find(after, "a")["energy"] == 0
    with pytest.raises(EngineError, match="may not miss"):
        play_turn(state, {"miss": True})


def polar(id_, radius, angle):
    return jet(
        id_, radius * math.cos(math.radians(angle)), radius * math.sin(math.radians(angle)), 0.0
    )


def test_missing_a_turn_is_allowed_only_when_no_course_at_lift_plus_minus_1_avoids_contact():
    # Lift 0 is closed (two standing turns): Lift 1 and 2 land at 40 / 80 mm within 60 / 45
    # degrees, and jets cover both arcs
    walls = [
        polar("p", 40, 30),
        polar("q", 40, -30),
        polar("r", 80, 0),
        polar("s", 80, 30),
        polar("t", 80, -30),
    ]
    state = race(jet("a", 0, 0, 0, lift=1, lift0_turns=2), *walls)
    options = legal(state)
    assert options["lifts"] == [1, 2] and options["miss"] is True
    assert all(arc["clear"] == [] for arc in options["reach"])
    after, events = play_turn(state, {"miss": True})
    assert find(after, "a")["x"] == 0 and of_type(events, "stood")[0]["why"] == "no_course"
    opened = race(jet("a", 0, 0, 0, lift=1, lift0_turns=2), *walls[:4])
    assert legal(opened)["miss"] is False
    with pytest.raises(EngineError, match="may not miss"):
        play_turn(opened, {"miss": True})
    standing = race(jet("a", 0, 0, 0, lift=1), *walls)
    assert legal(standing)["lifts"] == [0, 1, 2] and legal(standing)["miss"] is False


def test_gate_1_starts_the_race_and_refuels_then_gates_count_in_order_only():
    state = race(
        jet("a", -20, 0, 0, lift=4, started=False, next_gate=1), jet("b", 0, 900), course=LINE
    )
    after, events = play_turn(state, {"lift": 4})
    a = find(after, "a")
    assert a["started"] and a["next_gate"] == 2 and a["refuelled"] == [1] and a["energy"] == 17
    assert of_type(events, "started") == [{"type": "started", "jet": "a"}]
    # flying through gate 3 before gate 2 refuels but does not count for the race
    skip = race(jet("a", 380, 30, 0, lift=1), jet("b", 0, 900), course=LINE)
    after, events = play_turn(skip, {"lift": 1})
    a = find(after, "a")
    assert a["next_gate"] == 2 and a["refuelled"] == [3] and a["energy"] == 17
    assert not of_type(events, "gate")


def test_a_gate_refuels_once_per_lap_however_often_it_is_crossed():
    state = race(
        jet("a", 190, 0, 0, lift=1, refuelled=[2], next_gate=3), jet("b", 0, 900), course=LINE
    )
    after, events = play_turn(state, {"lift": 1})
    assert find(after, "a")["energy"] == 15 and not of_type(events, "refuelled")


def test_a_lap_through_gate_1_after_the_last_gate_finishes_and_places():
    state = race(
        jet("a", -30, 0, 0, lift=2, next_gate=1, refuelled=[1, 2, 3, 4, 5]),
        jet("b", -30, 300, 0, lift=2, next_gate=1),
        jet("c", 0, 900),
        course=LINE,
        laps=1,
    )
    after, events = play_turn(state, {"lift": 2})
    assert find(after, "a")["status"] == "finished" and find(after, "a")["place"] == 1
    assert after["winner"] == "a"
    assert [e["type"] for e in events if e["type"] in ("lap", "finished", "winner")] == [
        "lap",
        "finished",
        "winner",
    ]
    assert after["turn"]["jet"] == "b"
    two_laps = race(
        jet("a", -30, 0, 0, lift=2, next_gate=1, refuelled=[1, 2, 3]),
        jet("c", 0, 900),
        course=LINE,
        laps=2,
    )
    after, _ = play_turn(two_laps, {"lift": 2})
    a = find(after, "a")
    assert a["laps"] == 1 and a["next_gate"] == 2 and a["refuelled"] == [1] and a["energy"] == 17


def test_the_race_is_over_when_no_jet_races_and_places_follow_the_finish():
    state = race(
        jet("a", -30, 0, 0, lift=2, next_gate=1),
        jet("b", -30, 300, 0, lift=2, status="finished", place=1),
        course=LINE,
    )
    state["winner"] = "b"
    after, events = play_turn(state, {"lift": 2})
    assert after["phase"] == "over" and find(after, "a")["place"] == 2
    assert of_type(events, "over") == [{"type": "over", "winner": "b", "places": ["b", "a"]}]


def test_ramming_a_buoy_gives_2_energy_and_3_chips_placed_by_the_pilot():
    # gate 2's buoy a stands at (200, 80): fly along y = 85, just outside the gate
    state = race(
        jet(
            "a",
            150,
            85,
            0,
            lift=2,
            equipment=[{"id": 4, "kind": "booster"}, {"id": 9, "kind": "robert"}],
        ),
        jet("b", 0, 900),
        course=LINE,
    )
    after, events = play_turn(state, {"lift": 2, "ram_chips": [9, 9]})
    assert of_type(events, "rammed") == [
        {"type": "rammed", "jet": "a", "gate": 2, "buoy": "a", "energy": 17}
    ]
    assert of_type(events, "chips")[0]["cards"] == [9, 9, 4]
    # one chip comes off at the end of the turn (the first card with chips)
    assert {c["id"]: c["chips"] for c in find(after, "a")["equipment"]} == {4: 0, 9: 2}


def test_a_buoy_touching_at_the_start_of_the_move_is_not_rammed():
    state = race(jet("a", 190, 70, 0, lift=1), jet("b", 0, 900), course=LINE)
    _, events = play_turn(state, {"lift": 1})
    assert not of_type(events, "rammed")


def test_the_missed_turn_default_flies_straight_at_the_current_lift_and_the_third_retires():
    state = race(jet("a", 0, 0, 0, lift=3, equipment=[]), jet("b", 0, 900))
    after, events = play_turn(state, None)
    assert close(find(after, "a")["x"], 120) and find(after, "a")["missed_in_row"] == 1
    third = race(jet("a", 0, 0, 0, lift=3, missed_in_row=2), jet("b", 0, 900))
    after, events = play_turn(third, None)
    assert find(after, "a")["status"] == "retired" and of_type(events, "retired")
    assert after["phase"] == "race" and after["turn"]["jet"] == "b"
    flown = race(jet("a", 0, 0, 0, lift=3, missed_in_row=2), jet("b", 0, 900))
    after, _ = play_turn(flown, {"lift": 3})
    assert find(after, "a")["missed_in_row"] == 0


def test_a_missed_turn_at_lift_0_after_two_standing_turns_flies_lift_1():
    state = race(jet("a", 0, 0, 0, lift=0, lift0_turns=2), jet("b", 0, 900))
    after, _ = play_turn(state, None)
    assert close(find(after, "a")["x"], 40) and find(after, "a")["lift"] == 1


def test_turns_go_in_seat_order_and_count_rounds():
    state = race(jet("a", 0, 0, seat=2), jet("b", 0, 300, seat=0), jet("c", 0, 600, seat=4))
    assert state["turn"]["jet"] == "b"
    seen = []
    for _ in range(4):
        seen.append((state["turn"]["jet"], state["turn"]["round"]))
        state, _ = play_turn(state, {"lift": 1})
    assert seen == [("b", 1), ("a", 1), ("c", 1), ("b", 2)]


def test_a_course_is_checked():
    with pytest.raises(EngineError, match="overlap"):
        race(
            jet("a", 0, 0),
            course={
                "gates": [{"x": 0, "y": 0, "angle": 0}, {"x": 0, "y": 10, "angle": 0}]
                + FAR["gates"][2:]
            },
        )
    with pytest.raises(EngineError, match="5-9 gates"):
        race(jet("a", 0, 0), course={"gates": FAR["gates"][:4]})


def test_in_round_mode_each_round_goes_in_race_order_leader_first():
    # on LINE: c has passed gate 2, a is nearer gate 2 than b
    state = race(
        jet("a", 150, 200, 0, seat=0),
        jet("b", 50, 200, 0, seat=1),
        jet("c", 250, -200, 0, seat=2, next_gate=3),
        course=LINE,
        turn_order="race",
        turn="a",
    )
    seen = []
    for _ in range(4):
        seen.append((state["turn"]["jet"], state["turn"]["round"]))
        state, _ = play_turn(
            state, {"lift": 1, "hinge": [0, 0]} if state["turn"]["jet"] != "b" else {"lift": 3}
        )
    # a is the last of round 1 (as given: nobody queued); round 2: c leads, then a, nearer
    # gate 2 than b
    assert seen == [("a", 1), ("c", 2), ("a", 2), ("b", 2)]
    assert state["turn"]["round"] == 3 and state["turn"]["jet"] == "c"


def test_a_sealed_round_mode_order_slips_by_default_and_falls_back_when_made_illegal():
    from racing.engine import play_sealed

    # sealed before b moved into a's way: the slips it gave are replaced by the default rule
    state = race(jet("a", 0, 0, 0, lift=2), jet("b", 80, 0, 0), jet("c", 0, 900))
    after, events = play_sealed(state, {"lift": 2, "slips": [[20, 20]]})
    assert of_type(events, "slip")[0]["hinge"] == [0.0, 0.0]
    assert close(find(after, "a")["x"], 160)
    # a card damaged meanwhile: the lift and hinges alone are flown
    damaged = race(
        jet("a", 0, 0, 0, lift=2, equipment=[{"id": 1, "kind": "robert", "chips": 1}]),
        jet("c", 0, 900),
    )
    after, events = play_sealed(
        damaged, {"lift": 1, "hinge": [30, 0], "before": [{"card": 1, "mode": "energy"}]}
    )
    assert of_type(events, "sealed_fallback") == [
        {"type": "sealed_fallback", "jet": "a", "flown": "lift_and_hinges"}
    ]
    assert close(find(after, "a")["heading"], 30) and find(after, "a")["energy"] == 15
    # nothing of it can be flown any more: the default, not counted as missed
    broke = race(jet("a", 0, 0, 0, lift=2, energy=0), jet("b", 80, 0, 0), jet("c", 0, 900))
    after, events = play_sealed(broke, {"lift": 2})
    assert of_type(events, "sealed_fallback")[0]["flown"] == "default"
    assert find(after, "a")["missed_in_row"] == 0 and events[0]["how"] == "default"
