"""The lab catalogue (shipped as ``labs.json``, made by ``labgen``) and a lab built from it.

A card is ``"A1"``..``"D4"`` (16 standard: sets A-D, numbers 1-4) or ``"E1"``, ``"E4"`` ..
``"H1"``, ``"H4"`` (8 hard: four #1 and four #4); each has sides ``"a"`` and ``"b"``. A side
lists, in the sector's own columns 0-8, its 5 coins, its scientists and its obstacles. A lab is
four sides, numbers 1-4 left to right; in it sector ``s`` is shifted by ``9(s-1)`` columns.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from .geometry import SECTOR_COLS, Cell, neighbours

DATA = Path(__file__).with_name("labs.json")
SIDES = ("a", "b")
STANDARD_SETS = "ABCD"
HARD_SETS = "EFGH"
HARD_NUMBERS = (1, 4)
KINDS = ("zapper", "missile", "laser")


@cache
def catalogue_data() -> dict[str, Any]:
    """The shipped catalogue, read once: ``{"seed", "cards": [{card, number, hard, sides}]}``."""
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


@cache
def cards() -> dict[str, dict[str, Any]]:
    return {card["card"]: card for card in catalogue_data()["cards"]}


def standard_cards(number: int) -> list[str]:
    return [f"{letter}{number}" for letter in STANDARD_SETS]


def hard_cards(number: int) -> list[str]:
    return [f"{letter}{number}" for letter in HARD_SETS]


@dataclass(frozen=True, slots=True)
class Obstacle:
    index: int  # its place in the lab's list, sector by sector
    sector: int
    kind: str
    cells: frozenset[Cell]
    rim: frozenset[Cell]  # the cells orthogonally next to it (its near-miss cells)

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "sector": self.sector,
            "kind": self.kind,
            "cells": sorted([list(cell) for cell in self.cells]),
        }


@dataclass(frozen=True)
class Lab:
    """What a player's run is laid through: coins, scientists and obstacles in lab cells."""

    coins: frozenset[Cell]
    scientists: frozenset[Cell]
    obstacles: tuple[Obstacle, ...]
    obstacle_at: dict[Cell, Obstacle]

    @classmethod
    def from_sides(cls, sides: list[dict[str, Any]]) -> Lab:
        coins: set[Cell] = set()
        scientists: set[Cell] = set()
        obstacles: list[Obstacle] = []
        for number, side in enumerate(sides, start=1):
            shift = SECTOR_COLS * (number - 1)
            coins |= {(r, c + shift) for r, c in side["coins"]}
            scientists |= {(r, c + shift) for r, c in side["scientists"]}
            for item in side["obstacles"]:
                cells = frozenset((r, c + shift) for r, c in item["cells"])
                rim = frozenset(n for cell in cells for n in neighbours(cell)) - cells
                obstacles.append(Obstacle(len(obstacles), number, item["kind"], cells, rim))
        at = {cell: obstacle for obstacle in obstacles for cell in obstacle.cells}
        return cls(frozenset(coins), frozenset(scientists), tuple(obstacles), at)

    # A lab's tables for scoring a run a tile at a time (kept on the lab: labs are cached).

    @cached_property
    def obstacles_by_sector(self) -> tuple[tuple[int, ...], ...]:
        """The obstacles (their index) of each sector 1-4 (at 0-3)."""
        return tuple(tuple(o.index for o in self.obstacles if o.sector == s) for s in range(1, 5))

    @cached_property
    def obstacles_on(self) -> dict[Cell, tuple[int, ...]]:
        """Each obstacle's cell: the obstacles (their index) on it."""
        found: dict[Cell, tuple[int, ...]] = {}
        for o in self.obstacles:
            for cell in o.cells:
                found[cell] = (*found.get(cell, ()), o.index)
        return found

    @cached_property
    def scientists_next(self) -> dict[Cell, tuple[Cell, ...]]:
        """Each cell next to a scientist: those scientists."""
        found: dict[Cell, tuple[Cell, ...]] = {}
        for scientist in sorted(self.scientists):
            for cell in neighbours(scientist):
                found[cell] = (*found.get(cell, ()), scientist)
        return found

    @cached_property
    def sides_next(self) -> dict[Cell, tuple[tuple[int, str], ...]]:
        """Each cell next to an obstacle and not on it: the obstacles (their index) and which
        of their sides it is on ("left": left of one of the obstacle's cells)."""
        found: dict[Cell, tuple[tuple[int, str], ...]] = {}
        for o in self.obstacles:
            for r, c in o.cells:
                for side, cell in (
                    ("left", (r, c - 1)),
                    ("right", (r, c + 1)),
                    ("top", (r - 1, c)),
                    ("bottom", (r + 1, c)),
                ):
                    if cell not in o.cells and (o.index, side) not in found.get(cell, ()):
                        found[cell] = (*found.get(cell, ()), (o.index, side))
        return found


def side_data(card: str, side: str) -> dict[str, Any]:
    found: dict[str, Any] = cards()[card]["sides"][side]
    return found


@cache
def lab_of(spec: tuple[tuple[str, str], ...]) -> Lab:
    """The lab of four ``(card, side)`` pairs, numbers 1-4 in order (cached: labs repeat)."""
    return Lab.from_sides([side_data(card, side) for card, side in spec])
