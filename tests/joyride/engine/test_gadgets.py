"""Every gadget of the seed's table on its own: the scoring ones on hand-made labs, the three
real-time ones (Turbo Boost, Freeze-o-Matic, Insta-Ball) in the lock-step run."""

from __future__ import annotations

import pytest

from joyride.engine import EngineError, check, resolve_run
from joyride.engine.tables import GADGETS

from .helpers import (
    clear_labs,
    gadget_points,
    game_state,
    hand_lab,
    missile,
    row_is_clear,
    run,
    straight,
    tile,
    zapper,
)


def test_the_table_is_the_seeds_sixteen_with_their_no_solo_marks():
    assert list(GADGETS) == [f"GS-{n:02}" for n in range(1, 17)]
    assert [g.id for g in GADGETS.values() if not g.solo] == ["GS-01", "GS-02", "GS-03"]


SEVEN_COINS = {"coins": [[2, 0], [2, 1], [2, 2], [2, 3], [2, 4]]}
TWO_COINS = {"coins": [[2, 0], [2, 1]]}


def test_gs04_gemology_a_point_for_every_three_coins():
    lab = hand_lab(SEVEN_COINS, TWO_COINS)
    result = run(lab, straight(2, 4), gadgets=["GS-04"])
    assert result["coins"] == 7 and gadget_points(result, "GS-04") == 2
    assert result["total"] == 7 + 2


def test_gs05_flying_pig_three_points_for_every_eight_coins():
    lab = hand_lab(SEVEN_COINS, TWO_COINS)
    assert gadget_points(run(lab, straight(2, 4), gadgets=["GS-05"]), "GS-05") == 0
    eight = hand_lab(SEVEN_COINS, {"coins": [[2, 0], [2, 1], [2, 2]]})
    assert gadget_points(run(eight, straight(2, 4), gadgets=["GS-05"]), "GS-05") == 3


def test_gs15_bubble_gun_three_coins_that_other_gadgets_count():
    lab = hand_lab(SEVEN_COINS)
    result = run(lab, straight(2, 3), gadgets=["GS-15", "GS-05"])
    assert result["coins"] == 5 and result["coins_total"] == 8
    assert gadget_points(result, "GS-15") == 3 and gadget_points(result, "GS-05") == 3
    assert result["total"] == 5 + 3 + 3
    result = run(lab, straight(2, 3), gadgets=["GS-15", "GS-04"])
    assert gadget_points(result, "GS-04") == 2


def test_gs06_ezy_dodge_a_point_for_each_missile_near_missed_on_its_left():
    lab = hand_lab({"obstacles": [missile((2, 5), (2, 6)), zapper((4, 5))]})
    ahead = straight(2, 1) + [tile("I3", (2, 4), (3, 4), (4, 4))]  # left of both
    result = run(lab, ahead, gadgets=["GS-06"])
    assert result["broken"] == 0 and gadget_points(result, "GS-06") == 1
    below = [
        tile("I3", (3, -2), (3, -1), (3, 0)),
        tile("I3", (3, 1), (3, 2), (3, 3)),
        tile("I3", (3, 4), (3, 5), (3, 6)),
    ]
    assert gadget_points(run(lab, below, gadgets=["GS-06"]), "GS-06") == 0


def test_gs07_missile_jammer_flies_through_missiles_but_not_zappers():
    lab = hand_lab({"obstacles": [missile((2, 2))], "coins": [[2, 3]]})
    assert run(lab, straight(2, 2))["penalty"] == 3
    result = run(lab, straight(2, 2), gadgets=["GS-07"])
    assert result["penalty"] == 0 and result["coins"] == 1
    zapped = hand_lab({"obstacles": [zapper((2, 2))]})
    assert run(zapped, straight(2, 2), gadgets=["GS-07"])["penalty"] == 3


def test_gs08_dezapinator_flies_through_zappers_but_not_lasers():
    lab = hand_lab({"obstacles": [zapper((2, 2), (3, 2))]})
    assert run(lab, straight(2, 2))["penalty"] == 3
    assert run(lab, straight(2, 2), gadgets=["GS-08"])["penalty"] == 0
    lasered = hand_lab({"obstacles": [{"kind": "laser", "cells": [[2, 2], [2, 3]]}]})
    assert run(lasered, straight(2, 2), gadgets=["GS-08", "GS-07"])["penalty"] == 3


