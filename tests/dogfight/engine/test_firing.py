"""Rules §4 (and the fast plane of §2): firing lines, damage, clouds, balloons, who fires when.

The usual layout: the shooter (seat 0) starts at (-3, 0) nose east and flies ahead to (-2, 0) in
move 1, where it fires ahead along row r = 0. Each target climbs from (x, 1) nose north-west onto
(x, 0) in move 1, so a target "at range k" stands on (-2 + k, 0) when the shooter fires.
"""

from __future__ import annotations

import pytest

from dogfight.engine.hexgrid import step

from .helpers import find, orders, parked, plane, resolve, state

SHOOTER_AT_FIRE = (-2, 0)


def target_at(seat, k, **kw):
    """A target that will stand at range ``k`` ahead of the shooter after move 1."""
    return plane(seat, -2 + k, 1, 2, **kw)


def shoot(ranges, *, shooter=None, fire=("A",), extra=(), through=False, **world):
    """Shooter fires ``fire`` in move 1 at targets at ``ranges`` (seats 1, 2, ...)."""
    shooter = shooter or plane(0, -3, 0, 0)
    targets = [target_at(seat, k) for seat, k in enumerate(ranges, start=1)]
    planes = [shooter, *targets, *extra]
    if len(planes) < 3:
        planes.append(parked(5))
    st = state(planes, **world)
    target_orders = [orders(t.seat, "A", "A", "A") for t in targets]
    shooter_orders = orders(0, "A", "L", "L", fire={1: list(fire)}, through={1} if through else ())
    return resolve(st, shooter_orders, *target_orders)


def damage_taken(events, seat):
    return [e["damage"] for e in find(events, "hit", target=seat)]


# --- range and damage ---------------------------------------------------------------------


@pytest.mark.parametrize("k, damage", [(1, 4), (2, 3), (3, 2), (4, 1)])
def test_damage_falls_with_range_four_three_two_one(k, damage):
    new, events = shoot([k])
    assert find(events, "hit") == [
        {"move": 1, "type": "hit", "shooter": 0, "target": 1, "range": k, "damage": damage}
    ]
    assert new.plane(1).damage == damage


def test_a_burst_reaches_four_hexes_and_no_further():
    new, events = shoot([5])
    assert not find(events, "hit")
    assert new.plane(1).damage == 0


@pytest.mark.parametrize("k, damage", [(1, 5), (2, 4), (3, 3), (4, 2)])
def test_double_machine_guns_add_one_to_every_hit(k, damage):
    _new, events = shoot([k], shooter=plane(0, -3, 0, 0, career_points=20))
    assert damage_taken(events, 1) == [damage]


def test_below_twenty_career_points_there_are_no_double_machine_guns():
    _, events = shoot([1], shooter=plane(0, -3, 0, 0, career_points=19))
    assert damage_taken(events, 1) == [4]


@pytest.mark.parametrize("d", range(6))
@pytest.mark.parametrize("code, turn", [("A", 0), ("L", 1), ("R", -1)])
def test_bursts_go_ahead_diagonal_left_or_diagonal_right_from_the_hex_after_the_move(d, code, turn):
    after_move = step((0, 0), d)
    line = (d + turn) % 6
    # a target arriving at range 2 along the line, from the hex behind it on its own nose
    arrive = step(after_move, line, 2)
    decoy = step(after_move, d - turn if turn else d + 1, 2)  # on another firing line
    st = state(
        [
            plane(0, 0, 0, d),
            plane(1, *step(arrive, d + 3), d),
            plane(2, *step(decoy, d + 3), d),  # somewhere else: not on this line
        ]
    )
    _, events = resolve(
        st,
        orders(0, "A", "A", "A", fire={1: [code]}),
        orders(1, "A", "A", "A"),
        orders(2, "A", "A", "A"),
    )
    assert [(e["target"], e["range"], e["damage"]) for e in find(events, "hit")] == [(1, 2, 3)]


def test_each_move_fires_from_that_moves_positions():
    # head-on: after move 2 the two are 4 apart, after move 3 only 2
    st = state([plane(0, -4, 0, 0), plane(1, 4, 0, 3), parked(5)])
    _, events = resolve(
        st, orders(0, "A", "A", "A", fire={2: ["A"], 3: ["A"]}), orders(1, "A", "A", "A")
    )
    assert [(e["move"], e["range"], e["damage"]) for e in find(events, "hit")] == [
        (2, 4, 1),
        (3, 2, 3),
    ]


