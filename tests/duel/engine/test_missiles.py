"""Missiles: launched forward or backward by the launchers, 3 hexes straight at once and 3 per
owner's turn in launch order; they hit fighters (either side) and stop at asteroids, pass each
other, leave the board, fly over docks past docked fighters."""

from __future__ import annotations

import pytest

from duel.engine import EngineError

from .helpers import NE, SW, E, W, docked, find, flying, missile, move, path_of, play, state


def virus(hex_=(5, 7), facing=E, speed=2, **kw):
    return flying("A1", "virus", hex_, facing, speed=speed, **kw)


def test_a_launched_missile_flies_three_hexes_straight_at_once_from_the_adjacent_hex():
    new, events = play(state([virus()]), move("A1", "M", "A", "A"))
    launch = find(events, "launched", fighter="A1")[0]
    assert launch["kind"] == "missile" and launch["hex"] == [5, 7] and launch["facing"] == E
    assert path_of(events, launch["missile"]) == [(6, 7), (7, 7), (8, 7)]
    assert [(m.hex, m.facing, m.owner) for m in new.missiles] == [((8, 7), E, 0)]
    assert new.fighter("A1").missiles == 0


def test_a_missile_may_be_launched_between_hexes_from_where_the_fighter_is():
    new, events = play(state([virus()]), move("A1", "A", "M", "A"))
    assert path_of(events, 1) == [(7, 7), (8, 7), (9, 7)]
    assert new.fighter("A1").hex == (7, 7)


def test_a_tail_launcher_launches_backward():
    bee = flying("A1", "bee", (5, 7), E, speed=2)
    _new, events = play(state([bee]), move("A1", "MT", "A", "A"))
    assert find(events, "launched", launcher="tail", facing=W)
    assert path_of(events, 1) == [(4, 7), (3, 7), (2, 7)]


def test_a_bee_launches_both_its_missiles_and_then_has_none():
    bee = flying("A1", "bee", (5, 7), E, speed=2)
    new, _events = play(state([bee]), move("A1", "M", "MT", "A", "A"))
    assert [m.id for m in new.missiles] == [1, 2] and new.fighter("A1").missiles == 0
    bee = flying("A1", "bee", (5, 7), E, speed=2)
    with pytest.raises(EngineError, match="step 4 \\(M\\) needs a missile, and none is left"):
        play(state([bee]), move("A1", "M", "A", "MT", "M", "A"))


def test_launchers_and_missiles_are_as_the_class_table_says():
    with pytest.raises(EngineError, match="a nose launcher, which a Coliber does not have"):
        play(state([flying("A1", "coliber", (5, 7), E)]), move("A1", "M", "A"))
    with pytest.raises(EngineError, match="a tail launcher, which a Virus does not have"):
        play(state([virus()]), move("A1", "MT", "A", "A"))
    with pytest.raises(EngineError, match="a smart missile, and none is left"):
        play(state([virus()]), move("A1", "S", "A", "A"))
    with pytest.raises(EngineError, match="a missile, and none is left"):
        play(state([virus(missiles=0)]), move("A1", "M", "A", "A"))
    wasp = flying("A1", "wasp", (5, 7), E, speed=2)
    new, _events = play(state([wasp]), move("A1", "M", "A", "S", "A"))
    assert [m.kind for m in new.missiles] == ["missile", "smart"]
    assert new.fighter("A1").missiles == 0 and new.fighter("A1").smart == 0


def test_a_missile_launched_into_an_adjacent_enemy_destroys_it_and_itself():
    st = state([virus(), flying("B1", "bee", (6, 7), W)])
    new, events = play(st, move("A1", "M", "GT", "A", "A"))
    assert path_of(events, 1) == [(6, 7)]
    assert find(events, "destroyed", fighter="B1", cause="missile", by=1)
    assert find(events, "missile_removed", missile=1, cause="hit", fighter="B1")
    assert new.missiles == [] and new.fighter("A1").hex == (7, 7)


def test_a_missile_launched_into_an_adjacent_asteroid_is_removed_and_the_asteroid_stays():
    st = state([virus(facing=NE)], asteroids=[(6, 6)])
    new, events = play(st, move("A1", "M", "GT", "A", "L", "A"))
    assert path_of(events, 1) == [(6, 6)]
    assert find(events, "missile_removed", missile=1, cause="asteroid")
    assert new.asteroids == [(6, 6)] and new.missiles == []


def test_a_missile_stops_at_an_asteroid_further_on():
    new, events = play(state([virus()], asteroids=[(7, 7)]), move("A1", "M", "A", "A"))
    assert path_of(events, 1) == [(6, 7), (7, 7)] and new.missiles == []


