"""Hand-made orders the engine refuses, one or more per rule, each with the code and params the
refusal must carry. Shared by the engine's test of the codes and the web's test of their words.

Each case: ``(make, code, params)`` where ``make()`` raises the ``EngineError`` (playing an
order on a hand-made position, or setting a race up).
"""

from __future__ import annotations

from racing.engine import computer_order, new_race, play_turn, retire

from .helpers import cards, jet, race

JETS = [{"id": "red", "seat": 0}, {"id": "blue", "seat": 1}, {"id": "green", "seat": 2}]
# Gates 100 mm apart along the x axis: a Warpfeld turning gate 2 by 90 degrees lays it across
# gate 3.
TIGHT = {"gates": [{"x": 100.0 * i, "y": 0.0, "angle": 0.0} for i in range(5)]}


def flying(*kinds, order, lift=2, others=(), **fields):
    """Jet "a" at the origin heading east with ``kinds`` as its cards, "z" far away (and
    ``others``), plays ``order``."""
    state = race(
        jet("a", 0, 0, 0, lift=lift, equipment=cards(*kinds), **fields), *others, jet("z", 0, 900)
    )
    return lambda: play_turn(state, order)


def victim(x, y, heading=0.0, **fields):
    return jet("b", x, y, heading, **fields)


def drafting(order):
    state = new_race("oval5", JETS, level=2)
    return lambda: play_turn(state, order)


def use(card, **fields):
    return {"card": card, **fields}


def at_the_station(station, *kinds, supply=(), **fields):
    """Level 4 on the far course: jet "a" within reach of the station's gate 3 (3000, 800)."""
    state = race(
        jet("a", 3000, 700, 90, equipment=cards(*kinds), **fields),
        jet("z", 0, 900),
        level=4,
        supply=[{"id": 40 + i, "kind": k} for i, k in enumerate(supply)],
    )
    return lambda: play_turn(state, {"station": station})


