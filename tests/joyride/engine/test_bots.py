"""The computer players' fast paths against the rules they stand for, on random routes through
real labs: the search's quick judgement of a tile (the placements no lab allows left out once,
those overlapping the last tile or an obstacle once a plan, then two masks) is
``route.judge``'s verdict for every tile touching the free end; the coins it counts for a tile
are the coins the tile covers; a shape's tiles come in the order of the full sort by guessed
worth (but for those left out first); ``scoring.total`` is ``score``'s total; a run grown a
tile at a time (``Run.then``, as the search scores routes) has the facts of the run made
whole; and the missions answered from facts grown a tile at a time are their definitions."""

from __future__ import annotations

import dataclasses
from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from joyride.engine import bots
from joyride.engine.geometry import (
    SHAPES,
    first_placements,
    neighbours,
    parse_placement,
    placements_touching,
    sector_of,
)
from joyride.engine.route import Runner, exempt_kinds, judge
from joyride.engine.scoring import GROWN_FACTS, MISSION_TESTS, Run, score, total

from .test_properties import random_game, random_plan

pytestmark = pytest.mark.slow  # property tests: many generated routes each


def laid_route(rng: Random, length: int):
    """A random game, a seat, and the runner with that seat's random plan laid."""
    state = random_game(rng, rng.randint(1, 4))
    seat = rng.randrange(state.players)
    runner = Runner(state.lab(seat), state.owned(seat))
    for index, tile in enumerate(random_plan(rng, length, False)["tiles"]):
        if tile != "pass":
            runner.place(parse_placement(tile, "tile"), index)
    return state, seat, runner


def route_node(planner: bots._Planner, runner: Runner) -> bots._Node:
    """The search's node for the route up to its first broken tile."""
    return planner.node(tuple(t for t in runner.laid if t.on_route))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.integers(0, 14))
def test_the_search_judges_every_next_tile_as_the_rules_do(seed, length):
    rng = Random(seed)
    state, seat, runner = laid_route(rng, length)
    planner = bots._Planner(state, seat, "ace")
    node = route_node(planner, runner)
    if node.laid and node.laid[-1].escapes:
        return  # an escaped route takes no more tiles
    free_end, occupied = node.free_end, {c for t in node.laid for c in t.cells}
    exempt = exempt_kinds(state.owned(seat))
    for shape in SHAPES:
        listing = list(
            placements_touching(free_end, shape) if free_end else first_placements(shape)
        )
        plain, taking = planner.open_tiles(node, shape)
        options = {o[0]: o for o in plain}
        for position, placement in enumerate(listing):
            rules = judge(planner.lab, exempt, placement, free_end, occupied, not node.laid)[1]
            option = options.get(position)
            quick = option is not None and planner.legal(node, option[3])
            assert quick == (not rules), (shape, placement.cells, rules)
            if option is not None:
                coins = len(planner.lab.coins.intersection(placement.cells))
                assert taking.get(position, (option, 0))[1] == coins


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.integers(0, 14), st.sampled_from([0.2, 0.35, 0.5]))
def test_a_shape_s_tiles_come_in_the_order_of_the_full_sort(seed, length, pull):
    rng = Random(seed)
    state, seat, runner = laid_route(rng, length)
    planner = bots._Planner(state, seat, "ace")
    planner.pull = pull
    node = route_node(planner, runner)
    node = dataclasses.replace(node, value=rng.randint(-5, 40))
    free_end = node.free_end
    last = bots._mask(node.laid[-1].cells) if node.laid else 0
    for number, shape in enumerate(SHAPES):
        coins = planner.lab.coins
        full = sorted(
            (-(len(coins.intersection(cells)) + pull * reach), p)
            for p, cells, reach, mask in bots._options(free_end, shape)
            if not mask & (planner.blocked | last)  # left out: they break a rule here
        )
        expected = [(-(node.value + -less), position) for less, position in full]
        streamed = [
            (ranked[0], ranked[3]) for ranked in planner.ranked_shape(node, 0, number, shape)
        ]
        assert streamed == expected


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.integers(0, 30))
def test_the_total_alone_is_the_score_s_total(seed, length):
    rng = Random(seed)
    state, seat, runner = laid_route(rng, length)
    args = (state.lab(seat), runner.laid, state.owned(seat), state.missions["revealed"])
    assert total(*args) == score(*args)["total"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.integers(0, 30))
