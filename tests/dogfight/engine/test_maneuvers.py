"""Rules §3: what each maneuver does, flown through a whole round's resolution."""

from __future__ import annotations

import pytest

from dogfight.engine import route
from dogfight.engine.board import CORNERS
from dogfight.engine.hexgrid import step
from dogfight.engine.maneuvers import RoundPlan

from .helpers import find, orders, parked, plane, resolve, state

ACE = 80  # career points that allow every ace maneuver (§8)


def fly_round(p, *codes, others=None):
    """Resolve one calm round in which ``p`` flies ``codes``; a parked plane keeps it company."""
    others = others if others is not None else [parked((p.seat + 3) % 6)]
    st = state([p, *others])
    new, events = resolve(st, orders(p.seat, *codes))
    return new.plane(p.seat), events


def moved(events, seat):
    return [((e["q"], e["r"]), e["facing"]) for e in find(events, "moved", seat=seat)]


@pytest.mark.parametrize("d", range(6))
def test_ahead_moves_one_hex_along_the_nose(d):
    after, events = fly_round(plane(0, 0, 0, d), "A", "A", "A")
    assert moved(events, 0) == [(step((0, 0), d, i), d) for i in (1, 2, 3)]
    assert after.hex == step((0, 0), d, 3) and after.facing == d


@pytest.mark.parametrize("d", range(6))
def test_turn_left_turns_the_nose_first_then_flies_one_hex(d):
    left = (d + 1) % 6
    after, events = fly_round(plane(0, 0, 0, d), "L", "A", "A")
    assert moved(events, 0)[0] == (step((0, 0), left), left)
    assert after.hex == step((0, 0), left, 3) and after.facing == left


@pytest.mark.parametrize("d", range(6))
def test_turn_right_turns_the_nose_first_then_flies_one_hex(d):
    right = (d - 1) % 6
    after, events = fly_round(plane(0, 0, 0, d), "R", "A", "A")
    assert moved(events, 0)[0] == (step((0, 0), right), right)
    assert after.facing == right


def test_three_left_turns_fly_half_a_hexagon_and_reverse_the_nose():
    after, events = fly_round(plane(0, 0, 0, 0), "L", "L", "L")
    assert moved(events, 0) == [((1, -1), 1), ((1, -2), 2), ((0, -2), 3)]
    assert after.facing == 3


@pytest.mark.parametrize("d", range(6))
def test_slip_left_moves_diagonally_left_and_keeps_the_nose(d):
    _after, events = fly_round(plane(0, 0, 0, d), "LS", "A", "A")
    assert moved(events, 0)[0] == (step((0, 0), d + 1), d)


@pytest.mark.parametrize("d", range(6))
def test_slip_right_moves_diagonally_right_and_keeps_the_nose(d):
    _after, events = fly_round(plane(0, 0, 0, d), "RS", "A", "A")
    assert moved(events, 0)[0] == (step((0, 0), d - 1), d)


def test_hold_keeps_hex_and_nose_for_the_rest_of_the_round():
    after, events = fly_round(plane(0, 0, 0, 2), "A", "H", "H")
    assert moved(events, 0) == [((0, -1), 2), ((0, -1), 2), ((0, -1), 2)]
    assert after.hex == (0, -1) and after.facing == 2 and after.status == "air"


def test_hold_in_move_three_only():
    _after, events = fly_round(plane(0, 0, 0, 0), "A", "A", "H")
    assert moved(events, 0)[2] == ((2, 0), 0)


@pytest.mark.parametrize("d", range(6))
def test_immelmann_flies_one_hex_ahead_then_reverses_the_nose(d):
    start = step((0, 0), d + 3)  # so that move 1 (ahead) brings it to the centre
    _after, events = fly_round(plane(0, *start, d, career_points=40), "A", "I", "A")
    assert moved(events, 0)[1] == (step((0, 0), d), (d + 3) % 6)
    # the third move flies back the way it came
    assert moved(events, 0)[2] == ((0, 0), (d + 3) % 6)


@pytest.mark.parametrize("d", range(6))
def test_split_s_reverses_the_nose_first_then_flies_one_hex_back(d):
    start = step((0, 0), d + 3)
    _after, events = fly_round(plane(0, *start, d, career_points=60), "A", "S", "A")
    assert moved(events, 0)[1] == (step((0, 0), d + 3), (d + 3) % 6)


@pytest.mark.parametrize("d", range(6))
def test_loop_comes_out_one_hex_behind_with_the_same_nose(d):
    start = step((0, 0), d + 3)
    _after, events = fly_round(plane(0, *start, d, career_points=ACE), "A", "O", "A")
    assert moved(events, 0)[1] == (step((0, 0), d + 3), d)
    assert moved(events, 0)[2] == ((0, 0), d)


def test_route_previews_each_move_as_the_form_shows_it():
    assert route(plane(0, 0, 0, 0, career_points=ACE), ["R", "I", "LS"]) == [
        ((0, 1), 5),
        ((0, 2), 2),
        ((-1, 2), 2),
    ]


# --- take-off -----------------------------------------------------------------------------


