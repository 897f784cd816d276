"""Rules §6: clouds and wind — the weather chain, legacy and windless games, the referee's wind,
the drift at the end of the round, cloud damage and new clouds."""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest

from dogfight.engine import Settings, resolve_round
from dogfight.engine.board import CORNERS, runway_hex
from dogfight.engine.hexgrid import BOARD_SET, DIRECTIONS, distance
from dogfight.engine.weather import draw_wind

from .helpers import find, orders, parked, plane, resolve, state, validated

UNSET_WIND = object()


def shifted(hexes, wind):
    """Every hex one step along ``dir(wind)``, off-board hexes dropped (computed here, not by
    the engine)."""
    dq, dr = DIRECTIONS[wind]
    return {(q + dq, r + dr) for q, r in hexes} & BOARD_SET


def draws(settings, round_no, previous, count, seed=1):
    rng = Random(seed)
    return Counter(draw_wind(settings, round_no, previous, rng) for _ in range(count))


def fly_round(st, *seat_orders, seed=0, wind=UNSET_WIND):
    """Resolve with the engine's own weather (``wind`` left unset) unless a wind is given."""
    if wind is UNSET_WIND:
        return resolve_round(st, validated(st, *seat_orders), seed)
    return resolve(st, *seat_orders, seed=seed, wind=wind)


def weather_of(events):
    (event,) = find(events, "weather")
    return event["wind"]


# --- the weather chain of a normal game -----------------------------------------------------