def test_every_burst_uses_one_round_of_ammunition():
    new, _ = shoot([2], fire=("A", "L", "R"))
    assert new.plane(0).ammo == 16 - 3


# --- who is on the line -------------------------------------------------------------------


def test_a_burst_hits_both_planes_in_a_row():
    _new, events = shoot([1, 3])
    assert damage_taken(events, 1) == [4]
    assert damage_taken(events, 2) == [2]


def test_a_burst_hits_both_planes_sharing_a_hex():
    _new, events = shoot([2, 2])
    assert damage_taken(events, 1) == [3] and damage_taken(events, 2) == [3]


def test_nobody_in_the_shooters_own_hex_can_be_hit():
    # seat 1 flies alongside the shooter and shares its hex after move 1
    alongside = plane(1, -3, 0, 0)
    st = state([plane(0, -3, 0, 0), alongside, target_at(2, 2)])
    _, events = resolve(
        st,
        orders(0, "A", "L", "L", fire={1: ["A", "L", "R"]}),
        orders(1, "A", "L", "L"),
        orders(2, "A", "A", "A"),
    )
    assert not find(events, "hit", target=1)
    assert damage_taken(events, 2) == [3]


def test_a_plane_standing_on_its_own_airfield_cannot_be_hit():
    # shooter reaches (5, 0) and fires east: (9, 0), seat 0's corner, is at range 4
    st = state([plane(1, 4, 0, 0), parked(0), parked(3)])
    _, events = resolve(st, orders(1, "A", "H", "H", fire={1: ["A"], 2: ["A"]}))
    assert not find(events, "hit")


def test_a_plane_rolling_on_its_runway_counts_as_flying_and_can_be_hit():
    # seat 0 takes off on beta: in move 1 it stands on runway hex 1, (8, 0), at range 3
    st = state([plane(1, 4, 0, 0), parked(0), parked(3)])
    _new, events = resolve(
        st, orders(1, "A", "H", "H", fire={1: ["A"]}), orders(0, "TB", "TB", "A")
    )
    assert [(e["target"], e["range"], e["damage"]) for e in find(events, "hit")] == [(0, 3, 2)]


def test_a_plane_flying_over_another_pilots_corner_can_be_hit():
    # seat 1 flies onto seat 0's corner (9, 0) and holds there; the corner protects only seat 0
    st = state([plane(2, 4, 0, 0), plane(1, 8, 0, 0), parked(3)])
    _, events = resolve(st, orders(2, "A", "H", "H", fire={1: ["A"]}), orders(1, "A", "H", "H"))
    assert [(e["target"], e["range"], e["damage"]) for e in find(events, "hit")] == [(1, 4, 1)]


# --- clouds -------------------------------------------------------------------------------


def test_a_cloud_between_shooter_and_target_stops_the_burst():
    _, events = shoot([3], clouds=[(0, 0)])  # range 2
    assert not find(events, "hit")


def test_a_plane_inside_a_cloud_cannot_be_hit():
    _, events = shoot([2], clouds=[(0, 0)])
    assert not find(events, "hit")


def test_the_burst_hits_up_to_the_first_cloud_hex_and_nothing_behind_it():
    _, events = shoot([1, 4], clouds=[(0, 0)])
    assert damage_taken(events, 1) == [4]
    assert not find(events, "hit", target=2)


def test_a_cloud_behind_the_target_does_not_matter():
    _, events = shoot([2], clouds=[(1, 0)])
    assert damage_taken(events, 1) == [3]


def test_a_shooter_inside_a_cloud_may_fire_out_of_it():
    new, events = shoot([2], clouds=[SHOOTER_AT_FIRE])
    assert damage_taken(events, 1) == [3]
    assert new.plane(0).damage == 1  # and pays for the cloud


def test_a_cloud_on_another_line_does_not_block():
    _, events = shoot([2], clouds=[(-1, -1)])
    assert damage_taken(events, 1) == [3]


# --- balloons -----------------------------------------------------------------------------


def balloon_hits(events):
    return [e["damage"] for e in find(events, "balloon_hit")]


