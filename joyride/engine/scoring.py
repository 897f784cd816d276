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

from collections.abc import Callable, Iterable, Iterator
from functools import cached_property, lru_cache
from typing import Any, TypeVar

from .cards import Lab, Obstacle
from .geometry import COLS, ROWS, SECTOR_COLS, SECTORS, Cell, neighbours, sector_of
from .route import Laid
from .tables import COIN_MAGNET, GADGETS, MISSIONS

PENALTY = 3
BUBBLE_GUN_COINS = 3
ROOF, FLOOR = 0, ROWS - 1
SECTOR_NUMBERS = range(1, SECTORS + 1)
Outcome = tuple[bool, int | None]  # a mission: done, and the progress shown (None: none)
_Fact = TypeVar("_Fact")  # a fact of a run grown a tile at a time
_NONE: frozenset[Any] = frozenset()
GROWN_FACTS = (
    "sector_rows",
    "come_back",
    "whole_tiles",
    "shapes_by_sector",
    "crossings",
    "obstacle_sides",
    "coin_state",
    "scientist_state",
    "roof_floor",
)


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
        self.escaped = any(t.escapes for t in self.route)
        right = max((c for t in self.route for _, c in t.cells), default=None)
        # sector_of never falls as the column grows: the furthest sector is the rightmost
        # square's.
        furthest = 0 if right is None else sector_of(right)
        self.completed = [s for s in SECTOR_NUMBERS if s < furthest]
        self.right = right  # the route's rightmost column (None: no route)
        self.reach = max(-1, min(COLS, -1 if right is None else right))
        self.grown_from: Run | None = None  # the run ``then`` made this one from

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
        run.escaped = self.escaped or tile.escapes
        right = max(c for _, c in tile.cells)
        run.right = right = right if self.right is None else max(self.right, right)
        furthest = sector_of(right)
        run.completed = [s for s in SECTOR_NUMBERS if s < furthest]
        run.reach = max(-1, min(COLS, right))
        # Its grown facts come from this run's and the tile's alone when asked for: a
        # mission's outcome without walking the whole route, and only for the runs scored.
        run.grown_from = self
        return run

    @cached_property
    def squares(self) -> list[Cell]:
        return [cell for t in self.scoring for cell in t.cells]

    @cached_property
    def covered(self) -> set[Cell]:
        return set(self.squares)

    @cached_property
    def steps(self) -> list[tuple[Cell, Cell]]:
        return list(self._steps())

    @property
    def coins(self) -> frozenset[Cell]:
        """The lab's coins on a square (with the Coin Magnet, next to one too)."""
        return self.coin_state[0]

    @property
    def near_scientists(self) -> frozenset[Cell]:
        """The scientists next to a square, not on one."""
        next_to, on = self.scientist_state
        return next_to - on

    @cached_property
    def near_obstacles(self) -> list[Obstacle]:
        """The obstacles with a square next to them and none on them, in the lab's order."""
        hit, sides = self.obstacle_sides
        return [o for o in self.lab.obstacles if sides[o.index] and o.index not in hit]

    # The facts grown a tile at a time: each folds its ``_grow_*`` over the scoring tiles in
    # the order laid (``GROWN_FACTS``).

    @cached_property
    def sector_rows(self) -> tuple[SectorRows, ...]:
        """Per sector 1-4 (at 0-3), what the rows of the run's squares in the lab did there."""
        return self._fold("sector_rows", _grow_sector_rows, ((None, True, True, True),) * SECTORS)

    @cached_property
    def come_back(self) -> tuple[int, int | None]:
        """The furthest sector of a square, and the least sector (1-4) a square went back to
        from a sector further right (None: none)."""
        start: tuple[int, int | None] = (0, None)
        return self._fold("come_back", _grow_come_back, start)

    @cached_property
    def whole_tiles(self) -> tuple[int, ...]:
        """Per sector 1-4 (at 0-3), the tiles whose squares are all in it."""
        return self._fold("whole_tiles", _grow_whole_tiles, (0,) * SECTORS)

    @cached_property
    def shapes_by_sector(self) -> tuple[frozenset[str], ...]:
        """Per sector 1-4 (at 0-3), the shapes of the tiles with a square in it."""
        return self._fold("shapes_by_sector", _grow_shapes_by_sector, (_NONE,) * SECTORS)

    @cached_property
    def crossings(self) -> tuple[frozenset[Edge], frozenset[Edge]]:
        """The (sector, row) of every step entering a sector across its left edge (sector 1
        from column -1), and of every step leaving one across its right edge (sector 4 to
        column 36): a step one column to the right in one row."""
        return self._fold("crossings", _grow_crossings, (_NONE, _NONE))

    @cached_property
    def obstacle_sides(self) -> tuple[frozenset[int], tuple[frozenset[str], ...]]:
        """The obstacles (their index) with a square on them, and by obstacle (its index)
        its sides with a square next to one of its cells, not on it."""
        return self._fold(
            "obstacle_sides", _grow_obstacle_sides, (_NONE, (_NONE,) * len(self.lab.obstacles))
        )

    @cached_property
    def coin_state(self) -> tuple[frozenset[Cell], tuple[int, ...]]:
        """The coins (see ``coins``), and how many of them are in each sector 1-4 (at 0-3)."""
        return self._fold("coin_state", _grow_coin_state, (_NONE, (0,) * SECTORS))

    @cached_property
    def scientist_state(self) -> tuple[frozenset[Cell], frozenset[Cell]]:
        """The scientists next to a square, and those on one."""
        return self._fold("scientist_state", _grow_scientist_state, (_NONE, _NONE))

    @cached_property
    def roof_floor(self) -> tuple[frozenset[Cell], frozenset[Cell]]:
        """The squares in the lab's columns on the roof, and on the floor."""
        return self._fold("roof_floor", _grow_roof_floor, (_NONE, _NONE))

    def _fold(
        self, name: str, grow: Callable[[Run, _Fact, Laid | None, Laid], _Fact], start: _Fact
    ) -> _Fact:
        """The fact ``name``: ``grow`` folded over the scoring tiles from ``start``, the fact
        of no tile; or grown once from the fact of the run ``then`` made this one from (asked
        for in turn: the search scores a route's runs in the order they grow)."""
        parent = self.grown_from
        if parent is not None:
            previous = parent.laid[-1] if parent.laid else None
            fact: _Fact = getattr(parent, name)
            return grow(parent, fact, previous, self.laid[-1])
        state, previous = start, None
        for tile in self.laid:
            if tile.scores:
                state = grow(self, state, previous, tile)
            previous = tile
        return state

    def _steps(self) -> Iterator[tuple[Cell, Cell]]:
        previous = None
        for tile in self.laid:
            if tile.scores:
                if previous is not None and previous.scores:
                    yield previous.cells[-1], tile.cells[0]
                yield from zip(tile.cells, tile.cells[1:])
            previous = tile

    def coins_in(self, sector: int) -> int:
        return self.coin_state[1][sector - 1] if 0 < sector <= SECTORS else 0

    def sides_missed(self, obstacle: Obstacle) -> set[str]:
        """The obstacle's sides with a square next to one of its cells, not on it."""
        return set(self.obstacle_sides[1][obstacle.index])


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
    count = len(run.roof_floor[0])
    return count >= 10, count


