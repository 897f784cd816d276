"""The lab's grid, the table around it and the five track-tile shapes.

Cells are ``(row, col)``: row 0 the roof, row 5 the floor; columns run across the whole lab,
0-35, sector ``s`` (1-4) holding columns ``9(s-1)``..``9s-1``. The table is rows -4..9 and
columns -4..39: a cell off the table is malformed input, a cell on it but off the lab is a
broken placement rule (see ``route``).

Each shape is a chain of squares; its two ends are its terminal squares. A tile may be rotated
and mirrored, so a shape is known by the set of its cells up to translation.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from games.enginekit import EngineError

ROWS = 6
COLS = 36
SECTOR_COLS = 9
SECTORS = 4
TABLE_ROWS = range(-4, 10)
TABLE_COLS = range(-4, 40)

Cell = tuple[int, int]

# Each chain listed from one terminal to the other.
CHAINS: dict[str, tuple[Cell, ...]] = {
    "I3": ((0, 0), (0, 1), (0, 2)),
    "I4": ((0, 0), (0, 1), (0, 2), (0, 3)),
    "L4": ((0, 0), (0, 1), (0, 2), (1, 2)),  # 3 in a line plus 1 beside an end
    "S4": ((0, 0), (0, 1), (1, 1), (1, 2)),  # skew
    "U5": ((0, 0), (1, 0), (1, 1), (1, 2), (0, 2)),  # a base of 3, two arms; tips terminal
}
SHAPES: tuple[str, ...] = tuple(CHAINS)
TILES_PER_SHAPE = 10
DIRECTIONS: tuple[Cell, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c))


def adjacent(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def in_lab(cell: Cell) -> bool:
    return 0 <= cell[0] < ROWS and 0 <= cell[1] < COLS


def sector_of(col: int) -> int:
    """0 left of the lab, 1-4 inside, 5 beyond the right edge."""
    if col < 0:
        return 0
    return min(col // SECTOR_COLS + 1, SECTORS + 1)


def _transforms(chain: tuple[Cell, ...]) -> Iterator[tuple[Cell, ...]]:
    for flip in (False, True):
        for turns in range(4):
            cells = [(r, -c) if flip else (r, c) for r, c in chain]
            for _ in range(turns):
                cells = [(c, -r) for r, c in cells]
            yield tuple(cells)


def _orientations() -> dict[str, list[tuple[Cell, ...]]]:
    """Every distinct orientation of each shape, as a chain normalised to row/col 0."""
    found: dict[str, list[tuple[Cell, ...]]] = {}
    for shape, chain in CHAINS.items():
        seen: set[frozenset[Cell]] = set()
        found[shape] = []
        for cells in _transforms(chain):
            top = min(r for r, _ in cells)
            left = min(c for _, c in cells)
            moved = tuple((r - top, c - left) for r, c in cells)
            if frozenset(moved) not in seen:
                seen.add(frozenset(moved))
                found[shape].append(moved)
    return found


ORIENTATIONS = _orientations()
# A shape's cells up to translation, to the shape and its chain there: a set of cells forms at
# most one shape, along one chain (each shape's cells form a simple path).
SHAPE_OF: dict[frozenset[Cell], tuple[str, tuple[Cell, ...]]] = {
    frozenset(chain): (shape, chain) for shape, chains in ORIENTATIONS.items() for chain in chains
}


@dataclass(frozen=True, slots=True)
class Placement:
    """A tile as given: its shape, its cells in the order listed, its chain's two terminals
    (the one listed first, then the other) and the chain from the first terminal."""

    shape: str
    cells: tuple[Cell, ...]
    chain: tuple[Cell, ...]

    @property
    def terminals(self) -> tuple[Cell, Cell]:
        return self.chain[0], self.chain[-1]

    def oriented(self, entry: Cell) -> tuple[Cell, ...]:
        """The chain from ``entry`` (one of the terminals) to the other terminal."""
        return self.chain if entry == self.chain[0] else self.chain[::-1]

    def to_dict(self) -> dict[str, Any]:
        return {"shape": self.shape, "cells": [list(cell) for cell in self.cells]}


def make_placement(shape: str, cells: Iterable[Cell]) -> Placement:
    """A placement from trusted cells (they must form the shape)."""
    cells = tuple(cells)
    chain = _chain(cells, shape)
    if chain is None:
        raise EngineError(f"the cells do not form a {shape}", code="not_a_shape", shape=shape)
    return Placement(shape, cells, chain)


def _chain(cells: tuple[Cell, ...], shape: str) -> tuple[Cell, ...] | None:
    """The chain through ``cells`` from the terminal listed first, or None if they do not form
    ``shape``."""
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    found = SHAPE_OF.get(frozenset((r - top, c - left) for r, c in cells))
    if found is None or found[0] != shape:
        return None
    chain = tuple((r + top, c + left) for r, c in found[1])
    ends = (chain[0], chain[-1])
    first = next(cell for cell in cells if cell in ends)
    return chain if first == chain[0] else chain[::-1]


def parse_cell(value: object, where: str) -> Cell:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise EngineError(f"{where} must be a cell [row, col]", where=where)
    row, col = value
    if type(row) is not int or type(col) is not int:  # not bool, not float
        raise EngineError(f"{where} must be a cell [row, col]", where=where)
    if row not in TABLE_ROWS or col not in TABLE_COLS:
        raise EngineError(
            f"{where} [{row}, {col}] is off the table (rows -4..9, columns -4..39)",
            code="off_table",
            where=where,
            cell=[row, col],
        )
    return row, col


def parse_placement(value: object, where: str) -> Placement:
    if not isinstance(value, dict):
        raise EngineError(f'{where} must be a placement {{"shape", "cells"}}', where=where)
    shape = value.get("shape")
    if not isinstance(shape, str) or shape not in CHAINS:
        refused = f"{where}.shape must be one of {', '.join(SHAPES)}"
        if not isinstance(shape, str):
            raise EngineError(refused, where=f"{where}.shape")
        raise EngineError(refused, code="unknown_shape", where=f"{where}.shape", shape=shape)
    raw = value.get("cells")
    if not isinstance(raw, list):
        raise EngineError(f"{where}.cells must be a list of cells", where=f"{where}.cells")
    size = len(CHAINS[shape])
    if len(raw) != size:
        raise EngineError(
            f"{where}.cells must hold {size} cells for a {shape}",
            code="cell_count",
            where=f"{where}.cells",
            shape=shape,
            size=size,
        )
    cells = tuple([parse_cell(cell, f"{where}.cells[{i}]") for i, cell in enumerate(raw)])
    if len(set(cells)) != size:
        raise EngineError(
            f"{where}.cells list a cell twice",
            code="cell_twice",
            where=f"{where}.cells",
            shape=shape,
        )
    chain = _chain(cells, shape)
    if chain is None:
        raise EngineError(
            f"{where}.cells do not form a {shape}",
            code="not_a_shape",
            where=f"{where}.cells",
            shape=shape,
        )
    return Placement(shape, cells, chain)


def first_placements(shape: str) -> Iterator[Placement]:
    """Every placement of ``shape`` in the lab's rows with a square left of column 0 (and none
    off the table), each in both orders: the terminal listed first is a first tile's entry."""
    for chain in ORIENTATIONS[shape]:
        height = max(r for r, _ in chain) + 1
        for ordered in (chain, chain[::-1]):
            for top in range(ROWS - height + 1):
                for left in range(TABLE_COLS.start, 0):
                    cells = tuple((r + top, c + left) for r, c in ordered)
                    yield Placement(shape, cells, cells)


def placements_touching(free_end: Cell, shape: str) -> Iterator[Placement]:
    """Every placement of ``shape`` with a terminal orthogonally next to ``free_end``, that
    terminal listed first (so it is the entry)."""
    for chain in ORIENTATIONS[shape]:
        for entry in (chain[0], chain[-1]):
            ordered = chain if entry == chain[0] else chain[::-1]
            for dr, dc in DIRECTIONS:
                target = (free_end[0] + dr, free_end[1] + dc)
                shift = (target[0] - entry[0], target[1] - entry[1])
                cells = tuple((r + shift[0], c + shift[1]) for r, c in ordered)
                yield Placement(shape, cells, cells)
