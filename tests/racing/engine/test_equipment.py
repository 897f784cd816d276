"""Each of the 17 equipment kinds on hand-made positions, and the rules every use shares:
the cost, damage chips, once per kind and turn."""

from __future__ import annotations

import math

import pytest

from racing.engine import KINDS, EngineError, legal, play_turn

from .helpers import cards, find, jet, of_type, race


def close(a, b):
    return math.isclose(a, b, abs_tol=1e-6)


def shooter(*kinds, **fields):
    return jet("a", 0, 0, 0, equipment=cards(*kinds), **fields)


def used(events):
    return [(e["kind"], e["cost"]) for e in of_type(events, "used")]


def test_the_catalogue_has_the_17_kinds_with_their_costs():
    assert {k: v.cost for k, v in KINDS.items()} == {
        "booster": 1,
        "retro_booster": 1,
        "hyper_booster": 3,
        "take_five": 3,
        "photonenpaddel": 1,
        "paddel_de_luxe": 2,
        "sidestep": 2,
        "kupferwurm": 1,
        "sticky_fingers": 2,
        "butt_kick": 2,
        "traumatorpedo": 4,
        "stasisfeld": 3,
        "uberhirn": 2,
        "warpfeld": 4,
        "robert": 1,
        "abstauber": 1,
        "hollenboller": 2,
    }


def test_booster_accelerates_by_two_lifts_for_one_energy():
    state = race(shooter("booster", lift=2), jet("z", 0, 900))
    with pytest.raises(EngineError, match="order.lift must be one of"):
        play_turn(state, {"lift": 4})
    after, events = play_turn(state, {"lift": 4, "boost": "booster"})
    a = find(after, "a")
    assert a["lift"] == 4 and close(a["x"], 160) and a["energy"] == 14
    assert used(events) == [("booster", 1)]


def test_retro_booster_brakes_by_two_lifts():
    state = race(shooter("retro_booster", lift=4), jet("z", 0, 900))
    after, _ = play_turn(state, {"lift": 2, "boost": "retro_booster"})
    assert find(after, "a")["lift"] == 2 and close(find(after, "a")["x"], 80)


def test_hyper_booster_flies_the_same_lift_twice():
    state = race(shooter("hyper_booster", lift=2), jet("z", 0, 900))
    after, events = play_turn(
        state, {"lift": 2, "boost": "hyper_booster", "hinge": [0, 45], "hyper": {"hinge": [0, 0]}}
    )
    a = find(after, "a")
    assert close(a["x"], 80 + 80 * math.cos(math.radians(45)))
    assert close(a["y"], 80 * math.sin(math.radians(45))) and a["energy"] == 12
    assert len(of_type(events, "moved")) == 2


def test_take_five_flies_lift_5_raises_the_indicator_by_one_and_takes_3_chips():
    state = race(shooter("take_five", "booster", lift=2), jet("z", 0, 900))
    assert {"lift": 3, "flight_lift": 5, "boost": "take_five"}.items() <= next(
        r for r in legal(state)["reach"] if r["boost"] == "take_five"
    ).items()
    with pytest.raises(EngineError, match="take_five allows lift"):
        play_turn(state, {"lift": 5, "boost": "take_five"})
    after, events = play_turn(state, {"lift": 3, "boost": "take_five", "hinge": [10, 10]})
    a = find(after, "a")
    assert a["lift"] == 3 and close(math.hypot(a["x"], a["y"]), 200) and close(a["heading"], 20)
    assert of_type(events, "chips")[0]["cards"] == [1, 1, 1]
    assert a["equipment"][0]["chips"] == 2  # one chip off at the end of the turn
    assert legal(after | {"turn": {"jet": "a"}})["equipment"][0]["why"] == "damaged"


def test_photonenpaddel_turns_the_jet_again_after_the_flight():
    state = race(shooter("photonenpaddel", lift=1), jet("z", 0, 900))
    after, _events = play_turn(
        state,
        {"lift": 1, "hinge": [0, 60], "after": [{"card": "photonenpaddel", "hinge": [60, 60]}]},
    )
    a = find(after, "a")
    assert close(a["x"], 40) and close(a["heading"], 180) and a["energy"] == 14
    with pytest.raises(EngineError, match="at most 60 degrees"):
        play_turn(state, {"lift": 1, "after": [{"card": "photonenpaddel", "hinge": [61, 0]}]})
    with pytest.raises(EngineError, match="not used at this point"):
        play_turn(state, {"lift": 1, "before": [{"card": "photonenpaddel", "hinge": [0, 0]}]})


