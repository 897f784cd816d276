"""Computer pilots, built on the engine's own preview: each candidate order is played on a copy
and the outcome scored, so a computer pilot never gives an illegal order.

Levels: 1 ("cadet") flies the course through its gates and refuels on the way, avoiding
pointless slips and rams, and uses no equipment; 2 ("ace") also drafts by a preference list
and uses its equipment: boosters when they pay, Robert when short of energy or damaged
(slowing to Lift 1 for him), paddles to turn towards the gate, projectors, Abstauber and
Höllenböller when they hurt the leading rival more than they cost. Neither visits the
equipment station.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from games.enginekit import EngineError

from .catalogue import KINDS
from .flight import LIMITS, free_arcs, position, ruler, within_lift
from .geometry import bearing, distance, norm, turn_between
from .state import find, load
from .turns import boost_lifts, open_lifts, pickable, play, progress

Json = dict[str, Any]
LEVELS = (1, 2)
THROUGH = 40.0  # aim this far beyond the next gate's line, so that the flight crosses it
GRID = 9  # first-hinge angles tried per lift, from full left to full right
PREFERENCE = (
    "booster",
    "kupferwurm",
    "robert",
    "photonenpaddel",
    "sticky_fingers",
    "abstauber",
    "stasisfeld",
    "paddel_de_luxe",
    "take_five",
    "hollenboller",
    "butt_kick",
    "traumatorpedo",
    "hyper_booster",
    "retro_booster",
    "sidestep",
    "uberhirn",
    "warpfeld",
)
RESERVE = 4  # energy an ace keeps for slips before using equipment


def computer_order(state: dict[str, Any], level: int = 1) -> dict[str, Any]:
    """The order a computer pilot of ``level`` gives for the jet on turn (in the draft, its
    pick; for a Traumatorpedo's victim, the shooter's hostile flight)."""
    if level not in LEVELS:
        raise EngineError(
            f"a computer pilot's level is one of {LEVELS}", code="pilot_level", levels=list(LEVELS)
        )
    state = load(state)
    if state["phase"] == "over":
        raise EngineError("the race is over", code="race_over")
    jet = find(state, state["turn"]["jet"])
    if state["phase"] == "draft":
        picks = pickable(state, jet)
        held = {c["kind"] for c in jet["equipment"]}
        fresh = [k for k in PREFERENCE if k in picks and k not in held]  # one of each kind
        return {"pick": next(iter(fresh or [k for k in PREFERENCE if k in picks]), None)}
    if jet["controller"] is not None:
        return _hostile_flight(state, jet)
    best = None
    if level >= 2 and _robert_needed(jet):
        best = _best_flight(state, jet, level, robert=True)
    best = best or _best_flight(state, jet, level)
    if best is None:  # no lift lands clear (the candidates hold every clear arc's middle)
        return {"miss": True}
    order, _outcome, value = best
    if level >= 2:
        order, value = _add_equipment(state, jet, order, value)
    return order


# --- judging an outcome ------------------------------------------------------------------------


def aim_point(state: dict[str, Any], jet: dict[str, Any]) -> tuple[float, float]:
    """A point just beyond the next gate, on the far side of its line from the jet."""
    g = state["course"]["gates"][jet["next_gate"] - 1]
    centre, forward = (g["x"], g["y"]), math.radians(g["angle"])
    along = (jet["x"] - centre[0]) * math.cos(forward) + (jet["y"] - centre[1]) * math.sin(forward)
    beyond = -THROUGH if along > 0 else THROUGH
    return centre[0] + beyond * math.cos(forward), centre[1] + beyond * math.sin(forward)


def turns_to_gate(state: dict[str, Any], jet: dict[str, Any]) -> float:
    """A rough count of turns to the next gate: the way there plus the turning a lift's
    radius costs, at the lift's speed."""
    target = aim_point(state, jet)
    current: int = jet["lift"]
    lift = max(current, 1)
    off = math.radians(turn_between(jet["heading"], bearing(position(jet), target)))
    radius = ruler(lift) / math.radians(2 * LIMITS[lift])
    return (distance(position(jet), target) + off * radius) / ruler(lift) + (current == 0)


def standing(state: dict[str, Any], jet: dict[str, Any]) -> float:
    """How well a jet stands: progress first, then the way to its gate, energy and chips."""
    if jet["status"] == "finished":
        place: int = jet["place"]
        return 10000.0 - 100 * place
    if jet["status"] == "retired":
        return -1000.0
    value: float = 100.0 * progress(state, jet) - 10.0 * turns_to_gate(state, jet)
    value += 0.8 * min(jet["energy"], 20) - 0.3 * sum(c["chips"] for c in jet["equipment"])
    if jet["stasis"]:
        value -= 10.0
    if jet["controller"] is not None and jet["controller"] != jet["id"]:
        value -= 6.0
    return value


