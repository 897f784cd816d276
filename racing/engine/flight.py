"""Flying along a ruler: the landing spot, slips, gates passed and buoys rammed.

``plan`` is geometry only (nothing changes); ``apply`` moves the jet, charges its slips and
scores the gates and buoys its path crossed. A path is the ruler segments actually laid: the
first ruler from the jet, then each slip's ruler from the slipped jet's centre.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .courses import BUOY_RADIUS, JET_RADIUS
from .geometry import (
    EPSILON,
    Point,
    ahead,
    bearing,
    crossing,
    distance,
    norm,
    point_segment_distance,
    turn_between,
)

LIMITS = {0: 0.0, 1: 60.0, 2: 45.0, 3: 30.0, 4: 20.0, 5: 10.0}  # hinge limit per lift
TOUCH = 2 * JET_RADIUS  # two jets touch when their centres are this close or closer
RAM = JET_RADIUS + BUOY_RADIUS  # a jet's disc overlaps a buoy's disc this close or closer
MAX_SLIPS = 5  # a chain slips over each of the other five jets at most once
REFUEL = 2
RAM_ENERGY = 2
RAM_CHIPS = 3


def ruler(lift: int) -> float:
    return 40.0 * lift


def within_lift(a: Point, b: Point, lift: int, radius_b: float = JET_RADIUS) -> bool:
    """Edge to edge at most the ruler of ``lift`` ("within Lift k")."""
    return distance(a, b) - JET_RADIUS - radius_b <= ruler(lift) + EPSILON


def over_limit(angle: float, limit: float) -> bool:
    return abs(angle) > limit + EPSILON


class Blocked(Exception):
    """A flight that cannot end clear of every jet: ``why`` is the kind of block (a code the
    ``blocked`` event carries), ``code`` and ``params`` the refusal's when the order itself is
    to blame (the ``EngineError`` it becomes)."""

    def __init__(self, why: str, detail: str, *, code: str, **params: object) -> None:
        super().__init__(detail)
        self.why, self.code, self.params = why, code, params


@dataclass
class Plan:
    segments: list[tuple[Point, Point]]
    end: Point
    heading: float
    direction: float  # the last ruler's direction (the paddles turn from it)
    slips: list[dict[str, Any]] = field(default_factory=list)


def position(jet: dict[str, Any]) -> Point:
    return (jet["x"], jet["y"])


def obstacles(state: dict[str, Any], mover: dict[str, Any]) -> list[dict[str, Any]]:
    """The jets a flight must end clear of: every racing jet but the mover (finished and
    retired jets have left the plane)."""
    return [j for j in state["jets"] if j is not mover and j["status"] == "racing"]


def plan(
    state: dict[str, Any],
    mover: dict[str, Any],
    direction: float,
    length: float,
    limit: float,
    hinge: tuple[float, float],
    slips: list[Any],
    *,
    keep_heading: bool = False,
) -> Plan:
    """Lay a ruler of ``length`` from the mover at ``direction`` + hinge 1, the new heading at
    hinge 2 from the ruler (or the old heading, ``keep_heading``); slip while the landing spot
    touches a jet. ``slips[i]`` are slip i's hinges (default straight). Raises ``Blocked``."""
    h1, h2 = hinge
    if over_limit(h1, limit) or over_limit(h2, limit):
        raise Blocked(
            "hinge",
            f"a hinge is past the limit of {limit:g} degrees",
            code="hinge_limit",
            limit=limit,
        )
    others = obstacles(state, mover)
    start = position(mover)
    direction = norm(direction + h1)
    end = ahead(start, direction, length)
    heading = mover["heading"] if keep_heading else norm(direction + h2)
    segments = [(start, end)]
    used: list[dict[str, Any]] = []
    while True:
        touching = [o for o in others if distance(end, position(o)) <= TOUCH + EPSILON]
        if not touching:
            break
        blocker = min(touching, key=lambda o: (distance(end, position(o)), o["seat"]))
        if len(used) >= MAX_SLIPS or any(s["blocker"] == blocker["id"] for s in used):
            raise Blocked(
                "chain",
                f"the slips go round in a chain at {blocker['id']}",
                code="slip_chain",
                jet=blocker["id"],
            )
        between = turn_between(direction, blocker["heading"])
        kind = "rear" if between <= 45.0 else "head_on" if between >= 135.0 else "side"
        s1, s2 = slips[len(used)] if len(used) < len(slips) else (0.0, 0.0)
        if over_limit(s1, limit) or over_limit(s2, limit):
            raise Blocked(
                "hinge",
                f"a slip's hinge is past the limit of {limit:g} degrees",
                code="slip_hinge_limit",
                limit=limit,
            )
        direction = norm(blocker["heading"] + (180.0 if kind == "head_on" else 0.0) + s1)
        start = position(blocker)
        end = ahead(start, direction, length)
        heading = mover["heading"] if keep_heading else norm(direction + s2)
        segments.append((start, end))
        used.append({"blocker": blocker["id"], "kind": kind, "hinge": [s1, s2]})
    if len(slips) > len(used):
        raise Blocked(
            "slips",
            f"the flight slips {len(used)} times, the order gives {len(slips)} slips",
            code="slips_count",
            slips=len(used),
            given=len(slips),
        )
    return Plan(segments, end, heading, direction, used)


