"""Rules §5: on the ground — repair, its cap, the landing round, ammunition."""

from __future__ import annotations

import pytest

from dogfight.engine.board import CORNERS

from .helpers import find, orders, parked, plane, resolve, state


def ground_state(*, rank=0, **kw):
    return state([parked(0, rank=rank, **kw), plane(3, 0, 0, 0)])


def test_a_whole_round_on_the_ground_repairs_two_damage_points():
    st = ground_state(damage=5)
    new, events = resolve(st, orders(0, "G", "G", "G"), orders(3, "A", "A", "A"))
    assert new.plane(0).damage == 3
    assert new.plane(0).repairs_used == 2
    assert find(events, "repaired", seat=0)[0]["amount"] == 2


@pytest.mark.parametrize("rank, amount", [(0, 2), (1, 2), (2, 2), (3, 3), (4, 3), (6, 3)])
def test_a_major_and_up_repairs_three_points_per_whole_round(rank, amount):
    new, _ = resolve(ground_state(rank=rank, damage=6), orders(3, "A", "A", "A"))
    assert new.plane(0).damage == 6 - amount


def test_repairs_stop_at_eight_points_per_game():
    st = ground_state(damage=11)
    seen = []
    for _ in range(5):
        st, _ = resolve(st, orders(3, "L", "L", "L"))
        seen.append(st.plane(0).damage)
    assert seen == [9, 7, 5, 3, 3]
    assert st.plane(0).repairs_used == 8


def test_the_cap_of_eight_counts_repairs_from_earlier_rounds():
    new, _ = resolve(ground_state(damage=6, repairs_used=7), orders(3, "A", "A", "A"))
    assert new.plane(0).damage == 5 and new.plane(0).repairs_used == 8
    new, events = resolve(ground_state(damage=6, repairs_used=8), orders(3, "A", "A", "A"))
    assert new.plane(0).damage == 6 and not find(events, "repaired")


def test_a_major_also_stops_at_eight():
    st = ground_state(rank=3, damage=11)
    for _ in range(3):
        st, _ = resolve(st, orders(3, "L", "L", "L"))
    assert st.plane(0).damage == 3 and st.plane(0).repairs_used == 8  # 3 + 3 + 2


def test_repair_never_goes_below_zero_damage_nor_counts_what_was_not_needed():
    new, _ = resolve(ground_state(damage=1), orders(3, "A", "A", "A"))
    assert new.plane(0).damage == 0 and new.plane(0).repairs_used == 1
    new, events = resolve(ground_state(damage=0), orders(3, "A", "A", "A"))
    assert new.plane(0).repairs_used == 0 and not find(events, "repaired")


def test_the_round_in_which_the_plane_lands_does_not_count():
    st = state([plane(0, 7, 0, 0, damage=5), plane(3, 0, 0, 0)])
    landed, events = resolve(st, orders(0, "LD", "LD", "G"), orders(3, "A", "A", "A"))
    assert landed.plane(0).status == "ground"
    assert landed.plane(0).damage == 5 and not find(events, "repaired")
    after, _ = resolve(landed, orders(0, "G", "G", "G"), orders(3, "L", "L", "L"))
    assert after.plane(0).damage == 3


def test_a_landing_finished_in_move_one_of_a_round_does_not_count_that_round():
    st = state([plane(0, 8, 0, 0, landing=True, damage=5), plane(3, 0, 0, 0)])
    new, events = resolve(st, orders(0, "LD", "G", "G"), orders(3, "A", "A", "A"))
    assert new.plane(0).status == "ground" and new.plane(0).hex == CORNERS[0]
    assert new.plane(0).damage == 5 and not find(events, "repaired")


def test_a_round_in_which_the_plane_takes_off_does_not_count():
    new, events = resolve(
        ground_state(damage=5), orders(0, "G", "TB", "TB"), orders(3, "A", "A", "A")
    )
    assert new.plane(0).damage == 5 and not find(events, "repaired")


def test_landing_refills_the_ammunition():
    st = state([plane(0, 7, 0, 0, ammo=1), plane(3, 0, 0, 0)])
    new, _ = resolve(st, orders(0, "LD", "LD", "G"), orders(3, "A", "A", "A"))
    assert new.plane(0).ammo == 16


def test_landing_refills_a_leutnants_twenty_bursts():
    st = state([plane(0, 7, 0, 0, ammo=0, rank=1), plane(3, 0, 0, 0)])
    new, _ = resolve(st, orders(0, "LD", "LD", "G"), orders(3, "A", "A", "A"))
    assert new.plane(0).ammo == 20


def test_the_ammunition_is_full_as_soon_as_the_plane_stands_on_its_corner():
    # landed in move 1 of this round after a roll begun last round: full for the next take-off
    st = state([plane(0, 8, 0, 0, landing=True, ammo=2), plane(3, 0, 0, 0)])
    new, _ = resolve(st, orders(0, "LD", "G", "G"), orders(3, "A", "A", "A"))
    assert new.plane(0).ammo == 16


def test_the_first_landing_roll_does_not_refill_yet():
    st = state([plane(0, 5, 0, 0, ammo=2), plane(3, 0, 0, 0)])
    new, _ = resolve(st, orders(0, "A", "A", "LD"), orders(3, "A", "A", "A"))
    assert new.plane(0).landing and new.plane(0).ammo == 2


def test_a_plane_on_the_ground_stays_on_its_corner_all_round():
    new, _events = resolve(ground_state(), orders(3, "A", "A", "A"))
    assert new.plane(0).hex == CORNERS[0] and new.plane(0).status == "ground"