def _floor(run: Run) -> Outcome:
    count = len(run.roof_floor[1])
    return count >= 10, count


def _no_roof_floor_completed(run: Run) -> Outcome:
    # The seed's "cover any block in both the top-most and bottom-most rows" read by the title
    # ("Don't touch the roof and floor"): the sector's squares touch neither.
    rows = run.sector_rows
    return any(rows[s - 1][3] for s in run.completed), None


def _near_all_obstacles(run: Run) -> Outcome:
    hit, sides = run.obstacle_sides
    for inside in run.lab.obstacles_by_sector:
        if inside and all(sides[i] and i not in hit for i in inside):
            return True, None
    return False, None


def _come_back(run: Run) -> Outcome:
    # The completed sectors are 1 to some sector: one was come back to if the least was.
    return run.come_back[1] in run.completed, None


def _four_full_tiles(run: Run) -> Outcome:
    best = max(run.whole_tiles)
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


# --- the facts grown a tile at a time -------------------------------------------------------
# Each ``_grow_*`` takes a run (only its lab and gadgets are read), its fact, the tile laid
# last in it (None: none) and a scoring tile laid next, and gives the fact of the run with that
# tile: ``Run._fold`` folds it over a whole run's scoring tiles, ``Run.then`` applies it once.

# A sector's rows: the last square's row (None: no square yet), whether the rows never went
# down (the row never grew from a square to the next), never went up, and kept off the roof
# and the floor.
SectorRows = tuple[int | None, bool, bool, bool]
Edge = tuple[int, int]  # a sector's edge crossed in a row: (sector, row)