@pytest.mark.parametrize("code, heading", [("TA", 4), ("TB", 3), ("TG", 2)])
def test_take_off_rolls_onto_runway_hex_one_then_lifts_off_onto_hex_two(code, heading):
    after, events = fly_round(parked(0), code, code, "A", others=[parked(3)])
    corner = CORNERS[0]
    assert moved(events, 0) == [
        (step(corner, heading, 1), heading),
        (step(corner, heading, 2), heading),
        (step(corner, heading, 3), heading),
    ]
    assert after.status == "air"
    assert len(find(events, "took_off", seat=0)) == 1


def test_take_off_may_start_in_move_two_and_ends_airborne_on_runway_hex_two():
    after, events = fly_round(parked(2), "G", "TB", "TB", others=[parked(5)])
    corner = CORNERS[2]
    assert moved(events, 2)[0] == (corner, 5)
    assert after.hex == step(corner, 5, 2) and after.facing == 5 and after.status == "air"


def test_a_plane_rolling_on_its_runway_already_counts_as_flying():
    st = state([parked(0), parked(3)])
    # after the first take-off move the plane is on runway hex 1: in the state it is flying
    plan = RoundPlan(st.plane(0))
    plan.choose("TB")
    assert plan.plane.hex == (8, 0) and plan.plane.status == "air"


def test_staying_on_the_ground_does_not_move_the_plane():
    after, events = fly_round(parked(4), "G", "G", "G", others=[parked(1)])
    assert after.hex == CORNERS[4] and after.status == "ground"
    assert moved(events, 4) == [(CORNERS[4], 1)] * 3


# --- landing ------------------------------------------------------------------------------


def test_landing_rolls_to_runway_hex_one_then_stops_on_the_corner():
    # seat 0, runway beta: hex 2 is (7, 0); the nose toward the corner (9, 0) is east (0)
    after, events = fly_round(plane(0, 7, 0, 0), "LD", "LD", "G")
    assert moved(events, 0) == [((8, 0), 0), ((9, 0), 0), ((9, 0), 0)]
    assert after.status == "ground" and after.hex == CORNERS[0] and not after.landing
    assert find(events, "landed", seat=0)[0]["move"] == 2


@pytest.mark.parametrize("seat", range(6))
@pytest.mark.parametrize("runway, heading", [("alpha", 4), ("beta", 3), ("gamma", 2)])
def test_a_pilot_can_land_on_every_runway_of_his_own_airfield(seat, runway, heading):
    h2 = step(CORNERS[seat], seat + heading, 2)
    toward_corner = (seat + heading + 3) % 6
    after, _ = fly_round(plane(seat, *h2, toward_corner), "LD", "LD", "G")
    assert after.hex == CORNERS[seat] and after.status == "ground"


def test_landing_may_start_in_move_two_after_flying_onto_the_approach():
    after, events = fly_round(plane(0, 6, 0, 0), "A", "LD", "LD")
    assert after.status == "ground" and after.hex == (9, 0)
    assert find(events, "landed", seat=0)[0]["move"] == 3


def test_landing_started_in_move_three_finishes_in_move_one_of_the_next_round():
    st = state([plane(0, 5, 0, 0), parked(3)])
    mid, events = resolve(st, orders(0, "A", "A", "LD"))
    rolling = mid.plane(0)
    assert rolling.hex == (8, 0) and rolling.landing and rolling.status == "air"
    assert not find(events, "landed")
    done, events = resolve(mid, orders(0, "LD", "G", "G"))
    landed = done.plane(0)
    assert landed.hex == (9, 0) and landed.status == "ground" and not landed.landing
    assert find(events, "landed", seat=0)[0]["move"] == 1
    assert moved(events, 0)[1:] == [((9, 0), 0), ((9, 0), 0)]


# --- crashes while moving -----------------------------------------------------------------


def test_leaving_the_board_is_a_crash():
    after, events = fly_round(plane(0, 9, -5, 0), "A", "A", "A", others=[parked(3), parked(4)])
    assert after.status == "out"
    crash = find(events, "crash", seat=0)
    assert crash and crash[0]["cause"] == "edge" and crash[0]["move"] == 1


def test_flying_along_the_edge_is_no_crash():
    after, _ = fly_round(plane(0, 9, -5, 2), "A", "A", "A")
    assert after.status == "air" and after.hex == (9, -8)


def test_flying_into_a_balloons_hex_is_a_crash():
    st = state([plane(0, 0, 0, 0), parked(3), parked(4)], balloons=[(2, 0)], balloon_rule="normal")
    new, events = resolve(st, orders(0, "A", "A", "A"))
    assert new.plane(0).status == "out"
    crash = find(events, "crash", seat=0)
    assert crash and crash[0]["cause"] == "balloon" and crash[0]["move"] == 2


def test_two_planes_may_share_a_hex_without_colliding():
    st = state([plane(0, 0, 0, 0), plane(1, 2, 0, 3)])
    new, events = resolve(st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"))
    assert not find(events, "crash")
    assert new.plane(0).status == new.plane(1).status == "air"
    assert find(events, "moved", seat=0, move=1)[0]["q"] == 1
    assert find(events, "moved", seat=1, move=1)[0]["q"] == 1
