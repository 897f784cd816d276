"""Speed and turning: Vmin/Vmax, ±1 a turn, any speed off the dock, exactly that many hexes,
a 60° turn only after Z hexes; fighters destroyed by asteroids, each other and the edge."""

from __future__ import annotations

import pytest

from duel.engine import CLASSES, EngineError, legal
from duel.engine.orders import next_steps

from .helpers import NE, SE, E, W, docked, find, flying, move, play, state


def test_the_class_table_is_the_rules_references():
    table = {
        k: (c.vmin, c.vmax, c.z, sorted(c.guns), sorted(c.launchers), c.missiles, c.smart)
        for k, c in CLASSES.items()
    }
    assert table == {
        "coliber": (1, 3, 1, ["nose"], [], 0, 0),
        "virus": (2, 4, 1, ["nose", "tail"], ["nose"], 1, 0),
        "bee": (2, 5, 2, ["nose"], ["nose", "tail"], 2, 0),
        "wasp": (2, 5, 2, ["nose"], ["nose"], 1, 1),
    }


def test_a_flying_fighter_changes_speed_by_at_most_one_within_its_limits():
    cases = [
        ("bee", 3, [2, 3, 4]),
        ("bee", 2, [2, 3]),
        ("bee", 5, [4, 5]),
        ("coliber", 1, [1, 2]),
        ("virus", 4, [3, 4]),
    ]
    for cls, speed, expected in cases:
        st = state([flying("A1", cls, (5, 7), E, speed=speed)])
        assert legal(st, 0)["fighters"][0]["speeds"] == expected, (cls, speed)


def test_a_fighter_leaving_its_dock_may_pick_any_speed_in_its_range():
    st = state([docked("A1", "coliber", (0, 6), E)])
    assert legal(st, 0)["fighters"][0]["speeds"] == [1, 2, 3]
    new, events = play(st, move("A1", "A", "A", "A"))
    assert find(events, "took_off", fighter="A1")
    assert new.fighter("A1").hex == (3, 6) and new.fighter("A1").speed == 3
    assert not new.fighter("A1").docked


def test_a_fighter_travels_exactly_its_speed():
    st = state([flying("A1", "bee", (5, 7), E, speed=3)])
    new, _ = play(st, move("A1", "A", "A", "A", "A", speed=4))
    assert new.fighter("A1").hex == (9, 7) and new.fighter("A1").speed == 4
    with pytest.raises(EngineError, match="speed 5 is not open to A1 this turn"):
        play(st, move("A1", *"AAAAA", speed=5))
    with pytest.raises(EngineError, match="step 5 \\(A\\) needs a speed above 4"):
        play(st, move("A1", *"AAAAA"))
    with pytest.raises(EngineError, match="must fly 2, 3 or 4 hexes"):
        play(st, move("A1", "A"))
    with pytest.raises(EngineError, match="speed 4 but 3 'A' step"):
        play(st, move("A1", "A", "A", "A", speed=4))


def test_the_speed_may_be_left_out_and_is_then_the_count_of_ahead_steps():
    st = state([flying("A1", "bee", (5, 7), E, speed=3)])
    new, _ = play(st, move("A1", "A", "A"))
    assert new.fighter("A1").speed == 2


def test_a_turn_needs_z_hexes_since_the_start_of_the_move():
    st = state([flying("A1", "bee", (5, 7), E, speed=3)])  # Z = 2
    with pytest.raises(EngineError, match="step 2 \\(L\\) needs a turn after 1 hex"):
        play(st, move("A1", "A", "L", "A", "A"))
    with pytest.raises(EngineError, match="step 1 \\(R\\)"):
        play(st, move("A1", "R", "A", "A", "A"))
    new, events = play(st, move("A1", "A", "A", "L", "A"))
    assert new.fighter("A1").facing == NE
    assert new.fighter("A1").hex == (8, 6)
    assert find(events, "turned", fighter="A1", step="L", facing=NE)


def test_a_turn_needs_z_hexes_since_the_last_turn_too():
    bee = flying("A1", "bee", (5, 7), E, speed=4)
    with pytest.raises(EngineError, match="step 4 \\(R\\) needs a turn after 0 hex"):
        play(state([bee]), move("A1", "A", "A", "L", "R", "A", "A"))
    new, _ = play(state([bee]), move("A1", "A", "A", "L", "A", "A", "R"))
    assert new.fighter("A1").facing == E


def test_a_coliber_with_z_1_may_turn_after_every_hex():
    st = state([flying("A1", "coliber", (5, 7), E, speed=2)])
    new, _ = play(st, move("A1", "A", "L", "A", "L", "A", "L"))
    assert new.fighter("A1").facing == 3 and new.fighter("A1").speed == 3