def test_a_missile_leaving_the_board_is_removed():
    new, events = play(state([virus((17, 7))]), move("A1", "M", "A", "A"))
    assert path_of(events, 1) == [(18, 7), (19, 7)]
    assert find(events, "missile_removed", missile=1, cause="edge") and new.missiles == []


def test_missiles_in_flight_fly_three_more_at_the_start_of_their_owners_turn_in_launch_order():
    st = state([virus((5, 12))], missiles=[missile(1, 0, (5, 3), E), missile(2, 0, (8, 3), W)])
    new, events = play(st, move("A1", "A", "A"))
    moved = [(e["missile"], tuple(e["hex"])) for e in find(events, "missile_moved")]
    assert moved == [(1, (6, 3)), (1, (7, 3)), (1, (8, 3)), (2, (7, 3)), (2, (6, 3)), (2, (5, 3))]
    assert events.index(find(events, "missile_moved")[-1]) < events.index(
        find(events, "moved", fighter="A1")[0]
    )  # missiles first, then fighters
    assert [(m.id, m.hex) for m in new.missiles] == [(1, (8, 3)), (2, (5, 3))]  # they passed


def test_the_opponents_missiles_do_not_fly_in_my_turn():
    st = state([virus((5, 12))], missiles=[missile(1, 1, (10, 3), W)])
    new, events = play(st, move("A1", "A", "A"))
    assert not find(events, "missile_moved") and new.missiles[0].hex == (10, 3)


def test_a_missile_hits_a_fighter_of_its_own_side_too():
    st = state(
        [virus((5, 12)), flying("A2", "bee", (7, 3), SW)], missiles=[missile(1, 0, (5, 3), E)]
    )
    _new, events = play(st, move("A1", "A", "A"))
    assert find(events, "destroyed", fighter="A2", cause="missile", by=1)
    assert not find(events, "moved", fighter="A2")


def test_a_fighter_flying_into_a_missiles_hex_goes_with_every_missile_there():
    st = state(
        [flying("A1", "coliber", (5, 7), E, speed=2)],
        missiles=[missile(1, 1, (7, 7), W), missile(2, 1, (7, 7), NE)],
    )
    new, events = play(st, move("A1", "A", "A"))
    assert find(events, "destroyed", fighter="A1", cause="missile")
    assert {e["missile"] for e in find(events, "missile_removed", cause="hit")} == {1, 2}
    assert new.missiles == []


def test_a_fighter_may_fly_into_its_own_freshly_launched_missile():
    bee = flying("A1", "bee", (5, 7), E, speed=5)
    new, events = play(state([bee]), move("A1", "M", "A", "A", "A", "A", "A"))
    assert find(events, "destroyed", fighter="A1", cause="missile", by=1)
    assert new.fighter("A1").hex == (8, 7)


def test_over_a_dock_a_missile_flies_on_past_docked_fighters():
    st = state(
        [docked("A1", "bee", (0, 5), E), docked("A2", "bee", (0, 6), E)],
        missiles=[missile(1, 1, (1, 4), SW)],
        to_act=1,
    )
    _new, events = play(st)
    assert path_of(events, 1) == [(0, 5), (0, 6)]
    assert find(events, "missile_removed", missile=1, cause="edge")
    assert not find(events, "destroyed")


def test_a_fighter_only_passing_through_a_dock_hex_is_hit_there():
    # the missile came to rest over A's dock; A2 takes off through that hex
    st = state([docked("A2", "coliber", (0, 5), SW)], missiles=[missile(1, 1, (0, 6), E)])
    _new, events = play(st, move("A2", "A"))
    assert find(events, "destroyed", fighter="A2", cause="missile", by=1)


def test_a_fighter_on_the_enemys_dock_is_not_sheltered():
    st = state(
        [flying("A1", "bee", (19, 7), W, speed=2), flying("B1", "virus", (16, 7), E, speed=2)],
        to_act=1,
    )
    _new, events = play(st, move("B1", "M", "GT", "A", "A"))
    assert find(events, "destroyed", fighter="A1", cause="missile")


def test_a_missile_launched_toward_the_docks_flies_over_them_at_once():
    st = state(
        [
            flying("A1", "virus", (1, 3), SW, speed=2),
            docked("A2", "bee", (0, 5), E),
            docked("A3", "bee", (0, 6), E),
        ]
    )
    _new, events = play(st, move("A1", "A", "M", "L", "A"))
    assert path_of(events, 1) == [(0, 5), (0, 6)]
    assert not find(events, "destroyed")


def test_a_fighter_landing_on_a_dock_hex_where_a_missile_rests_is_hit():
    st = state([flying("A1", "coliber", (2, 7), W, speed=2)], missiles=[missile(1, 1, (0, 7), E)])
    new, events = play(st, move("A1", "A", "A"))
    assert find(events, "destroyed", fighter="A1", cause="missile", by=1)
    assert not find(events, "landed") and new.missiles == []