CASES = [
    # flights: lifts, hinges, slips
    (flying(order={"lift": 2, "hinge": [50, 0]}), "hinge_limit", {"limit": 45.0}),
    (flying(order={"lift": 4}), "lift_not_open", {"lifts": [1, 2, 3], "lift": 4}),
    (
        flying(order={"lift": 2, "slips": [[50, 0]]}, others=[victim(80, 0)]),
        "slip_hinge_limit",
        {"limit": 45.0},
    ),
    (flying(order={"lift": 2, "slips": [[0, 0]]}), "slips_count", {"slips": 0, "given": 1}),
    (flying(order={"lift": 2}, energy=0, others=[victim(80, 0)]), "slip_energy", {"jet": "b"}),
    # over b, onto c, whose sideways slip (turned 45 degrees) lands back on b
    (
        flying(
            order={"lift": 2, "slips": [[0, 0], [45, 0]]},
            others=[victim(80, 0), jet("c", 160, 0, 134)],
        ),
        "slip_chain",
        {"jet": "b"},
    ),
    (flying(order={"lift": 0, "hinge": [10, 0]}, lift=1), "lift0_turn", {}),
    (flying(order={"miss": True}), "miss_not_allowed", {}),
    (
        flying(
            "hyper_booster",
            order={"lift": 2, "boost": "hyper_booster", "hyper": {"hinge": [50, 0]}},
        ),
        "hinge_limit",
        {"limit": 45.0, "during": "hyper_booster"},
    ),
    (flying(order={"lift": 2, "hyper": {"hinge": [0, 0]}}), "hyper_without_booster", {}),
    # cards held, usable now, boosts
    (
        flying("robert", order={"lift": 1, "before": [use(9, mode="energy")]}),
        "card_not_held",
        {"jet": "a", "card": 9, "where": "order.before[0]"},
    ),
    (
        flying(order={"lift": 4, "boost": "booster"}),
        "kind_not_held",
        {"jet": "a", "kind": "booster", "where": "order.boost"},
    ),
    (
        flying("booster", order={"lift": 4, "boost": "booster"}, energy=0),
        "cannot_use",
        {"jet": "a", "kind": "booster", "why": "energy", "where": "order.boost"},
    ),
    (
        flying(
            "robert",
            order={
                "lift": 1,
                "before": [use("robert", mode="energy")],
                "after": [use("robert", mode="energy")],
            },
        ),
        "cannot_use",
        {"jet": "a", "kind": "robert", "why": "used", "where": "order.after[0]"},
    ),
    (
        flying("robert", order={"lift": 2, "before": [use("robert", mode="energy")]}),
        "cannot_use",
        {"jet": "a", "kind": "robert", "why": "lift", "where": "order.before[0]"},
    ),
    (
        flying("booster", order={"lift": 3, "boost": "booster"}),
        "boost_lift",
        {"kind": "booster", "lifts": [4], "lift": 3},
    ),
    (
        flying("booster", order={"lift": 3, "boost": "booster"}, controller="z"),
        "controlled_flight_only",
        {},
    ),
    (
        flying("robert", order={"lift": 2, "remove_chip": 1}),
        "no_chip",
        {"card": 1, "kind": "robert"},
    ),
    # targets and reach
    (
        flying("abstauber", order={"lift": 2, "before": [use("abstauber", target="z")]}),
        "not_within_reach",
        {"jet": "z", "lift": 1, "where": "order.before[0]"},
    ),
    (
        flying("abstauber", order={"lift": 2, "before": [use("abstauber", target="a")]}),
        "target_not_racing",
        {"jet": "a", "where": "order.before[0].target"},
    ),
    (
        flying("abstauber", order={"lift": 2, "before": [use("abstauber", target="nobody")]}),
        "unknown_jet",
        {"jet": "nobody"},
    ),
    (
        flying(
            "sidestep",
            order={"lift": 2, "before": [use("sidestep", side="left", lift=1)]},
            others=[victim(0, 60)],
        ),
        "sidestep_touching",
        {"jet": "b", "where": "order.before[0]"},
    ),
    # stepping left onto b, whose slips (straight) go round b, c, d and back onto b
    (
        flying(
            "sidestep",
            order={"lift": 2, "before": [use("sidestep", side="left", lift=2)]},
            others=[victim(0, 80), jet("c", 80, 80, 120), jet("d", 40, 149.282, 240)],
        ),
        "sidestep_blocked",
        {"where": "order.before[0]"},
    ),
    # the cards' own limits
    (
        flying(
            "photonenpaddel",
            order={"lift": 1, "after": [use("photonenpaddel", hinge=[70, 0])]},
            lift=1,
        ),
        "use_angle_limit",
        {"kind": "photonenpaddel", "limit": 60.0, "lift": 1, "where": "order.after[0].hinge"},
    ),
    (
        flying(
            "butt_kick",
            order={"lift": 2, "before": [use("butt_kick", target="b", slips=[[0, 0]])]},
            others=[victim(60, 0)],
        ),
        "slips_count",
        {"slips": 0, "given": 1, "during": "butt_kick"},
    ),
    (
        flying(
            "kupferwurm",
            order={
                "lift": 2,
                "before": [use("kupferwurm", target="b", direction="front", chips=[1, 1, 1, 1])],
            },
        ),
        "too_many_chips",
        {"most": 3, "where": "order.before[0].chips"},
    ),
    (
        flying(
            "kupferwurm",
            order={
                "lift": 2,
                "before": [use("kupferwurm", target="b", direction="front", chips=[9])],
            },
            others=[victim(60, 0, equipment=[{"id": 5, "kind": "robert"}])],
        ),
        "victim_card_not_held",
        {"jet": "b", "where": "order.before[0].chips"},
    ),
    (
        flying(
            "uberhirn",
            order={"lift": 2, "before": [use("uberhirn", target="b", use=use("robert"))]},
            others=[victim(60, 0, equipment=[{"id": 5, "kind": "robert"}])],
        ),
        "uberhirn_not_projector",
        {"kind": "robert", "where": "order.before[0].use"},
    ),
    (
        flying(
            "uberhirn",
            order={
                "lift": 2,
                "before": [use("uberhirn", target="b", use=use("kupferwurm", use=use(1)))],
            },
        ),
        "uberhirn_on_uberhirn",
        {"where": "order.before[0].use.use"},
    ),
    # the Warpfeld
    (
        flying(
            "warpfeld", order={"lift": 2, "before": [use("warpfeld", gate=9, pivot=0, angle=10)]}
        ),
        "no_gate",
        {"gate": 9, "gates": 5, "where": "order.before[0].gate"},
    ),
    (
        flying(
            "warpfeld", order={"lift": 2, "before": [use("warpfeld", gate=1, pivot=0, angle=10)]}
        ),
        "buoy_out_of_reach",
        {"gate": 1, "lift": 4, "where": "order.before[0]"},
    ),
    (
        lambda: play_turn(
            race(
                jet("a", 50, 0, 0, lift=2, equipment=cards("warpfeld")),
                jet("z", 0, 900),
                course=TIGHT,
            ),
            {"lift": 2, "before": [use("warpfeld", gate=2, pivot=0, angle=90)]},
        ),
        "warp_course_check",
        {"check": "gates_overlap", "gate": 2, "other": 3},
    ),
    # the equipment station (the cracks' level 4 only)
    (flying(order={"station": {"take": ["booster"]}}), "no_station", {}),
    (
        lambda: play_turn(
            race(jet("a", 0, 0), jet("z", 0, 900), level=4), {"station": {"take": ["booster"]}}
        ),
        "station_out_of_reach",
        {"gate": 3, "lift": 4},
    ),
    (
        at_the_station({"take": ["booster"]}, supply=["booster"], controller="z"),
        "station_controlled",
        {},
    ),
    (at_the_station({"return": [9]}, "robert"), "station_return", {}),
    (at_the_station({"take": ["booster"]}, supply=["robert"]), "supply_empty", {"kind": "booster"}),
    (
        at_the_station({"take": ["booster"]}, *["robert"] * 7, supply=["booster"]),
        "too_many_cards",
        {"most": 7},
    ),
    (
        at_the_station({"take": ["booster"]}, supply=["booster"], energy=2),
        "station_energy",
        {"cost": 3, "energy": 2},
    ),
    # the draft and the race's phases
    (
        drafting({"pick": "traumatorpedo"}),
        "pick_not_offered",
        {"jet": "green", "kind": "traumatorpedo"},
    ),
    (drafting({"lift": 1}), "draft_on", {}),
    (flying(order={"pick": "booster"}), "draft_over", {}),
    (lambda: play_turn(race(jet("a", 0, 0), phase="over"), {"lift": 1}), "race_over", {}),
    (lambda: computer_order(race(jet("a", 0, 0)), 3), "pilot_level", {"levels": [1, 2]}),
    (
        lambda: retire(race(jet("a", 0, 0), jet("b", 0, 300, status="retired")), "b"),
        "not_racing",
        {"jet": "b"},
    ),
    (
        flying(
            "traumatorpedo",
            lift=1,
            others=[victim(100, 0)],
            order={"lift": 1, "after": [use(1, target="b", flight={"change": 0, "hinge": [0, 0]})]},
        ),
        "flight_in_turn_mode",
        {},
    ),
    # a state that contradicts itself
    (
        lambda: race(jet("a", 0, 0, started=False, next_gate=3), jet("z", 0, 900)),
        "unstarted_progress",
        {"jet": "a", "next_gate": 3, "laps": 0, "where": "state.jets[0]"},
    ),
    (
        lambda: race(jet("a", 0, 0, laps=1), jet("z", 0, 900), laps=1),
        "laps_past_race",
        {"jet": "a", "laps": 1, "race_laps": 1, "where": "state.jets[0]"},
    ),
    # setting a race up
    (
        lambda: new_race("oval5", JETS, level=7),
        "setting_range",
        {"setting": "level", "low": 1, "high": 4, "value": 7},
    ),
    (lambda: new_race("oval5", JETS[:2]), "jet_count", {"low": 3, "high": 6, "count": 2}),
    (
        lambda: new_race("nowhere", JETS),
        "unknown_course",
        {"name": "nowhere", "courses": ["oval5", "oval7", "eight9"]},
    ),
    (
        lambda: new_race({"gates": TIGHT["gates"][:4]}, JETS),
        "course_check",
        {"check": "gate_count", "low": 5, "high": 9, "count": 4},
    ),
    # the job's shape: malformed, with the field
    (flying(order={"lift": "two"}), "malformed", {"where": "order.lift"}),
    (flying(order={"lift": 2, "hinge": [1]}), "malformed", {"where": "order.hinge"}),
]