def test_paddel_de_luxe_aligns_the_jet_on_the_ruler_as_with_lift_2():
    state = race(shooter("paddel_de_luxe", lift=5), jet("z", 0, 900))
    after, _ = play_turn(
        state, {"lift": 5, "hinge": [10, 10], "after": [{"card": 1, "angle": -45}]}
    )
    a = find(after, "a")
    assert close(a["heading"], -35) and a["energy"] == 13
    with pytest.raises(EngineError, match="at most 45"):
        play_turn(state, {"lift": 5, "after": [{"card": 1, "angle": 50}]})


def test_paddel_de_luxe_after_a_photonenpaddel_turns_from_the_realigned_ruler():
    # The seed: the Photonenpaddel aligns the lift once more, so the last ruler is the new one.
    state = race(
        jet("a", 400, 400, 0, equipment=cards("photonenpaddel", "paddel_de_luxe"), lift=1),
        jet("z", 0, 900),
    )
    order = {
        "lift": 1,
        "hinge": [0, 0],
        "after": [{"card": 1, "hinge": [30, 0]}, {"card": 2, "angle": 0}],
    }
    after, _ = play_turn(state, order)
    assert close(find(after, "a")["heading"], 30)
    twice = order | {"after": [{"card": 1, "hinge": [30, -20]}, {"card": 2, "angle": 10}]}
    assert close(find(play_turn(state, twice)[0], "a")["heading"], 40)


def test_sidestep_steps_sideways_with_lift_1_to_3_and_takes_3_chips():
    state = race(shooter("sidestep", lift=1), jet("z", 0, 900))
    after, _events = play_turn(
        state, {"lift": 1, "before": [{"card": "sidestep", "side": "left", "lift": 3}]}
    )
    a = find(after, "a")
    assert close(a["x"], 40) and close(a["y"], 120) and close(a["heading"], 0)
    assert a["equipment"][0]["chips"] == 2 and a["energy"] == 13
    blocked = race(shooter("sidestep", lift=1), jet("z", 0, -80))
    with pytest.raises(EngineError, match="touching z"):
        play_turn(blocked, {"lift": 1, "before": [{"card": 1, "side": "right", "lift": 2}]})


def test_kupferwurm_hits_forwards_or_backwards_and_the_shooter_places_3_chips():
    victim = jet("b", 100, 5, 90, equipment=cards("booster", "robert"))
    state = race(shooter("kupferwurm", lift=1), victim, jet("z", 0, 900))
    after, events = play_turn(
        state,
        {
            "lift": 1,
            "before": [
                {"card": "kupferwurm", "target": "b", "direction": "front", "chips": [2, 2]}
            ],
        },
    )
    assert of_type(events, "used")[0]["hit"] is True
    assert [c["chips"] for c in find(after, "b")["equipment"]] == [1, 2]
    behind = race(shooter("kupferwurm", lift=1), dict(victim, x=-100), jet("z", 0, 900))
    after, events = play_turn(
        behind, {"lift": 1, "before": [{"card": 1, "target": "b", "direction": "back"}]}
    )
    assert of_type(events, "used")[0]["hit"] is True
    after, events = play_turn(
        behind, {"lift": 1, "before": [{"card": 1, "target": "b", "direction": "front"}]}
    )
    assert of_type(events, "used")[0]["hit"] is False and find(after, "a")["energy"] == 14
    assert [c["chips"] for c in find(after, "b")["equipment"]] == [0, 0]


def test_sticky_fingers_sets_the_victims_lift_to_0():
    state = race(shooter("sticky_fingers", lift=1), jet("b", 130, 0, lift=4), jet("z", 0, 900))
    after, _ = play_turn(state, {"lift": 1, "before": [{"card": 1, "target": "b"}]})
    assert find(after, "b")["lift"] == 0 and find(after, "a")["energy"] == 13


