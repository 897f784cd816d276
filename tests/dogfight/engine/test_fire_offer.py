"""The order form's fire boxes as the engine offers them (rules §4): no more bursts than the
round allows and the plane has aboard; the legal choices say so to the API's callers."""

from __future__ import annotations

from dogfight.engine import entry
from dogfight.engine.orders import bursts_allowed, order_form, validate_orders

from .helpers import parked, plane, state


def _plane(ammo: int):
    """A flying plane mid-board with ``ammo`` bursts aboard, in a state of its own."""
    st = state([plane(0, 0, 0, 0, ammo=ammo)])
    return st, st.plane(0)


def test_the_bursts_allowed_are_the_ranks_but_no_more_than_aboard():
    assert bursts_allowed(_plane(16)[1]) == 3
    assert bursts_allowed(_plane(2)[1]) == 2
    assert bursts_allowed(_plane(0)[1]) == 0


def test_with_no_ammunition_no_fire_direction_is_offered():
    _state, plane = _plane(0)
    moves = order_form(plane, ["A", "A", "A"], [["A"], ["L"], []])
    assert [m["fire_offered"] for m in moves] == [[], [], []]
    assert [m["fire"] for m in moves] == [[], [], []]


def test_once_the_bursts_aboard_are_ticked_only_they_stay_offered():
    _state, plane = _plane(2)
    moves = order_form(plane, ["A", "A", "A"], [["A"], ["A", "L"], ["R"]])
    assert [m["fire"] for m in moves] == [["A"], ["A"], []]
    assert [m["fire_offered"] for m in moves] == [["A"], ["A"], []]
    moves = order_form(plane, ["A", "A", "A"], [["A"], [], []])
    assert [m["fire_offered"] for m in moves] == [["A", "L", "R"]] * 3


def test_what_the_form_keeps_the_engine_accepts():
    state, plane = _plane(2)
    moves = order_form(plane, ["A", "A", "A"], [["A", "L", "R"], ["A"], ["A"]])
    orders = [{"maneuver": m["maneuver"], "fire": m["fire"]} for m in moves]
    assert sum(len(m.fire) for m in validate_orders(plane, state.settings, orders)) == 2


def test_the_legal_choices_name_the_bursts_allowed_and_each_moves_directions():
    flying, _plane0 = _plane(1)
    answer = entry.legal(flying.to_dict(), 0, [])
    assert answer["bursts_allowed"] == 1
    assert [m["fire_offered"] for m in answer["moves"]] == [["A", "L", "R"]] * 3
    assert all("fire" not in m for m in answer["moves"])
    answer = entry.legal(state([parked(0)]).to_dict(), 0, [])
    assert [m["fire_offered"] for m in answer["moves"]] == [[], [], []]
