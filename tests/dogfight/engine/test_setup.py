"""Rules §11 (with §1 and §6): a new game — airfields and planes, fair clouds, fair balloons,
all from a seed."""

from __future__ import annotations

import pytest

from dogfight.engine import EngineError, Settings, new_game
from dogfight.engine.board import CORNERS, airfield_hexes, runway_hex
from dogfight.engine.hexgrid import BOARD_SET, DIRECTIONS, distance

FULL = Settings()
DUEL = Settings(duel=True)


def components(hexes):
    """The connected fields of a set of hexes."""
    left, fields = set(hexes), []
    while left:
        start = left.pop()
        field, todo = {start}, [start]
        while todo:
            q, r = todo.pop()
            for dq, dr in DIRECTIONS:
                n = (q + dq, r + dr)
                if n in left:
                    left.discard(n)
                    field.add(n)
                    todo.append(n)
        fields.append(field)
    return fields


def seats_of(game):
    return [p.seat for p in game.planes]


def field_hexes(seat):
    """Corner and runway hexes of an airfield, from §1's geometry (β heads k+3, α k+4, γ k+2)."""
    corner = CORNERS[seat]
    hexes = {corner}
    for heading in (seat + 3, seat + 4, seat + 2):
        dq, dr = DIRECTIONS[heading % 6]
        hexes |= {(corner[0] + i * dq, corner[1] + i * dr) for i in (1, 2)}
    return hexes


# --- airfields and planes -------------------------------------------------------------------


def test_a_full_game_has_six_planes_each_on_its_own_corner():
    game = new_game(1, FULL)
    assert seats_of(game) == [0, 1, 2, 3, 4, 5]
    for p in game.planes:
        assert p.hex == CORNERS[p.seat] == (9 * DIRECTIONS[p.seat][0], 9 * DIRECTIONS[p.seat][1])
        assert p.status == "ground"
        assert (p.damage, p.points, p.repairs_used, p.missed_rounds) == (0, 0, 0, 0)
        assert not p.landing
        assert p.ammo == 16


def test_a_duel_has_two_planes_on_opposite_airfields():
    game = new_game(1, DUEL)
    assert len(game.planes) == 2
    a, b = (p.hex for p in game.planes)
    assert (a[0] + b[0], a[1] + b[1]) == (0, 0)
    assert all(p.hex == CORNERS[p.seat] and p.status == "ground" for p in game.planes)


def test_a_new_game_is_at_round_one_calm_with_an_empty_pot_and_no_winner():
    game = new_game(5, FULL)
    assert game.round == 1 and game.wind is None
    assert game.pot == 0 and not game.over and game.winner is None
    assert game.settings == FULL


def test_the_airfield_table_matches_the_geometry_of_section_one():
    for seat in range(6):
        assert set(airfield_hexes(seat)) == field_hexes(seat)
        assert field_hexes(seat) <= BOARD_SET
        assert runway_hex(seat, "beta", 2) == (7 * DIRECTIONS[seat][0], 7 * DIRECTIONS[seat][1])


# --- clouds ---------------------------------------------------------------------------------


def check_fair_clouds(game, settings, count):
    clouds = set(game.clouds)
    seats = seats_of(game)
    fields = components(clouds)
    assert len(fields) == count  # one clear hex between clouds: no two of them touch
    assert all(3 <= len(f) <= 5 for f in fields)
    assert clouds <= BOARD_SET
    near = set().union(*(field_hexes(s) for s in seats))
    assert all(distance(c, h) > 1 for c in clouds for h in near)
    counts = [sum(1 for c in clouds if distance(c, CORNERS[s]) <= 6) for s in seats]
    assert max(counts) - min(counts) <= 1, counts


@pytest.mark.parametrize("seed", range(12))
def test_the_six_default_clouds_are_fair_to_every_airfield(seed):
    game = new_game(seed, FULL)
    check_fair_clouds(game, FULL, 6)


@pytest.mark.parametrize("count", [0, 1, 2, 3, 5, 8, 10, 12])
def test_the_referee_may_choose_zero_to_twelve_clouds_all_fair(count):
    for seed in range(3):
        check_fair_clouds(new_game(seed, FULL, clouds=count), FULL, count)


@pytest.mark.parametrize("count", [0, 4, 6, 12])
def test_duel_clouds_are_fair_to_both_airfields(count):
    for seed in range(4):
        check_fair_clouds(new_game(seed, DUEL, clouds=count), DUEL, count)


@pytest.mark.parametrize("count", [-1, 13, 40])
def test_more_than_twelve_clouds_or_fewer_than_none_is_a_clear_error(count):
    with pytest.raises(EngineError, match="clouds"):
        new_game(1, FULL, clouds=count)


# --- balloons -------------------------------------------------------------------------------


def distance_lists(game):
    return [sorted(distance(CORNERS[p.seat], b.hex) for b in game.balloons) for p in game.planes]


def check_fair_balloons(game, count):
    assert len(game.balloons) == count
    hexes = [b.hex for b in game.balloons]
    assert len(set(hexes)) == count
    assert set(hexes) <= BOARD_SET
    assert all(b.damage == 0 for b in game.balloons)
    lists = distance_lists(game)
    assert all(lst == lists[0] for lst in lists)
    near = set().union(*(field_hexes(p.seat) for p in game.planes))
    assert all(distance(b, h) > 1 for b in hexes for h in near)


@pytest.mark.parametrize("count", [0, 1, 6, 7, 12, 13])
def test_a_full_game_takes_balloons_in_fair_sets(count):
    for seed in range(6):
        check_fair_balloons(new_game(seed, FULL, balloons=count), count)


@pytest.mark.parametrize("count", [0, 1, 2, 3, 4, 5])
def test_a_duel_takes_zero_to_five_balloons_in_fair_sets(count):
    for seed in range(6):
        check_fair_balloons(new_game(seed, DUEL, balloons=count), count)


def test_an_odd_balloon_count_includes_the_centre():
    assert (0, 0) in [b.hex for b in new_game(2, FULL, balloons=7).balloons]
    assert (0, 0) in [b.hex for b in new_game(2, DUEL, balloons=3).balloons]
    assert (0, 0) not in [b.hex for b in new_game(2, FULL, balloons=6).balloons]


@pytest.mark.parametrize(
    "settings, count",
    [
        (FULL, 2),
        (FULL, 3),
        (FULL, 5),
        (FULL, 8),
        (FULL, 11),
        (FULL, 14),
        (FULL, 19),
        (DUEL, 6),
        (DUEL, 7),
        (FULL, -1),
    ],
)
def test_a_balloon_count_that_cannot_be_placed_fairly_is_a_clear_error(settings, count):
    with pytest.raises(EngineError, match="balloons"):
        new_game(1, settings, balloons=count)


# --- seeds ----------------------------------------------------------------------------------


def test_the_same_seed_gives_the_same_game():
    for seed in (0, 1, 99, 2**40):
        a = new_game(seed, FULL, balloons=7, clouds=8)
        b = new_game(seed, FULL, balloons=7, clouds=8)
        assert a.to_dict() == b.to_dict()


def test_different_seeds_give_different_skies():
    layouts = {tuple(sorted(new_game(seed, FULL, balloons=6).clouds)) for seed in range(10)}
    assert len(layouts) == 10