def _grow_sector_rows(
    run: Run, rows: tuple[SectorRows, ...], previous: Laid | None, tile: Laid
) -> tuple[SectorRows, ...]:
    grown = list(rows)
    for r, c in tile.cells:
        if 0 <= r < ROWS and 0 <= c < COLS:
            at = c // SECTOR_COLS
            last, down, up, off = grown[at]
            if last is not None:
                down, up = down and r <= last, up and r >= last
            grown[at] = (r, down, up, off and r != ROOF and r != FLOOR)
    return tuple(grown)


def _grow_come_back(
    run: Run, state: tuple[int, int | None], previous: Laid | None, tile: Laid
) -> tuple[int, int | None]:
    furthest, back = state
    for sector in _sectors(tile.cells):
        if 0 < sector < furthest and (back is None or sector < back):
            back = sector
        furthest = max(furthest, sector)
    return furthest, back


def _grow_whole_tiles(
    run: Run, counts: tuple[int, ...], previous: Laid | None, tile: Laid
) -> tuple[int, ...]:
    sector = _whole_in(tile.cells)
    if sector is None or not 0 < sector <= SECTORS:
        return counts
    return tuple(n + (at == sector - 1) for at, n in enumerate(counts))


# The kept facts of a tile's cells below are tuples of ints: the garbage collector stops
# tracking them (a frozenset it would walk at every full pass, for as long as it is kept).


