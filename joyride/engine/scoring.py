"""A run's score: coins, missions, gadgets and penalties, from the tiles laid in a lab.

Only tiles that break no rule collect anything (coins, near-misses, mission and gadget
progress); each tile that breaks one costs 3 points. The set of completed sectors, escaping and
how far right the run got (``reach``) come from the route: the tiles before the first broken
one. A sector is completed once the route has a square in a sector right of it (sector 4 once
the route escapes). The *squares* of a run are the cells of its scoring tiles in the order laid,
each tile's from entry to exit; a *step* joins two consecutive squares of one tile, or the exit
of a scoring tile to the entry of the next tile laid when that one scores too.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator
from functools import cached_property, lru_cache
from typing import Any

from .cards import Lab, Obstacle
from .geometry import COLS, ROWS, SECTOR_COLS, SECTORS, Cell, neighbours, sector_of
from .route import Laid
from .tables import COIN_MAGNET, GADGETS, MISSIONS

PENALTY = 3
BUBBLE_GUN_COINS = 3
ROOF, FLOOR = 0, ROWS - 1
SECTOR_NUMBERS = range(1, SECTORS + 1)
Outcome = tuple[bool, int | None]  # a mission: done, and the progress shown (None: none)


class Run:
    """What a run's scoring tiles did in a lab: every fact a mission or gadget asks about.

    The facts only some missions and gadgets ask about are worked out when first asked for:
    the computer players score thousands of routes a plan, against three missions."""

    def __init__(self, lab: Lab, laid: list[Laid], gadgets: Iterable[str]) -> None:
        self.lab = lab
        self.laid = laid
        self.magnet = COIN_MAGNET in gadgets
        self.scoring = [t for t in laid if t.scores]
        self.route = [t for t in self.scoring if t.on_route]
        self.squares = [cell for t in self.scoring for cell in t.cells]
        self.covered = set(self.squares)
        self.escaped = any(t.escapes for t in self.route)
        right = max((c for t in self.route for _, c in t.cells), default=None)
        # sector_of never falls as the column grows: the furthest sector is the rightmost
        # square's.
        furthest = 0 if right is None else sector_of(right)
        self.completed = [s for s in SECTOR_NUMBERS if s < furthest]
        self.right = right  # the route's rightmost column (None: no route)
        self.reach = max(-1, min(COLS, -1 if right is None else right))

    def then(self, tile: Laid) -> Run:
        """This run with ``tile`` laid next, a tile that scores and is on the route (so every
        tile before it is too): the facts of ``__init__`` from this run's and the tile's alone,
        for the computer players, which score a route after each tile they try."""
        assert tile.on_route and len(self.route) == len(self.laid), "a tile on an unbroken route"
        run = Run.__new__(Run)
        run.lab, run.magnet = self.lab, self.magnet
        run.laid = [*self.laid, tile]
        run.scoring = [*self.scoring, tile]
        run.route = [*self.route, tile]
        run.squares = [*self.squares, *tile.cells]
        run.covered = self.covered.union(tile.cells)
        run.escaped = self.escaped or tile.escapes
        right = max(c for _, c in tile.cells)
        run.right = right = right if self.right is None else max(self.right, right)
        furthest = sector_of(right)
        run.completed = [s for s in SECTOR_NUMBERS if s < furthest]
        run.reach = max(-1, min(COLS, right))
        return run

    @cached_property
    def steps(self) -> list[tuple[Cell, Cell]]:
        return list(self._steps())

    @cached_property
    def coins(self) -> frozenset[Cell]:
        covered = self.covered
        coins = self.lab.coins & covered
        if self.magnet:
            coins |= {c for c in self.lab.coins if any(n in covered for n in neighbours(c))}
        return coins

    @cached_property
    def near_scientists(self) -> frozenset[Cell]:
        """The scientists next to a square, not on one (a lab has a few scientists, a run
        dozens of squares: each scientist's neighbours are looked up)."""
        covered = self.covered
        return frozenset(
            s
            for s in self.lab.scientists
            if s not in covered and any(n in covered for n in neighbours(s))
        )

    @cached_property
    def near_obstacles(self) -> list[Obstacle]:
        covered = self.covered
        return [
            o
            for o in self.lab.obstacles
            if o.cells.isdisjoint(covered) and not o.rim.isdisjoint(covered)
        ]

    @cached_property
    def coins_by_sector(self) -> dict[int, int]:
        found: dict[int, int] = {}
        for _, c in self.coins:
            sector = sector_of(c)
            found[sector] = found.get(sector, 0) + 1
        return found

    @cached_property
    def squares_by_sector(self) -> dict[int, list[Cell]]:
        """The run's squares in the lab by sector, in the order laid."""
        found: dict[int, list[Cell]] = {s: [] for s in SECTOR_NUMBERS}
        for cell in self.squares:
            r, c = cell
            if 0 <= r < ROWS and 0 <= c < COLS:
                found[c // SECTOR_COLS + 1].append(cell)
        return found

    def _steps(self) -> Iterator[tuple[Cell, Cell]]:
        previous = None
        for tile in self.laid:
            if tile.scores:
                if previous is not None and previous.scores:
                    yield previous.cells[-1], tile.cells[0]
                yield from zip(tile.cells, tile.cells[1:])
            previous = tile

    def in_sector(self, sector: int) -> list[Cell]:
        """The run's squares in ``sector``, in the order laid."""
        return self.squares_by_sector[sector]

    def coins_in(self, sector: int) -> int:
        return self.coins_by_sector.get(sector, 0)

    def sides_missed(self, obstacle: Obstacle) -> set[str]:
        sides: set[str] = set()
        for r, c in obstacle.cells:
            for side, cell in (
                ("left", (r, c - 1)),
                ("right", (r, c + 1)),
                ("top", (r - 1, c)),
                ("bottom", (r + 1, c)),
            ):
                if cell in self.covered and cell not in obstacle.cells:
                    sides.add(side)
        return sides


# --- missions: each answers (done, progress) ---------------------------------------------------


def _escape(run: Run) -> Outcome:
    return run.escaped, None


def _three_sectors(run: Run) -> Outcome:
    return len(run.completed) >= 3, len(run.completed)


def _five_coins(run: Run) -> Outcome:
    best = max(run.coins_in(s) for s in SECTOR_NUMBERS)
    return best >= 5, best


def _no_coins_completed(run: Run) -> Outcome:
    return any(run.coins_in(s) == 0 for s in run.completed), None


def _roof(run: Run) -> Outcome:
    count = sum(1 for r, c in run.covered if r == ROOF and 0 <= c < COLS)
    return count >= 10, count


def _floor(run: Run) -> Outcome:
    count = sum(1 for r, c in run.covered if r == FLOOR and 0 <= c < COLS)
    return count >= 10, count


def _no_roof_floor_completed(run: Run) -> Outcome:
    # The seed's "cover any block in both the top-most and bottom-most rows" read by the title
    # ("Don't touch the roof and floor"): the sector's squares touch neither.
    return any(
        all(r not in (ROOF, FLOOR) for r, _ in run.in_sector(s)) for s in run.completed
    ), None


def _near_all_obstacles(run: Run) -> Outcome:
    near = {o.index for o in run.near_obstacles}
    for s in SECTOR_NUMBERS:
        inside = [o.index for o in run.lab.obstacles if o.sector == s]
        if inside and all(i in near for i in inside):
            return True, None
    return False, None


def _come_back(run: Run) -> Outcome:
    completed = set(run.completed)
    furthest = 0
    for tile in run.scoring:
        for sector in _sectors(tile.cells):
            if sector in completed and sector < furthest:
                return True, None
            furthest = max(furthest, sector)
    return False, None


def _four_full_tiles(run: Run) -> Outcome:
    counts = dict.fromkeys(SECTOR_NUMBERS, 0)
    for tile in run.scoring:
        sector = _whole_in(tile.cells)
        if sector in counts:
            counts[sector] += 1
    best = max(counts.values())
    return best >= 4, best


# A tile's facts that depend on its cells alone, kept: a computer player's search scores
# thousands of routes a plan, made of the same few hundred tiles.
@lru_cache(maxsize=1 << 16)
def _sectors(cells: tuple[Cell, ...]) -> tuple[int, ...]:
    """The sector of each of the cells, in their order."""
    return tuple(sector_of(c) for _, c in cells)


@lru_cache(maxsize=1 << 16)
def _whole_in(cells: tuple[Cell, ...]) -> int | None:
    """The sector (0-5) holding every one of the cells, all in the lab's rows, or None."""
    sectors = set(_sectors(cells))
    if len(sectors) == 1 and all(0 <= r < ROWS for r, _ in cells):
        return sectors.pop()
    return None


def _no_scientist_covered(run: Run) -> Outcome:
    return not (run.lab.scientists & run.covered), None


def _three_scientists(run: Run) -> Outcome:
    return len(run.near_scientists) >= 3, len(run.near_scientists)


def _monotone(run: Run, never_down: bool) -> bool:
    for s in run.completed:
        rows = [r for r, _ in run.in_sector(s)]
        pairs = itertools.pairwise(rows)
        if all(b <= a for a, b in pairs) if never_down else all(b >= a for a, b in pairs):
            return True
    return False


def _never_down(run: Run) -> Outcome:
    return _monotone(run, never_down=True), None


def _never_up(run: Run) -> Outcome:
    return _monotone(run, never_down=False), None


def _two_shapes(run: Run) -> Outcome:
    for s in run.completed:
        low = (s - 1) * 9
        shapes = {
            t.shape
            for t in run.scoring
            if any(low <= c < low + 9 and 0 <= r < ROWS for r, c in t.cells)
        }
        if len(shapes) <= 2:
            return True, None
    return False, None


def _same_level(run: Run) -> Outcome:
    # Directed steps across a sector's left edge (entering) and right edge (leaving), rows
    # compared sector by sector; sector 1 is entered from column -1, sector 4 left to 36.
    entered, left = set(), set()
    for (r1, c1), (r2, c2) in run.steps:
        if r1 == r2 and c2 == c1 + 1 and c2 % 9 == 0:
            if c2 < COLS:
                entered.add((c2 // 9 + 1, r2))
            if c2 > 0:
                left.add((c2 // 9, r1))
    return bool(entered & left), None


def _four_sides(run: Run) -> Outcome:
    return any(len(run.sides_missed(o)) == 4 for o in run.near_obstacles), None


MISSION_TESTS: dict[str, Callable[[Run], Outcome]] = {
    "MS-01": _escape,
    "MS-02": _three_sectors,
    "MS-03": _five_coins,
    "MS-04": _no_coins_completed,
    "MS-05": _roof,
    "MS-06": _floor,
    "MS-07": _no_roof_floor_completed,
    "MS-08": _near_all_obstacles,
    "MS-09": _come_back,
    "MS-10": _four_full_tiles,
    "MS-11": _no_scientist_covered,
    "MS-12": _three_scientists,
    "MS-13": _never_down,
    "MS-14": _never_up,
    "MS-15": _two_shapes,
    "MS-16": _same_level,
    "MS-17": _four_sides,
}
assert set(MISSION_TESTS) == set(MISSIONS)


# --- gadgets: each answers its points ----------------------------------------------------------


def _coins_total(run: Run, gadgets: list[str]) -> int:
    return len(run.coins) + (BUBBLE_GUN_COINS if "GS-15" in gadgets else 0)


def _jumps(run: Run, from_row: int, to_row: int) -> int:
    return sum(1 for (r1, _), (r2, _) in run.steps if r1 == from_row and r2 == to_row)


def _lucky_last(run: Run) -> int:
    if not run.scoring:
        return 0
    final = run.scoring[-1].shape
    return sum(1 for t in run.scoring if t.shape == final)


GADGET_POINTS: dict[str, Callable[[Run, list[str]], int]] = {
    "GS-04": lambda run, g: _coins_total(run, g) // 3,
    "GS-05": lambda run, g: 3 * (_coins_total(run, g) // 8),
    "GS-06": lambda run, g: sum(
        1 for o in run.near_obstacles if o.kind == "missile" and "left" in run.sides_missed(o)
    ),
    "GS-09": lambda run, g: 2 * _jumps(run, FLOOR, FLOOR - 1),
    "GS-10": lambda run, g: 2 * _jumps(run, ROOF, ROOF + 1),
    "GS-11": lambda run, g: 4,
    "GS-13": lambda run, g: len(run.lab.scientists - run.covered - run.near_scientists),
    "GS-14": lambda run, g: _lucky_last(run),
    "GS-15": lambda run, g: BUBBLE_GUN_COINS,
    "GS-16": lambda run, g: sum(
        1 for t in run.scoring if not any(cell in run.lab.coins for cell in t.cells)
    ),
}


def _missions_done(run: Run, missions: Iterable[str]) -> list[tuple[str, bool, int | None]]:
    """Each revealed mission's id, whether the run does it, and its progress."""
    return [(m, *MISSION_TESTS[m](run)) for m in missions]


def _gadget_points(run: Run, gadgets: list[str]) -> list[tuple[str, int]]:
    """Each owned gadget's id and its points for the run."""
    return [(g, GADGET_POINTS[g](run, gadgets) if g in GADGET_POINTS else 0) for g in gadgets]


def _total(
    run: Run, done: list[tuple[str, bool, int | None]], gadget_points: list[tuple[str, int]]
) -> int:
    broken = sum(1 for t in run.laid if not t.scores)
    missions = sum(MISSIONS[m].stars for m, finished, _ in done if finished)
    return len(run.coins) + missions + sum(p for _, p in gadget_points) - PENALTY * broken


def total(lab: Lab, laid: list[Laid], gadgets: Iterable[str], missions: Iterable[str]) -> int:
    """``score(...)["total"]`` without the rest of the score."""
    gadgets = list(gadgets)
    return run_total(Run(lab, laid, gadgets), gadgets, missions)


def run_total(run: Run, gadgets: list[str], missions: Iterable[str]) -> int:
    """``total`` of the run's tiles, with the gadgets ``run`` was made with."""
    return _total(run, _missions_done(run, missions), _gadget_points(run, gadgets))


def score(
    lab: Lab, laid: list[Laid], gadgets: Iterable[str], missions: Iterable[str]
) -> dict[str, Any]:
    """The score of the tiles ``laid`` (in order) with the gadgets owned and missions revealed.

    GS-15's three coins are its gadget points and count in ``coins_total``, the figure the
    other gadgets read (``coins`` is the lab's coins collected)."""
    gadgets = list(gadgets)
    run = Run(lab, laid, gadgets)
    done = _missions_done(run, missions)
    gadget_points = _gadget_points(run, gadgets)
    mission_rows: list[dict[str, Any]] = []
    for mission_id, finished, progress in done:
        mission = MISSIONS[mission_id]
        mission_rows.append(
            {
                "id": mission_id,
                "stars": mission.stars,
                "done": finished,
                "points": mission.stars if finished else 0,
                "progress": progress,
                "target": mission.target,
            }
        )
    gadget_rows: list[dict[str, Any]] = [{"id": g, "points": p} for g, p in gadget_points]
    broken = sum(1 for t in laid if not t.scores)
    coin_points = len(run.coins)
    mission_points = sum(row["points"] for row in mission_rows)
    gadget_points_sum = sum(row["points"] for row in gadget_rows)
    return {
        "coins": coin_points,
        "coins_total": _coins_total(run, gadgets),
        "coin_cells": sorted([list(cell) for cell in run.coins]),
        "near_misses": {
            "scientists": sorted([list(cell) for cell in run.near_scientists]),
            "obstacles": [
                {
                    "index": o.index,
                    "kind": o.kind,
                    "sector": o.sector,
                    "sides": sorted(run.sides_missed(o)),
                }
                for o in run.near_obstacles
            ],
        },
        "covered_scientists": sorted([list(cell) for cell in run.lab.scientists & run.covered]),
        "completed": run.completed,
        "escaped": run.escaped,
        "reach": run.reach,
        "missions": mission_rows,
        "gadgets": gadget_rows,
        "broken": broken,
        "coin_points": coin_points,
        "mission_points": mission_points,
        "gadget_points": gadget_points_sum,
        "penalty": PENALTY * broken,
        "total": _total(run, done, gadget_points),
    }


assert set(GADGET_POINTS) <= set(GADGETS)
