"""Hypothesis over random plans on real labs: removing a rule-breaking tile from the end never
lowers the score (it gives its 3 points back, nothing else); no tile is ever placed twice from
a pool; a ``check`` on a plan that met no shortage (and no early end) equals its resolved score;
the state round-trips through JSON and resolving is deterministic; whole games of random plans
and picks keep every card, gadget and mission, and (solo) use each tile once.

A random plan walks from the left edge: mostly a random shape turned at random touching the
free end (legal or not: obstacles, overlaps and the lab's edges break rules), now and then a
tile dropped anywhere on the table, sometimes a ``"pass"``; gadgets and missions at random.
"""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from joyride.engine import State, check, computer_plan, new_game, resolve_picks, resolve_run
from joyride.engine.geometry import (
    ORIENTATIONS,
    SHAPES,
    TABLE_COLS,
    TABLE_ROWS,
    placements_touching,
)
from joyride.engine.tables import GADGETS, MISSIONS

pytestmark = pytest.mark.slow  # property tests: many generated games each


def on_table(cells) -> bool:
    return all(r in TABLE_ROWS and c in TABLE_COLS for r, c in cells)


def random_tile(rng: Random, free_end, occupied=frozenset()) -> dict:
    """A random tile, its cells in chain order (terminals first and last), on the table:
    mostly one that touches the free end inside the lab's rows without overlapping (often the
    one that gets furthest right), sometimes any that touches it, now and then one anywhere."""
    shape = rng.choice(SHAPES)
    touching = (
        []
        if free_end is None
        else [p.cells for p in placements_touching(free_end, shape) if on_table(p.cells)]
    )
    tidy = [
        cells
        for cells in touching
        if all(0 <= r < 6 and c >= 0 and cell not in occupied for cell in cells for r, c in (cell,))
    ]
    roll = rng.random()
    if tidy and roll < 0.85:
        options = tidy if rng.random() < 0.5 else [max(tidy, key=lambda cells: cells[-1][1])]
    elif touching and roll < 0.95:
        options = touching
    else:
        chain = rng.choice(ORIENTATIONS[shape])
        if free_end is None and rng.random() < 0.9:
            row, col = rng.randrange(0, 4), rng.randrange(-3, 0)
        else:
            row, col = rng.choice(TABLE_ROWS[:-3]), rng.choice(TABLE_COLS[:-3])
        options = [tuple((r + row, c + col) for r, c in chain)]
    cells = list(rng.choice(options))
    if rng.random() < 0.3:
        cells.reverse()
    return {"shape": shape, "cells": [list(c) for c in cells]}


def next_free_end(cells, free_end):
    """The engine's convention: the entry is the terminal touching the free end (if exactly
    one does; else the one listed first), the other terminal is the new free end."""
    first, last = tuple(cells[0]), tuple(cells[-1])
    touching = [
        t
        for t in (first, last)
        if free_end is not None and abs(t[0] - free_end[0]) + abs(t[1] - free_end[1]) == 1
    ]
    entry = touching[0] if len(touching) == 1 else first
    return last if entry == first else first


def random_plan(rng: Random, length: int, insta: bool) -> dict:
    tiles, free_end, occupied = [], None, set()
    for _ in range(length):
        item = random_tile(rng, free_end, occupied)
        tiles.append(item)
        free_end = next_free_end(item["cells"], free_end)
        occupied.update(tuple(c) for c in item["cells"])
    if rng.random() < 0.2:
        tiles.append("pass")
    plan = {"tiles": tiles}
    if insta:
        plan["insta_ball"] = []
        for _ in range(rng.randint(0, 2)):
            plan["insta_ball"].append(random_tile(rng, free_end, occupied))
            free_end = next_free_end(plan["insta_ball"][-1]["cells"], free_end)
    return plan


