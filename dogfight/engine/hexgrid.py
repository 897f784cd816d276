"""Hex geometry of the board: axial coordinates, pointy-top hexes (rules §1).

A hex is a tuple ``(q, r)``; ``s = -q - r``. Directions run counter-clockwise from east:
``0=E 1=NE 2=NW 3=W 4=SW 5=SE``; turning left is ``d + 1``, right is ``d - 1`` (mod 6).
Tables that the hot path uses (neighbours, firing lines) are computed once at import.
"""

from __future__ import annotations

RADIUS = 9  # 10 hexes per side: max(|q|, |r|, |s|) <= 9 gives 271 hexes
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
CENTRE = (0, 0)

Hex = tuple[int, int]


def on_board(hex_: Hex) -> bool:
    q, r = hex_
    return max(abs(q), abs(r), abs(q + r)) <= RADIUS


def step(hex_: Hex, direction: int, count: int = 1) -> Hex:
    dq, dr = DIRECTIONS[direction % 6]
    return (hex_[0] + dq * count, hex_[1] + dr * count)


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def rotate(hex_: Hex, sixths: int) -> Hex:
    """Rotate a hex about the centre by ``sixths`` * 60 degrees counter-clockwise."""
    q, r = hex_
    for _ in range(sixths % 6):
        q, r = q + r, -q  # maps direction d onto direction d + 1
    return (q, r)


def within(hex_: Hex, radius: int) -> list[Hex]:
    """Every on-board hex within ``radius`` of ``hex_`` (itself included)."""
    q0, r0 = hex_
    found = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            h = (q0 + dq, r0 + dr)
            if on_board(h):
                found.append(h)
    return found


BOARD: tuple[Hex, ...] = tuple(within(CENTRE, RADIUS))
BOARD_SET: frozenset[Hex] = frozenset(BOARD)

MAX_REACH = 5  # a General's bursts reach 5 hexes (rules §9)


def _line(origin: Hex, direction: int) -> tuple[Hex, ...]:
    hexes = []
    for distance_ in range(1, MAX_REACH + 1):
        h = step(origin, direction, distance_)
        if h not in BOARD_SET:
            break
        hexes.append(h)
    return tuple(hexes)


# LINES[hex][d]: the on-board hexes a burst fired from ``hex`` along ``d`` passes, nearest first.
LINES: dict[Hex, tuple[tuple[Hex, ...], ...]] = {
    h: tuple(_line(h, d) for d in range(6)) for h in BOARD
}