def free_arcs(state: dict[str, Any], jet: dict[str, Any], lift: int) -> list[list[float]]:
    """The first-hinge intervals [from, to] (degrees from the heading) at which a flight of
    ``lift`` lands clear of every other jet, exactly (touching counts as contact)."""
    if lift == 0:
        return [[0.0, 0.0]]
    limit, length = LIMITS[lift], ruler(lift)
    here = position(jet)
    blocked = []
    for other in obstacles(state, jet):
        d = distance(here, position(other))
        if d < EPSILON:
            return []
        c = (d * d + length * length - TOUCH * TOUCH) / (2 * d * length)
        if c > 1.0:
            continue
        if c <= -1.0:
            return []
        half = math.degrees(math.acos(c))
        centre = norm(bearing(here, position(other)) - jet["heading"])
        blocked.append((centre - half, centre + half))
    free = [[-limit, limit]]
    for low, high in blocked:
        for shift in (-360.0, 0.0, 360.0):
            free = _cut(free, low + shift, high + shift)
    return free


def _cut(intervals: list[list[float]], low: float, high: float) -> list[list[float]]:
    kept = []
    for a, b in intervals:
        if high < a or low > b:
            kept.append([a, b])
            continue
        if a < low:
            kept.append([a, low])
        if high < b:
            kept.append([high, b])
    return kept


# --- applying a flight -------------------------------------------------------------------------


def apply(
    state: dict[str, Any],
    jet: dict[str, Any],
    flown: Plan,
    events: list[Any],
    chips: list[Any],
    cause: str,
) -> None:
    """Move ``jet`` along ``flown``: slips charged, gates scored in the order they are crossed,
    buoys rammed (+2 energy, 3 damage chips each, placed from ``chips`` first)."""
    for slip in flown.slips:
        jet["energy"] -= 1
        events.append(
            {
                "type": "slip",
                "jet": jet["id"],
                "blocker": slip["blocker"],
                "kind": slip["kind"],
                "hinge": slip["hinge"],
                "energy": jet["energy"],
            }
        )
    jet["x"], jet["y"] = flown.end
    jet["heading"] = flown.heading
    events.append(
        {
            "type": "moved",
            "jet": jet["id"],
            "cause": cause,
            "path": [[list(a), list(b)] for a, b in flown.segments],
            "x": jet["x"],
            "y": jet["y"],
            "heading": jet["heading"],
        }
    )
    rammed = set()
    for start, end in flown.segments:
        for t, number in sorted(_gates_crossed(state, start, end)):
            if jet["status"] == "racing":
                pass_gate(state, jet, number, events)
        for number, buoy in _buoys_rammed(state, start, end):
            if (number, buoy) not in rammed:
                rammed.add((number, buoy))
                ram(jet, number, buoy, events, chips)


