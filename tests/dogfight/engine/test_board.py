"""Rules §1: board, hex geometry, airfields and runways."""

from __future__ import annotations

import pytest

from dogfight.engine.board import (
    CORNERS,
    airfield_hexes,
    corner,
    landing_approaches,
    runway_heading,
    runway_hex,
)
from dogfight.engine.hexgrid import BOARD, DIRECTIONS, distance, on_board, step

RUNWAYS = ("alpha", "beta", "gamma")


def test_the_board_has_ten_hexes_per_side_and_271_hexes():
    assert len(BOARD) == 271
    assert len(set(BOARD)) == 271
    # one side of the hexagon, e.g. the edge r = -9, holds ten hexes
    assert len([h for h in BOARD if h[1] == -9]) == 10


def test_a_hex_is_on_the_board_exactly_when_no_cube_coordinate_exceeds_nine():
    for q in range(-12, 13):
        for r in range(-12, 13):
            s = -q - r
            assert on_board((q, r)) == (max(abs(q), abs(r), abs(s)) <= 9)
    assert on_board((0, 0))
    assert on_board((9, -9)) and on_board((-9, 9))
    assert not on_board((10, 0)) and not on_board((5, 5)) and not on_board((-5, -5))


def test_directions_run_counter_clockwise_from_east():
    assert DIRECTIONS == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def test_a_step_in_any_direction_reaches_a_neighbour_and_opposite_directions_cancel():
    for d in range(6):
        assert distance((0, 0), step((0, 0), d)) == 1
        assert step(step((2, -1), d), (d + 3) % 6) == (2, -1)
    assert len({step((0, 0), d) for d in range(6)}) == 6


def test_every_hex_has_six_different_neighbours_one_per_side():
    # pointy-top hexes: each of the six directions leaves through a side, never a corner
    for d in range(6):
        assert step((0, 0), d, 3) == (3 * DIRECTIONS[d][0], 3 * DIRECTIONS[d][1])


def test_the_six_airfields_lie_in_the_six_corners():
    assert CORNERS == ((9, 0), (9, -9), (0, -9), (-9, 0), (-9, 9), (0, 9))
    for seat in range(6):
        assert corner(seat) == (9 * DIRECTIONS[seat][0], 9 * DIRECTIONS[seat][1])
        # a corner of the hexagon has exactly three on-board neighbours
        assert sum(on_board(step(CORNERS[seat], d)) for d in range(6)) == 3


@pytest.mark.parametrize("seat", range(6))
def test_runway_beta_points_at_the_centre(seat):
    assert runway_heading(seat, "beta") == (seat + 3) % 6
    assert runway_hex(seat, "beta", 1) == step(CORNERS[seat], seat + 3)
    assert runway_hex(seat, "beta", 2) == step(CORNERS[seat], seat + 3, 2)
    assert distance(runway_hex(seat, "beta", 2), (0, 0)) == 7


@pytest.mark.parametrize("seat", range(6))
def test_runways_alpha_and_gamma_run_along_the_two_board_edges(seat):
    assert runway_heading(seat, "alpha") == (seat + 4) % 6
    assert runway_heading(seat, "gamma") == (seat + 2) % 6
    for runway in ("alpha", "gamma"):
        for i in (1, 2):
            h = runway_hex(seat, runway, i)
            assert h == step(CORNERS[seat], runway_heading(seat, runway), i)
            assert distance(h, (0, 0)) == 9  # on the edge of the board


@pytest.mark.parametrize("seat", range(6))
def test_alpha_is_left_and_gamma_right_seen_from_the_cockpit_facing_down_beta(seat):
    beta = runway_heading(seat, "beta")
    assert runway_heading(seat, "alpha") == (beta + 1) % 6  # left is d + 1
    assert runway_heading(seat, "gamma") == (beta - 1) % 6  # right is d - 1


@pytest.mark.parametrize("seat", range(6))
def test_each_airfield_is_its_corner_and_three_runways_of_two_hexes(seat):
    hexes = airfield_hexes(seat)
    assert len(hexes) == 7 and len(set(hexes)) == 7
    assert CORNERS[seat] in hexes
    assert all(on_board(h) for h in hexes)
    for runway in RUNWAYS:
        assert runway_hex(seat, runway, 1) in hexes and runway_hex(seat, runway, 2) in hexes


def test_airfields_do_not_overlap():
    seen = [h for seat in range(6) for h in airfield_hexes(seat)]
    assert len(seen) == len(set(seen)) == 42


@pytest.mark.parametrize("seat", range(6))
def test_landing_approaches_are_runway_hex_two_with_the_nose_toward_the_corner(seat):
    approaches = landing_approaches(seat)
    assert len(approaches) == 3
    for runway in RUNWAYS:
        h2 = runway_hex(seat, runway, 2)
        toward_corner = (runway_heading(seat, runway) + 3) % 6
        assert approaches[(h2, toward_corner)] == runway
        # two rolls along that nose reach hex 1 and then the corner
        assert step(h2, toward_corner) == runway_hex(seat, runway, 1)
        assert step(h2, toward_corner, 2) == CORNERS[seat]


def test_seat_zero_runways_by_coordinates():
    assert runway_hex(0, "beta", 1) == (8, 0) and runway_hex(0, "beta", 2) == (7, 0)
    assert runway_hex(0, "alpha", 1) == (8, 1) and runway_hex(0, "alpha", 2) == (7, 2)
    assert runway_hex(0, "gamma", 1) == (9, -1) and runway_hex(0, "gamma", 2) == (9, -2)
