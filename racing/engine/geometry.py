"""Plane geometry of the race: points are ``(x, y)`` tuples in millimetres, x east, y north;
angles in degrees, 0 along +x, counter-clockwise positive, normalised to (-180, 180]."""

from __future__ import annotations

import math

Point = tuple[float, float]

EPSILON = 1e-9


def norm(angle: float) -> float:
    """``angle`` in (-180, 180]."""
    angle = math.fmod(angle, 360.0)
    if angle <= -180.0:
        angle += 360.0
    elif angle > 180.0:
        angle -= 360.0
    return angle


def ahead(point: Point, heading: float, length: float) -> Point:
    rad = math.radians(heading)
    return (point[0] + length * math.cos(rad), point[1] + length * math.sin(rad))


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def bearing(a: Point, b: Point) -> float:
    """The heading from ``a`` towards ``b``."""
    return norm(math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])))


def turn_between(a: float, b: float) -> float:
    """The unsigned angle between two headings, 0..180."""
    return abs(norm(a - b))


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0.0:
        return distance(p, a)
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2
    t = 0.0 if t < 0.0 else min(t, 1.0)
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def crossing(p: Point, q: Point, a: Point, b: Point) -> float | None:
    """Where the move ``p -> q`` crosses the line strictly between ``a`` and ``b``: the move's
    parameter t in (0, 1] (ending on the line counts, starting on it does not), else None."""
    rx, ry = q[0] - p[0], q[1] - p[1]
    sx, sy = b[0] - a[0], b[1] - a[1]
    denominator = rx * sy - ry * sx
    if abs(denominator) < EPSILON:
        return None
    ax, ay = a[0] - p[0], a[1] - p[1]
    t = (ax * sy - ay * sx) / denominator
    u = (ax * ry - ay * rx) / denominator
    if EPSILON < t <= 1.0 + EPSILON and EPSILON < u < 1.0 - EPSILON:
        return t
    return None


def segments_distance(a: Point, b: Point, c: Point, d: Point) -> float:
    """The least distance between segments ``ab`` and ``cd`` (0 when they cross)."""
    if _properly_cross(a, b, c, d):
        return 0.0
    return min(
        point_segment_distance(a, c, d),
        point_segment_distance(b, c, d),
        point_segment_distance(c, a, b),
        point_segment_distance(d, a, b),
    )


def _properly_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    d1, d2 = side(c, d, a), side(c, d, b)
    d3, d4 = side(a, b, c), side(a, b, d)
    return ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and 0 not in (d1, d2, d3, d4)


def rotate(point: Point, pivot: Point, angle: float) -> Point:
    rad = math.radians(angle)
    c, s = math.cos(rad), math.sin(rad)
    dx, dy = point[0] - pivot[0], point[1] - pivot[1]
    return (pivot[0] + c * dx - s * dy, pivot[1] + s * dx + c * dy)
