"""Computer players: a sealed plan for a run, a ranking for the gadget pick.

``computer_plan`` searches a beam of routes through the seat's lab. Every tile it considers
breaks no rule (so a computer never pays a penalty); routes are kept by their real score so far
(``scoring.score``: coins, the revealed missions, the seat's gadgets) plus the coins the new tile
takes and a pull to the right; the plan is the best-scoring route prefix met on the way,
within the tiles the pool holds. Levels differ by the beam's width. It sees the public state
only, and is deterministic: the same state gives the same plan.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
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


@lru_cache(maxsize=8192)
def _placements(free_end: Cell | None, shape: str) -> tuple[tuple[Placement, int], ...]:
    """Every placement of ``shape`` touching ``free_end`` (None: a first tile's) with the
    column it reaches: the same in every lab, so kept across plans."""
    found = placements_touching(free_end, shape) if free_end else first_placements(shape)
    return tuple((p, max(c for _, c in p.cells)) for p in found)


# A next tile in the search's ranking: minus its guessed worth, its route's place in the beam,
# its shape's number, its place in the shape's listing (ties broken by these, never by the
# rest), then the route, the shape's number again and the placement.
_Ranked = tuple[float, int, int, int, "_Node", int, Placement]


def _by_worth(option: tuple[float, int, Placement]) -> tuple[float, int]:
    return -option[0], option[1]


def _stream(
    node: _Node, index: int, number: int, options: tuple[tuple[float, int, Placement], ...]
) -> Iterator[_Ranked]:
    """``options`` after ``node`` as ranked tiles, best first."""
    base = node.value
    for worth, position, placement in options:
        yield -(base + worth), index, number, position, node, number, placement


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
        self.options: dict[tuple[Cell | None, str, float], tuple[tuple[float, int, Placement], ...]]
        self.options = {}
        self.coins_taken: dict[tuple[Cell | None, str], list[tuple[int, int, int, Placement]]] = {}
        self.values: dict[tuple[Laid, ...], int] = {}

    def value(self, laid: tuple[Laid, ...]) -> int:
        """The real score of the route ``laid`` (kept: the pulls' searches share routes)."""
        total = self.values.get(laid)
        if total is None:
            total = self.values[laid] = score(self.lab, list(laid), self.owned, self.missions)[
                "total"
            ]
        return total

    def candidates(self, node: _Node) -> Iterator[tuple[int, Placement]]:
        """Every placement after ``node`` that the budget allows, not yet judged."""
        for number, shape in enumerate(SHAPES):
            if node.counts[number] < self.budget[number]:
                for placement, _ in _placements(node.free_end, shape):
                    yield number, placement

    def ranked(self, beam: list[_Node]) -> Iterator[_Ranked]:
        """Every next tile of the beam's routes, best guess first, made as they are asked
        for: each route's tiles of a shape are sorted once a plan (by the coins they take and
        the pull of the column they reach), and the routes' lists are merged. Ties keep the
        beam's order, then the shapes', then the placements'."""
        streams = []
        for index, node in enumerate(beam):
            for number, shape in enumerate(SHAPES):
                if node.counts[number] < self.budget[number]:
                    options = self.ordered(node.free_end, shape)
                    streams.append(_stream(node, index, number, options))
        return heapq.merge(*streams)

    def ordered(
        self, free_end: Cell | None, shape: str
    ) -> tuple[tuple[float, int, Placement], ...]:
        """The placements of ``shape`` touching ``free_end`` (None: a first tile's) with the
        worth the search guesses for them at this pull (the coins taken in this lab, and the
        pull of the column reached), best first; then their order of listing."""
        key = (free_end, shape, self.pull)
        known = self.options.get(key)
        if known is None:
            pull = self.pull
            worth = [
                (coins + pull * reach, position, placement)
                for coins, reach, position, placement in self.takings(free_end, shape)
            ]
            worth.sort(key=_by_worth)
            known = self.options[key] = tuple(worth)
        return known

    def takings(self, free_end: Cell | None, shape: str) -> list[tuple[int, int, int, Placement]]:
        """The placements of ``shape`` touching ``free_end``, each with the coins it takes in
        this lab, the column it reaches and its place in the listing (for every pull)."""
        key = (free_end, shape)
        known = self.coins_taken.get(key)
        if known is None:
            coins = self.lab.coins
            known = self.coins_taken[key] = [
                (len(coins.intersection(placement.cells)), reach, position, placement)
                for position, (placement, reach) in enumerate(_placements(free_end, shape))
            ]
        return known

    def legal(self, node: _Node, placement: Placement) -> bool:
        """Whether ``placement`` after ``node`` breaks no rule."""
        first = not node.laid
        return not judge(self.lab, self.exempt, placement, node.free_end, node.occupied, first)[1]

    def moves(self, node: _Node) -> Iterator[tuple[int, Placement]]:
        seen: set[tuple[Cell, ...]] = set()
        for number, placement in self.candidates(node):
            if placement.cells not in seen and self.legal(node, placement):
                seen.add(placement.cells)
                yield number, placement

    def child(self, node: _Node, number: int, placement: Placement) -> _Node:
        cells = placement.cells
        escapes = cells[0][1] >= COLS or cells[-1][1] >= COLS
        laid = node.laid + (Laid(len(node.laid), placement.shape, cells, (), True, escapes),)
        counts = tuple(n + (i == number) for i, n in enumerate(node.counts))
        return _Node(laid, node.occupied | set(cells), counts, 0.0, escapes)

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
        """A beam search. Each step ranks every next tile of the beam's routes by its guess
        first and judges the rules only for those it takes, best first, until the beam is full
        (one route a free end): most tiles are never judged, and the beam is the one judging
        them all first would give (the sort is stable, and a tile that breaks a rule is passed
        over either way)."""
        best = start
        beam = [start]
        while beam:
            ranked = self.ranked(beam)
            beam, kept = [], set()
            for *_, node, number, placement in ranked:
                key = placement.cells[-1]  # the child's free end
                if key in kept or not self.legal(node, placement):
                    continue
                kept.add(key)
                child = self.child(node, number, placement)
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