def test_butt_kick_flies_the_victim_with_lift_3_on_the_shooters_hinges():
    state = race(shooter("butt_kick", lift=1), jet("b", 100, 0, 90, lift=4), jet("z", 0, 900))
    after, events = play_turn(
        state, {"lift": 1, "before": [{"card": 1, "target": "b", "hinge": [-30, 30]}]}
    )
    b = find(after, "b")
    assert close(b["x"], 100 + 120 * math.cos(math.radians(60)))
    assert close(b["y"], 120 * math.sin(math.radians(60))) and close(b["heading"], 90)
    assert b["lift"] == 4
    assert of_type(events, "moved")[0]["cause"] == "butt_kick"
    with pytest.raises(EngineError, match="at most 30"):
        play_turn(state, {"lift": 1, "before": [{"card": 1, "target": "b", "hinge": [31, 0]}]})


def test_traumatorpedo_the_shooter_orders_the_victims_next_turn_without_equipment():
    state = race(
        shooter("traumatorpedo", lift=1),
        jet("b", 100, 0, 0, equipment=cards("booster")),
        jet("z", 0, 900),
    )
    after, _events = play_turn(state, {"lift": 1, "after": [{"card": 1, "target": "b"}]})
    assert after["turn"] == {
        "number": 2,
        "round": 1,
        "seat": 1,
        "jet": "b",
        "controller": "a",
        "queue": [],
    }
    assert legal(after)["equipment"][0]["why"] == "controlled"
    with pytest.raises(EngineError, match="Traumatorpedo"):
        play_turn(after, {"lift": 3, "boost": "booster"})
    flown, _ = play_turn(after, {"lift": 1, "hinge": [60, 60]})
    assert find(flown, "b")["controller"] is None and close(find(flown, "b")["heading"], 120)
    missed, _events = play_turn(after, None)
    assert find(missed, "b")["missed_in_row"] == 0  # the shooter's miss, not the victim's


def test_stasisfeld_skips_the_victims_next_turn():
    state = race(shooter("stasisfeld", lift=1), jet("b", 100, 0), jet("z", 0, 900))
    after, events = play_turn(state, {"lift": 1, "before": [{"card": 1, "target": "b"}]})
    assert after["turn"]["jet"] == "z" and not find(after, "b")["stasis"]
    assert {"type": "skipped", "jet": "b", "why": "stasis"} in events


def test_uberhirn_fires_a_projector_of_the_victim_at_the_victims_cost():
    victim = jet("b", 100, 0, 90, equipment=cards("kupferwurm"), energy=5)
    third = jet("c", 100, 100, 0, equipment=cards("robert"))
    state = race(shooter("uberhirn", lift=1), victim, third, jet("z", 0, 900))
    after, events = play_turn(
        state,
        {
            "lift": 1,
            "before": [
                {
                    "card": "uberhirn",
                    "target": "b",
                    "use": {"card": "kupferwurm", "target": "c", "direction": "front"},
                }
            ],
        },
    )
    assert find(after, "b")["energy"] == 4 and find(after, "a")["energy"] == 13
    assert find(after, "c")["equipment"][0]["chips"] == 3
    inner = of_type(events, "used")[1]
    assert inner["jet"] == "b" and inner["by"] == "a" and inner["hit"] is True


def test_uberhirn_with_a_traumatorpedo_gives_control_to_the_uberhirn_shooter():
    victim = jet("b", 100, 0, 90, equipment=cards("traumatorpedo"))
    state = race(shooter("uberhirn", lift=1), victim, jet("c", 100, 100, 0), jet("z", 0, 900))
    after, _ = play_turn(
        state,
        {"lift": 1, "before": [{"card": 1, "target": "b", "use": {"card": 1, "target": "c"}}]},
    )
    assert find(after, "c")["controller"] == "a"


def test_warpfeld_turns_one_buoy_of_a_gate_around_the_other_within_lift_4():
    # FAR's gate 1: centre (3000, 0), flown north: buoy a (2920, 0) on the left, b (3080, 0)
    state = race(jet("a", 2800, 0, 0, equipment=cards("warpfeld"), lift=1), jet("z", 0, 900))
    after, events = play_turn(
        state, {"lift": 1, "before": [{"card": 1, "gate": 1, "pivot": 1, "angle": -90}]}
    )
    g = after["course"]["gates"][0]
    assert close(g["buoys"][0][0], 3080) and close(g["buoys"][0][1], 160)
    assert g["buoys"][1] == [3080.0, 0.0] and close(g["angle"], 0)
    assert of_type(events, "used")[0]["gate"] == 1
    far = race(jet("a", 2700, 0, 0, equipment=cards("warpfeld"), lift=1), jet("z", 0, 900))
    with pytest.raises(EngineError, match="within Lift 4"):
        play_turn(far, {"lift": 1, "before": [{"card": 1, "gate": 1, "pivot": 0, "angle": 10}]})


