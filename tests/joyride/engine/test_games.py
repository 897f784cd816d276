"""Whole games played to the end by computer players: two to four seats and solo; and what a
computer's plan must be (rule-abiding, within the pool, worth more than nothing, the same
every time)."""

from __future__ import annotations

import pytest

from joyride.engine import (
    LEVELS,
    EngineError,
    check,
    computer_picks,
    computer_plan,
    new_game,
    resolve_picks,
    resolve_run,
)
from joyride.engine.tables import GADGETS


def play(players: int, seed: int, levels: list[str], hard=None):
    state = new_game(players, seed, hard)
    history = []
    while state.phase != "over":
        assert state.phase == "run"
        plans = [computer_plan(state, seat, levels[seat]) for seat in range(players)]
        for seat, plan in enumerate(plans):
            answer = check(state, seat, plan)
            assert answer["warnings"] == [] and answer["penalty"] == 0
        state, result = resolve_run(state, plans)
        history.append(result)
        if state.phase == "pick":
            picks = [computer_picks(state, seat, levels[seat]) for seat in range(players)]
            state, _ = resolve_picks(state, picks)
    return state, history


@pytest.mark.slow
@pytest.mark.parametrize(
    "players,seed,levels",
    [
        (2, 11, ["novice", "veteran"]),
        (3, 12, ["novice", "novice", "veteran"]),
        (4, 13, ["novice", "veteran", "novice", "ace"]),
    ],
)
def test_a_multiplayer_game_is_played_to_the_end_by_computers(players, seed, levels):
    state, history = play(players, seed, levels, hard=[[1]] + [[]] * (players - 1))
    assert state.phase == "over" and state.round == 3 and len(history) == 3
    assert all(len(s) == 3 for s in state.scores) and state.winners
    totals = [sum(s) for s in state.scores]
    assert all(totals[w] == max(totals) for w in state.winners)
    assert all(len(owned) == 2 for owned in state.gadgets["owned"])
    every = (
        state.gadgets["deck"]
        + state.gadgets["discard"]
        + [g for owned in state.gadgets["owned"] for g in owned]
    )
    assert sorted(every) == sorted(GADGETS)
    assert sum(state.pool.values()) <= sum(state.game_pool.values())
    assert sum(s["score"]["coins"] for r in history for s in r["seats"]) > 10 * players
    # seat 0's hard #1 travelled left with its lab: twice, or once and a flip for two players
    holder = (1 if players == 2 else 2) % players
    assert [seat for seat, lab in enumerate(state.labs) if lab[0][0][0] in "EFGH"] == [holder]


def test_a_solo_game_is_played_to_its_rating():
    state, history = play(1, 21, ["veteran"])
    assert state.phase == "over" and state.winners == [0] and state.rating is not None
    placed = sum(len(r["seats"][0]["placed"]) for r in history)
    assert sum(state.pool.values()) == 40 - placed  # each tile used once
    assert len(state.gadgets["owned"][0]) == 2
    assert not set(state.gadgets["owned"][0]) & {"GS-01", "GS-02", "GS-03"}


@pytest.mark.slow
def test_a_computer_plan_is_deterministic_within_the_pool_and_worth_more_than_none():
    state = new_game(4, 3)
    for level in LEVELS:
        plan = computer_plan(state, 1, level)
        assert plan == computer_plan(state, 1, level)
        answer = check(state, 1, plan)
        assert answer["pool"]["short"] == {} and answer["warnings"] == []
        assert answer["total"] > check(state, 1, None)["total"] and answer["coins"] >= 5


def test_a_computer_with_the_insta_ball_adds_tiles_only_where_they_score():
    state = new_game(2, 4).to_dict()
    state["gadgets"]["owned"] = [["GS-02"], []]
    state["gadgets"]["deck"].remove("GS-02")
    plan = computer_plan(state, 0, "novice")
    answer = check(state, 0, plan)
    assert answer["warnings"] == []
    assert len(answer["insta_ball"]) == len(plan.get("insta_ball", []))


def test_computer_picks_rank_every_gadget_on_offer():
    state = new_game(3, 2).to_dict()
    state.update(phase="pick", scores=[[1], [2], [3]], reach=[[1], [2], [3]])
    state["gadgets"]["revealed"] = ["GS-06", "GS-11", "GS-12"]
    state["gadgets"]["deck"] = [
        g for g in state["gadgets"]["deck"] if g not in ("GS-06", "GS-11", "GS-12")
    ]
    assert computer_picks(state, 0) == ["GS-12", "GS-11", "GS-06"]
    with pytest.raises(EngineError, match="level must be one of novice, veteran, ace"):
        computer_plan(state, 0, "god")