def test_the_hexes_since_a_turn_do_not_carry_over_into_the_next_move():
    st = state([flying("A1", "bee", (5, 7), E, speed=2)])
    new, _ = play(st, move("A1", "A", "A"))
    new.to_act = 0
    with pytest.raises(EngineError, match="step 1 \\(L\\)"):
        play(new, move("A1", "L", "A", "A"))


def test_the_order_form_lists_the_steps_that_may_follow():
    bee = flying("A1", "bee", (5, 7), E, speed=2)  # speeds 2, 3
    assert next_steps(bee, []) == {
        "steps": ["A", "G", "M", "MT"],
        "may_end": False,
        "speeds": [2, 3],
        "ahead": 0,
    }
    after_two = next_steps(bee, ["A", "A"])
    assert after_two["steps"] == ["A", "L", "R", "G", "M", "MT"] and after_two["may_end"]
    after_three = next_steps(bee, ["A", "A", "A", "M", "MT"])
    assert after_three["steps"] == ["L", "R", "G"] and after_three["may_end"]


def test_a_fighter_that_leaves_the_board_is_destroyed():
    st = state([flying("A1", "coliber", (18, 7), E, speed=2)])
    new, events = play(st, move("A1", "A", "A"))
    assert find(events, "destroyed", fighter="A1", cause="edge")
    assert new.fighter("A1").destroyed and new.alive(0)[:1] != [new.fighter("A1")]


def test_a_fighter_flying_into_an_asteroid_is_destroyed_and_the_asteroid_stays():
    st = state([flying("A1", "coliber", (5, 7), E, speed=2)], asteroids=[(7, 7)])
    new, events = play(st, move("A1", "A", "A"))
    assert find(events, "destroyed", fighter="A1", cause="asteroid", hex=[7, 7])
    assert new.asteroids == [(7, 7)]


def test_a_fighter_flying_into_another_fighter_destroys_both_whichever_side():
    for other in ("B1", "A2"):
        st = state(
            [flying("A1", "coliber", (5, 7), E, speed=2), flying(other, "coliber", (7, 7), W)]
        )
        extra = [move("A2", "A")] if other == "A2" else []
        _new, events = play(st, move("A1", "A", "A"), *extra)
        assert find(events, "destroyed", fighter="A1", cause="collision", by=other)
        assert find(events, "destroyed", fighter=other, cause="collision", by="A1")


def test_a_fighter_flying_into_a_docked_fighter_destroys_both():
    st = state([flying("A1", "coliber", (16, 7), E, speed=2), docked("B1", "bee", (19, 7), W)])
    _new, events = play(st, move("A1", "A", "A", "A"))
    assert find(events, "destroyed", fighter="B1", cause="collision")


def test_the_rest_of_a_destroyed_fighters_orders_is_void():
    st = state([flying("A1", "bee", (5, 7), E, speed=2)], asteroids=[(6, 7)])
    new, events = play(st, move("A1", "A", "G", "A", "M"))
    assert not find(events, "fired") and not find(events, "launched")
    assert new.fighter("A1").missiles == 2


def test_orders_for_a_destroyed_or_foreign_fighter_or_twice_are_refused():
    st = state(
        [
            flying("A1", "bee", (5, 7), E, speed=2, destroyed=True),
            flying("A2", "bee", (5, 9), E, speed=2),
            flying("B1", "bee", (15, 9), W),
        ]
    )
    with pytest.raises(EngineError, match="A1 has been destroyed"):
        play(st, move("A1", "A", "A"))
    with pytest.raises(EngineError, match="not player 0's fighter"):
        play(st, move("B1", "A", "A"))
    with pytest.raises(EngineError, match="A2 has orders twice"):
        play(st, move("A2", "A", "A"), move("A2", "A", "A"))


def test_every_fighter_needs_orders():
    from duel.engine import act

    st = state([flying("A1", "bee", (5, 7), E, speed=2), flying("A2", "bee", (5, 9), E)])
    with pytest.raises(EngineError, match="no orders for A2"):
        act(st, 0, {"type": "turn", "orders": [move("A1", "A", "A")]})


def test_an_unknown_step_is_refused_by_name():
    st = state([flying("A1", "bee", (5, 7), E, speed=2)])
    with pytest.raises(EngineError, match="'X' is not a step"):
        play(st, move("A1", "A", "X"))


def test_fighters_move_in_the_order_given():
    # A2 first: it fires at A1's hex before A1 moves away — A1 goes.
    a1 = flying("A1", "coliber", (7, 7), SE, speed=1)
    a2 = flying("A2", "coliber", (5, 7), E, speed=1)
    _, events = play(state([a1, a2]), move("A2", "A", "G"), move("A1", "A"))
    assert find(events, "destroyed", fighter="A1", cause="gun", by="A2")
    _, events = play(state([a1.copy(), a2.copy()]), move("A1", "A"), move("A2", "A", "G"))
    assert not find(events, "destroyed")
