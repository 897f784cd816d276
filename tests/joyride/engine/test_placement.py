"""Tiles and the placement rules: the five shapes turned and mirrored, the free end, the table's
bounds, every rule a tile can break and the penalty rule (-3, collects nothing; the route, which
escapes and completes sectors, stops before the first broken tile)."""

from __future__ import annotations

import pytest

from joyride.engine import EngineError, check, validate_plan
from joyride.engine.geometry import CHAINS, ORIENTATIONS, parse_placement

from .helpers import clear_labs, game_state, hand_lab, lay, run, straight, tile, zapper


def test_the_five_shapes_and_their_turned_and_mirrored_forms():
    assert {s: len(c) for s, c in CHAINS.items()} == {"I3": 3, "I4": 4, "L4": 4, "S4": 4, "U5": 5}
    assert {s: len(o) for s, o in ORIENTATIONS.items()} == {
        "I3": 2,
        "I4": 2,
        "L4": 8,
        "S4": 4,
        "U5": 4,
    }


@pytest.mark.parametrize(
    "shape,cells",
    [
        ("L4", [[3, 1], [3, 2], [3, 3], [2, 3]]),  # an L mirrored
        ("L4", [[0, 5], [1, 5], [2, 5], [2, 4]]),  # turned upright
        ("S4", [[1, 1], [2, 1], [2, 2], [3, 2]]),  # turned
        ("S4", [[1, 2], [1, 1], [2, 1], [2, 0]]),  # mirrored (a Z), listed from the other end
        ("U5", [[1, 1], [1, 2], [2, 2], [3, 2], [3, 1]]),
        ("I4", [[5, 0], [4, 0], [3, 0], [2, 0]]),
    ],
)
def test_any_turn_or_mirror_of_a_shape_is_that_shape(shape, cells):
    placement = parse_placement({"shape": shape, "cells": cells}, "tile")
    assert placement.chain[0] == tuple(cells[0]) and len(placement.chain) == len(cells)


@pytest.mark.parametrize(
    "item,message",
    [
        ({"shape": "L4", "cells": [[0, 0], [0, 1], [0, 2], [0, 3]]}, "do not form a L4"),
        ({"shape": "U5", "cells": [[0, 0], [0, 1], [0, 2]]}, "must hold 5 cells"),
        ({"shape": "I3", "cells": [[0, 0], [0, 0], [0, 1]]}, "list a cell twice"),
        ({"shape": "T4", "cells": [[0, 0]]}, "shape must be one of I3, I4, L4, S4, U5"),
        ({"shape": "I3", "cells": [[0, 0], [0, 1], [0, "2"]]}, r"must be a cell \[row, col\]"),
        ({"shape": "I3", "cells": [[-5, 0], [-5, 1], [-5, 2]]}, "off the table"),
        ({"shape": "I3", "cells": [[9, 38], [9, 39], [9, 40]]}, "off the table"),
        ({"shape": "I3", "cells": [[10, 0], [10, 1], [10, 2]]}, "off the table"),
        ("pass", "must be a placement"),
    ],
)
def test_a_cell_off_the_table_or_a_tile_not_of_its_shape_is_malformed(item, message):
    with pytest.raises(EngineError, match=message):
        parse_placement(item, "tile")


def test_cells_on_the_table_but_off_the_lab_break_a_rule_costing_3():
    state = game_state(1)
    high = {"tiles": [tile("I3", (-4, -2), (-4, -1), (-4, 0))]}
    answer = check(state, 0, high)
    assert answer["warnings"] == [{"tile": 0, "rule": "outside"}]
    assert answer["penalty"] == 3 and answer["coins"] == 0


def rules(tiles, lab=None, gadgets=()):
    return [t.rules for t in lay(lab or hand_lab(), tiles, gadgets).laid]


def test_the_first_tile_must_have_a_square_left_of_the_lab():
    assert rules([tile("I3", (2, 0), (2, 1), (2, 2))]) == [("start",)]
    assert rules([tile("L4", (1, -1), (2, -1), (3, -1), (3, 0))]) == [()]


def test_each_next_tile_must_touch_the_free_end_with_a_terminal():
    first = tile("I3", (2, -2), (2, -1), (2, 0))
    assert rules([first, tile("I3", (2, 1), (2, 2), (2, 3))]) == [(), ()]
    # touching the last tile, but not at its free end
    on = tile("I3", (2, 1), (2, 2), (2, 3))
    assert rules([first, on, tile("I3", (1, 0), (1, 1), (1, 2))]) == [(), (), ("connect",)]
    # touching the free end with a middle square, not a terminal
    assert rules([first, tile("I3", (1, 1), (2, 1), (3, 1))]) == [(), ("connect",)]
    # corners touching is not enough
    assert rules([first, tile("I3", (3, 1), (3, 2), (3, 3))]) == [(), ("connect",)]