def some_plan(rng: Random, state: State, seat: int, length: int) -> dict:
    """A random plan, or (a quarter of the time) a computer's plan, which often escapes, cut
    short or with random tiles after it."""
    if rng.random() < 0.25:
        plan = computer_plan(state, seat, "novice")
        tiles = (
            plan["tiles"][: rng.randint(1, len(plan["tiles"]))]
            if rng.random() < 0.3
            else plan["tiles"]
        )
        extra = random_plan(rng, length // 3, False)["tiles"] if rng.random() < 0.3 else []
        return dict(plan, tiles=tiles + [t for t in extra if t != "pass"])
    return random_plan(rng, length, "GS-02" in state.owned(seat))


def random_game(rng: Random, players: int) -> State:
    data = new_game(
        players,
        rng.randrange(10**6),
        hard=[rng.choice([[], [1], [4], [1, 4]]) for _ in range(players)],
    ).to_dict()
    gadget_ids = [g for g in GADGETS if players > 1 or GADGETS[g].solo]
    rng.shuffle(gadget_ids)
    owned = [sorted(gadget_ids[2 * s : 2 * s + rng.randint(0, 2)]) for s in range(players)]
    taken = {g for o in owned for g in o}
    data["gadgets"] = {
        "deck": [g for g in gadget_ids if g not in taken],
        "revealed": [],
        "discard": [],
        "owned": owned,
    }
    missions = [m for m in MISSIONS if players > 1 or MISSIONS[m].solo]
    rng.shuffle(missions)
    data["missions"] = {"deck": missions[3:], "revealed": missions[:3], "discard": []}
    return State.from_dict(data)


games = st.tuples(st.integers(0, 10**9), st.integers(1, 4))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.integers(1, 30))
def test_removing_a_rule_breaking_tile_from_the_end_never_lowers_the_score(game, length):
    rng = Random(game[0])
    state = random_game(rng, game[1])
    seat = rng.randrange(state.players)
    plan = some_plan(rng, state, seat, length)
    tiles = [t for t in plan["tiles"] if t != "pass"]
    for end in range(1, len(tiles) + 1):
        longer = dict(plan, tiles=tiles[:end])
        answer = check(state, seat, longer)
        last = [t for t in answer["tiles"] if t["index"] == end - 1]
        if not last or last[0]["scores"]:
            continue
        shorter = check(state, seat, dict(plan, tiles=tiles[: end - 1]))
        assert shorter["total"] >= answer["total"]
        assert shorter["total"] - answer["total"] >= 3


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.lists(st.integers(0, 30), min_size=4, max_size=4))
def test_no_tile_is_ever_placed_twice_from_the_pool(game, lengths):
    rng = Random(game[0])
    state = random_game(rng, game[1])
    plans = [some_plan(rng, state, s, lengths[s]) for s in range(state.players)]
    after, result = resolve_run(state, plans)
    taken = Counter()
    for event in result["events"]:
        if event["type"] == "insta_grab" or (
            event["type"] == "placed" and event["gadget"] != "GS-02"
        ):
            taken[event["shape"]] += 1
    for shape in SHAPES:
        assert taken[shape] <= state.pool[shape]
        assert after.pool[shape] == state.pool[shape] - taken[shape]
    for seat in result["seats"]:
        indices = [t["index"] for t in seat["placed"] if not t["insta"]]
        assert indices == list(range(len(indices)))  # each planned tile at most once
        insta = [t["index"] for t in seat["placed"] if t["insta"]]
        assert len(insta) == len(set(insta))
        steps = [t["step"] for t in seat["placed"] if not t["insta"]]
        assert steps == sorted(steps)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.lists(st.integers(0, 30), min_size=4, max_size=4))
def test_a_check_on_a_plan_that_met_no_shortage_equals_its_resolved_score(game, lengths):
    rng = Random(game[0])
    state = random_game(rng, game[1])
    plans = [some_plan(rng, state, s, lengths[s]) for s in range(state.players)]
    _, result = resolve_run(state, plans)
    refused_insta = {e["seat"] for e in result["events"] if e["type"] == "insta_refused"}
    compared = 0
    for seat in result["seats"]:
        if (
            seat["stop"]["reason"] in ("done", "pass", "escaped")
            and seat["seat"] not in refused_insta
        ):
            answer = check(state, seat["seat"], plans[seat["seat"]])
            assert answer["total"] == seat["score"]["total"]
            assert answer["tiles"] + answer["insta_ball"] == [
                dict(t, step=None) for t in seat["placed"]
            ]
            compared += 1
    no_shortage = not any(
        e["type"] in ("shortage", "refused", "insta_refused") for e in result["events"]
    )
    nobody_ended_it = not any(s["stop"]["reason"] == "run_over" for s in result["seats"])
    if no_shortage and nobody_ended_it:
        assert compared == state.players


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.lists(st.integers(0, 20), min_size=4, max_size=4))
def test_the_state_round_trips_and_the_same_round_resolves_the_same(game, lengths):
    rng = Random(game[0])
    state = random_game(rng, game[1])
    plans = [some_plan(rng, state, s, lengths[s]) for s in range(state.players)]
    after, result = resolve_run(state, plans)
    again, result_again = resolve_run(State.from_dict(state.to_dict()), plans)
    assert after.to_dict() == again.to_dict() and result == result_again
    assert State.from_dict(after.to_dict()).to_dict() == after.to_dict()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.lists(st.integers(0, 24), min_size=12, max_size=12))
def test_a_game_of_random_plans_and_picks_keeps_every_card_and_tile(game, lengths):
    rng = Random(game[0])
    players = game[1]
    state = new_game(
        players,
        rng.randrange(10**6),
        hard=[rng.choice([[], [1], [4], [1, 4]]) for _ in range(players)],
    )
    all_cards = sorted(card for lab in state.labs for card, _ in lab)
    missions_in_play = sorted(state.missions["deck"] + state.missions["revealed"])
    gadgets_in_play = sorted(state.gadgets["deck"])
    used = 0
    for round_ in (1, 2, 3):
        assert state.round == round_ and state.phase == "run"
        plans = [
            random_plan(rng, lengths[(round_ - 1) * 4 + s], "GS-02" in state.owned(s))
            for s in range(players)
        ]
        before = state.pool
        state, _result = resolve_run(state, plans)
        if players == 1:
            used += sum(before.values()) - sum(state.pool.values())
        if state.phase == "pick":
            offered = state.gadgets["revealed"]
            picks = [rng.sample(offered, rng.randint(0, len(offered))) for _ in range(players)]
            state, _ = resolve_picks(state, picks)
            if players > 1:
                assert state.pool == state.game_pool
        missions = state.missions
        assert (
            sorted(missions["deck"] + missions["revealed"] + missions["discard"])
            == missions_in_play
        )
        gadgets = state.gadgets
        assert (
            sorted(
                gadgets["deck"]
                + gadgets["revealed"]
                + gadgets["discard"]
                + [g for owned in gadgets["owned"] for g in owned]
            )
            == gadgets_in_play
        )
        if players > 1:
            assert sorted(card for lab in state.labs for card, _ in lab) == all_cards
        assert all(len(s) == round_ for s in state.scores)
    assert state.phase == "over" and state.winners
    assert [len(owned) for owned in state.gadgets["owned"]] == [2] * players
    if players == 1:
        assert sum(state.pool.values()) == 40 - used and state.rating is not None