def test_gs09_air_barrys_two_points_each_time_the_run_goes_up_off_the_floor():
    jumps = [
        tile("I3", (5, -2), (5, -1), (5, 0)),
        tile("I3", (5, 1), (5, 2), (5, 3)),
        tile("I3", (4, 3), (3, 3), (2, 3)),  # up off the floor between tiles
        tile("I3", (2, 4), (2, 5), (2, 6)),
    ]
    down_up = jumps + [
        tile("L4", (3, 6), (4, 6), (5, 6), (5, 7)),
        tile("I3", (4, 7), (3, 7), (2, 7)),
    ]
    assert gadget_points(run(hand_lab(), jumps, gadgets=["GS-09"]), "GS-09") == 2
    result = run(hand_lab(), down_up, gadgets=["GS-09"])
    assert result["broken"] == 0 and gadget_points(result, "GS-09") == 4
    assert gadget_points(run(hand_lab(), straight(4, 3), gadgets=["GS-09"]), "GS-09") == 0


def test_gs10_gravity_belt_two_points_each_time_the_run_drops_off_the_roof():
    drops = [tile("I3", (0, -2), (0, -1), (0, 0)), tile("L4", (0, 1), (0, 2), (0, 3), (1, 3))]
    assert gadget_points(run(hand_lab(), drops, gadgets=["GS-10"]), "GS-10") == 2
    assert gadget_points(run(hand_lab(), straight(0, 3), gadgets=["GS-10"]), "GS-10") == 0


def test_gs11_flash_four_points_every_run():
    assert gadget_points(run(hand_lab(), [], gadgets=["GS-11"]), "GS-11") == 4
    assert run(hand_lab(), straight(2, 2), gadgets=["GS-11"])["total"] == 4


def test_gs12_coin_magnet_collects_near_missed_coins():
    lab = hand_lab({"coins": [[1, 1], [3, 2], [2, 3], [4, 4], [0, 0]]})
    assert run(lab, straight(2, 2))["coins"] == 1
    result = run(lab, straight(2, 2), gadgets=["GS-12"])
    assert result["coins"] == 3 and result["coin_cells"] == [[1, 1], [2, 3], [3, 2]]


def test_gs13_nerd_repellant_a_point_per_scientist_neither_covered_nor_near_missed():
    lab = hand_lab({"scientists": [[2, 2], [3, 5], [5, 7]]})
    result = run(lab, straight(2, 3), gadgets=["GS-13"])
    assert result["covered_scientists"] == [[2, 2]]
    assert result["near_misses"]["scientists"] == [[3, 5]]
    assert gadget_points(result, "GS-13") == 1


def test_gs14_lucky_last_a_point_per_tile_of_the_final_tiles_shape():
    three_then_i4 = straight(2, 2) + [tile("I4", (2, 7), (2, 8), (2, 9), (2, 10))]
    assert gadget_points(run(hand_lab(), three_then_i4, gadgets=["GS-14"]), "GS-14") == 1
    assert gadget_points(run(hand_lab(), straight(2, 3), gadgets=["GS-14"]), "GS-14") == 4
    broken_last = straight(2, 3) + [tile("I4", (0, 20), (0, 21), (0, 22), (0, 23))]
    result = run(hand_lab(), broken_last, gadgets=["GS-14"])
    assert result["broken"] == 1 and gadget_points(result, "GS-14") == 4


def test_gs16_fruit_jetpack_a_point_per_tile_covering_no_coin():
    lab = hand_lab({"coins": [[2, 1], [2, 2]]})
    assert gadget_points(run(lab, straight(2, 3), gadgets=["GS-16"]), "GS-16") == 3


# --- the real-time gadgets, in the lock-step run -----------------------------------------------

FIRST = tile("I3", (2, -2), (2, -1), (2, 0))


def two_players(pool, owned, missions=("MS-11", "MS-03", "MS-05")):
    state = game_state(2, clear_labs(2, 2), pool=pool, owned=owned, missions=list(missions))
    assert all(row_is_clear(state, seat, 2, range(18)) for seat in (0, 1))
    return state


