"""Computer players: a sealed plan for a run, a ranking for the gadget pick.

``computer_plan`` searches a beam of routes through the seat's lab. Every tile it considers
breaks no rule (so a computer never pays a penalty); routes are kept by their real score so far
(``scoring.score``: coins, the revealed missions, the seat's gadgets) plus the coins the new tile
takes and a pull to the right; the plan is the best-scoring route prefix met on the way,
within the tiles the pool holds. Levels differ by the beam's width. It sees the public state
only, and is deterministic: the same state gives the same plan.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from games.enginekit import as_choice

from .geometry import COLS, SHAPES, Cell, Placement, first_placements, placements_touching
from .route import Laid, exempt_kinds, judge
from .scoring import score
from .state import State
from .tables import GADGETS, INSTA_BALL

LEVELS = ("novice", "veteran", "ace")
# (beam width, pulls to the right tried): a pull is the points a column gained is worth while
# searching, which keeps routes moving towards the exit; the best plan of all pulls is taken.
LEVEL_SEARCH = {"novice": (2, (0.35,)), "veteran": (5, (0.25, 0.45)), "ace": (8, (0.2, 0.35, 0.5))}


@dataclass(frozen=True)
class _Node:
    laid: tuple[Laid, ...]
    occupied: frozenset[Cell]
    counts: tuple[int, ...]  # tiles of each shape used
    value: float  # the real score of ``laid``
    escaped: bool

    @property
    def free_end(self) -> Cell | None:
        return self.laid[-1].cells[-1] if self.laid else None


class _Planner:
    def __init__(self, state: State, seat: int, level: str) -> None:
        self.lab = state.lab(seat)
        self.owned = state.owned(seat)
        self.missions = state.missions["revealed"]
        # Its fair share of a shared pool, so that shortages seldom stop it.
        self.budget = tuple(-(-state.pool[s] // state.players) for s in SHAPES)
        self.width, self.pulls = LEVEL_SEARCH[level]
        self.pull = self.pulls[0]
        self.exempt = exempt_kinds(self.owned)

    def value(self, laid: tuple[Laid, ...]) -> int:
        total: int = score(self.lab, list(laid), self.owned, self.missions)["total"]
        return total

    def moves(self, node: _Node) -> Iterator[tuple[int, Placement]]:
        seen: set[tuple[Cell, ...]] = set()
        for number, shape in enumerate(SHAPES):
            if node.counts[number] >= self.budget[number]:
                continue
            candidates = (
                placements_touching(node.free_end, shape)
                if node.free_end is not None
                else first_placements(shape)
            )
            for placement in candidates:
                cells = placement.cells
                if (
                    cells in seen
                    or judge(
                        self.lab,
                        self.exempt,
                        placement,
                        node.free_end,
                        node.occupied,
                        not node.laid,
                    )[1]
                ):
                    continue
                seen.add(cells)
                yield number, placement

    def child(self, node: _Node, number: int, placement: Placement) -> _Node:
        cells = placement.cells
        escapes = cells[0][1] >= COLS or cells[-1][1] >= COLS
        laid = node.laid + (Laid(len(node.laid), placement.shape, cells, (), True, escapes),)
        counts = tuple(n + (i == number) for i, n in enumerate(node.counts))
        return _Node(laid, node.occupied | set(cells), counts, 0.0, escapes)

    def guess(self, node: _Node, child: _Node) -> float:
        cells = child.laid[-1].cells
        coins = sum(1 for cell in cells if cell in self.lab.coins)
        return node.value + coins + self.pull * max(c for _, c in cells)

    def search(self) -> tuple[Laid, ...]:
        start = _Node((), frozenset(), (0,) * len(SHAPES), self.value(()), False)
        best = start
        for pull in self.pulls:
            self.pull = pull
            found = self._search(start)
            if found.value > best.value:
                best = found
        return best.laid

    def _search(self, start: _Node) -> _Node:
        best = start
        beam = [start]
        while beam:
            children = []
            for node in beam:
                for number, placement in self.moves(node):
                    child = self.child(node, number, placement)
                    children.append((self.guess(node, child), child))
            children.sort(key=lambda pair: -pair[0])
            beam, kept = [], set()
            for _, child in children:
                key = child.free_end
                if key in kept:
                    continue
                kept.add(key)
                child = _Node(
                    child.laid, child.occupied, child.counts, self.value(child.laid), child.escaped
                )
                if child.value > best.value:
                    best = child
                if not child.escaped:
                    beam.append(child)
                if len(kept) >= self.width:
                    break
        return best

    def insta_ball(self, laid: tuple[Laid, ...]) -> list[Placement]:
        """Up to two tiles that go on from the route's end and raise its score."""
        if INSTA_BALL not in self.owned or not laid or laid[-1].escapes:
            return []
        counts = [sum(1 for t in laid if t.shape == s) for s in SHAPES]
        node = _Node(
            laid,
            frozenset(c for t in laid for c in t.cells),
            tuple(counts),
            self.value(laid),
            False,
        )
        chosen = []
        for _ in range(2):
            options = [(self.value(self.child(node, n, p).laid), n, p) for n, p in self.moves(node)]
            options = [
                o for o in options if o[0] > node.value and not self.child(node, o[1], o[2]).escaped
            ]
            if not options:
                break
            value, number, placement = max(options, key=lambda o: o[0])
            node = self.child(node, number, placement)
            node = _Node(node.laid, node.occupied, node.counts, value, False)
            chosen.append(placement)
        return chosen


def computer_plan(
    state: State | dict[str, Any], seat: int, level: str = "veteran"
) -> dict[str, Any]:
    """A sensible plan for ``seat`` in this round's run, as the JSON face takes it."""
    state = State.coerce(state)
    level = as_choice(level, LEVELS, "level")
    planner = _Planner(state, seat, level)
    laid = planner.search()
    plan = {"tiles": [{"shape": t.shape, "cells": [list(c) for c in t.cells]} for t in laid]}
    insta = planner.insta_ball(laid)
    if insta:
        plan["insta_ball"] = [p.to_dict() for p in insta]
    return plan


# A gadget's worth to a computer, in points a round (rough, from the seed's cards).
WORTH = {
    "GS-01": 2,
    "GS-02": 3,
    "GS-03": 2,
    "GS-04": 4,
    "GS-05": 3,
    "GS-06": 1,
    "GS-07": 2,
    "GS-08": 2,
    "GS-09": 2,
    "GS-10": 2,
    "GS-11": 4,
    "GS-12": 5,
    "GS-13": 3,
    "GS-14": 4,
    "GS-15": 4,
    "GS-16": 3,
}
assert set(WORTH) == set(GADGETS)


def computer_picks(state: State | dict[str, Any], seat: int, level: str = "veteran") -> list[str]:
    """The revealed gadgets ranked by their worth to a computer (ties: the lower id)."""
    state = State.coerce(state)
    as_choice(level, LEVELS, "level")
    return sorted(state.gadgets["revealed"], key=lambda g: (-WORTH[g], g))