def test_tiles_may_not_leave_the_lab_overlap_or_cover_obstacles():
    first = tile("I3", (0, -2), (0, -1), (0, 0))
    assert rules([first, tile("L4", (0, 1), (0, 2), (0, 3), (-1, 3))]) == [(), ("outside",)]
    assert rules(
        [
            first,
            tile("U5", (1, 0), (2, 0), (2, 1), (2, 2), (1, 2)),
            tile("I3", (0, 2), (0, 1), (0, 0)),
        ]
    ) == [(), (), ("overlap",)]
    lab = hand_lab({"obstacles": [zapper((0, 2))]})
    assert rules([first, tile("I3", (0, 1), (0, 2), (0, 3))], lab) == [(), ("obstacle",)]
    # after the first tile, left of the lab is outside too
    back = [tile("I3", (2, -2), (2, -1), (2, 0)), tile("I3", (3, 0), (3, -1), (3, -2))]
    assert rules(back) == [(), ("outside",)]


def test_past_column_35_is_outside_unless_a_terminal_escapes():
    to_34 = straight(2, 10) + [tile("I4", (2, 31), (2, 32), (2, 33), (2, 34))]
    assert rules(to_34 + [tile("I3", (2, 35), (2, 36), (2, 37))])[-1] == ()
    # a U whose tips reach column 37 escapes though its base is beyond the lab too
    tips_out = tile("U5", (2, 35), (3, 35), (3, 36), (3, 37), (2, 37))
    assert rules(to_34 + [tips_out])[-1] == ()
    assert lay(hand_lab(), to_34 + [tips_out]).laid[-1].escapes
    # a U whose base sticks out while both tips stay in column 35 breaks the rule
    base_out = tile("U5", (2, 35), (2, 36), (3, 36), (4, 36), (4, 35))
    assert rules(to_34 + [base_out])[-1] == ("outside",)


def test_a_broken_tile_costs_3_and_collects_nothing_but_later_tiles_go_on_from_it():
    lab = hand_lab({"coins": [[2, 1], [4, 4], [4, 5]], "scientists": [[3, 6]]})
    tiles = straight(2, 1) + [
        tile("I3", (4, 4), (4, 5), (4, 6)),  # no link: broken
        tile("I3", (4, 7), (4, 8), (4, 9)),  # goes on from it
        tile("I3", (4, 10), (4, 11), (4, 12)),
    ]
    result = run(lab, tiles, missions=["MS-01", "MS-02"])
    assert [t.rules for t in lay(lab, tiles).laid] == [(), (), ("connect",), (), ()]
    assert result["coins"] == 1 and result["penalty"] == 3
    assert result["near_misses"]["scientists"] == []  # only the broken tile passed him
    # the route stops before the broken tile: no sector completed, reach column 3
    assert result["completed"] == [] and result["reach"] == 3
    assert result["total"] == 1 - 3


def test_an_escape_after_a_broken_tile_does_not_count_nor_end_the_run():
    tiles = (
        straight(2, 3)
        + [tile("I3", (3, 11), (3, 12), (3, 13))]
        + [tile("I3", (3, c), (3, c + 1), (3, c + 2)) for c in range(14, 36, 3)]
    )
    laid = lay(hand_lab(), tiles).laid
    assert laid[-1].cells[-1] == (3, 37) and laid[-1].rules == () and not laid[-1].escapes
    result = run(hand_lab(), tiles, missions=["MS-01"])
    assert not result["escaped"] and result["completed"] == [1]


def test_the_free_end_entry_is_the_terminal_touching_it_and_answers_list_entry_to_exit():
    state = game_state(1, clear_labs(1, 2), missions=["MS-05", "MS-06", "MS-11"])
    plan = {
        "tiles": [
            tile("I3", (2, 0), (2, -1), (2, -2)),  # listed from col 0
            tile("I3", (2, 3), (2, 2), (2, 1)),
        ]
    }  # listed exit first
    answer = check(state, 0, plan)
    # the first tile's free end is column -2, so the second touches it with neither terminal
    # and enters by the one listed first
    assert [t["cells"] for t in answer["tiles"]] == [
        [[2, 0], [2, -1], [2, -2]],
        [[2, 3], [2, 2], [2, 1]],
    ]
    assert answer["warnings"] == [{"tile": 1, "rule": "connect"}]
    plan = {"tiles": [tile("I3", (2, -2), (2, -1), (2, 0)), tile("I3", (2, 3), (2, 2), (2, 1))]}
    assert check(state, 0, plan)["tiles"][1]["cells"] == [[2, 1], [2, 2], [2, 3]]
    assert check(state, 0, plan)["free_end"] == [2, 3]


