"""Wind and clouds (rules §6).

Wind ``w`` (0..5) carries every cloud one hex along ``dir(w)``; it blows from corner ``w + 3``,
whose two board edges are the upwind edge where new clouds appear. ``None`` is a calm round.
"""

from __future__ import annotations

from random import Random

from .hexgrid import BOARD, BOARD_SET, DIRECTIONS, RADIUS, Hex
from .state import Settings

RISE_CHANCE = 1 / 2  # calm -> wind rises
CHANGE_CHANCE = 1 / 8  # windy -> the weather changes (left, right or calm)
NEW_CLOUD_CHANCE = 1 / 4  # per windy round
CLOUD_SIZES = (3, 4, 5)
UPWIND_DEPTH = 3  # new clouds lie within 2 hexes of the upwind edge: 3 rows deep


def draw_wind(settings: Settings, round_no: int, previous: int | None, rng: Random) -> int | None:
    """The wind of round ``round_no``, drawn from the wind of the round before."""
    if settings.windless:
        return None
    if settings.legacy_weather:
        if previous is None:
            return rng.randrange(6)
        if rng.random() < CHANGE_CHANCE:
            return (previous + rng.choice((1, -1))) % 6
        return previous
    if round_no == 1:
        return None
    if previous is None:
        return rng.randrange(6) if rng.random() < RISE_CHANCE else None
    if rng.random() < CHANGE_CHANCE:
        return ((previous + 1) % 6, (previous - 1) % 6, None)[rng.randrange(3)]
    return previous


def drift(clouds: frozenset[Hex], wind: int) -> frozenset[Hex]:
    """Every cloud one hex downwind; what leaves the board is gone."""
    dq, dr = DIRECTIONS[wind]
    moved = ((q + dq, r + dr) for q, r in clouds)
    return frozenset(h for h in moved if h in BOARD_SET)


def _cube(hex_: Hex) -> tuple[int, int, int]:
    return (hex_[0], hex_[1], -hex_[0] - hex_[1])


def _upwind_band(wind: int) -> tuple[Hex, ...]:
    corner = _cube(DIRECTIONS[(wind + 3) % 6])  # the corner the wind blows from, as a unit cube
    edges = [(axis, sign) for axis, sign in enumerate(corner) if sign]
    return tuple(
        h
        for h in BOARD
        if any(_cube(h)[axis] * sign > RADIUS - UPWIND_DEPTH for axis, sign in edges)
    )


UPWIND_BANDS: tuple[tuple[Hex, ...], ...] = tuple(_upwind_band(w) for w in range(6))


def grow_cloud(rng: Random, start: Hex, allowed: set[Hex] | frozenset[Hex]) -> list[Hex] | None:
    """A random field of 3-5 connected hexes from ``start``, all within ``allowed``."""
    size = rng.choice(CLOUD_SIZES)
    cloud = [start]
    while len(cloud) < size:
        frontier = sorted(
            {(q + dq, r + dr) for q, r in cloud for dq, dr in DIRECTIONS}.intersection(
                allowed
            ).difference(cloud)
        )
        if not frontier:
            return None
        cloud.append(rng.choice(frontier))
    return cloud


def maybe_new_cloud(
    clouds: frozenset[Hex], wind: int, rng: Random, attempts: int = 12
) -> list[Hex]:
    """Now and then a new cloud enters along the upwind edge: ``[]`` when none does."""
    if rng.random() >= NEW_CLOUD_CHANCE:
        return []
    free = [h for h in UPWIND_BANDS[wind] if h not in clouds]
    allowed = frozenset(free)
    for _ in range(attempts):
        if not free:
            break
        cloud = grow_cloud(rng, rng.choice(free), allowed)
        if cloud:
            return cloud
    return []