def test_a_warped_course_must_pass_the_course_check():
    tight = {"gates": [{"x": 170.0 * i, "y": 0.0, "angle": 0.0} for i in range(5)]}
    state = race(
        jet("a", 100, 200, 0, equipment=cards("warpfeld"), lift=1), jet("z", 0, 900), course=tight
    )
    with pytest.raises(EngineError, match="gates 2 and 3 overlap"):
        play_turn(state, {"lift": 1, "before": [{"card": 1, "gate": 2, "pivot": 0, "angle": 90}]})
    after, _ = play_turn(
        state, {"lift": 1, "before": [{"card": 1, "gate": 2, "pivot": 0, "angle": 45}]}
    )
    assert after["course"]["gates"][1]["buoys"][0] == [170.0, 80.0]


def test_robert_repairs_everything_but_itself_or_gives_3_energy_only_at_lift_1():
    held = cards("robert", "booster", "kupferwurm")
    state = race(jet("a", 0, 0, 0, lift=1, equipment=held), jet("z", 0, 900))
    state["jets"][0]["equipment"][1]["chips"] = 4
    state["jets"][0]["equipment"][2]["chips"] = 1
    after, _ = play_turn(state, {"lift": 1, "after": [{"card": "robert", "mode": "repair"}]})
    assert [c["chips"] for c in find(after, "a")["equipment"]] == [0, 0, 0]
    after, _ = play_turn(state, {"lift": 1, "before": [{"card": 1, "mode": "energy"}]})
    assert find(after, "a")["energy"] == 17
    with pytest.raises(EngineError, match="only in a turn flown with Lift 1"):
        play_turn(state, {"lift": 2, "before": [{"card": 1, "mode": "energy"}]})


def test_abstauber_takes_two_energy_from_a_jet_within_lift_1():
    state = race(shooter("abstauber", lift=1), jet("b", 0, 60, energy=1), jet("z", 0, 900))
    after, events = play_turn(state, {"lift": 1, "before": [{"card": 1, "target": "b"}]})
    assert find(after, "b")["energy"] == 0 and find(after, "a")["energy"] == 15
    assert of_type(events, "used")[0]["taken"] == 1
    with pytest.raises(EngineError, match="not within Lift 1"):
        play_turn(state, {"lift": 1, "before": [{"card": 1, "target": "z"}]})


def test_hollenboller_pushes_every_jet_within_lift_1_sideways_with_lift_3_away():
    state = race(
        shooter("hollenboller", lift=1), jet("b", 0, 60, 0), jet("c", 60, 0, 0), jet("z", 0, 900)
    )
    after, _events = play_turn(state, {"lift": 1, "before": [{"card": 1}]})
    b, c = find(after, "b"), find(after, "c")
    assert close(b["x"], 0) and close(b["y"], 180) and close(b["heading"], 0)
    # c stands on a's heading line: no side is away, so `side` (default left) decides
    assert close(c["x"], 60) and close(c["y"], 120)
    assert find(after, "z")["y"] == 900


def test_damaged_equipment_used_twice_or_without_energy_is_refused():
    state = race(
        jet(
            "a",
            0,
            0,
            0,
            lift=1,
            energy=1,
            equipment=cards("kupferwurm", "sticky_fingers", "abstauber", chips={2: 1}),
        ),
        jet("b", 60, 0),
        jet("z", 0, 900),
    )
    why = {e["kind"]: e["why"] for e in legal(state)["equipment"]}
    assert why == {"kupferwurm": None, "sticky_fingers": "energy", "abstauber": "damaged"}
    with pytest.raises(EngineError, match="not enough energy"):
        play_turn(state, {"lift": 1, "before": [{"card": 2, "target": "b"}]})
    with pytest.raises(EngineError, match="damage chip"):
        play_turn(state, {"lift": 1, "before": [{"card": 3, "target": "b"}]})
    rich = race(
        jet("a", 0, 0, 0, lift=1, equipment=cards("kupferwurm", "kupferwurm")),
        jet("b", 60, 0),
        jet("z", 0, 900),
    )
    with pytest.raises(EngineError, match="already used this turn"):
        play_turn(
            rich,
            {
                "lift": 1,
                "before": [{"card": 1, "target": "b", "direction": "front"}],
                "after": [{"card": 2, "target": "b", "direction": "front"}],
            },
        )
    with pytest.raises(EngineError, match="holds no card 7"):
        play_turn(rich, {"lift": 1, "before": [{"card": 7, "target": "b"}]})


