"""Computer players: a sealed plan for a run, a ranking for the gadget pick.

``computer_plan`` searches a beam of routes through the seat's lab. Every tile it considers
breaks no rule (so a computer never pays a penalty); routes are kept by their real score so far
(``scoring.run_total`` of the route's run, grown a tile at a time by ``Run.then``: coins, the
revealed missions, the seat's gadgets) plus the coins the new tile takes and a pull to the
right; the plan is the best-scoring route prefix met on the way,
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

from .cards import Lab
from .geometry import (
    COLS,
    ROWS,
    SHAPES,
    TABLE_COLS,
    Cell,
    Placement,
    first_placements,
    placements_touching,
)
from .route import Laid, exempt_kinds, judge
from .scoring import Run, run_total
from .state import State
from .tables import GADGETS, INSTA_BALL

LEVELS = ("novice", "veteran", "ace")
# (beam width, pulls to the right tried): a pull is the points a column gained is worth while
# searching, which keeps routes moving towards the exit; the best plan of all pulls is taken.
LEVEL_SEARCH = {"novice": (2, (0.35,)), "veteran": (5, (0.25, 0.45)), "ace": (8, (0.2, 0.35, 0.5))}


# The search's cells as bits of an int, row by row: a set of cells is a mask, and a tile's
# overlap with the route or the lab's obstacles one ``&``. Only the lab's rows and the table's
# columns are needed: a tile outside them breaks a rule whatever the lab (see ``_options``).
_ROW_BITS = len(TABLE_COLS)


def _mask(cells: tuple[Cell, ...] | frozenset[Cell]) -> int:
    mask = 0
    for r, c in cells:
        if 0 <= r < ROWS and c in TABLE_COLS:
            mask |= 1 << (r * _ROW_BITS + c - TABLE_COLS.start)
    return mask


_NO_LAB = Lab(frozenset(), frozenset(), (), {})


@dataclass(frozen=True)
class _Node:
    laid: tuple[Laid, ...]
    occupied: int  # the mask of the route's cells
    counts: tuple[int, ...]  # tiles of each shape used
    value: float  # the real score of ``laid``
    escaped: bool
    path: tuple[tuple[Cell, ...], ...]  # each tile's cells: what ``laid`` is made from
    run: Run  # what ``laid`` does in the lab
    last: int  # the mask of its last tile's cells (0: none)

    @property
    def free_end(self) -> Cell | None:
        return self.laid[-1].cells[-1] if self.laid else None


# A placement the search may take: its place in the shape's listing, its cells (the entry
# first), the column it reaches and the mask of its cells. Made of ints and tuples of them
# alone, so that the garbage collector stops tracking what the caches keep (its full passes
# would otherwise walk every placement met since the process started).
_Option = tuple[int, tuple[Cell, ...], int, int]


@lru_cache(maxsize=8192)
def _options(free_end: Cell | None, shape: str) -> tuple[_Option, ...]:
    """The placements of ``shape`` touching ``free_end`` (None: a first tile's) that break no
    rule in an empty lab with nothing laid: the rules a lab and a route add are an overlap
    and an obstacle, the masks' business (``judge`` holds every rule; a tile this leaves out
    would break one in every lab). The same in every lab, so kept across plans. Each entry
    keeps its place in the full listing, which breaks the search's ties."""
    found = placements_touching(free_end, shape) if free_end else first_placements(shape)
    first = free_end is None
    return tuple(
        (position, p.cells, max(c for _, c in p.cells), _mask(p.cells))
        for position, p in enumerate(found)
        # A square above the roof or below the floor is ``outside`` whatever else: the half
        # of the listing left out before ``judge``, the cost of a plan meeting new free ends.
        if all(0 <= r < ROWS for r, _ in p.cells)
        and not judge(_NO_LAB, frozenset(), p, free_end, (), first)[1]
    )


@lru_cache(maxsize=8192)
def _by_reach(free_end: Cell | None, shape: str) -> tuple[_Option, ...]:
    """``_options`` furthest reach first, then in their order of listing: the search's order
    for the tiles that take no coin, whatever the pull (every pull is above 0)."""
    return tuple(sorted(_options(free_end, shape), key=lambda o: (-o[2], o[0])))