def test_a_run_grown_tile_by_tile_is_the_run_made_whole(seed, length):
    rng = Random(seed)
    state, seat, runner = laid_route(rng, length)
    lab, owned = state.lab(seat), state.owned(seat)
    route = [t for t in runner.laid if t.on_route]
    grown = Run(lab, [], owned)
    for end, tile in enumerate(route, 1):
        grown = grown.then(tile)
        whole = Run(lab, route[:end], owned)
        for fact in ("laid", "scoring", "route", "squares", "covered", "escaped", "right"):
            assert getattr(grown, fact) == getattr(whole, fact), fact
        for fact in ("completed", "reach", "coins", "near_scientists", "near_obstacles"):
            assert getattr(grown, fact) == getattr(whole, fact), fact
        for mission, test in MISSION_TESTS.items():
            assert test(grown) == test(whole), mission
        for fact in GROWN_FACTS:
            assert getattr(grown, fact) == getattr(whole, fact), fact


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.integers(0, 30))
def test_a_run_s_kept_facts_are_their_definitions(seed, length):
    """The facts ``Run`` keeps by sector or looks up from the few cells they concern, against
    their definitions in the rules' words, on random plans (broken tiles included)."""
    rng = Random(seed)
    state, seat, runner = laid_route(rng, length)
    run = Run(state.lab(seat), runner.laid, state.owned(seat))
    touched = {n for cell in run.covered for n in neighbours(cell)}
    assert run.near_scientists == (run.lab.scientists & touched) - run.covered
    assert run.near_obstacles == [
        o for o in run.lab.obstacles if not (o.cells & run.covered) and o.rim & run.covered
    ]
    coins = run.lab.coins & run.covered
    if run.magnet:
        coins |= {c for c in run.lab.coins if any(n in run.covered for n in neighbours(c))}
    assert run.coins == coins
    for o in run.lab.obstacles:
        assert run.sides_missed(o) == {
            side
            for r, c in o.cells
            for side, cell in (
                ("left", (r, c - 1)),
                ("right", (r, c + 1)),
                ("top", (r - 1, c)),
                ("bottom", (r + 1, c)),
            )
            if cell in run.covered and cell not in o.cells
        }
    for sector in range(1, 5):
        assert run.coins_in(sector) == sum(1 for _, c in run.coins if sector_of(c) == sector)
    furthest, came_back = 0, False
    for _, c in run.squares:
        came_back = came_back or sector_of(c) in run.completed and sector_of(c) < furthest
        furthest = max(furthest, sector_of(c))
    assert MISSION_TESTS["MS-09"](run) == (came_back, None)
    whole = [
        sector_of(t.cells[0][1])
        for t in run.scoring
        if len({sector_of(c) for _, c in t.cells}) == 1 and all(0 <= r < 6 for r, _ in t.cells)
    ]
    best = max(whole.count(s) for s in range(1, 5))
    assert MISSION_TESTS["MS-10"](run) == (best >= 4, best)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9), st.integers(0, 30))
def test_the_missions_from_grown_facts_are_their_definitions(seed, length):
    """The missions answered from facts grown a tile at a time (``scoring.GROWN_FACTS``), against
    their definitions walking the whole run, on random plans (broken tiles included)."""
    rng = Random(seed)
    state, seat, runner = laid_route(rng, length)
    run = Run(state.lab(seat), runner.laid, state.owned(seat))
    squares = {
        s: [(r, c) for r, c in run.squares if 0 <= r < 6 and (s - 1) * 9 <= c < s * 9]
        for s in range(1, 5)
    }

    def monotone(never_down):
        for s in run.completed:
            pairs = list(zip(squares[s], squares[s][1:]))
            if all(b[0] <= a[0] if never_down else b[0] >= a[0] for a, b in pairs):
                return True
        return False

    entered, left = set(), set()
    for (r1, c1), (r2, c2) in run.steps:
        if r1 == r2 and c2 == c1 + 1 and c2 % 9 == 0:
            if c2 < 36:
                entered.add((c2 // 9 + 1, r2))
            if c2 > 0:
                left.add((c2 // 9, r1))
    edge = {row: sum(1 for r, c in run.covered if r == row and 0 <= c < 36) for row in (0, 5)}
    near = run.near_obstacles
    expected = {
        "MS-05": (edge[0] >= 10, edge[0]),
        "MS-06": (edge[5] >= 10, edge[5]),
        "MS-07": (any(all(r not in (0, 5) for r, _ in squares[s]) for s in run.completed), None),
        "MS-12": (len(run.near_scientists) >= 3, len(run.near_scientists)),
        "MS-13": (monotone(True), None),
        "MS-14": (monotone(False), None),
        "MS-15": (
            any(
                len({t.shape for t in run.scoring if any(c in squares[s] for c in t.cells)}) <= 2
                for s in run.completed
            ),
            None,
        ),
        "MS-16": (bool(entered & left), None),
        "MS-17": (any(len(run.sides_missed(o)) == 4 for o in near), None),
    }
    for mission, outcome in expected.items():
        assert MISSION_TESTS[mission](run) == outcome, mission