@pytest.mark.parametrize("rule", ["normal", "through"])
def test_a_balloon_stops_the_burst_and_takes_all_of_its_damage(rule):
    # balloon at range 2 (0, 0); a plane behind it at range 3
    new, events = shoot([3], balloons=[(0, 0)], balloon_rule=rule)
    assert balloon_hits(events) == [3]
    assert new.balloons[0].damage == 3
    assert not find(events, "hit")


def test_a_plane_before_the_balloon_is_hit_as_usual():
    _new, events = shoot([1], balloons=[(0, 0)], balloon_rule="normal")
    assert damage_taken(events, 1) == [4]
    assert balloon_hits(events) == [3]


def test_firing_through_the_balloon_halves_the_damage_on_both_sides():
    # balloon at range 2: ceil(3 / 2) = 2; planes behind at range 3: 2 // 2 = 1, range 4: 1 // 2 = 0
    new, events = shoot([3, 4], balloons=[(0, 0)], balloon_rule="through", through=True)
    assert balloon_hits(events) == [2]
    assert damage_taken(events, 1) == [1]
    assert not find(events, "hit", target=2)  # half of 1 is no hit
    assert new.plane(2).damage == 0


def test_firing_through_a_balloon_at_range_one():
    # balloon takes ceil(4 / 2) = 2; range 2 takes 3 // 2 = 1; range 3 takes 2 // 2 = 1
    _, events = shoot([2, 3], balloons=[(-1, 0)], balloon_rule="through", through=True)
    assert balloon_hits(events) == [2]
    assert damage_taken(events, 1) == [1] and damage_taken(events, 2) == [1]


def test_double_machine_guns_add_their_point_before_the_halving():
    # balloon at range 1: (4 + 1) -> 3; range 2: (3 + 1) // 2 = 2; range 3: 3 // 2 = 1;
    # range 4: 2 // 2 = 1
    _, events = shoot(
        [2, 3, 4],
        shooter=plane(0, -3, 0, 0, career_points=20),
        balloons=[(-1, 0)],
        balloon_rule="through",
        through=True,
    )
    assert balloon_hits(events) == [3]
    assert [damage_taken(events, s) for s in (1, 2, 3)] == [[2], [1], [1]]


def test_without_the_tick_the_burst_stops_in_the_balloon_even_where_allowed():
    _, events = shoot([3], balloons=[(0, 0)], balloon_rule="through", through=False)
    assert balloon_hits(events) == [3]
    assert not find(events, "hit")


def test_the_through_tick_with_no_balloon_on_the_line_changes_nothing():
    _, events = shoot([2], balloon_rule="through", through=True)
    assert damage_taken(events, 1) == [3]


def test_a_balloon_takes_twelve_damage_points_then_it_is_gone():
    new, events = shoot([], balloons=[(-1, 0, 8)], balloon_rule="normal")  # range 1: 4
    assert balloon_hits(events) == [4]
    assert new.balloons == []
    assert find(events, "balloon_destroyed")[0]["by"] == [0]


def test_a_balloon_with_eleven_damage_points_still_stands():
    new, events = shoot([], balloons=[(-1, 0, 7)], balloon_rule="normal")
    assert [b.damage for b in new.balloons] == [11]
    assert not find(events, "balloon_destroyed")


def test_destroying_a_balloon_is_worth_five_points_and_damaging_one_nothing():
    new, _ = shoot([], balloons=[(-1, 0, 8)], balloon_rule="normal")
    assert new.plane(0).points == 5
    new, _ = shoot([], balloons=[(-1, 0, 0)], balloon_rule="normal")
    assert new.plane(0).points == 0


def balloon_crossfire(shooters, balloon_damage, fire_moves=None):
    """Shooters around a balloon at (0, 0), each at range 2 after move 1, firing at it."""
    spots = {  # seat: (start hex, nose); move 1 ahead ends two hexes from (0, 0) on the nose
        0: ((-3, 0), 0),
        1: ((3, 0), 3),
        2: ((0, 3), 2),
        3: ((0, -3), 5),
    }
    planes = [plane(s, *spots[s][0], spots[s][1]) for s in shooters]
    planes += [parked(4), parked(5)]
    st = state(planes, balloons=[(0, 0, balloon_damage)], balloon_rule="normal")
    fire_moves = fire_moves or {s: 1 for s in shooters}
    seat_orders = [orders(s, "A", "L", "L", fire={fire_moves[s]: ["A"]}) for s in shooters]
    return resolve(st, *seat_orders)


