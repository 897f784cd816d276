"""Rules §9: ranks and what each gives (keeping the ones below), and promotion."""

from __future__ import annotations

import pytest

from dogfight.engine import (
    EngineError,
    Settings,
    State,
    career,
    legal_maneuvers,
    new_game,
    validate_orders,
)
from dogfight.engine.board import CORNERS, runway_hex

from .helpers import find, orders, parked, plane, resolve, state

QUIET = ("A", "L", "L")


def bystander(seat):
    return plane(seat, -6, 3, 3)


def bursts(n):
    """Orders with ``n`` bursts spread over three moves (different directions per move)."""
    fire = {1: [], 2: [], 3: []}
    for i in range(n):
        fire[i % 3 + 1].append("ALR"[i // 3])
    return [{"maneuver": code, "fire": fire[m]} for m, code in zip((1, 2, 3), ("A", "A", "A"))]


# --- 1 Leutnant: 20 bursts on board ---------------------------------------------------------


@pytest.mark.parametrize("rank, capacity", [(0, 16), (1, 20), (2, 20), (6, 20)])
def test_a_leutnant_and_up_carries_twenty_bursts_instead_of_sixteen(rank, capacity):
    game = new_game(3, Settings(), pilots=[{"seat": 0, "career_points": 0, "rank": rank}])
    assert game.plane(0).ammo == capacity
    assert State.from_dict({"planes": [{"seat": 0, "rank": rank}]}).plane(0).ammo == capacity
    with pytest.raises(EngineError):
        State.from_dict({"planes": [{"seat": 0, "rank": rank, "ammo": capacity + 1}]})


def test_landing_refills_a_leutnants_ammunition_to_twenty():
    hex1 = runway_hex(0, "beta", 1)
    st = state([plane(0, *hex1, 0, landing=True, ammo=3, rank=1), bystander(1), bystander(2)])
    new, _ = resolve(st, orders(0, "LD", "G", "G"), orders(1, *QUIET), orders(2, *QUIET))
    assert new.plane(0).status == "ground"
    assert new.plane(0).ammo == 20


# --- 2 Hauptmann: 4 bursts per round --------------------------------------------------------


@pytest.mark.parametrize("rank, allowed", [(0, 3), (1, 3), (2, 4), (5, 4)])
def test_a_hauptmann_and_up_may_fire_four_bursts_a_round_instead_of_three(rank, allowed):
    p = plane(0, 0, 0, 2, rank=rank)
    settings = state([p]).settings
    assert sum(len(m.fire) for m in validate_orders(p, settings, bursts(allowed))) == allowed
    with pytest.raises(EngineError, match="at most"):
        validate_orders(p, settings, bursts(allowed + 1))


# --- 3 Major: repairs 3 per whole ground round, cap 8 ---------------------------------------


@pytest.mark.parametrize("rank, repaired", [(2, 2), (3, 3), (6, 3)])
def test_a_major_and_up_repairs_three_per_whole_round_on_the_ground(rank, repaired):
    st = state([parked(0, damage=7, rank=rank), bystander(1), bystander(2)])
    new, events = resolve(st, orders(0, "G", "G", "G"), orders(1, *QUIET), orders(2, *QUIET))
    assert new.plane(0).damage == 7 - repaired
    assert find(events, "repaired", seat=0, amount=repaired)


def test_a_majors_repairs_still_stop_at_eight_a_game():
    st = state([parked(0, damage=7, rank=3, repairs_used=6), bystander(1), bystander(2)])
    new, _ = resolve(st, orders(0, "G", "G", "G"), orders(1, *QUIET), orders(2, *QUIET))
    assert new.plane(0).damage == 5
    assert new.plane(0).repairs_used == 8
    again, _ = resolve(new, orders(0, "G", "G", "G"), orders(1, *QUIET), orders(2, *QUIET))
    assert again.plane(0).damage == 5


# --- 4 Oberstleutnant: the fast plane -------------------------------------------------------


@pytest.mark.parametrize("rank, hits", [(3, 0), (4, 1), (6, 1)])
def test_an_oberstleutnant_and_up_moves_and_fires_first_against_the_old_positions(rank, hits):
    # the shooter ends move 1 in (1, 0) nose east; the target starts in (3, 0) and slips away
    # to (4, -1) in move 1: only a fast shooter still finds it in (3, 0)
    st = state([plane(0, 0, 0, 0, rank=rank), plane(1, 3, 0, 0), bystander(2)])
    _, events = resolve(
        st, orders(0, "A", "L", "L", fire={1: ["A"]}), orders(1, "LS", "H", "H"), orders(2, *QUIET)
    )
    assert len(find(events, "hit", shooter=0, target=1, move=1)) == hits


def test_the_fast_plane_is_a_rank_ability_not_a_points_one():
    assert not career.is_fast(3) and career.is_fast(4)
    st = state([plane(0, 0, 0, 0, career_points=500), plane(1, 3, 0, 0), bystander(2)])
    _, events = resolve(
        st, orders(0, "A", "L", "L", fire={1: ["A"]}), orders(1, "LS", "H", "H"), orders(2, *QUIET)
    )
    assert not find(events, "hit", shooter=0)


# --- 5 Oberst: out at 14 --------------------------------------------------------------------


@pytest.mark.parametrize("rank, out", [(4, True), (5, False), (6, False)])
def test_an_oberst_and_up_is_out_at_fourteen_damage_points_instead_of_twelve(rank, out):
    # a hit from 4 hexes (1 damage) on a plane at 11
    st = state([plane(0, 0, 0, 0), plane(1, 5, 1, 2, damage=11, rank=rank), bystander(2)])
    new, events = resolve(
        st, orders(0, "A", "L", "L", fire={1: ["A"]}), orders(1, "A", "H", "H"), orders(2, *QUIET)
    )
    assert find(events, "hit", target=1, damage=1)
    assert (new.plane(1).status == "out") is out
    if not out:
        assert new.plane(1).damage == 12


def test_an_oberst_goes_down_at_fourteen():
    st = state([plane(0, 0, 0, 0), plane(1, 2, 1, 2, damage=10, rank=5), bystander(2)])
    new, events = resolve(
        st, orders(0, "A", "L", "L", fire={1: ["A"]}), orders(1, "A", "H", "H"), orders(2, *QUIET)
    )
    assert new.plane(1).status == "out"
    assert find(events, "shot_down", seat=1)


# --- 6 General: bursts reach 5 hexes --------------------------------------------------------


@pytest.mark.parametrize("rank, reached", [(5, False), (6, True)])
def test_a_generals_bursts_reach_five_hexes_for_one_damage(rank, reached):
    # shooter in (1, 0) after move 1 nose east; the target in (6, 0), 5 hexes away. The target
    # moves after the fast shooter (both ranks are fast), so it starts there and holds later.
    st = state([plane(0, 0, 0, 0, rank=rank), plane(1, 6, 0, 0), bystander(2)])
    _, events = resolve(
        st, orders(0, "A", "L", "L", fire={1: ["A"]}), orders(1, "LS", "H", "H"), orders(2, *QUIET)
    )
    hits = find(events, "hit", shooter=0, target=1)
    assert bool(hits) is reached
    if reached:
        assert hits[0]["range"] == 5 and hits[0]["damage"] == 1


def test_every_rank_keeps_the_abilities_of_the_ranks_below():
    general = 6
    assert career.ammo_capacity(general) == 20
    assert career.bursts_per_round(general) == 4
    assert career.repair_per_round(general) == 3
    assert career.is_fast(general)
    assert career.out_at(general) == 14
    assert career.reach(general) == 5
    assert [career.reach(r) for r in range(7)] == [4] * 6 + [5]
    assert [career.out_at(r) for r in range(7)] == [12] * 5 + [14] * 2


# --- promotion ------------------------------------------------------------------------------


def test_a_promotion_costs_a_hundred_points_and_gives_the_next_rank():
    assert career.promote(100, 0) == (0, 1)
    assert career.promote(150, 3) == (50, 4)


def test_promotion_at_one_hundred_leaves_nothing_no_double_machine_guns_no_immelmann():
    points, _rank = career.promote(100, 0)
    assert not career.has_double_mg(points)
    assert career.ace_maneuvers(points) == ()


def test_promotion_at_one_hundred_eighty_keeps_eighty_with_split_s_and_loop():
    points, rank = career.promote(180, 1)
    assert (points, rank) == (80, 2)
    assert {"S", "O"} <= set(career.ace_maneuvers(points))
    offered = legal_maneuvers(plane(0, 0, 0, 0, career_points=points, rank=rank), ["A"])
    assert {"I", "S", "O"} <= set(offered)


def test_no_promotion_below_one_hundred_points_or_beyond_general():
    assert not career.can_promote(99, 0)
    assert career.can_promote(100, 5)
    assert not career.can_promote(500, 6)
    with pytest.raises(ValueError):
        career.promote(99, 0)
    with pytest.raises(ValueError):
        career.promote(300, 6)


def test_the_rank_stays_even_when_the_points_are_gone():
    # a Major at 0 career points still repairs 3 and carries 20 bursts
    st = state([parked(0, damage=4, rank=3, career_points=0), bystander(1), bystander(2)])
    new, _ = resolve(st, orders(0, "G", "G", "G"), orders(1, *QUIET), orders(2, *QUIET))
    assert new.plane(0).damage == 1
    assert new.plane(0).ammo == 20


def test_the_pilots_rank_and_points_at_game_start_go_onto_the_plane():
    game = new_game(11, Settings(), pilots=[{"seat": 2, "career_points": 85, "rank": 4}])
    p = game.plane(2)
    assert (p.career_points, p.rank, p.ammo) == (85, 4, 20)
    assert game.plane(0).rank == 0 and game.plane(0).career_points == 0
    assert p.hex == CORNERS[2]


def test_the_ranks_in_order_are_leutnant_hauptmann_major_oberstleutnant_oberst_general():
    assert career.RANKS[1:] == (
        "Leutnant",
        "Hauptmann",
        "Major",
        "Oberstleutnant",
        "Oberst",
        "General",
    )
    assert career.MAX_RANK == 6
    assert career.ACE_TITLE == "Ass"
