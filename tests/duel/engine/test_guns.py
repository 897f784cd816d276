"""Guns: range 1, nose gun ahead, tail gun behind, unlimited, before/between/after hexes."""

from __future__ import annotations

import pytest

from duel.engine import EngineError

from .helpers import E, W, docked, find, flying, move, play, state


def test_the_nose_gun_destroys_the_fighter_in_the_hex_ahead():
    st = state([flying("A1", "coliber", (5, 7), E, speed=1), flying("B1", "bee", (7, 7), W)])
    new, events = play(st, move("A1", "A", "G"))
    assert find(events, "fired", fighter="A1", gun="nose", hex=[7, 7], hit="B1")
    assert find(events, "destroyed", fighter="B1", cause="gun", by="A1")
    assert new.fighter("B1").destroyed


def test_a_gun_reaches_one_hex_only():
    st = state([flying("A1", "coliber", (5, 7), E, speed=1), flying("B1", "bee", (8, 7), W)])
    _, events = play(st, move("A1", "A", "G"))
    assert find(events, "fired", hit=None) and not find(events, "destroyed")


def test_the_tail_gun_fires_behind():
    st = state([flying("A1", "virus", (5, 7), E, speed=2), flying("B1", "bee", (4, 7), E)])
    _, events = play(st, move("A1", "GT", "A", "A"))
    assert find(events, "destroyed", fighter="B1", cause="gun", by="A1")


def test_a_fighter_without_a_tail_gun_cannot_fire_one():
    st = state([flying("A1", "bee", (5, 7), E, speed=2)])
    with pytest.raises(EngineError, match="a tail gun, which a Bee does not have"):
        play(st, move("A1", "GT", "A", "A"))


def test_guns_are_unlimited_and_may_fire_before_between_and_after_hexes():
    st = state([flying("A1", "coliber", (5, 7), E, speed=2)])
    _new, events = play(st, move("A1", "G", "A", "G", "G", "A", "G"))
    assert len(find(events, "fired", fighter="A1")) == 4


def test_guns_hit_docked_fighters_too():
    st = state([flying("A1", "coliber", (17, 7), E, speed=1), docked("B1", "bee", (19, 7), W)])
    _, events = play(st, move("A1", "A", "G"))
    assert find(events, "destroyed", fighter="B1", cause="gun")


def test_a_gun_hits_an_own_fighter_as_well():
    st = state([flying("A1", "coliber", (5, 7), E, speed=1), flying("A2", "bee", (7, 7), W)])
    _, events = play(st, move("A1", "A", "G"), move("A2", "A", "A"))
    assert find(events, "destroyed", fighter="A2", cause="gun", by="A1")
    assert not find(events, "moved", fighter="A2")


def test_a_gun_does_not_touch_asteroids_or_missiles():
    from .helpers import missile

    st = state(
        [flying("A1", "coliber", (5, 7), E, speed=1), flying("A2", "coliber", (5, 9), E, speed=1)],
        asteroids=[(7, 7)],
        missiles=[missile(1, 1, (7, 9), W)],
    )
    new, events = play(st, move("A1", "A", "G"), move("A2", "A", "G"))
    assert new.asteroids == [(7, 7)] and [m.hex for m in new.missiles] == [(7, 9)]
    assert len(find(events, "fired", hit=None)) == 2
