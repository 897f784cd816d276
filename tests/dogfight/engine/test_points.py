"""Rules §8: points per hit and per damage, balloons, the shoot-down table, shared kills,
crashes and the pot, unscored games, careers and the ace thresholds."""

from __future__ import annotations

import pytest

from dogfight.engine import career, legal_maneuvers

from .helpers import find, orders, plane, resolve, state

QUIET = ("A", "L", "L")  # a harmless round for a bystander


def bystander(seat):
    return plane(seat, -6, 3, 3)


# --- points for hits ------------------------------------------------------------------------


def test_per_hit_scoring_gives_one_point_per_plane_hit_whatever_the_range():
    # move 1: shooter in (1, 0) nose east; targets in (2, 0) and (5, 0) (ranges 1 and 4)
    st = state([plane(0, 0, 0, 0), plane(1, 2, 1, 2), plane(2, 5, 1, 2), bystander(3)])
    new, events = resolve(
        st,
        orders(0, "A", "L", "L", fire={1: ["A"]}),
        orders(1, "A", "H", "H"),
        orders(2, "A", "H", "H"),
        orders(3, *QUIET),
    )
    hits = find(events, "hit", shooter=0)
    assert sorted((h["range"], h["damage"]) for h in hits) == [(1, 4), (4, 1)]
    assert new.plane(0).points == 2  # two planes in a row: two points


def test_per_damage_scoring_gives_one_point_per_damage_point_dealt():
    st = state(
        [plane(0, 0, 0, 0), plane(1, 2, 1, 2), plane(2, 5, 1, 2), bystander(3)], scoring="damage"
    )
    new, _ = resolve(
        st,
        orders(0, "A", "L", "L", fire={1: ["A"]}),
        orders(1, "A", "H", "H"),
        orders(2, "A", "H", "H"),
        orders(3, *QUIET),
    )
    assert new.plane(0).points == 4 + 1


def test_the_double_machine_gun_point_counts_per_damage_but_a_hit_is_still_one_point():
    for scoring, expected in (("damage", 5), ("hits", 1)):
        st = state(
            [plane(0, 0, 0, 0, career_points=20), plane(1, 2, 1, 2), bystander(3)], scoring=scoring
        )
        new, events = resolve(
            st,
            orders(0, "A", "L", "L", fire={1: ["A"]}),
            orders(1, "A", "H", "H"),
            orders(3, *QUIET),
        )
        assert find(events, "hit", shooter=0, damage=5)
        assert new.plane(0).points == expected


# --- balloons -------------------------------------------------------------------------------


@pytest.mark.parametrize("scoring", ["hits", "damage"])
def test_damaging_a_balloon_is_worth_nothing_and_destroying_it_five(scoring):
    st = state(
        [plane(0, 0, 0, 0), bystander(3)],
        balloons=[(3, 0, 0)],
        scoring=scoring,
        balloon_rule="normal",
    )
    new, events = resolve(st, orders(0, "A", "L", "L", fire={1: ["A"]}), orders(3, *QUIET))
    assert find(events, "balloon_hit", shooter=0)
    assert new.plane(0).points == 0
    st = state(
        [plane(0, 0, 0, 0), bystander(3)],
        balloons=[(3, 0, 9)],
        scoring=scoring,
        balloon_rule="normal",
    )
    new, events = resolve(st, orders(0, "A", "L", "L", fire={1: ["A"]}), orders(3, *QUIET))
    assert find(events, "balloon_destroyed")
    assert new.plane(0).points == 5
    assert not new.balloons


@pytest.mark.parametrize("shooters, each", [(2, 3), (3, 2)])
def test_a_balloon_destroyed_by_several_pilots_in_one_move_gives_each_five_over_n_rounded_up(
    shooters, each
):
    # the balloon in (0, 0); shooters end move 1 two hexes from it, noses toward it
    starts = [(-3, 0, 0), (3, 0, 3), (0, 3, 2)][:shooters]
    planes = [plane(seat, q, r, d) for seat, (q, r, d) in enumerate(starts)]
    st = state(planes + [bystander(4)], balloons=[(0, 0, 11)], balloon_rule="normal")
    new, events = resolve(
        st, *[orders(p.seat, "A", "L", "L", fire={1: ["A"]}) for p in planes], orders(4, *QUIET)
    )
    (destroyed,) = find(events, "balloon_destroyed")
    assert destroyed["by"] == list(range(shooters))
    assert [new.plane(s).points for s in range(shooters)] == [each] * shooters