def test_a_tile_touching_the_free_end_with_both_terminals_enters_by_the_one_listed_first():
    first = tile("I3", (2, -2), (2, -1), (2, 0))
    u_down = tile("U5", (3, 0), (3, 1), (2, 1), (1, 1), (1, 0))
    u_up = tile("U5", (1, 0), (1, 1), (2, 1), (3, 1), (3, 0))
    assert lay(hand_lab(), [first, u_down]).laid[1].cells[-1] == (1, 0)
    assert lay(hand_lab(), [first, u_up]).laid[1].cells[-1] == (3, 0)


def test_tiles_after_the_escape_are_never_placed_and_cost_nothing():
    state = game_state(1, clear_labs(1, 2), missions=["MS-05", "MS-06", "MS-11"])
    answer = check(state, 0, {"tiles": straight(2, 12) + [tile("I3", (3, 36), (3, 37), (3, 38))]})
    assert answer["warnings"][-1] == {"tile": 13, "rule": "after_escape"}
    assert len(answer["tiles"]) == 13


def test_the_pool_a_plan_needs_counts_no_tile_after_its_escape():
    state = game_state(1, clear_labs(1, 2), missions=["MS-05", "MS-06", "MS-11"])
    tiles = straight(2, 12) + [tile("U5", (0, 36), (1, 36), (1, 37), (1, 38), (0, 38))] * 9
    answer = check(state, 0, {"tiles": tiles})
    assert answer["pool"]["needed"] == {"I3": 13, "I4": 0, "L4": 0, "S4": 0, "U5": 0}
    assert answer["pool"]["short"] == {"I3": 5}


def test_a_plan_to_store_is_read_whole_and_may_not_need_more_than_the_pool_holds():
    state = game_state(2, clear_labs(2, 2), pool={"I3": 3, "U5": 2})
    plan = {"tiles": [tile("I3", (2, 0), (2, -1), (2, -2))] + ["pass"]}
    assert validate_plan(state, 0, plan) == {
        "tiles": [{"shape": "I3", "cells": [[2, 0], [2, -1], [2, -2]]}, "pass"],
        "insta_ball": [],
    }
    with pytest.raises(EngineError, match="the plan needs 4 of shape I3; the pool holds 3"):
        validate_plan(state, 0, {"tiles": straight(2, 3)})
    with pytest.raises(EngineError, match="the plan needs 1 of shape L4; the pool holds 0"):
        validate_plan(state, 1, {"tiles": [tile("L4", (1, -1), (2, -1), (3, -1), (3, 0))]})
    with pytest.raises(EngineError, match="seat must be 0..1"):
        validate_plan(state, 2, None)


def test_next_lists_every_rule_abiding_place_for_the_next_tile_of_each_shape():
    state = game_state(1, clear_labs(1, 2), missions=["MS-05", "MS-06", "MS-11"])
    plan = {"tiles": straight(2, 2)}
    answer = check(state, 0, plan, next_tiles=True)
    assert set(answer["next"]) == {"I3", "I4", "L4", "S4", "U5"}
    lab = state.lab(0)
    taken = {tuple(c) for t in answer["tiles"] for c in t["cells"]}
    for shape, places in answer["next"].items():
        assert places and len({tuple(map(tuple, p)) for p in places}) == len(places)
        for cells in places:  # each one, laid, breaks no rule
            laid = check(state, 0, {"tiles": plan["tiles"] + [tile(shape, *cells)]})
            assert laid["warnings"] == [] and laid["tiles"][-1]["cells"] == cells
            assert tuple(cells[0]) in {(1, 6), (3, 6), (2, 7)} and not taken & {
                tuple(c) for c in cells
            }
            assert not any(tuple(c) in lab.obstacle_at for c in cells)
    # every I3 that touches the free end (2, 6) with a terminal and stays clear is listed
    assert [[2, 7], [2, 8], [2, 9]] in answer["next"]["I3"]
    assert [[1, 6], [0, 6], [-1, 6]] not in answer["next"]["I3"]  # off the roof
    assert "next" not in check(state, 0, plan)


def test_next_offers_first_tiles_left_of_the_lab_and_nothing_after_the_escape():
    state = game_state(1, clear_labs(1, 2), missions=["MS-05", "MS-06", "MS-11"])
    first = check(state, 0, None, next_tiles=True)["next"]
    assert all(
        any(c < 0 for _, c in cells) and all(0 <= r < 6 for r, _ in cells)
        for places in first.values()
        for cells in places
    )
    assert [[2, -2], [2, -1], [2, 0]] in first["I3"] and [[2, 0], [2, -1], [2, -2]] in first["I3"]
    escaped = check(state, 0, {"tiles": straight(2, 12)}, next_tiles=True)
    assert escaped["escaped"] and escaped["next"] == {s: [] for s in first}
