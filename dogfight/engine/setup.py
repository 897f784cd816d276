"""A new game: planes on their airfields, fair balloons and fair clouds, all from a seed
(rules §6, §11).

Fairness is measurable: every airfield in play sees the same sorted list of distances to the
balloons, and counts within one the same number of cloud hexes within 6 hexes of its corner.
"""

from __future__ import annotations

from collections.abc import Iterable
from random import Random
from typing import Any

from games.enginekit import EngineError

from . import career
from .board import CORNERS, DUEL_SEATS, SEATS, airfield_hexes
from .hexgrid import BOARD, CENTRE, DIRECTIONS, Hex, distance, rotate, within
from .state import Balloon, Plane, Settings, State
from .weather import grow_cloud

DEFAULT_CLOUDS = 6
MAX_CLOUDS = 12
MAX_BALLOON_SETS = 2
CLOUD_NEIGHBOURHOOD = 6  # cloud hexes within this distance of a corner count for fairness


def seats_in_play(settings: Settings) -> tuple[int, ...]:
    return DUEL_SEATS if settings.duel else tuple(SEATS)


def new_game(
    seed: int,
    settings: Settings,
    *,
    balloons: int = 0,
    clouds: int = DEFAULT_CLOUDS,
    pilots: list[dict[str, Any]] | None = None,
) -> State:
    seats = seats_in_play(settings)
    if not 0 <= clouds <= MAX_CLOUDS:
        raise EngineError(
            f"a game starts with 0 to {MAX_CLOUDS} clouds, not {clouds}",
            code="clouds_out_of_range",
            clouds=clouds,
            most=MAX_CLOUDS,
        )
    rng = Random(seed)
    keep_clear = _near_airfields(seats)
    balloon_hexes = place_balloons(rng, seats, balloons, keep_clear)
    cloud_hexes = place_clouds(rng, seats, clouds, keep_clear | set(balloon_hexes))
    return State(
        settings=settings,
        planes=[_plane(seat, pilots or []) for seat in seats],
        clouds=frozenset(cloud_hexes),
        balloons=[Balloon(h) for h in balloon_hexes],
    )


def _plane(seat: int, pilots: list[dict[str, Any]]) -> Plane:
    pilot = next((p for p in pilots if p.get("seat") == seat), {})
    rank = pilot.get("rank", 0)
    return Plane(
        seat,
        CORNERS[seat],
        (seat + 3) % 6,
        status="ground",
        career_points=pilot.get("career_points", 0),
        rank=rank,
        ammo=career.ammo_capacity(rank),
    )


def _near_airfields(seats: tuple[int, ...]) -> set[Hex]:
    """Hexes within 1 of an airfield or runway hex in play: no cloud or balloon there."""
    return {h for seat in seats for field in airfield_hexes(seat) for h in within(field, 1)}


# --- balloons ------------------------------------------------------------------------------


def place_balloons(
    rng: Random, seats: tuple[int, ...], count: int, keep_clear: set[Hex]
) -> list[Hex]:
    """The centre and/or sets of one balloon per airfield, rotated copies of one random hex."""
    turns = _symmetry(seats)
    sets, centre = divmod(count, len(turns))
    if count < 0 or centre > 1 or sets > MAX_BALLOON_SETS:
        allowed = sorted({s * len(turns) + c for s in range(MAX_BALLOON_SETS + 1) for c in (0, 1)})
        raise EngineError(
            f"{count} balloons cannot be placed fairly here; possible: "
            f"{', '.join(map(str, allowed))}",
            code="balloons_unfair",
            balloons=count,
            possible=allowed,
        )
    placed = [CENTRE] if centre else []
    for _ in range(sets):
        taken = keep_clear | set(placed)
        candidates = [h for h in BOARD if h != CENTRE and not {rotate(h, t) for t in turns} & taken]
        start = rng.choice(candidates)
        placed += [rotate(start, t) for t in turns]
    return placed


