"""Smart missiles: within 2 hexes of a fighter (any, the owner's too) they turn 60° toward it —
on the launch flight only before the 3rd hex, in later turns before any hex, at most 60° per
hex; "toward" = the heading (straight, left, right) whose next hex is nearest to the nearest
fighter, ties straight, then left."""

from __future__ import annotations

from duel.engine.hexgrid import turn_between
from duel.engine.turns import home

from .helpers import NE, NW, SE, E, W, docked, find, flying, missile, move, path_of, play, state


def wasp(hex_=(5, 7), facing=E, speed=2):
    return flying("A1", "wasp", hex_, facing, speed=speed)


def far_coliber():
    return flying("A2", "coliber", (5, 13), E, speed=1)


def test_a_launched_smart_missile_turns_toward_a_fighter_before_its_third_hex_and_hits_it():
    st = state([wasp(), flying("B1", "bee", (8, 6), W)])
    _new, events = play(st, move("A1", "S", "G", "A", "A"))
    assert path_of(events, 1) == [(6, 7), (7, 7), (8, 6)]
    assert find(events, "missile_turned", missile=1, facing=NE)
    assert find(events, "destroyed", fighter="B1", cause="missile", by=1)


def test_on_its_launch_flight_a_smart_missile_flies_its_first_two_hexes_straight():
    # after one hex the fighter at (6, 5) is 2 hexes away, and turning left would close in;
    # but the launch flight may turn only after 2 hexes
    st = state([wasp(), flying("B1", "bee", (6, 5), W)])
    _new, events = play(st, move("A1", "S", "A", "A"))
    assert path_of(events, 1) == [(6, 7), (7, 7), (8, 6)]
    turned = find(events, "missile_turned", missile=1)
    assert len(turned) == 1
    assert events.index(turned[0]) > events.index(find(events, "missile_moved", hex=[7, 7])[0])
    assert not find(events, "destroyed")


def test_in_a_later_turn_a_smart_missile_may_turn_before_its_first_hex():
    # the same fighter, the missile continuing its flight: it turns at once and hits it
    st = state(
        [far_coliber(), flying("B1", "bee", (6, 6), W)],
        missiles=[missile(1, 0, (5, 7), E, "smart")],
    )
    _, events = play(st)
    assert path_of(events, 1) == [(6, 6)]
    assert find(events, "destroyed", fighter="B1", cause="missile")
    # launched from the same hex it flies straight past
    st = state([wasp(), flying("B1", "bee", (6, 6), W)])
    _, events = play(st, move("A1", "S", "A", "A"))
    assert path_of(events, 1)[:2] == [(6, 7), (7, 7)]


def test_a_smart_missile_turns_at_most_60_degrees_per_hex():
    st = state(
        [far_coliber(), flying("B1", "bee", (9, 5), E)],
        missiles=[missile(1, 0, (10, 7), E, "smart")],
    )
    _, events = play(st)
    facings = [e["facing"] for e in find(events, "missile_moved", missile=1)]
    assert facings == [NE, NW, W]  # a half turn takes three hexes
    assert path_of(events, 1) == [(11, 6), (10, 5), (9, 5)]
    assert find(events, "destroyed", fighter="B1", by=1)


def test_a_smart_missile_homes_on_its_owners_fighters_too():
    st = state(
        [far_coliber(), flying("A3", "bee", (12, 6), W)],
        missiles=[missile(1, 0, (10, 7), E, "smart")],
    )
    _, events = play(st)
    assert find(events, "destroyed", fighter="A3", cause="missile", by=1)


def test_a_smart_missile_with_no_fighter_within_two_hexes_flies_straight():
    st = state(
        [far_coliber(), flying("B1", "bee", (14, 4), W)],
        missiles=[missile(1, 0, (10, 7), E, "smart")],
    )
    _, events = play(st)
    assert path_of(events, 1) == [(11, 7), (12, 7), (13, 7)]
    assert not find(events, "missile_turned")


def test_docked_fighters_do_not_draw_a_smart_missile():
    st = state(
        [docked("B1", "bee", (19, 7), W), docked("B2", "bee", (19, 8), W), far_coliber()],
        missiles=[missile(1, 0, (16, 6), E, "smart")],
    )
    _, events = play(st)
    assert path_of(events, 1) == [(17, 6), (18, 6), (19, 6)]  # (19, 6) is an empty dock hex
    assert not find(events, "destroyed")


def test_a_fighter_straight_behind_leaves_the_tie_to_straight_on():
    st = state(
        [far_coliber(), flying("B1", "bee", (8, 7), E)],
        missiles=[missile(1, 0, (10, 7), E, "smart")],
    )
    assert home(st, st.missiles[0]) == E


def test_straight_wins_a_tie_with_a_turn():
    # the fighter is one hex E of the missile's NE neighbour: straight and left are both 1 away
    st = state(
        [far_coliber(), flying("B1", "bee", (12, 6), E)],
        missiles=[missile(1, 0, (10, 7), E, "smart")],
    )
    assert home(st, st.missiles[0]) == E


def test_left_wins_a_tie_with_right():
    st = state(
        [far_coliber(), flying("B1", "bee", (11, 6), E), flying("B2", "bee", (11, 8), E)],
        missiles=[missile(1, 0, (10, 7), E, "smart")],
    )
    assert home(st, st.missiles[0]) == NE
    _, events = play(st)
    assert path_of(events, 1) == [(11, 6)]
    assert find(events, "destroyed", fighter="B1") and not find(events, "destroyed", fighter="B2")


def test_the_nearest_fighter_decides_the_heading():
    # B1 one hex off to the right-front, B2 two hexes off to the left-front: B1 wins
    st = state(
        [far_coliber(), flying("B1", "bee", (11, 8), E), flying("B2", "bee", (11, 5), E)],
        missiles=[missile(1, 0, (10, 7), E, "smart")],
    )
    assert home(st, st.missiles[0]) == SE


def test_an_ordinary_missile_never_turns():
    st = state(
        [far_coliber(), flying("B1", "bee", (11, 6), E)], missiles=[missile(1, 0, (10, 7), E)]
    )
    _, events = play(st)
    assert path_of(events, 1) == [(11, 7), (12, 7), (13, 7)]
    assert all(turn_between(E, e["facing"]) == 0 for e in find(events, "missile_moved"))