def _value(state: dict[str, Any], jet_id: str, events: list[Any]) -> float:
    me = find(state, jet_id)
    rivals = [
        standing(state, j) for j in state["jets"] if j["id"] != jet_id and j["status"] == "racing"
    ]
    rams: int = sum(e["type"] == "rammed" and e["jet"] == jet_id for e in events)
    return standing(state, me) - 0.5 * max(rivals, default=0.0) - 6.0 * rams


# --- flying ------------------------------------------------------------------------------------


def _candidates(state: dict[str, Any], jet: dict[str, Any], level: int) -> Iterator[Json]:
    lifts: list[tuple[int, str | None, int]] = [(lift, None, lift) for lift in open_lifts(jet)]
    if level >= 2:
        for card in jet["equipment"]:
            kind = card["kind"]
            if (
                KINDS[kind].phases == ("flight",)
                and not card["chips"]
                and jet["energy"] >= KINDS[kind].cost + RESERVE
            ):
                flight_lift = 5 if kind == "take_five" else None
                lifts += [(n, kind, flight_lift or n) for n in boost_lifts(jet, kind)]
    target = aim_point(state, jet)
    for lift, boost, flight_lift in lifts:
        limit = LIMITS[flight_lift]
        angles = (
            {0.0}
            if flight_lift == 0
            else {round(-limit + 2 * limit * i / (GRID - 1), 6) for i in range(GRID)}
        )
        if flight_lift:
            aim = norm(bearing(position(jet), target) - jet["heading"])
            angles.add(max(-limit, min(limit, aim)))
            # the middle of every arc that lands clear: a flight without slips, if there is one
            angles |= {(a + b) / 2 for a, b in free_arcs(state, jet, flight_lift)}
        for h1 in sorted(angles):
            order: Json = {"lift": lift, "hinge": [h1, 0.0]}
            if boost:
                order["boost"] = boost
            if flight_lift:
                land = _landing(jet, h1, ruler(flight_lift))
                turn = norm(bearing(land, target) - norm(jet["heading"] + h1))
                order["hinge"][1] = max(-limit, min(limit, turn))
            if boost == "hyper_booster":
                order["hyper"] = {"hinge": [max(-limit, min(limit, order["hinge"][1])), 0.0]}
            yield order


def _landing(jet: dict[str, Any], h1: float, length: float) -> tuple[float, float]:
    rad = math.radians(jet["heading"] + h1)
    return jet["x"] + length * math.cos(rad), jet["y"] + length * math.sin(rad)


def _robert_needed(jet: dict[str, Any]) -> bool:
    """Short of energy or badly damaged, with Robert ready and Lift 1 open: slow down for him."""
    ready = any(c["kind"] == "robert" and not c["chips"] for c in jet["equipment"])
    damaged = sum(c["chips"] for c in jet["equipment"])
    return (
        ready
        and 1 in open_lifts(jet)
        and jet["energy"] >= KINDS["robert"].cost
        and (jet["energy"] < RESERVE or damaged >= 4)
    )


def _best_flight(
    state: dict[str, Any], jet: dict[str, Any], level: int, robert: bool = False
) -> tuple[Json, Json, float] | None:
    best: tuple[Json, Json, float] | None = None
    candidates = _candidates(state, jet, level)
    if robert:
        mode = "energy" if jet["energy"] < RESERVE else "repair"
        candidates = (
            dict(order, before=[{"card": "robert", "mode": mode}])
            for order in candidates
            if order["lift"] == 1 and "boost" not in order
        )
    for order in candidates:
        try:
            after, events = play(state, order)
        except EngineError:
            continue
        value = _value(after, jet["id"], events)
        if best is None or value > best[2]:
            best = (order, after, value)
    return best


def _hostile_flight(state: dict[str, Any], victim: dict[str, Any]) -> dict[str, Any]:
    """The shooter of a Traumatorpedo flies its victim: the course worst for the victim."""
    worst = None
    for order in _candidates(state, victim, 1):
        for h2 in (-1.0, 1.0):
            order = dict(order, hinge=[order["hinge"][0], h2 * LIMITS[order["lift"]]])
            try:
                after, _ = play(state, order)
            except EngineError:
                continue
            value = standing(after, find(after, victim["id"]))
            if worst is None or value < worst[1]:
                worst = (order, value)
    return worst[0] if worst else {"miss": True}