def test_two_pilots_who_hit_the_balloon_in_the_move_it_fell_share_its_five_points():
    new, events = balloon_crossfire([0, 1], 6)  # 6 + 3 + 3 = 12
    assert new.balloons == []
    assert find(events, "balloon_destroyed")[0]["by"] == [0, 1]
    assert new.plane(0).points == new.plane(1).points == 3  # ceil(5 / 2)


def test_three_pilots_sharing_a_balloon_get_two_points_each():
    new, _ = balloon_crossfire([0, 1, 2], 3)  # 3 + 3 * 3 = 12
    assert new.balloons == []
    assert [new.plane(s).points for s in (0, 1, 2)] == [2, 2, 2]  # ceil(5 / 3)


def test_a_hit_in_an_earlier_move_does_not_share_the_balloon():
    # seat 1 hits in move 1 (6 -> 9); seat 0, closing in from (-4, 0), hits at range 2 in
    # move 2 (9 -> 12): the balloon falls in move 2 and only seat 0 hit it in that move
    st = state(
        [plane(0, -4, 0, 0), plane(1, 3, 0, 3), parked(4), parked(5)],
        balloons=[(0, 0, 6)],
        balloon_rule="normal",
    )
    new, events = resolve(
        st, orders(0, "A", "A", "L", fire={2: ["A"]}), orders(1, "A", "L", "L", fire={1: ["A"]})
    )
    assert new.balloons == []
    assert find(events, "balloon_destroyed")[0]["by"] == [0]
    assert new.plane(0).points == 5 and new.plane(1).points == 0


def test_a_fast_and_a_slow_pilot_hitting_the_balloon_in_the_move_it_fell_share_it():
    # the fast seat 0 hits first (6 -> 9), the slow seat 1 finishes it (9 -> 12) in move 1
    st = state(
        [plane(0, -3, 0, 0, rank=4), plane(1, 3, 0, 3), parked(4), parked(5)],
        balloons=[(0, 0, 6)],
        balloon_rule="normal",
    )
    new, events = resolve(
        st, orders(0, "A", "L", "L", fire={1: ["A"]}), orders(1, "A", "L", "L", fire={1: ["A"]})
    )
    assert new.balloons == []
    assert find(events, "balloon_destroyed")[0]["by"] == [0, 1]
    assert new.plane(0).points == new.plane(1).points == 3


# --- shot down, simultaneous fire, the fast group -----------------------------------------


def test_a_plane_with_twelve_damage_points_is_out():
    st = state([plane(0, -3, 0, 0), target_at(1, 1, damage=8), parked(5)])
    new, events = resolve(st, orders(0, "A", "L", "L", fire={1: ["A"]}), orders(1, "A", "A", "A"))
    assert new.plane(1).status == "out" and new.plane(1).damage == 12
    assert find(events, "shot_down", seat=1)[0]["by"] == [0]


def test_eleven_damage_points_are_not_yet_out():
    st = state([plane(0, -3, 0, 0), target_at(1, 2, damage=8), parked(5)])
    new, events = resolve(st, orders(0, "A", "L", "L", fire={1: ["A"]}), orders(1, "A", "A", "A"))
    assert new.plane(1).status == "air" and new.plane(1).damage == 11
    assert not find(events, "shot_down")


def test_fire_within_a_group_is_simultaneous_a_plane_shot_down_still_fires():
    # head-on at range 2 after move 1, both badly damaged, both fire
    st = state([plane(0, -2, 0, 0, damage=9), plane(1, 2, 0, 3, damage=9), parked(5)])
    new, events = resolve(
        st, orders(0, "A", "A", "A", fire={1: ["A"]}), orders(1, "A", "A", "A", fire={1: ["A"]})
    )
    assert {(e["shooter"], e["target"]) for e in find(events, "hit")} == {(0, 1), (1, 0)}
    assert {e["seat"] for e in find(events, "shot_down")} == {0, 1}
    assert new.plane(0).status == new.plane(1).status == "out"