def _gates_crossed(state: dict[str, Any], start: Point, end: Point) -> Iterator[tuple[float, int]]:
    for g in state["course"]["gates"]:
        t = crossing(start, end, g["buoys"][0], g["buoys"][1])
        if t is not None:
            yield t, g["number"]


def _buoys_rammed(state: dict[str, Any], start: Point, end: Point) -> Iterator[tuple[int, int]]:
    for g in state["course"]["gates"]:
        for i, buoy in enumerate(g["buoys"]):
            buoy = (buoy[0], buoy[1])
            if (
                point_segment_distance(buoy, start, end) < RAM - EPSILON
                and distance(buoy, start) >= RAM - EPSILON
            ):
                yield g["number"], i


def pass_gate(state: dict[str, Any], jet: dict[str, Any], number: int, events: list[Any]) -> None:
    """Race progress first (the start, the next gate, a lap), then refuelling once per gate
    per lap."""
    gates = len(state["course"]["gates"])
    if not jet["started"]:
        if number == 1:
            jet["started"] = True
            jet["next_gate"] = 2
            events.append({"type": "started", "jet": jet["id"]})
    elif number == jet["next_gate"]:
        if number == 1:
            jet["laps"] += 1
            jet["refuelled"] = []
            events.append({"type": "lap", "jet": jet["id"], "laps": jet["laps"]})
            if jet["laps"] >= state["laps"]:
                finish(state, jet, events)
                return
            jet["next_gate"] = 2
        else:
            jet["next_gate"] = number % gates + 1
            events.append(
                {"type": "gate", "jet": jet["id"], "gate": number, "next_gate": jet["next_gate"]}
            )
    if number not in jet["refuelled"]:
        jet["refuelled"] = sorted(jet["refuelled"] + [number])
        jet["energy"] += REFUEL
        events.append(
            {"type": "refuelled", "jet": jet["id"], "gate": number, "energy": jet["energy"]}
        )


def finish(state: dict[str, Any], jet: dict[str, Any], events: list[Any]) -> None:
    jet["status"] = "finished"
    jet["place"] = 1 + sum(j["status"] == "finished" and j is not jet for j in state["jets"])
    events.append({"type": "finished", "jet": jet["id"], "place": jet["place"]})
    if state["winner"] is None:
        state["winner"] = jet["id"]
        events.append({"type": "winner", "jet": jet["id"]})


def ram(jet: dict[str, Any], number: int, buoy: int, events: list[Any], chips: list[Any]) -> None:
    jet["energy"] += RAM_ENERGY
    events.append(
        {
            "type": "rammed",
            "jet": jet["id"],
            "gate": number,
            "buoy": "ab"[buoy],
            "energy": jet["energy"],
        }
    )
    place_chips(jet, RAM_CHIPS, chips, events, by=jet["id"])


def place_chips(
    jet: dict[str, Any], count: int, chosen: list[Any], events: list[Any], by: str
) -> None:
    """``count`` damage chips on ``jet``'s cards: the ids in ``chosen`` first (consumed), the
    rest each on the card with the fewest chips. No cards, no chips."""
    if not jet["equipment"]:
        return
    cards = {c["id"]: c for c in jet["equipment"]}
    placed = []
    for _ in range(count):
        if chosen:
            card = cards[chosen.pop(0)]
        else:
            card = min(jet["equipment"], key=lambda c: c["chips"])
        card["chips"] += 1
        placed.append(card["id"])
    events.append({"type": "chips", "jet": jet["id"], "cards": placed, "by": by})
