"""Rules §7: missed orders (NMR), removal, and who wins."""

from __future__ import annotations

import pytest

from dogfight.engine import EngineError, career, resolve_round
from dogfight.engine.board import CORNERS, runway_hex

from .helpers import find, orders, parked, plane, resolve, state


def moves_of(events, seat):
    return [e["maneuver"] for e in find(events, "moved", seat=seat)]


# --- the NMR default ------------------------------------------------------------------------


def test_a_flying_pilot_without_orders_flies_ahead_three_times_and_does_not_fire():
    # a sitting target two hexes ahead: the default fires no burst at it
    st = state([plane(0, 0, 0, 0), plane(1, 2, 0, 0), plane(2, -5, 3, 3)])
    new, events = resolve(st, orders(1, "A", "A", "A"), orders(2, "A", "A", "A"))
    assert moves_of(events, 0) == ["A", "A", "A"]
    assert (new.plane(0).hex, new.plane(0).facing) == ((3, 0), 0)
    assert not find(events, "burst", seat=0)
    assert new.plane(0).ammo == st.plane(0).ammo
    assert new.plane(1).damage == 0


def test_a_pilot_on_the_ground_without_orders_takes_off_over_beta_then_flies_ahead():
    st = state([parked(0), plane(1, -5, 3, 3), plane(2, -3, 0, 3)])
    new, events = resolve(st, orders(1, "A", "A", "A"), orders(2, "A", "A", "A"), park=False)
    assert moves_of(events, 0) == ["TB", "TB", "A"]
    beta = 3  # seat 0's runway beta heads toward the centre: dir(0 + 3)
    assert new.plane(0).status == "air"
    assert new.plane(0).facing == beta
    assert new.plane(0).hex == (CORNERS[0][0] - 3, CORNERS[0][1])  # corner + 3 * dir(3)
    assert find(events, "took_off", seat=0)


def test_a_pilot_mid_landing_without_orders_completes_the_landing_and_stays_down():
    hex1 = runway_hex(0, "beta", 1)
    st = state([plane(0, *hex1, 0, landing=True, ammo=2), plane(1, -5, 3, 3), plane(2, -3, 0, 3)])
    new, events = resolve(st, orders(1, "A", "A", "A"), orders(2, "A", "A", "A"), park=False)
    assert find(events, "landed", seat=0, move=1)
    lander = new.plane(0)
    assert lander.status == "ground" and lander.hex == CORNERS[0]
    assert not lander.landing
    assert lander.ammo == career.ammo_capacity(0)
    assert not find(events, "took_off", seat=0)


# --- counting missed rounds -----------------------------------------------------------------


def test_missed_rounds_are_counted_in_a_row_and_reset_by_submitted_orders():
    st = state([plane(0, 0, 0, 2), plane(1, -5, 3, 3), plane(2, -3, 0, 3)])
    others = (orders(1, "A", "L", "L"), orders(2, "A", "L", "L"))
    new, events = resolve(st, *others)
    assert new.plane(0).missed_rounds == 1
    assert find(events, "missed", seat=0, missed_rounds=1)
    new, events = resolve(new, *(orders(1, "A", "L", "L"), orders(2, "A", "L", "L")))
    assert new.plane(0).missed_rounds == 2
    new, events = resolve(
        new, orders(0, "A", "L", "L"), orders(1, "A", "L", "L"), orders(2, "A", "L", "L")
    )
    assert new.plane(0).missed_rounds == 0
    assert not find(events, "missed")


def test_a_third_missed_round_still_flies_the_default():
    st = state([plane(0, 0, 0, 2, missed_rounds=2), plane(1, -5, 3, 3), plane(2, -3, 0, 3)])
    new, events = resolve(st, orders(1, "A", "L", "L"), orders(2, "A", "L", "L"))
    assert new.plane(0).status == "air"
    assert new.plane(0).missed_rounds == 3
    assert moves_of(events, 0) == ["A", "A", "A"]


def test_the_fourth_missed_round_in_a_row_removes_the_pilot_before_move_one_as_a_crash():
    victim = plane(0, 0, 0, 2, missed_rounds=3, career_points=45, rank=1, points=3)
    st = state([victim, plane(1, -5, 3, 3), plane(2, -3, 0, 3)])
    new, events = resolve(st, orders(1, "A", "L", "L"), orders(2, "A", "L", "L"))
    (crash,) = find(events, "crash", seat=0)
    assert crash["cause"] == "nmr" and crash["move"] is None
    assert new.plane(0).status == "out"
    assert not find(events, "moved", seat=0)
    assert new.plane(0).points == 3 - (5 + 5 * 2 + 10)  # a crash costs what a shoot-down does
    assert new.pot == 5
    assert events.index(crash) < events.index(find(events, "moved")[0])


def test_the_referee_may_remove_a_pilot_earlier_and_it_counts_as_a_crash():
    st = state([plane(0, 0, 0, 2, career_points=20), plane(1, -5, 3, 3), plane(2, -3, 0, 3)])
    new, events = resolve(
        st, orders(0, "A", "A", "A"), orders(1, "A", "L", "L"), orders(2, "A", "L", "L"), remove=[0]
    )
    assert find(events, "crash", seat=0, cause="removed", move=None)
    assert new.plane(0).status == "out"
    assert not find(events, "moved", seat=0)
    assert new.plane(0).points == -10
    assert new.pot == 5
    assert not new.over


# --- winning --------------------------------------------------------------------------------


