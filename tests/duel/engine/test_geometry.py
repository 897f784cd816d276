"""The board: 20 x 15 pointy-top hexes in odd-r offset layout, cube coordinates inside."""

from __future__ import annotations

import pytest

from duel.engine.hexgrid import (
    BOARD,
    COLS,
    ROWS,
    distance,
    from_cube,
    neighbours,
    on_board,
    step,
    to_cube,
)

from .helpers import NE, NW, SE, SW, E, W


def test_the_board_has_twenty_columns_and_fifteen_rows():
    assert (COLS, ROWS) == (20, 15)
    assert len(BOARD) == 300
    assert on_board((0, 0)) and on_board((19, 14))
    assert not on_board((20, 0)) and not on_board((0, 15))
    assert not on_board((-1, 5)) and not on_board((5, -1))


def test_an_even_row_hex_has_its_diagonal_neighbours_up_left():
    assert neighbours((5, 6)) == [(6, 6), (5, 5), (4, 5), (4, 6), (4, 7), (5, 7)]


def test_an_odd_row_hex_is_shifted_right_so_its_diagonal_neighbours_are_too():
    assert neighbours((5, 7)) == [(6, 7), (6, 6), (5, 6), (4, 7), (5, 8), (6, 8)]


@pytest.mark.parametrize(
    "facing, expected",
    [(E, (6, 7)), (NE, (6, 6)), (NW, (5, 6)), (W, (4, 7)), (SW, (5, 8)), (SE, (6, 8))],
)
def test_facings_run_counter_clockwise_from_east(facing, expected):
    assert step((5, 7), facing) == expected


def test_every_hex_converts_to_cube_coordinates_and_back():
    for hex_ in BOARD:
        q, r, s = to_cube(hex_)
        assert q + r + s == 0
        assert from_cube((q, r, s)) == hex_


def test_neighbours_are_one_hex_away_and_a_straight_line_is_as_long_as_its_steps():
    for hex_ in BOARD:
        assert all(distance(hex_, n) == 1 for n in neighbours(hex_))
    assert distance((2, 3), step((2, 3), SE, 5)) == 5
    assert step(step((2, 3), SE, 5), NW, 5) == (2, 3)


def test_distance_across_the_board_counts_hexes_not_offsets():
    assert distance((0, 0), (19, 0)) == 19
    assert distance((0, 0), (0, 14)) == 14
    assert distance((0, 7), (19, 7)) == 19
    assert distance((5, 6), (5, 7)) == 1 and distance((5, 6), (6, 7)) == 2


def test_a_step_past_the_edge_is_off_the_board():
    assert not on_board(step((19, 4), E))
    assert not on_board(step((0, 4), W))
    assert not on_board(step((5, 0), NE))
    assert not on_board(step((5, 14), SW))