@lru_cache(maxsize=1 << 16)
def _lab_sectors(cells: tuple[Cell, ...]) -> tuple[int, ...]:
    """The sectors (1-4) holding one of the cells in the lab."""
    return tuple(
        sorted({c // SECTOR_COLS + 1 for r, c in cells if 0 <= r < ROWS and 0 <= c < COLS})
    )


def _grow_shapes_by_sector(
    run: Run, shapes: tuple[frozenset[str], ...], previous: Laid | None, tile: Laid
) -> tuple[frozenset[str], ...]:
    sectors = _lab_sectors(tile.cells)
    if not sectors:
        return shapes
    return tuple(
        found | {tile.shape} if at + 1 in sectors else found for at, found in enumerate(shapes)
    )


@lru_cache(maxsize=1 << 16)
def _crossed(steps: tuple[tuple[Cell, Cell], ...]) -> tuple[tuple[Edge, ...], tuple[Edge, ...]]:
    """The (sector, row) each of the steps enters across a sector's left edge, and leaves
    across a right edge (sector 1 is entered from column -1, sector 4 left to column 36)."""
    entered, left = set(), set()
    for (r1, c1), (r2, c2) in steps:
        if r1 == r2 and c2 == c1 + 1 and c2 % SECTOR_COLS == 0:
            if c2 < COLS:
                entered.add((c2 // SECTOR_COLS + 1, r2))
            if c2 > 0:
                left.add((c2 // SECTOR_COLS, r1))
    return tuple(sorted(entered)), tuple(sorted(left))


def _grow_crossings(
    run: Run, crossings: tuple[frozenset[Edge], frozenset[Edge]], previous: Laid | None, tile: Laid
) -> tuple[frozenset[Edge], frozenset[Edge]]:
    steps = tuple(zip(tile.cells, tile.cells[1:]))
    if previous is not None and previous.scores:  # the step from its exit to this entry
        steps = ((previous.cells[-1], tile.cells[0]), *steps)
    entered, left = _crossed(steps)
    if not entered and not left:
        return crossings
    return crossings[0].union(entered), crossings[1].union(left)


def _grow_obstacle_sides(
    run: Run,
    state: tuple[frozenset[int], tuple[frozenset[str], ...]],
    previous: Laid | None,
    tile: Laid,
) -> tuple[frozenset[int], tuple[frozenset[str], ...]]:
    on, next_to = run.lab.obstacles_on, run.lab.sides_next
    hit = [index for cell in tile.cells for index in on.get(cell, ())]
    missed = [found for cell in tile.cells for found in next_to.get(cell, ())]
    if not hit and not missed:
        return state
    sides = list(state[1])
    for index, side in missed:
        sides[index] = sides[index] | {side}
    return state[0].union(hit), tuple(sides)


def _grow_coin_state(
    run: Run, state: tuple[frozenset[Cell], tuple[int, ...]], previous: Laid | None, tile: Laid
) -> tuple[frozenset[Cell], tuple[int, ...]]:
    coins, counts = state
    lab_coins = run.lab.coins
    found = {cell for cell in tile.cells if cell in lab_coins}
    if run.magnet:
        found.update(n for cell in tile.cells for n in neighbours(cell) if n in lab_coins)
    found -= coins
    if not found:
        return state
    grown = list(counts)
    for _, c in found:
        sector = sector_of(c)
        if 0 < sector <= SECTORS:
            grown[sector - 1] += 1
    return coins | found, tuple(grown)


def _grow_scientist_state(
    run: Run, state: tuple[frozenset[Cell], frozenset[Cell]], previous: Laid | None, tile: Laid
) -> tuple[frozenset[Cell], frozenset[Cell]]:
    scientists, next_to = run.lab.scientists, run.lab.scientists_next
    on = scientists.intersection(tile.cells)
    near = {s for cell in tile.cells for s in next_to.get(cell, ())}
    if not on and not near:
        return state
    return state[0] | near, state[1] | on


def _grow_roof_floor(
    run: Run, state: tuple[frozenset[Cell], frozenset[Cell]], previous: Laid | None, tile: Laid
) -> tuple[frozenset[Cell], frozenset[Cell]]:
    roof = [(r, c) for r, c in tile.cells if r == ROOF and 0 <= c < COLS]
    floor = [(r, c) for r, c in tile.cells if r == FLOOR and 0 <= c < COLS]
    if not roof and not floor:
        return state
    return state[0].union(roof), state[1].union(floor)


def _no_scientist_covered(run: Run) -> Outcome:
    return not run.scientist_state[1], None


def _three_scientists(run: Run) -> Outcome:
    return len(run.near_scientists) >= 3, len(run.near_scientists)


def _never_down(run: Run) -> Outcome:
    rows = run.sector_rows
    return any(rows[s - 1][1] for s in run.completed), None


def _never_up(run: Run) -> Outcome:
    rows = run.sector_rows
    return any(rows[s - 1][2] for s in run.completed), None


def _two_shapes(run: Run) -> Outcome:
    shapes = run.shapes_by_sector
    return any(len(shapes[s - 1]) <= 2 for s in run.completed), None


def _same_level(run: Run) -> Outcome:
    # Rows compared sector by sector: entered across the left edge and left across the right.
    entered, left = run.crossings
    return bool(entered & left), None


def _four_sides(run: Run) -> Outcome:
    hit, sides = run.obstacle_sides
    return any(len(found) == 4 and o not in hit for o, found in enumerate(sides)), None


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
    "GS-13": lambda run, g: len(run.lab.scientists.difference(*run.scientist_state)),
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
    broken = len(run.laid) - len(run.scoring)
    missions = sum(MISSIONS[m].stars for m, finished, _ in done if finished)
    return len(run.coins) + missions + sum(p for _, p in gadget_points) - PENALTY * broken


def total(lab: Lab, laid: list[Laid], gadgets: Iterable[str], missions: Iterable[str]) -> int:
    """``score(...)["total"]`` without the rest of the score."""
    gadgets = list(gadgets)
    return run_total(Run(lab, laid, gadgets), gadgets, missions)


def run_total(run: Run, gadgets: list[str], missions: Iterable[str]) -> int:
    """``total`` of the run's tiles, with the gadgets ``run`` was made with."""
    found = _total(run, _missions_done(run, missions), _gadget_points(run, gadgets))
    # The facts the missions and gadgets ask for are worked out: the runs before this one need
    # not be kept for them (a fact asked for later is folded over the whole run).
    run.grown_from = None
    return found


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