# A next tile in the search's ranking: minus its guessed worth, its route's place in the beam,
# its shape's number, its place in the shape's listing (ties broken by these, never by the
# rest), then the route, the shape's number again, the placement's cells and their mask.
_Ranked = tuple[float, int, int, int, "_Node", int, tuple[Cell, ...], int]
# A placement with minus the worth the search guesses for it, its place in the listing (so
# that tuples compare by these two alone: the places are distinct), its cells and their mask.
_Worth = tuple[float, int, tuple[Cell, ...], int]


def _stream(
    node: _Node,
    index: int,
    number: int,
    rich: list[_Worth],
    plain: tuple[_Option, ...],
    taking: dict[int, tuple[_Option, int]],
    pull: float,
) -> Iterator[_Ranked]:
    """The tiles of one shape after ``node`` as ranked tiles, best first: ``rich``, those that
    take coins, sorted, merged into ``plain``, every option furthest reach first, passing over
    the rich ones (worth a pull times the reach: the same order, as every pull is above 0)."""
    base = node.value
    i, n = 0, len(rich)
    for position, cells, reach, mask in plain:
        if position in taking:
            continue
        item = (-(pull * reach), position, cells, mask)
        while i < n and rich[i] < item:
            less, at, tile, covers = rich[i]
            i += 1
            yield -(base + -less), index, number, at, node, number, tile, covers
        yield -(base + pull * reach), index, number, position, node, number, cells, mask
    for less, at, tile, covers in rich[i:]:
        yield -(base + -less), index, number, at, node, number, tile, covers


