"""Docks: landing by ending a move on an own dock hex, no take-off in the next turn but any
facing, at most 3 own turns docked in a row, reloading only with spare missiles."""

from __future__ import annotations

import pytest

from duel.engine import EngineError, legal

from .helpers import NE, NW, SE, E, W, docked, find, flying, move, play, state, stay


def options(st, fid):
    return next(f for f in legal(st, st.to_act)["fighters"] if f["fighter"] == fid)


def pass_b(st):
    """Player 1's turn: his far-away docked fighter stays."""
    assert st.to_act == 1
    new, _ = play(st)
    return new


def test_a_fighter_ending_its_move_on_an_own_dock_hex_lands():
    st = state([flying("A1", "coliber", (2, 7), W, speed=2)])
    new, events = play(st, move("A1", "A", "A"))
    fighter = new.fighter("A1")
    assert find(events, "landed", fighter="A1", hex=[0, 7])
    assert fighter.hex == (0, 7) and fighter.docked and fighter.landed and fighter.speed == 0


def test_passing_over_an_own_dock_hex_is_not_landing():
    st = state([flying("A1", "coliber", (0, 4), SE, speed=2)])
    new, events = play(st, move("A1", "A", "A"))
    assert [e["hex"] for e in find(events, "moved")] == [[0, 5], [1, 6]]
    assert not find(events, "landed") and not new.fighter("A1").docked


def test_ending_on_the_enemys_dock_is_not_landing():
    st = state([flying("A1", "coliber", (17, 7), E, speed=2)])
    new, events = play(st, move("A1", "A", "A"))
    assert new.fighter("A1").hex == (19, 7) and not new.fighter("A1").docked
    assert not find(events, "landed")


def test_in_the_turn_after_landing_a_fighter_may_face_any_way_but_not_take_off():
    st = state([docked("A1", "bee", (0, 6), W, landed=True)])
    opts = options(st, "A1")
    assert opts["may_stay"] and not opts["may_move"] and opts["facings"] == [0, 1, 2, 3, 4, 5]
    assert opts["speeds"] == [] and opts["steps"] == []
    with pytest.raises(EngineError, match="landed last turn and may not take off"):
        play(st, move("A1", "A", "A"))
    new, events = play(st, stay("A1", SE))
    assert new.fighter("A1").facing == SE and find(events, "stayed", fighter="A1", facing=SE)
    new = pass_b(new)
    assert options(new, "A1")["may_move"] and options(new, "A1")["speeds"] == [2, 3, 4, 5]
    new, events = play(new, move("A1", "A", "A", "A", "A", "A"))
    assert find(events, "took_off", fighter="A1") and new.fighter("A1").speed == 5


def test_a_fighter_stays_docked_at_most_three_turns_in_a_row():
    st = state([docked("A1", "coliber", (0, 6), E)])
    for count in (1, 2, 3):
        st, _ = play(st, stay("A1"))
        assert st.fighter("A1").docked_turns == count
        st = pass_b(st)
    opts = options(st, "A1")
    assert opts["must_launch"] and not opts["may_stay"] and opts["facings"] == []
    with pytest.raises(EngineError, match="stayed docked 3 turns in a row and must take off"):
        play(st, stay("A1"))
    new, _ = play(st, move("A1", "A"))
    assert not new.fighter("A1").docked and new.fighter("A1").docked_turns == 0


def test_the_three_turns_count_from_the_landing():
    st = state([flying("A1", "coliber", (1, 6), W, speed=1)])
    st, _ = play(st, move("A1", "A"))
    st = pass_b(st)
    for _ in range(3):
        st, _ = play(st, stay("A1"))
        st = pass_b(st)
    assert options(st, "A1")["must_launch"]


def test_only_a_docked_fighter_stays_and_a_staying_one_has_no_steps():
    st = state([flying("A1", "coliber", (5, 6), E, speed=1), docked("A2", "virus", (0, 6), E)])
    with pytest.raises(EngineError, match="A1 is flying; only a docked fighter stays"):
        play(st, stay("A1"))
    with pytest.raises(EngineError, match="a fighter that stays docked has no steps"):
        play(st, {"fighter": "A2", "stay": True, "steps": ["G"]})
    with pytest.raises(EngineError, match="only a fighter staying docked may change its facing"):
        play(st, {"fighter": "A1", "steps": ["A"], "facing": NW})


def test_the_standard_carrier_has_no_spare_missiles():
    st = state([docked("A1", "virus", (0, 6), E, missiles=0)])
    new, events = play(st, stay("A1"))
    assert new.fighter("A1").missiles == 0 and not find(events, "reloaded")


def test_with_spare_missiles_a_fighter_staying_docked_reloads():
    st = state([docked("A1", "wasp", (0, 6), E, missiles=0, smart=0)], spare_missiles=True)
    new, events = play(st, stay("A1"))
    assert find(events, "reloaded", fighter="A1", missiles=1, smart=1)
    assert (new.fighter("A1").missiles, new.fighter("A1").smart) == (1, 1)


def test_the_landing_move_itself_does_not_reload():
    st = state([flying("A1", "virus", (2, 7), W, speed=2, missiles=0)], spare_missiles=True)
    new, events = play(st, move("A1", "A", "A"))
    assert find(events, "landed") and not find(events, "reloaded")
    assert new.fighter("A1").missiles == 0


def test_a_fighter_may_fire_from_its_dock_before_taking_off():
    st = state([docked("A1", "virus", (0, 6), E), flying("B1", "bee", (1, 6), E)])
    _new, events = play(st, move("A1", "G", "A", "A"))
    assert find(events, "destroyed", fighter="B1", cause="gun", by="A1")


def test_a_stay_keeps_the_facing_unless_told():
    st = state([docked("A1", "virus", (0, 6), NE)])
    new, _ = play(st, stay("A1"))
    assert new.fighter("A1").facing == NE
