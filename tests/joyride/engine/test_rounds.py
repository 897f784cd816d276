"""Between rounds: scoring, the sealed gadget picks (lowest score first; ties furthest right,
then rotating), cleanup (missions, labs passing left, the two-player flip, the pool), three
rounds and the seed's tie-break; the solo variant and its rating table."""

from __future__ import annotations

import pytest

from joyride.engine import EngineError, State, new_game, pick_order, resolve_picks, resolve_run
from joyride.engine.api import resolve_job
from joyride.engine.tables import rating_band

from .helpers import clear_labs, game_state, straight


def picking(players, scores, reach, revealed, round_=1, **kw) -> State:
    state = game_state(players, round_=round_, **kw)
    data = state.to_dict()
    data["phase"] = "pick"
    data["scores"] = [[0] * (round_ - 1) + [s] for s in scores]
    data["reach"] = [[0] * (round_ - 1) + [r] for r in reach]
    data["gadgets"]["deck"] = [g for g in data["gadgets"]["deck"] if g not in revealed]
    data["gadgets"]["revealed"] = list(revealed)
    return State.from_dict(data)


def test_a_scored_run_reveals_one_gadget_per_player_and_waits_for_picks():
    state = game_state(3, clear_labs(3, 2))
    after, result = resolve_run(state, [{"tiles": straight(2, 3)}, None, None])
    assert after.phase == "pick" and after.round == 1
    assert after.gadgets["revealed"] == state.gadgets["deck"][:3]
    assert [s[0] for s in after.scores] == [r["score"]["total"] for r in result["seats"]]
    assert after.reach[0] == [9] and after.reach[1] == [-1]


def test_picks_go_lowest_score_first_ties_to_the_furthest_right_then_rotating():
    state = picking(3, scores=[5, 3, 3], reach=[10, 4, 9], revealed=["GS-11", "GS-04", "GS-12"])
    assert pick_order(state) == [2, 1, 0]
    everyone = ["GS-11", "GS-04"]
    after, result = resolve_picks(state, [everyone, everyone, everyone])
    assert after.gadgets["owned"] == [["GS-12"], ["GS-04"], ["GS-11"]]
    assert [(e["seat"], e["gadget"], e["ranked"]) for e in result["events"]] == [
        (2, "GS-11", True),
        (1, "GS-04", True),
        (0, "GS-12", False),
    ]
    tied = picking(
        3, scores=[3, 3, 3], reach=[4, 4, 4], revealed=["GS-11", "GS-04", "GS-12"], round_=2
    )
    assert pick_order(tied) == [1, 2, 0]


def test_a_pick_must_be_on_offer_once_and_in_the_pick_phase():
    state = picking(2, scores=[1, 2], reach=[1, 2], revealed=["GS-11", "GS-04"])
    with pytest.raises(EngineError, match="not a gadget on offer"):
        resolve_picks(state, [["GS-05"], None])
    with pytest.raises(EngineError, match="names a gadget twice"):
        resolve_picks(state, [["GS-11", "GS-11"], None])
    with pytest.raises(EngineError, match="one ranking per seat"):
        resolve_picks(state, [None])
    with pytest.raises(EngineError, match="phase run, not pick"):
        resolve_picks(game_state(2), [None, None])


def test_cleanup_passes_labs_left_reveals_new_missions_and_refills_the_pool():
    state = picking(3, scores=[1, 2, 3], reach=[1, 2, 3], revealed=["GS-11", "GS-04", "GS-12"])
    state.pool = {"I3": 0, "I4": 1, "L4": 2, "S4": 3, "U5": 4}
    after, _ = resolve_picks(state, [None, None, None])
    assert after.round == 2 and after.phase == "run"
    assert after.labs == [state.labs[2], state.labs[0], state.labs[1]]
    assert after.missions["discard"] == state.missions["revealed"]
    assert after.missions["revealed"] == state.missions["deck"][:3]
    assert after.pool == state.game_pool and after.gadgets["revealed"] == []
    assert after.gadgets["discard"] == []


def test_two_players_pass_after_round_1_and_flip_after_round_2():
    first = picking(2, scores=[1, 2], reach=[1, 2], revealed=["GS-11", "GS-04"])
    after, _ = resolve_picks(first, [None, None])
    assert after.labs == [first.labs[1], first.labs[0]]
    second = picking(2, scores=[1, 2], reach=[1, 2], revealed=["GS-13", "GS-05"], round_=2)
    after, _ = resolve_picks(second, [None, None])
    flip = {"a": "b", "b": "a"}
    assert after.labs == [[(card, flip[side]) for card, side in lab] for lab in second.labs]