class _Planner:
    def __init__(self, state: State, seat: int, level: str) -> None:
        self.lab = state.lab(seat)
        self.owned = state.owned(seat)
        self.missions = state.missions["revealed"]
        # Its fair share of a shared pool, so that shortages seldom stop it.
        self.budget = tuple(-(-state.pool[s] // state.players) for s in SHAPES)
        self.width, self.pulls = LEVEL_SEARCH[level]
        self.pull = self.pulls[0]
        exempt = exempt_kinds(self.owned)
        self.blocked = _mask(
            frozenset(c for o in self.lab.obstacles if o.kind not in exempt for c in o.cells)
        )
        self.coin_mask = _mask(self.lab.coins)
        self.open: dict[
            tuple[tuple[Cell, ...] | None, str],
            tuple[tuple[_Option, ...], dict[int, tuple[_Option, int]]],
        ] = {}
        # Each route met, by its tiles' cells: its real score (kept: the pulls' searches share
        # routes; not its run, which would outlive the beam and feed the garbage collector's
        # full passes).
        self.known: dict[tuple[tuple[Cell, ...], ...], int] = {}

    def node(self, laid: tuple[Laid, ...]) -> _Node:
        """The search's node for the unbroken route ``laid``."""
        run = Run(self.lab, list(laid), self.owned)
        counts = tuple(sum(1 for t in laid if t.shape == s) for s in SHAPES)
        return _Node(
            laid,
            _mask(frozenset(run.covered)),
            counts,
            run_total(run, self.owned, self.missions),
            run.escaped,
            tuple(t.cells for t in laid),
            run,
            _mask(laid[-1].cells) if laid else 0,
        )

    def candidates(self, node: _Node) -> Iterator[tuple[int, tuple[Cell, ...], int]]:
        """Every placement after ``node`` that the budget allows and no lab forbids: its
        shape's number, its cells and their mask, not yet judged."""
        for number, shape in enumerate(SHAPES):
            if node.counts[number] < self.budget[number]:
                for _, cells, _, mask in _options(node.free_end, shape):
                    yield number, cells, mask

    def ranked(self, beam: list[_Node]) -> Iterator[_Ranked]:
        """Every next tile of the beam's routes, best guess first, made as they are asked
        for: each route's tiles of a shape come best first (by the coins they take and the
        pull of the column they reach), and the routes' streams are merged. Ties keep the
        beam's order, then the shapes', then the placements'."""
        return heapq.merge(
            *(
                self.ranked_shape(node, index, number, shape)
                for index, node in enumerate(beam)
                for number, shape in enumerate(SHAPES)
                if node.counts[number] < self.budget[number]
            )
        )

    def ranked_shape(self, node: _Node, index: int, number: int, shape: str) -> Iterator[_Ranked]:
        """The tiles of ``shape`` after ``node``, the ``index``-th route of the beam, best
        guess first, but for those ``open_tiles`` leaves out (they break a rule here)."""
        pull = self.pull
        plain, taking = self.open_tiles(node, shape)
        rich = sorted(
            [
                (-(coins + pull * reach), position, cells, mask)
                for (position, cells, reach, mask), coins in taking.values()
            ]
        )
        return _stream(node, index, number, rich, plain, taking, pull)

    def open_tiles(
        self, node: _Node, shape: str
    ) -> tuple[tuple[_Option, ...], dict[int, tuple[_Option, int]]]:
        """The placements of ``shape`` after ``node`` that no lab forbids and that overlap
        neither its last tile nor an obstacle the seat may not fly through (the rules most
        tiles break, nine in ten the search met: ``legal`` judges the rest of the route),
        furthest reach first; and those of them that take coins in this lab, by their place
        in the listing, with the coins each takes (for every pull). Kept by the last tile, as
        the pulls' searches share routes."""
        last = node.laid[-1].cells if node.laid else None
        key = (last, shape)
        known = self.open.get(key)
        if known is None:
            avoid = self.blocked | node.last
            plain = tuple(o for o in _by_reach(node.free_end, shape) if not o[3] & avoid)
            coins = self.coin_mask
            known = self.open[key] = (
                plain,
                {o[0]: (o, (o[3] & coins).bit_count()) for o in plain if o[3] & coins},
            )
        return known

    def legal(self, node: _Node, mask: int) -> bool:
        """Whether a tile of ``mask`` after ``node``, one that no lab forbids, breaks no rule
        here: it overlaps neither the route nor an obstacle it may not fly through."""
        return not mask & (node.occupied | self.blocked)

    def moves(self, node: _Node) -> Iterator[tuple[int, tuple[Cell, ...], int]]:
        seen: set[tuple[Cell, ...]] = set()
        for number, cells, mask in self.candidates(node):
            if cells not in seen and self.legal(node, mask):
                seen.add(cells)
                yield number, cells, mask

    def child(self, node: _Node, number: int, cells: tuple[Cell, ...], mask: int) -> _Node:
        """The route ``node`` with the tile of the ``number``-th shape on ``cells`` (the
        entry first), covering ``mask``, that breaks no rule after it, scored."""
        escapes = cells[0][1] >= COLS or cells[-1][1] >= COLS
        tile = Laid(len(node.laid), SHAPES[number], cells, (), True, escapes)
        path = node.path + (cells,)
        run = node.run.then(tile)
        value = self.known.get(path)
        if value is None:
            value = self.known[path] = run_total(run, self.owned, self.missions)
        counts = tuple(n + (i == number) for i, n in enumerate(node.counts))
        return _Node(
            node.laid + (tile,), node.occupied | mask, counts, value, escapes, path, run, mask
        )

    def search(self) -> tuple[Laid, ...]:
        start = self.node(())
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
            for *_, node, number, cells, mask in ranked:
                key = cells[-1]  # the child's free end
                if key in kept or not self.legal(node, mask):
                    continue
                kept.add(key)
                child = self.child(node, number, cells, mask)
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
        node = self.node(laid)
        chosen = []
        for _ in range(2):
            children = [(self.child(node, *move), move) for move in self.moves(node)]
            better = [c for c in children if c[0].value > node.value and not c[0].escaped]
            if not better:
                break
            node, (number, cells, _) = max(better, key=lambda c: c[0].value)
            # The entry listed first, as ``placements_touching`` lists it: the chain is the cells.
            chosen.append(Placement(SHAPES[number], cells, cells))
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