def placed(result, seat):
    return [
        (e["step"], e["index"], e["gadget"])
        for e in result["events"]
        if e["type"] == "placed" and e["seat"] == seat
    ]


def test_gs01_turbo_boost_places_the_owners_first_two_tiles_before_step_one():
    state = two_players({"I3": 4}, [[], ["GS-01"]])
    plan = {"tiles": straight(2, 2)}
    _, result = resolve_run(state, [plan, plan])
    assert placed(result, 1) == [(0, 0, "GS-01"), (0, 1, "GS-01"), (1, 2, None)]
    assert placed(result, 0) == [(1, 0, None)]
    assert result["events"][-3] == {"step": 1, "type": "run_over", "cause": "pool_empty"}


def test_gs03_freeze_o_matic_places_an_extra_tile_at_step_one_before_anyone_draws():
    state = two_players({"I3": 3}, [[], ["GS-03"]])
    plan = {"tiles": straight(2, 2)}
    _, result = resolve_run(state, [plan, plan])
    assert placed(result, 1) == [(1, 0, "GS-03"), (1, 1, None)]
    assert placed(result, 0) == [(1, 0, None)]
    # with one tile in the pool the freeze takes it, though seat 0 wins round 1's ties
    _, result = resolve_run(two_players({"I3": 1}, [[], ["GS-03"]]), [plan, plan])
    assert placed(result, 1) == [(1, 0, "GS-03")] and placed(result, 0) == []
    assert result["seats"][0]["stop"] == {"step": 1, "reason": "refused"}


def test_gs02_insta_ball_grabs_before_step_one_and_places_after_the_run_if_legal():
    state = two_players({"I3": 5, "I4": 1}, [[], ["GS-02"]])
    insta = [tile("I4", (2, 7), (2, 8), (2, 9), (2, 10)), tile("I3", (0, 20), (0, 21), (0, 22))]
    owner = {"tiles": straight(2, 2), "insta_ball": insta}
    other = {"tiles": [FIRST, tile("I4", (2, 1), (2, 2), (2, 3), (2, 4))]}
    _, result = resolve_run(state, [other, owner])
    grabs = [(e["type"], e["shape"]) for e in result["events"] if e["step"] == 0]
    assert grabs == [("insta_grab", "I4"), ("insta_grab", "I3")]
    assert result["seats"][0]["stop"] == {"step": 2, "reason": "refused"}  # the I4 is gone
    unused = [e for e in result["events"] if e["type"] == "insta_unused"]
    assert [(e["seat"], e["shape"], e["rules"]) for e in unused] == [(1, "I3", ["connect"])]
    insta_laid = [t for t in result["seats"][1]["placed"] if t["insta"]]
    assert [t["cells"][-1] for t in insta_laid] == [[2, 10]]
    assert result["seats"][1]["score"]["penalty"] == 0


def test_insta_ball_counts_in_check_and_needs_the_gadget():
    state = two_players({"I3": 4, "I4": 1}, [[], ["GS-02"]])
    plan = {"tiles": straight(2, 2), "insta_ball": [tile("I4", (2, 7), (2, 8), (2, 9), (2, 10))]}
    answer = check(state, 1, plan)
    assert [t["shape"] for t in answer["insta_ball"]] == ["I4"] and answer["warnings"] == []
    assert answer["pool"]["needed"]["I4"] == 1
    with pytest.raises(EngineError, match="insta_ball needs the Insta-Ball"):
        check(state, 0, plan)


def test_insta_ball_tiles_wait_for_an_unbroken_route_that_has_not_escaped():
    state = two_players({"I3": 10, "I4": 2}, [[], ["GS-02"]])
    insta = [tile("I4", (2, 7), (2, 8), (2, 9), (2, 10))]
    broken = straight(2, 1) + [
        tile("I3", (4, 4), (4, 5), (4, 6)),
        tile("I3", (4, 7), (4, 8), (4, 9)),
    ]
    answer = check(state, 1, {"tiles": broken, "insta_ball": insta})
    assert answer["insta_ball"] == [] and answer["warnings"][-1] == {
        "insta": 0,
        "rule": "broken_route",
    }
