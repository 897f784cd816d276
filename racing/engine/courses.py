"""Gates, the course check and the built-in courses.

A gate is given by its centre and the intended direction of flight; its buoys lie
``GATE_HALF`` mm either side of the centre across that direction, buoy a on the left when
flying through forward. Once laid (or warped), the buoys are what counts; centre and angle are
read back from them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, NamedTuple

from games.enginekit import EngineError

from .geometry import Point, ahead, bearing, norm, point_segment_distance, segments_distance

GATE_HALF = 80.0  # buoys 160 mm apart: the Lift 4 length, as the seed lays them out
BUOY_RADIUS = 7.5
JET_RADIUS = 15.0
PLANE_HALF = 5000.0  # the plane: |x|, |y| at most 5 m
MIN_GATES, MAX_GATES = 5, 9
# where the jets start: (mm behind the gate-1 line, mm left of its centre); 15-55 mm behind
Curve = Callable[[float], Point]  # a closed curve: its point at each parameter
START_SLOTS = ((20.0, -45.0), (20.0, 0.0), (20.0, 45.0), (52.0, -45.0), (52.0, 0.0), (52.0, 45.0))


def gate(number: int, x: float, y: float, angle: float) -> dict[str, Any]:
    left = ahead((x, y), angle + 90.0, GATE_HALF)
    right = ahead((x, y), angle - 90.0, GATE_HALF)
    return described(number, [left, right])


def described(number: int, buoys: list[Point]) -> dict[str, Any]:
    """A gate from its two buoys: centre and direction of flight read back from them."""
    a, b = ((round(float(p[0]), 6) + 0.0, round(float(p[1]), 6) + 0.0) for p in buoys)
    centre = ((a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0)
    return {
        "number": number,
        "x": centre[0],
        "y": centre[1],
        "angle": round(norm(bearing(b, a) - 90.0), 6),
        "buoys": [list(a), list(b)],
    }


def station_gate(level: int, gates: int) -> int | None:
    """The cracks' equipment station: gate 4 with 8 or 9 gates, gate 3 with 5 to 7."""
    if level != 4:
        return None
    return 4 if gates >= 8 else 3


def start_slots(first: dict[str, Any]) -> list[Point]:
    _a, _b = first["buoys"]
    forward = first["angle"]
    centre = (first["x"], first["y"])
    spots = (
        ahead(ahead(centre, forward + 180.0, back), forward + 90.0, left)
        for back, left in START_SLOTS
    )
    return [(round(x, 6) + 0.0, round(y, 6) + 0.0) for x, y in spots]


class CourseFault(NamedTuple):
    """Why a course fails the course check: in the JSON face's English and as a code with
    params (JSON values), for the refusal that carries it."""

    message: str
    code: str
    params: dict[str, Any]


def course_fault(gates: list[dict[str, Any]]) -> CourseFault | None:
    """Why a course is not valid, or None: 5-9 gates on the plane, no two gates overlapping
    (buoy discs included), the start area behind gate 1 clear of every other gate."""
    if not MIN_GATES <= len(gates) <= MAX_GATES:
        return CourseFault(
            f"a course has {MIN_GATES}-{MAX_GATES} gates, not {len(gates)}",
            code="gate_count",
            params={"low": MIN_GATES, "high": MAX_GATES, "count": len(gates)},
        )
    for g in gates:
        for x, y in g["buoys"]:
            if not (math.isfinite(x) and math.isfinite(y)) or max(abs(x), abs(y)) > PLANE_HALF:
                return CourseFault(
                    f"gate {g['number']} lies off the plane (|x|, |y| at most {PLANE_HALF:g})",
                    code="gate_off_plane",
                    params={"gate": g["number"], "limit": PLANE_HALF},
                )
    for i, g in enumerate(gates):
        for h in gates[i + 1 :]:
            if segments_distance(*g["buoys"], *h["buoys"]) <= 2 * BUOY_RADIUS:
                return CourseFault(
                    f"gates {g['number']} and {h['number']} overlap",
                    code="gates_overlap",
                    params={"gate": g["number"], "other": h["number"]},
                )
    for slot in start_slots(gates[0]):
        for g in gates[1:]:
            if point_segment_distance(slot, *g["buoys"]) <= JET_RADIUS + BUOY_RADIUS:
                return CourseFault(
                    f"gate {g['number']} lies in the start area behind gate 1",
                    code="gate_in_start_area",
                    params={"gate": g["number"]},
                )
    return None


def course_problem(gates: list[dict[str, Any]]) -> str | None:
    """Why a course is not valid in the JSON face's English, or None (``course_fault``)."""
    fault = course_fault(gates)
    return fault.message if fault else None


def checked(gates: list[dict[str, Any]]) -> list[dict[str, Any]]:
    fault = course_fault(gates)
    if fault:
        raise EngineError(
            f"the course fails the course check: {fault.message}",
            code="course_check",
            check=fault.code,
            **fault.params,
        )
    return gates


def _on_curve(count: int, point: Curve, offset: float) -> list[dict[str, Any]]:
    """``count`` gates at even steps of the parameter of a closed curve, facing along it."""
    gates = []
    for i in range(count):
        t = offset + 2 * math.pi * i / count
        here, next_ = point(t), point(t + 1e-4)
        gates.append(
            gate(i + 1, round(here[0], 1), round(here[1], 1), round(bearing(here, next_), 1))
        )
    return gates


def _ellipse(rx: float, ry: float) -> Curve:
    return lambda t: (rx * math.cos(t), ry * math.sin(t))


def _eight(rx: float, ry: float) -> Curve:
    return lambda t: (rx * math.sin(t), ry * math.sin(2 * t))


COURSES: dict[str, list[dict[str, Any]]] = {
    "oval5": _on_curve(5, _ellipse(330.0, 230.0), -math.pi / 2),
    "oval7": _on_curve(7, _ellipse(520.0, 320.0), -math.pi / 2),
    "eight9": _on_curve(9, _eight(640.0, 330.0), math.radians(10.0)),
}


def built_in(name: str) -> list[dict[str, Any]]:
    if name not in COURSES:
        raise EngineError(
            f"no built-in course {name!r}: {', '.join(COURSES)}",
            code="unknown_course",
            name=name,
            courses=list(COURSES),
        )
    return [dict(g, buoys=[list(b) for b in g["buoys"]]) for g in COURSES[name]]


def courses() -> list[dict[str, Any]]:
    return [{"name": name, "gates": built_in(name)} for name in COURSES]


def shuffled_slots(first: dict[str, Any], seed: int) -> list[Point]:
    slots = start_slots(first)
    random.Random(seed).shuffle(slots)
    return slots