def test_round_one_of_a_normal_game_is_always_calm():
    for seed in range(300):
        assert draw_wind(Settings(), 1, None, Random(seed)) is None
    st = state([plane(0, 0, 0, 0), plane(1, -3, 0, 3)])
    for seed in range(50):
        new, events = fly_round(st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"), seed=seed)
        assert weather_of(events) is None
        assert new.wind is None and new.round == 2


def test_after_a_calm_round_the_wind_rises_half_the_time_from_any_direction_alike():
    n = 120_000
    counts = draws(Settings(), 5, None, n)
    assert abs(counts[None] / n - 1 / 2) < 0.01
    assert set(counts) == {None, 0, 1, 2, 3, 4, 5}
    for direction in range(6):
        assert abs(counts[direction] / n - 1 / 12) < 0.006


def test_a_windy_round_keeps_its_wind_seven_times_in_eight():
    n = 160_000
    counts = draws(Settings(), 7, 2, n)
    assert abs(counts[2] / n - 7 / 8) < 0.006


def test_a_change_of_wind_turns_it_sixty_degrees_left_or_right_or_lets_it_die_equally_often():
    n = 240_000
    counts = draws(Settings(), 7, 2, n)
    assert set(counts) == {2, 3, 1, None}  # never two steps, never a reversal
    for outcome in (3, 1, None):
        assert abs(counts[outcome] / n - 1 / 24) < 0.003


def test_the_wind_chain_wraps_round_the_compass():
    counts = draws(Settings(), 3, 5, 60_000)
    assert set(counts) == {5, 0, 4, None}
    counts = draws(Settings(), 3, 0, 60_000)
    assert set(counts) == {0, 1, 5, None}


def test_a_resolved_round_draws_its_weather_from_the_wind_of_the_round_before():
    st = state([plane(0, 0, 0, 0), plane(1, -3, 0, 3)], round=4, wind=None)
    winds = Counter()
    for seed in range(400):
        new, events = fly_round(st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"), seed=seed)
        assert new.wind == weather_of(events)
        assert new.round == 5
        winds[new.wind] += 1
    assert 150 < winds[None] < 250  # calm before: the wind rises about half the time


# --- legacy weather and windless games ------------------------------------------------------


def test_a_legacy_game_is_windy_from_round_one_in_a_random_direction():
    counts = draws(Settings(legacy_weather=True), 1, None, 30_000)
    assert None not in counts
    for direction in range(6):
        assert abs(counts[direction] / 30_000 - 1 / 6) < 0.015


def test_a_legacy_wind_never_dies_and_turns_one_step_about_every_eight_rounds():
    n = 160_000
    counts = draws(Settings(legacy_weather=True), 9, 4, n)
    assert set(counts) == {4, 5, 3}
    assert abs(counts[4] / n - 7 / 8) < 0.006
    assert abs(counts[5] / n - 1 / 16) < 0.004
    assert abs(counts[3] / n - 1 / 16) < 0.004


def test_a_windless_game_never_has_wind_and_its_clouds_never_move():
    clouds = [(0, 3), (1, 3), (2, 3), (-5, -1), (-4, -1), (-4, -2)]
    assert draws(Settings(windless=True), 1, None, 1000) == Counter({None: 1000})
    assert draws(Settings(windless=True), 8, 3, 1000) == Counter({None: 1000})
    st = state(
        [plane(0, 0, 0, 0), plane(1, -3, 0, 3)], clouds=clouds, round=6, wind=2, windless=True
    )
    for seed in range(60):
        new, events = fly_round(st, orders(0, "A", "H", "H"), orders(1, "A", "H", "H"), seed=seed)
        assert new.clouds == frozenset(clouds)
        assert weather_of(events) is None
        assert not find(events, "new_cloud")


def test_a_windless_game_still_costs_one_damage_per_move_in_a_cloud():
    st = state(
        [plane(0, 0, 0, 0), plane(1, -6, 0, 3)], clouds=[(1, 0), (2, 0), (3, 0)], windless=True
    )
    new, events = fly_round(st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"))
    assert new.plane(0).damage == 3
    assert [e["move"] for e in find(events, "cloud_damage", seat=0)] == [1, 2, 3]


# --- the referee's wind ---------------------------------------------------------------------


def test_a_referee_fixed_wind_overrides_the_calm_of_round_one():
    clouds = [(0, 4), (1, 4), (1, 3)]
    st = state([plane(0, 0, 0, 0), plane(1, -3, 0, 3)], clouds=clouds, round=1)
    new, events = resolve(st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"), wind=4)
    weather = find(events, "weather")[0]
    assert weather["wind"] == 4 and weather["fixed"] is True
    assert new.wind == 4
    assert shifted(clouds, 4) <= new.clouds


def test_a_referee_fixed_calm_stops_a_blowing_wind_for_that_round():
    clouds = [(0, 4), (1, 4), (1, 3)]
    st = state([plane(0, 0, 0, 0), plane(1, -3, 0, 3)], clouds=clouds, round=5, wind=1)
    for seed in range(30):
        new, events = resolve(
            st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"), seed=seed, wind=None
        )
        assert weather_of(events) is None
        assert new.wind is None
        assert new.clouds == frozenset(clouds)
        assert not find(events, "new_cloud")


# --- the drift ------------------------------------------------------------------------------


def test_clouds_drift_one_hex_downwind_at_the_end_of_the_round_not_before():
    # The plane ends its round in (1, 0); the cloud in (0, 0) drifts there only after move 3.
    st = state([plane(0, 1, -2, 5), plane(1, -6, 3, 3)], clouds=[(0, 0)], round=3, wind=0)
    new, events = resolve(st, orders(0, "A", "A", "H"), orders(1, "A", "A", "A"), wind=0)
    drift_damage = find(events, "cloud_damage", seat=0)
    assert [e["move"] for e in drift_damage] == [None]
    assert new.plane(0).damage == 1
    assert (1, 0) in new.clouds and (0, 0) not in new.clouds


@pytest.mark.parametrize("wind", range(6))
def test_every_cloud_hex_moves_along_the_wind_and_what_leaves_the_board_is_gone(wind):
    # a line of cloud across the whole board along the wind: its downwind end blows off
    dq, dr = DIRECTIONS[wind]
    clouds = [(dq * i, dr * i) for i in range(-9, 10)]
    st = state([plane(0, 0, 0, 0), plane(1, -3, 0, 3)], clouds=clouds, round=2, wind=wind)
    new, events = resolve(st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"), wind=wind)
    arrived = {tuple(h) for e in find(events, "new_cloud") for h in e["hexes"]}
    assert new.clouds - arrived == frozenset(shifted(clouds, wind))
    assert len(new.clouds - arrived) == len(clouds) - 1  # the downwind end blew off


def test_a_flying_plane_covered_by_a_drifted_cloud_takes_one_damage():
    # wind 5 blows along (0, +1): the cloud in (3, 1) drifts to (3, 2)
    st = state([plane(0, 2, 2, 0), plane(1, -6, 3, 3)], clouds=[(3, 1)], round=2)
    new, events = resolve(st, orders(0, "A", "A", "H"), orders(1, "A", "A", "A"), wind=5)
    assert (3, 2) in new.clouds
    assert new.plane(0).hex == (4, 2)
    assert new.plane(0).damage == 0  # the drifted cloud is not over it

    st = state([plane(0, 1, 2, 0), plane(1, -6, 3, 3)], clouds=[(3, 1)], round=2)
    new, events = resolve(st, orders(0, "A", "A", "H"), orders(1, "A", "A", "A"), wind=5)
    assert new.plane(0).hex == (3, 2)
    assert new.plane(0).damage == 1
    assert find(events, "cloud_damage", seat=0, move=None)


def test_a_plane_rolling_on_its_runway_mid_landing_takes_drift_damage_like_a_flying_plane():
    hex1, hex2 = runway_hex(0, "beta", 1), runway_hex(0, "beta", 2)  # (8, 0), (7, 0)
    # from (5, 0) nose east (toward corner 0): A, A onto runway hex 2, LD rolls onto hex 1
    st = state([plane(0, 5, 0, 0), plane(1, -6, 3, 3)], clouds=[(hex1[0], hex1[1] - 1)], round=2)
    new, events = resolve(st, orders(0, "A", "A", "LD"), orders(1, "A", "A", "A"), wind=5)
    assert new.plane(0).landing and new.plane(0).hex == hex1
    assert new.plane(0).status != "ground"
    assert new.plane(0).damage == 1
    assert find(events, "cloud_damage", seat=0, move=None)
    assert hex2 not in new.clouds


def test_planes_on_their_own_corner_take_no_cloud_damage_from_a_drift_or_while_standing():
    corner = CORNERS[0]
    st = state(
        [parked(0), plane(1, -6, 3, 3), plane(2, -3, 0, 3)],
        clouds=[corner, (corner[0] - 1, corner[1])],
        round=2,
    )
    new, events = resolve(
        st, orders(0, "G", "G", "G"), orders(1, "A", "A", "A"), orders(2, "A", "A", "A"), wind=0
    )
    assert new.plane(0).damage == 0
    assert corner in new.clouds  # the cloud from the west drifted onto the corner
    assert not find(events, "cloud_damage", seat=0)


def test_each_move_spent_in_a_cloud_costs_one_damage_point_holding_included():
    st = state([plane(0, 0, 0, 0), plane(1, -6, 3, 3)], clouds=[(1, 0), (2, 0), (3, 0)])
    new, events = resolve(st, orders(0, "A", "H", "H"), orders(1, "A", "A", "A"))
    assert new.plane(0).damage == 3
    assert [e["move"] for e in find(events, "cloud_damage", seat=0)] == [1, 2, 3]


def test_flying_through_a_cloud_costs_only_the_moves_that_end_in_it():
    st = state([plane(0, 0, 0, 0), plane(1, -6, 3, 3)], clouds=[(2, 0)])
    new, events = resolve(st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"))
    assert new.plane(0).damage == 1
    assert [e["move"] for e in find(events, "cloud_damage", seat=0)] == [2]


def test_taking_off_onto_a_clouded_runway_hex_costs_a_damage_point():
    hex1 = runway_hex(0, "beta", 1)
    st = state([parked(0), plane(1, -6, 3, 3)], clouds=[hex1])
    _new, events = resolve(st, orders(0, "TB", "TB", "A"), orders(1, "A", "A", "A"))
    assert [e["move"] for e in find(events, "cloud_damage", seat=0)] == [1]


def test_cloud_damage_to_the_out_threshold_is_a_crash():
    st = state(
        [plane(0, 0, 0, 0, damage=11), plane(1, -6, 3, 3), plane(2, -3, 0, 3)],
        clouds=[(1, 0)],
        scored=True,
    )
    new, events = resolve(
        st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"), orders(2, "A", "A", "A")
    )
    assert new.plane(0).status == "out"
    assert find(events, "crash", seat=0, cause="cloud", move=1)
    assert not find(events, "moved", seat=0, move=2)


# --- new clouds -----------------------------------------------------------------------------


def upwind_edge(wind):
    """The two board edges meeting at corner ``wind + 3``, from the geometry of §1."""
    origin = CORNERS[(wind + 3) % 6]
    ends = (CORNERS[(wind + 2) % 6], CORNERS[(wind + 4) % 6])
    rim = [h for h in BOARD_SET if max(abs(h[0]), abs(h[1]), abs(h[0] + h[1])) == 9]
    return {h for h in rim if any(distance(h, origin) + distance(h, end) == 9 for end in ends)}


def connected(hexes):
    hexes = set(hexes)
    start = next(iter(hexes))
    seen, todo = {start}, [start]
    while todo:
        q, r = todo.pop()
        for dq, dr in DIRECTIONS:
            n = (q + dq, r + dr)
            if n in hexes and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == hexes


def test_the_upwind_edge_is_the_nineteen_rim_hexes_around_the_corner_the_wind_comes_from():
    for wind in range(6):
        edge = upwind_edge(wind)
        assert len(edge) == 19
        assert CORNERS[(wind + 3) % 6] in edge


@pytest.mark.parametrize("wind", range(6))
def test_new_clouds_enter_only_in_windy_rounds_near_the_upwind_edge_with_three_to_five_hexes(wind):
    clouds = [(0, 0), (1, 0), (0, 1), (5, -2), (5, -3), (6, -3)]
    st = state([plane(0, 0, -2, 0), plane(1, -2, 2, 3)], clouds=clouds, round=4, wind=wind)
    edge = upwind_edge(wind)
    drifted = frozenset(shifted(clouds, wind))
    arrivals = 0
    runs = 400
    for seed in range(runs):
        new, events = resolve(
            st, orders(0, "A", "H", "H"), orders(1, "A", "H", "H"), seed=seed, wind=wind
        )
        news = find(events, "new_cloud")
        assert len(news) <= 1
        if not news:
            assert new.clouds == drifted
            continue
        arrivals += 1
        cloud = {tuple(h) for h in news[0]["hexes"]}
        assert 3 <= len(cloud) <= 5
        assert len(cloud) == len(news[0]["hexes"])
        assert cloud <= BOARD_SET
        assert connected(cloud)
        assert all(min(distance(h, e) for e in edge) <= 2 for h in cloud)
        assert not cloud & drifted  # not overlapping another cloud
        assert new.clouds == drifted | cloud
    assert abs(arrivals / runs - 1 / 4) < 0.07


def test_no_new_cloud_in_a_calm_round():
    st = state(
        [plane(0, 0, -2, 0), plane(1, -2, 2, 3)], clouds=[(0, 0), (1, 0), (0, 1)], round=4, wind=2
    )
    for seed in range(300):
        new, events = resolve(
            st, orders(0, "A", "H", "H"), orders(1, "A", "H", "H"), seed=seed, wind=None
        )
        assert not find(events, "new_cloud")
        assert new.clouds == st.clouds


def test_a_new_cloud_does_no_damage_on_arrival():
    # planes hold all over the upwind band of wind 0 (which blows from corner 3, the west)
    wind = 0
    spots = [(-7, 0), (-7, 3), (-7, -2), (-3, -5), (0, -8)]
    assert all(min(distance(h, e) for e in upwind_edge(wind)) <= 2 for h in spots)
    planes = [plane(seat, q - 1, r, 0) for seat, (q, r) in enumerate(spots)]
    st = state(planes, round=4, wind=wind)
    covered = 0
    for seed in range(400):
        new, events = resolve(
            st, *[orders(p.seat, "A", "H", "H") for p in planes], seed=seed, wind=wind
        )
        for p in new.planes:
            if p.hex in new.clouds:
                covered += 1
        assert not find(events, "cloud_damage")
    assert covered > 0  # new clouds did arrive over planes, and did them no harm


def test_in_a_windless_game_a_fixed_wind_moves_nothing_the_whole_game_stays_windless():
    # reading: "windless" is set for the whole game ("clouds never move"), so it wins over a
    # wind fixed for one round
    clouds = [(0, 4), (1, 4), (1, 3)]
    st = state([plane(0, 0, 0, 0), plane(1, -3, 0, 3)], clouds=clouds, round=3, windless=True)
    new, events = resolve(st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"), wind=2)
    assert new.clouds == frozenset(clouds)
    assert new.wind is None and weather_of(events) is None
