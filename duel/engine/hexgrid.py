"""Hex geometry of the duel's board: 20 columns x 15 rows of pointy-top hexes, "odd-r" offset.

A position is ``(col, row)`` as the rules reference writes it (``[col, row]`` in JSON); odd rows
are shifted half a hex to the right. Every computation converts to cube coordinates
``(q, r, s)`` with ``q + r + s == 0`` (``r`` is the row, growing downwards), so steps and
distances are exact. Facings run counter-clockwise from east: ``0=E 1=NE 2=NW 3=W 4=SW 5=SE``;
a left turn is ``+1``, a right turn ``-1`` (mod 6).
"""

from __future__ import annotations

COLS = 20
ROWS = 15
FACINGS = ("E", "NE", "NW", "W", "SW", "SE")

Hex = tuple[int, int]
Cube = tuple[int, int, int]

# Axial (q, r) steps per facing; r grows downwards, so "north" is r - 1.
_AXIAL_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def to_cube(hex_: Hex) -> Cube:
    col, row = hex_
    q = col - (row - (row & 1)) // 2
    return (q, row, -q - row)


def from_cube(cube: Cube) -> Hex:
    q, r, _ = cube
    return (q + (r - (r & 1)) // 2, r)


def on_board(hex_: Hex) -> bool:
    return 0 <= hex_[0] < COLS and 0 <= hex_[1] < ROWS


def step(hex_: Hex, facing: int, count: int = 1) -> Hex:
    """The hex ``count`` steps from ``hex_`` towards ``facing`` (may be off the board)."""
    q, r, _ = to_cube(hex_)
    dq, dr = _AXIAL_STEPS[facing % 6]
    q, r = q + dq * count, r + dr * count
    return from_cube((q, r, -q - r))


def neighbours(hex_: Hex) -> list[Hex]:
    """The six hexes around ``hex_`` in facing order (E, NE, NW, W, SW, SE), on board or not."""
    return [step(hex_, facing) for facing in range(6)]


def distance(a: Hex, b: Hex) -> int:
    qa, ra, sa = to_cube(a)
    qb, rb, sb = to_cube(b)
    return max(abs(qa - qb), abs(ra - rb), abs(sa - sb))


def turn(facing: int, sixths: int) -> int:
    return (facing + sixths) % 6


def turn_between(old: int, new: int) -> int:
    """How many sixths lie between two facings, 0..3."""
    diff = (new - old) % 6
    return min(diff, 6 - diff)


BOARD: tuple[Hex, ...] = tuple((col, row) for row in range(ROWS) for col in range(COLS))