def _symmetry(seats: tuple[int, ...]) -> tuple[int, ...]:
    """The rotations (in sixths) that map the airfields in play onto each other."""
    return tuple(seat - seats[0] for seat in seats)


# --- clouds --------------------------------------------------------------------------------


def place_clouds(
    rng: Random, seats: tuple[int, ...], count: int, keep_clear: set[Hex], attempts: int = 200
) -> list[Hex]:
    """``count`` clouds of 3-5 hexes, a clear hex between them, fair to every airfield."""
    if count == 0:
        return []
    free = [h for h in BOARD if h not in keep_clear]
    for _ in range(attempts):
        clouds = _scatter(rng, count, free)
        if clouds is not None and _settle(rng, clouds, free, seats):
            return sorted(h for cloud in clouds for h in cloud)
    raise EngineError(
        f"could not place {count} fair clouds", code="clouds_unplaceable", clouds=count
    )


def cloud_counts(cloud_hexes: Iterable[Hex], seats: tuple[int, ...]) -> list[int]:
    """Cloud hexes within 6 hexes of each airfield in play (the fairness measure)."""
    return [
        sum(1 for h in cloud_hexes if distance(h, CORNERS[seat]) <= CLOUD_NEIGHBOURHOOD)
        for seat in seats
    ]


def _spread(clouds: list[list[Hex]], seats: tuple[int, ...]) -> int:
    counts = cloud_counts([h for cloud in clouds for h in cloud], seats)
    return max(counts) - min(counts)


def _one_cloud(rng: Random, others: list[list[Hex]], free: list[Hex]) -> list[Hex] | None:
    """A random cloud on ``free`` hexes, with a clear hex between it and every other cloud."""
    blocked = {(q + dq, r + dr) for cloud in others for q, r in cloud for dq, dr in DIRECTIONS}
    blocked.update(h for cloud in others for h in cloud)
    allowed = frozenset(h for h in free if h not in blocked)
    if not allowed:
        return None
    return grow_cloud(rng, rng.choice(sorted(allowed)), allowed)


def _scatter(rng: Random, count: int, free: list[Hex]) -> list[list[Hex]] | None:
    clouds: list[list[Hex]] = []
    for _ in range(count):
        cloud = None
        for _try in range(20):
            cloud = _one_cloud(rng, clouds, free)
            if cloud:
                break
        if not cloud:
            return None
        clouds.append(cloud)
    return clouds


def _settle(
    rng: Random, clouds: list[list[Hex]], free: list[Hex], seats: tuple[int, ...], steps: int = 300
) -> bool:
    """Move single clouds at random, never worsening the spread, until it is at most 1."""
    spread = _spread(clouds, seats)
    for _ in range(steps):
        if spread <= 1:
            return True
        index = rng.randrange(len(clouds))
        others = clouds[:index] + clouds[index + 1 :]
        moved = _one_cloud(rng, others, free)
        if moved is None:
            continue
        candidate = others[:index] + [moved] + others[index:]
        candidate_spread = _spread(candidate, seats)
        if candidate_spread <= spread:
            clouds[:] = candidate
            spread = candidate_spread
    return spread <= 1


def assign_pilot(state: State, seat: int, career_points: int, rank: int) -> State:
    """Put a pilot's career standing on a seat's plane (he names himself in his first round).

    His rank's larger magazine is loaded at once; everything else follows from the standing.
    """
    if career_points < 0 or not 0 <= rank <= career.MAX_RANK:
        raise EngineError(
            "a career standing is at least 0 points and a rank 0-6",
            code="career_out_of_range",
            points=career_points,
            rank=rank,
        )
    new = state.copy()
    plane = new.plane(seat)
    extra = career.ammo_capacity(rank) - career.ammo_capacity(plane.rank)
    plane.career_points, plane.rank = career_points, rank
    plane.ammo = max(0, min(plane.ammo + extra, career.ammo_capacity(rank)))
    return new