def test_the_fast_plane_moves_and_fires_first_against_the_old_positions():
    # fast seat 0 moves to (1, 0) and fires at seat 1 still on (2, 0): range 1, 4 damage.
    # Seat 2 then climbs to (1, 1) and fires north at the fast plane's new hex (1, 0).
    st = state([plane(0, 0, 0, 0, rank=4), plane(1, 2, 0, 0), plane(2, 1, 2, 2)])
    _new, events = resolve(
        st,
        orders(0, "A", "L", "L", fire={1: ["A"]}),
        orders(1, "A", "A", "A"),
        orders(2, "A", "L", "L", fire={1: ["A"]}),
    )
    hits = {(e["shooter"], e["target"]): (e["range"], e["damage"]) for e in find(events, "hit")}
    assert hits == {(0, 1): (1, 4), (2, 0): (1, 4)}
    # the fast plane's burst came before the others moved
    order = [
        (e["type"], e.get("seat"))
        for e in events
        if e["move"] == 1 and e["type"] in ("moved", "burst")
    ]
    assert order[:2] == [("moved", 0), ("burst", 0)]


def test_below_oberstleutnant_everyone_moves_together():
    st = state([plane(0, 0, 0, 0, rank=3), plane(1, 2, 0, 0), parked(5)])
    _, events = resolve(st, orders(0, "A", "L", "L", fire={1: ["A"]}), orders(1, "A", "A", "A"))
    assert [(e["range"], e["damage"]) for e in find(events, "hit")] == [(2, 3)]


@pytest.mark.parametrize("rank", [4, 5, 6])
def test_oberstleutnant_and_up_fly_the_fast_plane(rank):
    st = state([plane(0, 0, 0, 0, rank=rank), plane(1, 2, 0, 0), parked(5)])
    _, events = resolve(st, orders(0, "A", "L", "L", fire={1: ["A"]}), orders(1, "A", "A", "A"))
    assert [e["range"] for e in find(events, "hit")] == [1]


def test_several_fast_planes_move_and_fire_together_as_one_group():
    # two fast planes head-on: each fires at the other's new hex, simultaneously
    st = state(
        [plane(0, -2, 0, 0, rank=4, damage=9), plane(1, 2, 0, 3, rank=4, damage=9), parked(5)]
    )
    _new, events = resolve(
        st, orders(0, "A", "A", "A", fire={1: ["A"]}), orders(1, "A", "A", "A", fire={1: ["A"]})
    )
    assert {(e["shooter"], e["target"], e["range"]) for e in find(events, "hit")} == {
        (0, 1, 2),
        (1, 0, 2),
    }
    assert {e["seat"] for e in find(events, "shot_down")} == {0, 1}


def test_a_plane_the_fast_group_shoots_down_neither_moves_nor_fires_in_that_move():
    # fast seat 0 moves to (1, 0) and hits seat 1 on (3, 0) at range 2 (3 damage: 9 -> 12).
    # Seat 1 would have flown to (2, 0) and fired back at range 1.
    st = state([plane(0, 0, 0, 0, rank=4), plane(1, 3, 0, 3, damage=9), parked(5)])
    new, events = resolve(
        st, orders(0, "A", "L", "L", fire={1: ["A"]}), orders(1, "A", "A", "A", fire={1: ["A"]})
    )
    assert new.plane(1).status == "out"
    assert new.plane(1).hex == (3, 0)
    assert not find(events, "moved", seat=1)
    assert not find(events, "burst", seat=1)
    assert new.plane(0).damage == 0


def test_a_plane_shot_down_by_the_slow_group_has_already_fired_if_fast():
    st = state([plane(0, -2, 0, 0, rank=4, damage=11), plane(1, 3, 0, 3), parked(5)])
    new, events = resolve(
        st, orders(0, "A", "A", "A", fire={1: ["A"]}), orders(1, "A", "A", "A", fire={1: ["A"]})
    )
    # fast: (-1, 0) fires at (3, 0), range 4. Then seat 1 to (2, 0) fires at (-1, 0), range 3
    assert {(e["shooter"], e["range"]) for e in find(events, "hit")} == {(0, 4), (1, 3)}
    assert new.plane(0).status == "out"


# --- crashing while moving means no fire --------------------------------------------------


def test_a_plane_that_leaves_the_board_does_not_fire():
    st = state([plane(0, 9, -4, 0), plane(1, 6, -2, 1), parked(3)])
    new, events = resolve(
        st, orders(0, "A", "A", "A", fire={1: ["A", "L", "R"]}), orders(1, "A", "H", "H")
    )
    assert find(events, "crash", seat=0)[0]["cause"] == "edge"
    assert not find(events, "burst", seat=0)
    assert not find(events, "hit")
    assert new.plane(0).ammo == 16