def _sealed_flight(state: dict[str, Any], victim: dict[str, Any]) -> dict[str, Any]:
    """Round mode: the hostile flight a shooter seals with its Traumatorpedo, reckoned from
    where the victim is now."""
    on_turn = dict(state, turn=dict(state["turn"], jet=victim["id"], queue=[]))
    order = _hostile_flight(on_turn, victim)
    if "lift" not in order:
        return {"change": 0, "hinge": [0.0, 0.0]}
    return {"change": order["lift"] - victim["lift"], "hinge": list(order["hinge"])}


# --- equipment ---------------------------------------------------------------------------------


def _add_equipment(
    state: dict[str, Any], jet: dict[str, Any], order: dict[str, Any], value: float
) -> tuple[dict[str, Any], float]:
    """Try each sensible use on top of the chosen flight; keep those that raise the pilot's
    value (own standing against the best rival's) by more than a margin."""
    for phase, use in _sensible_uses(state, jet, order):
        trial = dict(order)
        trial[phase] = list(order.get(phase, [])) + [use]
        try:
            after, events = play(state, trial)
        except EngineError:
            continue
        tried = _value(after, jet["id"], events)
        if tried > value + 1.0:
            order, value = trial, tried
    return order, value


def _sensible_uses(
    state: dict[str, Any], jet: dict[str, Any], order: dict[str, Any]
) -> Iterator[tuple[str, Json]]:
    kinds = {c["kind"] for c in jet["equipment"] if not c["chips"]}
    if jet["energy"] < RESERVE:
        kinds &= {"robert", "abstauber"}
    rivals = [j for j in state["jets"] if j is not jet and j["status"] == "racing"]
    if (
        "robert" in kinds
        and order["lift"] == 1
        and not order.get("boost")
        and not order.get("before")
    ):
        damaged = sum(c["chips"] for c in jet["equipment"])
        yield "before", {"card": "robert", "mode": "repair" if damaged >= 3 else "energy"}
    for kind in ("photonenpaddel", "paddel_de_luxe"):
        if kind in kinds and order["lift"]:
            yield from _paddle_uses(state, jet, order, kind)
    for rival in rivals:
        for phase in ("before", "after"):
            if "kupferwurm" in kinds:
                yield phase, {"card": "kupferwurm", "target": rival["id"], "direction": "front"}
                yield phase, {"card": "kupferwurm", "target": rival["id"], "direction": "back"}
            for kind in ("sticky_fingers", "stasisfeld"):
                if kind in kinds:
                    yield phase, {"card": kind, "target": rival["id"]}
            if "traumatorpedo" in kinds:
                yield phase, _torpedo_use(state, rival)
            if "butt_kick" in kinds:
                for side in (-1, 1):
                    yield (
                        phase,
                        {
                            "card": "butt_kick",
                            "target": rival["id"],
                            "hinge": [30.0 * side, 30.0 * side],
                        },
                    )
            if "abstauber" in kinds and within_lift(position(jet), position(rival), 1):
                yield phase, {"card": "abstauber", "target": rival["id"]}
    if "hollenboller" in kinds and rivals:
        yield "before", {"card": "hollenboller"}
        yield "after", {"card": "hollenboller"}


def _torpedo_use(state: dict[str, Any], rival: dict[str, Any]) -> dict[str, Any]:
    use = {"card": "traumatorpedo", "target": rival["id"]}
    if state["turn_order"] == "race":
        use["flight"] = _sealed_flight(state, rival)
    return use


def _paddle_uses(state: Json, jet: Json, order: Json, kind: str) -> Iterator[tuple[str, Json]]:
    """A paddle turning the jet towards its next gate after the flight."""
    try:
        after, _ = play(state, order)
    except EngineError:
        return
    moved = find(after, jet["id"])
    if moved["status"] != "racing":
        return
    want = norm(bearing(position(moved), aim_point(after, moved)) - moved["heading"])
    if abs(want) < 15.0:
        return
    if kind == "photonenpaddel":
        limit = LIMITS[5 if order.get("boost") == "take_five" else order["lift"]]
        h1 = max(-limit, min(limit, want))
        h2 = max(-limit, min(limit, want - h1))
        yield "after", {"card": kind, "hinge": [h1, h2]}
    else:
        ruler_direction = norm(moved["heading"] - order["hinge"][1])
        angle = norm(moved["heading"] + want - ruler_direction)
        yield "after", {"card": kind, "angle": max(-45.0, min(45.0, angle))}
