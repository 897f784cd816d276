"""The generator of the lab catalogue, run once; its output ships as ``labs.json``.

``python -m joyride.engine.labgen`` writes the file again (the only I/O here, and only when run
as a program); ``generate()`` is pure and, from the fixed ``SEED``, always makes the same
catalogue (a test holds the shipped file to it).

Each side of a card is a sector of 6 rows x 9 columns [house, rules reference]:

- 5 coins and 1-2 scientists (hard sides: 2) on free cells;
- 2-4 obstacles (hard sides: 3-4 longer ones): zappers 1-3 cells in a line across or down
  (hard 2-3), missiles 1-2 cells across (hard 2), lasers 2-3 cells across (hard 3);
- obstacles never touch, not even at a corner, and keep off columns 0 and 8, so a run can
  always go on from one sector into the next;
- every side can be crossed: ``crossing`` finds tiles from just left of column 0 to a free end
  in column 8, and a side without one is drawn again.
"""

from __future__ import annotations

import json
import sys
from random import Random
from typing import Any

from .cards import DATA, HARD_NUMBERS, HARD_SETS, STANDARD_SETS
from .geometry import ROWS, SECTOR_COLS, SHAPES, Cell, placements_touching

SEED = 20181002


def _obstacle_cells(rng: Random, hard: bool) -> tuple[str, list[Cell]]:
    kind = rng.choice(("zapper", "missile", "laser"))
    if kind == "zapper":
        length = rng.randint(2, 3) if hard else rng.randint(1, 3)
        across = rng.random() < 0.5
    elif kind == "missile":
        length = 2 if hard else rng.randint(1, 2)
        across = True
    else:
        length = 3 if hard else rng.randint(2, 3)
        across = True
    if across:
        row, col = rng.randrange(ROWS), rng.randint(1, SECTOR_COLS - 1 - length)
        return kind, [(row, col + i) for i in range(length)]
    row, col = rng.randint(0, ROWS - length), rng.randint(1, SECTOR_COLS - 2)
    return kind, [(row + i, col) for i in range(length)]


def _touches(cells: list[Cell], taken: set[Cell]) -> bool:
    return any(
        (r + dr, c + dc) in taken for r, c in cells for dr in (-1, 0, 1) for dc in (-1, 0, 1)
    )


def _side(rng: Random, hard: bool) -> dict[str, Any]:
    while True:
        count = rng.randint(3, 4) if hard else rng.randint(2, 4)
        obstacles: list[dict[str, Any]] = []
        taken: set[Cell] = set()
        while len(obstacles) < count:
            kind, cells = _obstacle_cells(rng, hard)
            if not _touches(cells, taken):
                obstacles.append({"kind": kind, "cells": [list(cell) for cell in cells]})
                taken.update(cells)
        free = [(r, c) for r in range(ROWS) for c in range(SECTOR_COLS) if (r, c) not in taken]
        picked = rng.sample(free, 5 + (2 if hard else rng.randint(1, 2)))
        side = {
            "coins": sorted([list(cell) for cell in picked[:5]]),
            "scientists": sorted([list(cell) for cell in picked[5:]]),
            "obstacles": obstacles,
        }
        if crossing(side) is not None:
            return side


def crossing(side: dict[str, Any]) -> list[dict[str, Any]] | None:
    """Tiles that cross the side: the first touches a free end just left of column 0, each next
    one the last one's free end, none leaves the sector's rows and columns, covers an obstacle
    or overlaps another, and the last one's free end is in column 8. None if there are none.
    Placements are in the sector's own columns, entry listed first."""
    blocked = {tuple(cell) for item in side["obstacles"] for cell in item["cells"]}
    for row in range(ROWS):
        found = _cross_from((row, -1), blocked, set(), set())
        if found is not None:
            return [
                {"shape": shape, "cells": [list(cell) for cell in cells]} for shape, cells in found
            ]
    return None


def _cross_from(
    free_end: Cell, blocked: set[Cell], occupied: set[Cell], seen: set[Cell]
) -> list[tuple[str, tuple[Cell, ...]]] | None:
    if free_end[1] == SECTOR_COLS - 1:
        return []
    seen.add(free_end)
    options = []
    for shape in SHAPES:
        for placement in placements_touching(free_end, shape):
            cells = placement.cells
            if (
                all(
                    0 <= r < ROWS
                    and 0 <= c < SECTOR_COLS
                    and (r, c) not in blocked
                    and (r, c) not in occupied
                    for r, c in cells
                )
                and cells[-1] not in seen
            ):
                options.append((cells[-1][1] - free_end[1], shape, cells))
    for _, shape, cells in sorted(options, key=lambda o: -o[0]):
        if cells[-1] in seen:
            continue
        rest = _cross_from(cells[-1], blocked, occupied | set(cells), seen)
        if rest is not None:
            return [(shape, cells)] + rest
    return None


def generate(seed: int = SEED) -> dict[str, Any]:
    rng = Random(seed)
    cards = []
    for letters, numbers, hard in (
        (STANDARD_SETS, (1, 2, 3, 4), False),
        (HARD_SETS, HARD_NUMBERS, True),
    ):
        for letter in letters:
            for number in numbers:
                cards.append(
                    {
                        "card": f"{letter}{number}",
                        "number": number,
                        "hard": hard,
                        "sides": {"a": _side(rng, hard), "b": _side(rng, hard)},
                    }
                )
    return {"seed": seed, "generator": "joyride.engine.labgen", "cards": cards}


def dumps(catalogue: dict[str, Any]) -> str:
    return json.dumps(catalogue, indent=1, sort_keys=True) + "\n"


def main() -> int:
    DATA.write_text(dumps(generate()), encoding="utf-8")
    print(f"wrote {DATA}", file=sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
