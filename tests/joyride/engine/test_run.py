"""The lock-step run: the pool sized by player count, shortages (fewer coins first, ties
rotating with the round), a refused player stops, the run ends at the end of the step in which
someone escapes, or when the pool is empty, or when every plan is done."""

from __future__ import annotations

import pytest

from joyride.engine import EngineError, new_game, resolve_run

from .helpers import clear_labs, game_state, labs_of, side_where, sides_where, straight, tile

FIRST = tile("I3", (2, -2), (2, -1), (2, 0))
I4_ON = tile("I4", (2, 1), (2, 2), (2, 3), (2, 4))
I3_ON = tile("I3", (2, 5), (2, 6), (2, 7))


def events(result, kind):
    return [e for e in result["events"] if e["type"] == kind]


def test_the_pool_by_player_count_and_solo():
    sizes = {n: sum(new_game(n, 5).pool.values()) for n in (1, 2, 3, 4)}
    assert sizes == {1: 40, 2: 25, 3: 38, 4: 50}
    assert new_game(1, 5).pool == dict.fromkeys(("I3", "I4", "L4", "S4", "U5"), 8)
    assert new_game(2, 5).pool != new_game(2, 6).pool  # the tiles removed are random
    assert new_game(2, 5).to_dict() == new_game(2, 5).to_dict()


def test_each_seat_gets_a_random_card_of_each_number_and_hard_cards_where_asked():
    state = new_game(4, 9, hard=[[1, 4], [], [4], []])
    numbers = [[int(card[1]) for card, _ in lab] for lab in state.labs]
    assert numbers == [[1, 2, 3, 4]] * 4
    assert state.labs[0][0][0][0] in "EFGH" and state.labs[0][3][0][0] in "EFGH"
    assert state.labs[2][3][0][0] in "EFGH" and state.labs[2][0][0][0] in "ABCD"
    assert all(card[0] in "ABCD" for card, _ in state.labs[1])
    with pytest.raises(EngineError, match="hard cards 1 and 4"):
        new_game(2, 1, hard=[[2], []])


def coin_at_2_0(side):
    return [2, 0] in side["coins"]


def test_a_shape_in_short_supply_goes_to_the_seat_with_fewer_coins_first():
    rich, poor = side_where(1, coin_at_2_0), side_where(1, lambda s: not coin_at_2_0(s))
    state = game_state(2, labs_of(2, [rich, poor]), pool={"I3": 4, "I4": 1})
    plan = {"tiles": [FIRST, I4_ON, I3_ON]}
    _, result = resolve_run(state, [plan, plan])
    # round 1's tie order starts with seat 0, but seat 0 took a coin at step 1
    assert events(result, "shortage") == [
        {"step": 2, "type": "shortage", "shape": "I4", "wanted": [1, 0], "given": [1]}
    ]
    assert result["seats"][0]["stop"] == {"step": 2, "reason": "refused"}
    # a refused seat stops for good: the I3 it planned next is still in the pool at step 3
    assert [t["index"] for t in result["seats"][0]["placed"]] == [0]
    assert [t["step"] for t in result["seats"][1]["placed"]] == [1, 2, 3]


@pytest.mark.parametrize("round_,first", [(1, 0), (2, 1), (3, 0)])
def test_ties_rotate_with_the_round(round_, first):
    poor = sides_where(1, lambda s: not coin_at_2_0(s))[:2]
    state = game_state(2, labs_of(2, poor), pool={"I3": 1}, round_=round_)
    plan = {"tiles": [FIRST]}
    _, result = resolve_run(state, [plan, plan])
    # both take no coin with their first tile: the draw at step 1 is a tie
    assert [e["seat"] for e in events(result, "placed")] == [first]
    assert events(result, "shortage")[0]["wanted"] == [first, 1 - first]


def test_three_seats_rotate_through_all_three():
    labs = labs_of(3, [])
    for round_, first in ((1, 0), (2, 1), (3, 2)):
        state = game_state(3, labs, pool={"I3": 1}, round_=round_)
        _, result = resolve_run(state, [{"tiles": [FIRST]}] * 3)
        assert [e["seat"] for e in events(result, "placed")] == [first]


def test_the_run_ends_at_the_end_of_the_step_in_which_someone_escapes():
    state = game_state(2, clear_labs(2, 2), pool={"I3": 5, "I4": 10, "U5": 10})
    escaper = {
        "tiles": [FIRST]
        + [tile("I4", (2, c), (2, c + 1), (2, c + 2), (2, c + 3)) for c in range(1, 34, 4)]
    }
    wanderer = {
        "tiles": [
            tile("U5", (r, c), (r + 1, c), (r + 1, c + 1), (r + 1, c + 2), (r, c + 2))
            for r in (0, 2)
            for c in range(0, 27, 4)
        ]
    }
    _, result = resolve_run(state, [escaper, wanderer])
    assert events(result, "escaped") == [{"step": 10, "type": "escaped", "seat": 0}]
    assert events(result, "run_over") == [{"step": 10, "type": "run_over", "cause": "escape"}]
    assert len(result["seats"][1]["placed"]) == 10  # its step-10 tile counts
    assert result["seats"][1]["stop"] == {"step": 10, "reason": "run_over"}
    assert result["seats"][0]["stop"] == {"step": 10, "reason": "escaped"}
    assert result["seats"][0]["score"]["escaped"]
    # a plan that runs out in the very step the run ends stops as done, not cut short
    _, result = resolve_run(state, [escaper, dict(wanderer, tiles=wanderer["tiles"][:10])])
    assert result["seats"][1]["stop"] == {"step": 10, "reason": "done"}


def test_the_run_ends_when_every_plan_is_done_and_a_pass_is_a_stop():
    state = game_state(2, clear_labs(2, 2), pool={"I3": 10})
    _, result = resolve_run(state, [{"tiles": straight(2, 1) + ["pass"]}, None])
    assert result["seats"][0]["stop"] == {"step": 3, "reason": "pass"}
    assert result["seats"][1]["stop"] == {"step": 1, "reason": "done"}
    assert events(result, "run_over") == [{"step": 3, "type": "run_over", "cause": "plans_done"}]


def test_the_run_ends_when_the_pool_is_empty():
    state = game_state(2, clear_labs(2, 2), pool={"I3": 3})
    plan = {"tiles": straight(2, 4)}
    _, result = resolve_run(state, [plan, plan])
    assert events(result, "run_over") == [{"step": 2, "type": "run_over", "cause": "pool_empty"}]
    assert sum(len(s["placed"]) for s in result["seats"]) == 3


def test_a_plan_per_seat_and_the_run_phase_are_required():
    state = game_state(2)
    with pytest.raises(EngineError, match="one plan per seat"):
        resolve_run(state, [None])
    with pytest.raises(EngineError, match="may only end the plan"):
        resolve_run(state, [{"tiles": ["pass", FIRST]}, None])
    over, _ = resolve_run(state, [None, None])
    with pytest.raises(EngineError, match="phase pick, not run"):
        resolve_run(over, [None, None])


def test_resolving_never_changes_the_state_given():
    state = game_state(2, clear_labs(2, 2))
    before = state.to_dict()
    resolve_run(state, [{"tiles": straight(2, 3)}, None])
    resolve_run(before, [{"tiles": straight(2, 3)}, None])
    assert state.to_dict() == before