def test_after_round_3_the_highest_total_wins_and_nothing_is_left_to_resolve():
    state = game_state(2, clear_labs(2, 2), round_=3, missions=["MS-11", "MS-05", "MS-06"])
    data = state.to_dict()
    data["scores"] = [[30, 0], [0, 0]]
    plans = [{"tiles": straight(2, 2)}, {"tiles": straight(2, 3)}]  # seat 1 goes further
    over, _ = resolve_run(State.from_dict(data), plans)
    assert over.phase == "over" and over.gadgets["revealed"] == [] and over.winners == [0]
    assert [len(s) for s in over.scores] == [3, 3]
    with pytest.raises(EngineError, match="the game is over"):
        resolve_job({"state": over.to_dict(), "plans": [None, None]})


def test_the_tie_break_is_the_furthest_run_in_the_last_round():
    state = game_state(2, clear_labs(2, 2), round_=3, missions=["MS-11", "MS-05", "MS-06"])
    plans = [{"tiles": straight(2, 2)}, {"tiles": straight(2, 3)}]
    _, trial = resolve_run(state, plans)
    round3 = [s["score"]["total"] for s in trial["seats"]]
    data = state.to_dict()
    data["scores"] = [[20 + round3[1], 0], [20 + round3[0], 0]]  # equal totals
    over, _ = resolve_run(State.from_dict(data), plans)
    assert sum(over.scores[0]) == sum(over.scores[1])
    assert over.reach == [[0, 0, 6], [0, 0, 9]] and over.winners == [1]
    # equal totals and equal reach: both win
    same = [plans[0], plans[0]]
    _, trial = resolve_run(state, same)
    round3 = [s["score"]["total"] for s in trial["seats"]]
    data["scores"] = [[20 + round3[1], 0], [20 + round3[0], 0]]
    over, _ = resolve_run(State.from_dict(data), same)
    assert over.reach == [[0, 0, 6], [0, 0, 6]] and over.winners == [0, 1]


def test_solo_forty_tiles_no_no_solo_cards_and_each_tile_used_once():
    state = new_game(1, 3)
    assert sum(state.pool.values()) == 40
    every_mission = state.missions["deck"] + state.missions["revealed"]
    assert sorted(every_mission) == [f"MS-{n:02}" for n in range(3, 18)]
    assert sorted(state.gadgets["deck"]) == [f"GS-{n:02}" for n in range(4, 17)]
    state = game_state(1, clear_labs(1, 2), missions=["MS-05", "MS-06", "MS-11"], seed=3)
    after, _ = resolve_run(state, [{"tiles": straight(2, 3)}])
    assert after.pool["I3"] == 8 - 4 and len(after.gadgets["revealed"]) == 2
    picked, _ = resolve_picks(after, [[after.gadgets["revealed"][1]]])
    assert picked.pool["I3"] == 4  # the tiles went to the box
    assert picked.gadgets["owned"] == [[after.gadgets["revealed"][1]]]
    assert picked.gadgets["discard"] == [after.gadgets["revealed"][0]]
    assert picked.labs != after.labs  # a new lab each round
    assert [int(card[1]) for card, _ in picked.labs[0]] == [1, 2, 3, 4]


def test_a_solo_run_ends_when_the_pool_is_empty():
    state = game_state(1, clear_labs(1, 2), pool={"I3": 2}, missions=["MS-05", "MS-06", "MS-11"])
    _, result = resolve_run(state, [{"tiles": straight(2, 4)}])
    assert result["seats"][0]["stop"]["reason"] == "run_over"
    assert result["events"][-2] == {"step": 2, "type": "run_over", "cause": "pool_empty"}


@pytest.mark.parametrize(
    "total,band",
    [
        (-5, 0),
        (60, 0),
        (61, 1),
        (70, 1),
        (71, 2),
        (90, 3),
        (100, 4),
        (101, 5),
        (110, 5),
        (111, 6),
        (200, 6),
    ],
)
def test_the_solo_rating_table(total, band):
    assert rating_band(total) == band


def test_a_solo_game_ends_with_its_rating():
    state = game_state(1, clear_labs(1, 2), round_=3, missions=["MS-05", "MS-06", "MS-11"])
    data = state.to_dict()
    data["scores"] = [[40, 30]]
    over, result = resolve_run(State.from_dict(data), [{"tiles": straight(2, 3)}])
    total = sum(over.scores[0])
    assert over.phase == "over" and over.winners == [0]
    assert over.rating == rating_band(total) and total == 70 + result["seats"][0]["score"]["total"]