def test_a_fast_plane_that_hit_the_balloon_in_the_move_it_fell_shares_the_five_points():
    # the Oberstleutnant (fast) hits first, the other plane finishes the balloon in that move
    # each hits the balloon (6 damage) from two hexes for 3: 6 + 3 + 3 = 12
    st = state(
        [plane(0, -3, 0, 0, rank=4), plane(1, 3, 0, 3), bystander(4)],
        balloons=[(0, 0, 6)],
        balloon_rule="normal",
    )
    new, events = resolve(
        st,
        orders(0, "A", "L", "L", fire={1: ["A"]}),
        orders(1, "A", "L", "L", fire={1: ["A"]}),
        orders(4, *QUIET),
    )
    (destroyed,) = find(events, "balloon_destroyed", move=1)
    assert destroyed["by"] == [0, 1]
    assert new.plane(0).points == 3 and new.plane(1).points == 3


# --- the shoot-down table -------------------------------------------------------------------


@pytest.mark.parametrize(
    "p, loss, gain",
    [
        (0, 5, 5),
        (19, 5, 5),
        (20, 10, 5),
        (39, 10, 5),
        (40, 15, 10),
        (59, 15, 10),
        (60, 20, 10),
        (80, 25, 15),
        (100, 30, 15),
        (200, 55, 30),
        (240, 65, 35),
        (399, 100, 50),
    ],
)
def test_the_shoot_down_table_goes_by_the_victims_career_points(p, loss, gain):
    assert career.shootdown_loss(p, 0) == loss == 5 + 5 * (p // 20)
    assert career.shootdown_gain(p, 0) == gain == 5 + 5 * (p // 40)


def test_each_rank_costs_the_victim_ten_more_and_brings_the_attacker_five_more():
    for rank in range(7):
        assert career.shootdown_loss(45, rank) == 15 + 10 * rank
        assert career.shootdown_gain(45, rank) == 10 + 5 * rank


def test_an_oberst_with_five_promotions_at_five_points_is_worth_thirty_and_loses_fifty_five():
    assert career.shootdown_gain(5, 5) == 30
    assert career.shootdown_loss(5, 5) == 55
    # and in play: an Oberst (out at 14) at 13 damage shot down from 4 hexes
    st = state(
        [plane(0, 0, 0, 0), plane(1, 5, 1, 2, career_points=5, rank=5, damage=13), bystander(3)]
    )
    new, events = resolve(
        st, orders(0, "A", "L", "L", fire={1: ["A"]}), orders(1, "A", "H", "H"), orders(3, *QUIET)
    )
    assert find(events, "shot_down", seat=1, by=[0], loss=55, gain=30)
    assert new.plane(0).points == 1 + 30
    assert new.plane(1).points == -55


def test_four_hits_then_shot_down_is_minus_one():
    # round 1: seat 1 (already at 11 damage) hits seats 2 and 3, in a row east of it, twice
    st = state(
        [plane(0, 2, -6, 5), plane(1, 0, 0, 0, damage=11), plane(2, 2, 1, 2), plane(3, 4, 1, 2)]
    )
    mid, events = resolve(
        st,
        orders(0, "A", "A", "A"),
        orders(1, "A", "H", "H", fire={1: ["A"], 2: ["A"]}),
        orders(2, "A", "H", "H"),
        orders(3, "A", "H", "H"),
    )
    assert len(find(events, "hit", shooter=1)) == 4
    assert mid.plane(1).points == 4
    # round 2: seat 0 comes down from (2, -3) and shoots seat 1 down from two hexes
    end, events = resolve(
        mid,
        orders(0, "A", "H", "H", fire={1: ["A"]}),
        orders(1, "A", "H", "H"),
        orders(2, "L", "H", "H"),
        orders(3, "A", "H", "H"),
    )
    assert find(events, "shot_down", seat=1, by=[0])
    assert end.plane(1).points == 4 - 5 == -1


def test_points_already_earned_stay_when_shot_down_four_minus_five_is_minus_one():
    st = state([plane(0, 0, 0, 0), plane(1, 2, 1, 2, damage=11, points=4), bystander(3)])
    new, events = resolve(
        st, orders(0, "A", "L", "L", fire={1: ["A"]}), orders(1, "A", "H", "H"), orders(3, *QUIET)
    )
    assert find(events, "shot_down", seat=1)
    assert new.plane(1).points == 4 - 5 == -1


def test_a_kill_shared_in_one_move_gives_each_hitter_the_gain_over_n_rounded_up():
    # victim: 40 career points and one rank: worth 5 + 5 + 5 = 15, loses 5 + 10 + 10 = 25
    victim = plane(2, 0, 0, 5, career_points=40, rank=1, damage=6)
    st = state([plane(0, -3, 1, 0), plane(1, 3, -2, 4), victim, bystander(3)])
    # after move 1: victim in (0, 1); shooters in (-2, 1) and (2, -1), two hexes away
    new, events = resolve(
        st,
        orders(0, "A", "L", "L", fire={1: ["A"]}),
        orders(1, "A", "L", "L", fire={1: ["A"]}),
        orders(2, "A", "L", "L"),
        orders(3, *QUIET),
    )
    assert find(events, "shot_down", seat=2, by=[0, 1], gain=8, loss=25)
    assert new.plane(0).points == 1 + 8 and new.plane(1).points == 1 + 8
    assert new.plane(2).points == -25


def test_only_the_hitters_of_the_move_it_went_down_share_the_kill():
    victim = plane(2, 0, 0, 5, damage=6)
    st = state([plane(0, -3, 1, 0), plane(1, 3, 2, 3), victim, bystander(3)])
    # move 1: seat 0 hits from (-2, 1) for 3; move 2: victim in (0, 2), seat 1 in (1, 2)
    # hits it from 1 hex for 4 more: 6 + 3 + 4 = 13
    new, events = resolve(
        st,
        orders(0, "A", "LS", "RS", fire={1: ["A"]}),
        orders(1, "A", "A", "H", fire={2: ["A"]}),
        orders(2, "A", "A", "A"),
        orders(3, *QUIET),
    )
    hits = find(events, "hit", target=2)
    assert [(h["move"], h["shooter"]) for h in hits] == [(1, 0), (2, 1)]
    assert find(events, "shot_down", seat=2, by=[1], move=2)
    assert new.plane(0).points == 1 and new.plane(1).points == 1 + 5


def test_a_fast_planes_hit_earlier_in_the_same_move_shares_the_kill():
    # the fast plane fires first, from (-2, 0), at the victim still in (0, 0) (3 damage);
    # then the victim moves to (0, 1), where seat 1 hits it from (2, 1) (3 more): 6 + 6 = 12
    victim = plane(2, 0, 0, 5, damage=6)
    st = state([plane(0, -3, 0, 0, rank=4), plane(1, 3, 1, 3), victim, bystander(3)])
    _new, events = resolve(
        st,
        orders(0, "A", "L", "L", fire={1: ["A"]}),
        orders(1, "A", "L", "L", fire={1: ["A"]}),
        orders(2, "A", "L", "L"),
        orders(3, *QUIET),
    )
    assert [h["shooter"] for h in find(events, "hit", target=2, move=1)] == [0, 1]
    (down,) = find(events, "shot_down", seat=2)
    assert down["by"] == [0, 1]


# --- crashes and the pot --------------------------------------------------------------------


def test_a_crash_costs_what_a_shoot_down_would_nobody_gains_and_five_go_into_the_pot():
    # seat 1 (60 points, Hauptmann) hit by seat 0 in move 1, then flies off the board in move 2
    st = state([plane(0, 4, -2, 0), plane(1, 8, -2, 0, career_points=60, rank=2), bystander(3)])
    new, events = resolve(
        st, orders(0, "A", "L", "L", fire={1: ["A"]}), orders(1, "A", "A", "A"), orders(3, *QUIET)
    )
    assert find(events, "hit", shooter=0, target=1, move=1)
    assert find(events, "crash", seat=1, cause="edge", move=2)
    assert not find(events, "shot_down")
    assert new.plane(1).points == -(5 + 15 + 20)
    assert new.plane(0).points == 1  # the hit, no share of a kill
    assert new.pot == 5


@pytest.mark.parametrize("cause", ["balloon", "cloud"])
def test_balloon_fire_and_cloud_damage_are_crashes_too(cause):
    kw = (
        {"balloons": [(2, 0)], "balloon_rule": "normal"}
        if cause == "balloon"
        else {"clouds": [(2, 0)]}
    )
    st = state([plane(0, 0, 0, 0, damage=11, career_points=20), bystander(3), bystander(4)], **kw)
    new, events = resolve(st, orders(0, "A", "A", "A"), orders(3, *QUIET), orders(4, *QUIET))
    assert find(events, "crash", seat=0, cause=cause, move=2)
    assert new.plane(0).points == -10
    assert new.pot == 5


def test_an_unscored_game_has_no_points_and_no_pot_but_still_reports_hits_and_kills():
    for settings in ({"scored": False}, {"duel": True}):
        st = state(
            [plane(0, 0, 0, 0), plane(1, 2, 1, 2, damage=11), plane(2, 9, -4, 0), bystander(3)],
            **settings,
        )
        new, events = resolve(
            st,
            orders(0, "A", "L", "L", fire={1: ["A"]}),
            orders(1, "A", "H", "H"),
            orders(2, "A", "A", "A"),
            orders(3, *QUIET),
        )
        assert find(events, "hit", shooter=0) and find(events, "shot_down", seat=1)
        assert find(events, "crash", seat=2)
        assert all(p.points == 0 for p in new.planes)
        assert new.pot == 0


def test_an_unscored_winner_takes_no_pot():
    st = state([plane(0, 0, 0, 2), plane(1, 9, -4, 0)], scored=False)
    new, events = resolve(st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"))
    assert new.winner == 0
    assert new.pot == 0 and not find(events, "pot")
    assert new.plane(0).points == 0


# --- careers --------------------------------------------------------------------------------


def test_a_career_never_falls_below_zero():
    assert career.final_standing(10, -25) == 0
    assert career.final_standing(10, -1) == 9
    assert career.final_standing(30, 15) == 45


@pytest.mark.parametrize(
    "points, double_mg, aces",
    [
        (0, False, ()),
        (19, False, ()),
        (20, True, ()),
        (39, True, ()),
        (40, True, ("I",)),
        (59, True, ("I",)),
        (60, True, ("I", "S")),
        (79, True, ("I", "S")),
        (80, True, ("I", "S", "O")),
        (250, True, ("I", "S", "O")),
    ],
)
def test_ace_abilities_come_at_twenty_forty_sixty_and_eighty_career_points(points, double_mg, aces):
    assert career.has_double_mg(points) is double_mg
    assert tuple(sorted(career.ace_maneuvers(points))) == tuple(sorted(aces))
    offered = legal_maneuvers(plane(0, 0, 0, 0, career_points=points), ["A"])
    assert {"I", "S", "O"} & set(offered) == set(aces)


def test_ace_abilities_hang_on_points_not_on_rank():
    offered = legal_maneuvers(plane(0, 0, 0, 0, career_points=0, rank=6), ["A"])
    assert not {"I", "S", "O"} & set(offered)
    st = state([plane(0, 0, 0, 0, rank=3), plane(1, 2, 1, 2), bystander(3)])
    _new, events = resolve(
        st, orders(0, "A", "L", "L", fire={1: ["A"]}), orders(1, "A", "H", "H"), orders(3, *QUIET)
    )
    assert find(events, "hit", shooter=0, damage=4)  # no double machine guns at 0 points


def test_double_machine_guns_add_one_to_every_hit_at_twenty_career_points():
    for points, damage in ((19, 4), (20, 5)):
        st = state([plane(0, 0, 0, 0, career_points=points), plane(1, 2, 1, 2), bystander(3)])
        _, events = resolve(
            st,
            orders(0, "A", "L", "L", fire={1: ["A"]}),
            orders(1, "A", "H", "H"),
            orders(3, *QUIET),
        )
        assert find(events, "hit", shooter=0, range=1, damage=damage)
