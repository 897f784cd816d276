"""Docks and asteroids (rules reference, "Board and setup").

Player 0 ("A") has the docks at column 0, rows 5-8; player 1 ("B") at column 19, rows 6-9.
No asteroid may lie on a dock or within 2 hexes of one; with the no-adjacent option, no two
asteroids may touch.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.enginekit import EngineError

from .hexgrid import BOARD, Hex, distance, neighbours, on_board

PLAYERS = (0, 1)
LETTERS = ("A", "B")
DOCKS: dict[int, tuple[Hex, ...]] = {
    0: tuple((0, row) for row in range(5, 9)),
    1: tuple((19, row) for row in range(6, 10)),
}
ALL_DOCKS: frozenset[Hex] = frozenset(DOCKS[0] + DOCKS[1])
DOCK_CLEARANCE = 2
NEAR_DOCKS: frozenset[Hex] = frozenset(
    h for h in BOARD if any(distance(h, d) <= DOCK_CLEARANCE for d in ALL_DOCKS)
)
TOWARD_ENEMY = {0: 0, 1: 3}  # facing east for A, west for B


def other(player: int) -> int:
    return 1 - player


def asteroid_problem(
    hex_: Hex,
    asteroids: Iterable[Hex],
    no_adjacent: bool,
) -> EngineError | None:
    """Why an asteroid may not go on ``hex_``, as the refusal to raise (None if it may)."""
    rocks = set(asteroids)
    at = list(hex_)
    refused = f"no asteroid on {at}: it"
    if not on_board(hex_):
        return EngineError(f"{refused} is off the board", code="asteroid_off_board", hex=at)
    if hex_ in rocks:
        return EngineError(f"{refused} already holds an asteroid", code="asteroid_taken", hex=at)
    if hex_ in ALL_DOCKS:
        return EngineError(f"{refused} is a dock", code="asteroid_on_dock", hex=at)
    if hex_ in NEAR_DOCKS:
        return EngineError(
            f"{refused} is within {DOCK_CLEARANCE} hexes of a dock",
            code="asteroid_near_dock",
            hex=at,
            clearance=DOCK_CLEARANCE,
        )
    if no_adjacent and any(n in rocks for n in neighbours(hex_)):
        return EngineError(
            f"{refused} touches another asteroid (this game keeps asteroids apart)",
            code="asteroid_touching",
            hex=at,
        )
    return None


def asteroid_hexes(asteroids: Iterable[Hex], no_adjacent: bool) -> list[Hex]:
    """Every hex where the next asteroid may go, in board order (row by row)."""
    rocks = set(asteroids)
    blocked = set(rocks) | NEAR_DOCKS
    if no_adjacent:
        for rock in rocks:
            blocked.update(neighbours(rock))
    return [h for h in BOARD if h not in blocked]