def test_the_equipment_station_swaps_cards_for_energy_at_the_cracks_level():
    # FAR's gate 3 (centre (3000, 800)) is the station with 5 gates
    supply = [{"id": 40, "kind": "robert"}, {"id": 41, "kind": "robert"}]
    state = race(
        jet("a", 2800, 800, 0, lift=3, equipment=cards("booster", "sidestep")),
        jet("z", 0, 900),
        level=4,
        supply=supply,
    )
    assert state["course"]["station"] == 3 and legal(state)["station"] is True
    after, _events = play_turn(state, {"station": {"return": [1, 2], "take": ["robert"]}})
    a = find(after, "a")
    assert [c["kind"] for c in a["equipment"]] == ["robert"] and a["energy"] == 18
    assert a["x"] == 2800 and a["lift"] == 3
    assert sorted(c["id"] for c in after["supply"]) == [1, 2, 41]
    with pytest.raises(EngineError, match="not enough energy"):
        play_turn(
            dict(state, jets=[dict(state["jets"][0], energy=2), state["jets"][1]]),
            {"station": {"take": ["robert"]}},
        )
    level3 = race(jet("a", 2800, 800, 0, lift=3), jet("z", 0, 900), level=3)
    with pytest.raises(EngineError, match="no equipment station"):
        play_turn(level3, {"station": {}})


def test_legal_lists_lifts_limits_equipment_with_cost_reach_and_the_projector_line():
    state = race(
        jet(
            "a",
            0,
            0,
            90,
            lift=2,
            energy=2,
            equipment=cards("booster", "take_five", "robert", "kupferwurm", chips={3: 1}),
        ),
        jet("z", 0, 900),
    )
    options = legal(state)
    assert options["lifts"] == [1, 2, 3]
    assert options["hinge_limits"] == {"1": 60.0, "2": 45.0, "3": 30.0, "4": 20.0}
    assert [(e["kind"], e["cost"], e["usable"], e["why"]) for e in options["equipment"]] == [
        ("booster", 1, True, None),
        ("take_five", 3, False, "energy"),
        ("robert", 1, True, None),
        ("kupferwurm", 1, False, "damaged"),
    ]
    assert options["equipment"][0]["lifts"] == [4]
    assert [(r["lift"], r["flight_lift"], r["boost"]) for r in options["reach"]] == [
        (1, 1, None),
        (2, 2, None),
        (3, 3, None),
        (4, 4, "booster"),
    ]
    assert options["reach"][3] == {
        "lift": 4,
        "flight_lift": 4,
        "boost": "booster",
        "centre": [0.0, 0.0],
        "radius": 160.0,
        "from": 70.0,
        "to": 110.0,
        "clear": [[70.0, 110.0]],
    }
    front = options["projector"]["front"]
    assert close(front[0][1], 15) and close(front[1][1], 135) and close(front[1][0], 0)
    assert options["miss"] is False and options["station"] is False


def test_uberhirn_on_a_miss_still_checks_the_victims_card_and_fails_on_a_damaged_one():
    victim = jet("b", 100, 0, 90, equipment=cards("kupferwurm", "robert", chips={0: 1}))
    state = race(shooter("uberhirn", lift=1), victim, jet("c", 100, 100, 0), jet("z", 0, 900))
    with pytest.raises(EngineError, match="fires a projector of the victim"):
        play_turn(
            state,
            {
                "lift": 1,
                "after": [{"card": 1, "target": "b", "use": {"card": "robert", "target": "c"}}],
            },
        )
    after, events = play_turn(
        state,
        {
            "lift": 1,
            "before": [
                {"card": 1, "target": "b", "use": {"card": 1, "target": "c", "direction": "front"}}
            ],
        },
    )
    assert of_type(events, "uberhirn_failed") == [
        {"type": "uberhirn_failed", "jet": "b", "card": 1, "why": "damaged"}
    ]
    assert find(after, "a")["energy"] == 13 and find(after, "b")["energy"] == 15