def test_the_last_pilot_remaining_wins_and_the_game_stops_at_that_point():
    # seat 1 flies off the east edge in move 1; seat 0 is left alone
    st = state(
        [plane(0, 0, 0, 2), plane(1, 9, -4, 0)], clouds=[(0, 4), (1, 4), (2, 4)], round=3, wind=1
    )
    new, events = resolve(st, orders(0, "A", "L", "L"), orders(1, "A", "A", "A"), wind=1)
    assert find(events, "crash", seat=1, cause="edge", move=1)
    assert new.over and new.winner == 0
    assert find(events, "winner", seat=0, move=1)
    assert not [e for e in events if e["move"] in (2, 3)]
    assert new.clouds == st.clouds  # no end-of-round drift after the end of the game


def test_the_pot_of_three_crashes_is_fifteen_and_goes_to_the_winner():
    st = state([plane(0, 0, 0, 2), plane(1, 9, -4, 0), plane(2, 9, -6, 0), plane(3, 9, -2, 0)])
    new, events = resolve(
        st,
        orders(0, "A", "L", "L"),
        orders(1, "A", "A", "A"),
        orders(2, "A", "A", "A"),
        orders(3, "A", "A", "A"),
    )
    assert len(find(events, "crash")) == 3
    assert new.pot == 15
    assert new.winner == 0
    assert find(events, "pot", seat=0, points=15)
    assert new.plane(0).points == 15
    assert all(new.plane(s).points == -5 for s in (1, 2, 3))


def test_with_no_winner_the_pot_is_void():
    st = state([plane(0, 9, -5, 0, points=2), plane(1, 9, -4, 0), plane(2, 9, -6, 0)])
    new, events = resolve(
        st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"), orders(2, "A", "A", "A")
    )
    assert new.over and new.winner is None
    assert find(events, "winner", seat=None)
    assert not find(events, "pot")
    assert [p.points for p in new.planes] == [2 - 5, -5, -5]


def test_nobody_wins_when_the_last_two_shoot_each_other_down_in_the_same_move():
    # after move 1 they stand in (1, 0) and (3, 0), nose to nose, two hexes apart
    st = state([plane(0, 0, 0, 0, damage=11), plane(1, 4, 0, 3, damage=11)])
    new, events = resolve(
        st, orders(0, "A", "A", "A", fire={1: ["A"]}), orders(1, "A", "A", "A", fire={1: ["A"]})
    )
    assert {e["seat"] for e in find(events, "shot_down", move=1)} == {0, 1}
    assert new.over and new.winner is None
    assert find(events, "winner", seat=None, move=1)


def test_nobody_wins_when_the_last_two_crash_in_the_same_move():
    st = state([plane(0, 9, -5, 0), plane(1, -9, 4, 3)])
    new, events = resolve(st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"))
    assert {e["seat"] for e in find(events, "crash", move=1)} == {0, 1}
    assert new.over and new.winner is None


def test_nobody_wins_when_the_last_two_go_down_together_in_the_end_of_round_drift():
    st = state(
        [plane(0, 0, 0, 2, damage=11), plane(1, 3, -3, 2, damage=11)],
        clouds=[(-1, -3), (2, -6)],
        round=4,
        wind=0,
    )
    # plane 0: (0,-1) (0,-2) (0,-3); plane 1: (3,-4) (3,-5) (3,-6); clouds drift east onto both
    new, events = resolve(st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"), wind=0)
    crashes = find(events, "crash", cause="cloud")
    assert {e["seat"] for e in crashes} == {0, 1}
    assert all(e["move"] is None for e in crashes)
    assert new.over and new.winner is None


def test_a_single_survivor_of_the_drift_wins_at_the_drift():
    st = state(
        [plane(0, 0, 0, 2, damage=11), plane(1, 3, -3, 2, damage=11), plane(2, -5, 3, 3)],
        clouds=[(-1, -3), (2, -6)],
        round=4,
        wind=0,
    )
    new, events = resolve(
        st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"), orders(2, "A", "A", "A"), wind=0
    )
    assert new.over and new.winner == 2
    assert find(events, "winner", seat=2, move=None)


def test_a_game_that_is_over_cannot_be_resolved_again():
    st = state([plane(0, 0, 0, 2), plane(1, 9, -4, 0)])
    new, _ = resolve(st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"))
    assert new.over
    with pytest.raises(EngineError):
        resolve_round(new, {}, 1)


def test_the_referee_removing_one_of_the_last_two_makes_the_other_the_winner_before_move_one():
    st = state([plane(0, 0, 0, 2), plane(1, -5, 3, 3)])
    new, events = resolve(st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"), remove=[1])
    assert new.over and new.winner == 0
    assert find(events, "winner", seat=0, move=None)
    assert not find(events, "moved")


def test_nobody_wins_when_the_fast_plane_and_the_last_other_go_down_in_the_same_move():
    # the Oberstleutnant flies off the east edge first in move 1; then, in the same move, the
    # other plane flies off the west edge: they went down in the same move
    st = state([plane(0, 9, -5, 0, rank=4), plane(1, -9, 4, 3)])
    new, events = resolve(st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"))
    assert {e["seat"] for e in find(events, "crash", move=1)} == {0, 1}
    assert new.over and new.winner is None


def test_the_other_plane_wins_when_the_fast_plane_alone_goes_down_and_it_survives_the_move():
    st = state([plane(0, 9, -5, 0, rank=4), plane(1, 0, 0, 3)])
    new, events = resolve(st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"))
    assert find(events, "moved", seat=1, move=1)
    assert new.over and new.winner == 1
    assert find(events, "winner", seat=1, move=1)
    assert not find(events, "moved", move=2)
