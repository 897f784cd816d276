"""Laying one player's tiles in his lab, one at a time, by the placement rules.

Rule codes a tile may break (each costs 3 points and the tile collects nothing):

- ``start``: the first tile has no square left of column 0;
- ``connect``: no terminal of the tile touches the last tile's free end orthogonally;
- ``outside``: a square above the roof, below the floor, left of the lab (after the first
  tile), or right of it when no terminal escapes;
- ``overlap``: a square on a tile already placed;
- ``obstacle``: a square on a zapper, missile or laser (not on a missile with the Missile
  Jammer, nor a zapper with the Dezapinator).

A rule-breaking tile still lies on the table: later tiles connect to its free end and may not
overlap it. But the *route*, which escapes and completes sectors, is only the tiles before the
first broken one.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from .cards import Lab
from .geometry import COLS, ROWS, Cell, Placement, adjacent, neighbours
from .tables import COIN_MAGNET, DEZAPINATOR, MISSILE_JAMMER


@dataclass(frozen=True, slots=True)
class Laid:
    """A tile on the table: ``cells`` from its entry to its exit (the new free end)."""

    index: int  # its place in the plan's tiles (or in ``insta_ball``)
    shape: str
    cells: tuple[Cell, ...]
    rules: tuple[str, ...]  # the rules it breaks; empty: it scores
    on_route: bool  # it scores and no tile before it broke a rule
    escapes: bool  # on the route, with a terminal beyond column 35
    insta: bool = False
    step: int | None = None  # the lock-step step it was placed in (0: before step 1)

    @property
    def scores(self) -> bool:
        return not self.rules

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "shape": self.shape,
            "cells": [list(cell) for cell in self.cells],
            "rules": list(self.rules),
            "scores": not self.rules,
            "on_route": self.on_route,
            "escapes": self.escapes,
            "insta": self.insta,
            "step": self.step,
        }


def exempt_kinds(gadgets: Collection[str]) -> frozenset[str]:
    """The obstacles the owner of ``gadgets`` may fly through."""
    return frozenset(
        ({"missile"} if MISSILE_JAMMER in gadgets else set())
        | ({"zapper"} if DEZAPINATOR in gadgets else set())
    )


def judge(
    lab: Lab,
    exempt: frozenset[str],
    placement: Placement,
    free_end: Cell | None,
    occupied: Collection[Cell],
    first: bool,
) -> tuple[tuple[Cell, ...], tuple[str, ...]]:
    """A tile's cells from its entry to its exit, and the rules it breaks when laid after the
    tile whose free end is ``free_end`` (ignored for the ``first`` tile) beside ``occupied``."""
    a, b = placement.terminals
    rules = []
    if first:
        entry = a
    else:
        assert free_end is not None  # every tile after the first follows one
        touching = [t for t in (a, b) if adjacent(t, free_end)]
        entry = touching[0] if len(touching) == 1 else a
        if not touching:
            rules.append("connect")
    cells = placement.oriented(entry)
    if first and not any(c < 0 for _, c in cells):
        rules.append("start")
    escapes = a[1] >= COLS or b[1] >= COLS
    if any(
        r < 0 or r >= ROWS or (c < 0 and not first) or (c >= COLS and not escapes) for r, c in cells
    ):
        rules.append("outside")
    if any(cell in occupied for cell in cells):
        rules.append("overlap")
    at = lab.obstacle_at
    if any(cell in at and at[cell].kind not in exempt for cell in cells):
        rules.append("obstacle")
    return cells, tuple(rules)


class Runner:
    """One player's lab during a run: what lies on it and where the route goes on."""

    def __init__(self, lab: Lab, gadgets: Collection[str]) -> None:
        self.lab = lab
        self.exempt = exempt_kinds(gadgets)
        self.magnet = COIN_MAGNET in gadgets
        self.laid: list[Laid] = []
        self.occupied: set[Cell] = set()
        self.free_end: Cell | None = None
        self.broken = False
        self.escaped = False
        self.collected: set[Cell] = set()  # lab coins collected so far

    @property
    def coins(self) -> int:
        return len(self.collected)

    def judge(self, placement: Placement) -> tuple[tuple[Cell, ...], tuple[str, ...]]:
        """The tile's cells from entry to exit, and the rules it would break here now."""
        return judge(self.lab, self.exempt, placement, self.free_end, self.occupied, not self.laid)

    def place(
        self, placement: Placement, index: int, step: int | None = None, insta: bool = False
    ) -> Laid:
        cells, rules = self.judge(placement)
        on_route = not rules and not self.broken
        escapes = on_route and (cells[0][1] >= COLS or cells[-1][1] >= COLS)
        laid = Laid(index, placement.shape, cells, rules, on_route, escapes, insta, step)
        self.laid.append(laid)
        self.occupied.update(cells)
        self.free_end = cells[-1]
        if rules:
            self.broken = True
        else:
            self._collect(cells)
        self.escaped = self.escaped or escapes
        return laid

    def _collect(self, cells: tuple[Cell, ...]) -> None:
        coins = self.lab.coins
        self.collected.update(cell for cell in cells if cell in coins)
        if self.magnet:
            self.collected.update(n for cell in cells for n in neighbours(cell) if n in coins)