def test_a_plane_that_flies_into_a_balloon_does_not_fire():
    # seat 0 flies into the balloon at (-2, 0); seat 1 at range 2 on its line would be hit
    st = state(
        [plane(0, -3, 0, 0), target_at(1, 2), parked(5)],
        balloons=[SHOOTER_AT_FIRE],
        balloon_rule="normal",
    )
    new, events = resolve(st, orders(0, "A", "A", "A", fire={1: ["A"]}), orders(1, "A", "A", "A"))
    assert find(events, "crash", seat=0)[0]["cause"] == "balloon"
    assert not find(events, "burst", seat=0)
    assert new.plane(1).damage == 0


def test_a_plane_that_crashes_from_cloud_damage_does_not_fire():
    st = state(
        [plane(0, -3, 0, 0, damage=11), target_at(1, 2), parked(5)], clouds=[SHOOTER_AT_FIRE]
    )
    new, events = resolve(st, orders(0, "A", "A", "A", fire={1: ["A"]}), orders(1, "A", "A", "A"))
    assert find(events, "crash", seat=0)[0]["cause"] == "cloud"
    assert not find(events, "burst", seat=0)
    assert new.plane(1).damage == 0


# --- landing planes and gone balloons -------------------------------------------------------


def test_a_plane_in_its_first_landing_roll_counts_as_flying_and_can_be_hit():
    # seat 0 rolls from (7, 0) onto runway hex 1, (8, 0), in move 3; seat 1 on (4, 0) fires
    st = state([plane(0, 5, 0, 0), plane(1, 2, 0, 0), parked(3)])
    new, events = resolve(st, orders(0, "A", "A", "LD"), orders(1, "A", "A", "H", fire={3: ["A"]}))
    assert new.plane(0).landing
    assert [(e["target"], e["range"], e["damage"]) for e in find(events, "hit")] == [(0, 4, 1)]


def test_a_plane_in_its_first_landing_roll_takes_cloud_damage():
    st = state([plane(0, 7, 0, 0), parked(3)], clouds=[(8, 0)])
    new, _events = resolve(st, orders(0, "LD", "LD", "G"))
    assert new.plane(0).damage == 1
    assert new.plane(0).status == "ground"


def test_a_destroyed_balloon_is_gone_it_blocks_nothing_and_brings_no_one_down():
    # move 1: the balloon on (-1, 0) falls at range 1. Move 2: the shooter flies into its hex
    # unharmed and hits seat 1 on (1, 0) at range 2 through where it stood.
    st = state(
        [plane(0, -3, 0, 0), plane(1, 1, 2, 2), parked(5)],
        balloons=[(-1, 0, 8)],
        balloon_rule="normal",
    )
    _new, events = resolve(
        st, orders(0, "A", "A", "L", fire={1: ["A"], 2: ["A"]}), orders(1, "A", "A", "L")
    )
    assert find(events, "balloon_destroyed", move=1)
    assert not find(events, "crash")
    assert [(e["move"], e["target"], e["range"]) for e in find(events, "hit")] == [(2, 1, 2)]


# --- a round: everyone moves, then everyone fires, move by move -----------------------------


def test_all_planes_move_before_anyone_fires():
    # seat 1 starts on the shooter's line but climbs off it in move 1; seat 2 climbs onto it
    st = state([plane(0, -3, 0, 0), plane(1, 0, 0, 2), target_at(2, 3)])
    _, events = resolve(
        st,
        orders(0, "A", "L", "L", fire={1: ["A"]}),
        orders(1, "A", "A", "A"),
        orders(2, "A", "A", "A"),
    )
    assert [(e["target"], e["range"]) for e in find(events, "hit")] == [(2, 3)]


def test_the_moves_run_in_order_each_moving_then_firing():
    st = state([plane(0, -4, 0, 0), plane(1, 4, 0, 3), parked(5)])
    _, events = resolve(
        st, orders(0, "A", "A", "A", fire={1: ["A"], 2: ["A"], 3: ["A"]}), orders(1, "A", "A", "A")
    )
    sequence = [
        (e["move"], e["type"]) for e in events if e["type"] in ("moved", "burst") and e["seat"] != 5
    ]  # 5 stays parked
    assert sequence == [
        (1, "moved"),
        (1, "moved"),
        (1, "burst"),
        (2, "moved"),
        (2, "moved"),
        (2, "burst"),
        (3, "moved"),
        (3, "moved"),
        (3, "burst"),
    ]
