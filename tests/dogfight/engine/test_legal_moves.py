"""Rules §3: the legal list per move and per pilot, exactly as the table and bullets say."""

from __future__ import annotations

import pytest

from dogfight.engine import EngineError, legal_maneuvers
from dogfight.engine.board import CORNERS

from .helpers import parked, plane

BASICS = {"A", "L", "R", "LS", "RS"}
TAKE_OFFS = {"TA", "TB", "TG"}


def legal(p, *chosen):
    return set(legal_maneuvers(p, list(chosen)))


def test_move_one_in_the_air_offers_ahead_turns_and_slips_only():
    assert legal(plane(0, 0, 0, 0)) == BASICS


def test_move_one_never_offers_hold_or_ace_maneuvers_even_to_an_ace():
    assert legal(plane(0, 0, 0, 0, career_points=500, rank=6)) == BASICS


def test_move_two_adds_hold():
    assert legal(plane(0, 0, 0, 0), "A") == BASICS | {"H"}


def test_move_three_offers_hold_after_a_move_two_that_was_not_hold():
    assert legal(plane(0, 0, 0, 0), "A", "L") == BASICS | {"H"}


def test_after_hold_only_hold_is_offered():
    assert legal(plane(0, 0, 0, 0, career_points=80), "A", "H") == {"H"}


@pytest.mark.parametrize(
    "points, aces",
    [
        (0, set()),
        (19, set()),
        (20, set()),
        (39, set()),
        (40, {"I"}),
        (59, {"I"}),
        (60, {"I", "S"}),
        (79, {"I", "S"}),
        (80, {"I", "S", "O"}),
        (250, {"I", "S", "O"}),
    ],
)
def test_ace_maneuvers_follow_career_points_from_move_two(points, aces):
    p = plane(0, 0, 0, 0, career_points=points)
    assert legal(p) == BASICS
    assert legal(p, "A") == BASICS | {"H"} | aces
    assert legal(p, "A", "R") == BASICS | {"H"} | aces


@pytest.mark.parametrize("rank", range(7))
def test_rank_alone_gives_no_ace_maneuver(rank):
    assert legal(plane(0, 0, 0, 0, rank=rank), "A") == BASICS | {"H"}


def test_on_the_ground_take_off_replaces_the_turns():
    assert legal(parked(0)) == {"G"} | TAKE_OFFS


def test_a_pilot_who_stayed_on_the_ground_may_still_take_off_in_move_two():
    assert legal(parked(0), "G") == {"G"} | TAKE_OFFS


def test_take_off_cannot_start_in_move_three():
    assert legal(parked(0), "G", "G") == {"G"}


@pytest.mark.parametrize("code", sorted(TAKE_OFFS))
def test_take_off_continues_straight_on_the_same_runway(code):
    assert legal(parked(0), code) == {code}
    assert legal(parked(0), "G", code) == {code}


def test_after_a_take_off_in_moves_one_and_two_move_three_is_free():
    assert legal(parked(0), "TB", "TB") == BASICS | {"H"}
    assert legal(parked(0, career_points=80), "TG", "TG") == BASICS | {"H", "I", "S", "O"}


def test_landing_is_offered_on_runway_hex_two_of_ones_own_airfield_nose_toward_the_corner():
    # seat 0, runway beta hex 2 is (7, 0); east (0) points at the corner (9, 0)
    assert legal(plane(0, 7, 0, 0)) == BASICS | {"LD"}
    assert legal(plane(0, 6, 0, 0, career_points=80), "A") == BASICS | {"H", "I", "S", "O", "LD"}


def test_landing_is_offered_in_any_move_once_on_the_approach():
    assert "LD" in legal(plane(0, 6, 0, 0), "A")  # flown onto the approach in move 1
    assert "LD" in legal(plane(0, 5, 0, 0), "A", "A")  # and in move 2


@pytest.mark.parametrize(
    "q, r, facing",
    [
        (7, 2, 1),  # alpha hex 2, nose NE toward (9, 0)
        (9, -2, 5),  # gamma hex 2, nose SE toward (9, 0)
    ],
)
def test_landing_is_offered_on_runways_alpha_and_gamma_too(q, r, facing):
    assert "LD" in legal(plane(0, q, r, facing))


def test_landing_is_not_offered_facing_away_from_the_corner():
    for facing in (1, 2, 3, 4, 5):
        assert "LD" not in legal(plane(0, 7, 0, facing))


def test_landing_is_not_offered_on_runway_hex_one():
    assert "LD" not in legal(plane(0, 8, 0, 0))


def test_landing_is_not_offered_on_another_pilots_airfield():
    # (7, 0) facing east is the approach of seat 0's airfield, not seat 1's
    assert "LD" not in legal(plane(1, 7, 0, 0))


def test_landing_is_not_offered_elsewhere_in_the_air():
    assert "LD" not in legal(plane(0, 0, 0, 0))
    assert "LD" not in legal(plane(0, 0, 0, 0), "A")


def test_the_second_landing_move_is_the_only_choice_after_the_first():
    assert legal(plane(0, 7, 0, 0), "LD") == {"LD"}


def test_a_landing_started_last_round_offers_only_the_landing_roll_in_move_one():
    rolling = plane(0, 8, 0, 0, landing=True)
    assert legal(rolling) == {"LD"}


def test_a_landed_plane_stays_on_the_ground_for_the_rest_of_the_round():
    assert legal(plane(0, 7, 0, 0), "LD", "LD") == {"G"}
    rolling = plane(0, 8, 0, 0, landing=True)
    assert legal(rolling, "LD") == {"G"}
    assert legal(rolling, "LD", "G") == {"G"}


def test_the_legal_list_follows_the_route_chosen_so_far():
    # from (5, 0) facing east, two aheads reach the approach (7, 0); a left turn leads away
    p = plane(0, 5, 0, 0)
    assert "LD" not in legal(p, "L")
    assert "LD" in legal(p, "A", "A")


def test_a_round_has_only_three_moves_to_choose():
    with pytest.raises(EngineError, match="three"):
        legal_maneuvers(plane(0, 0, 0, 0), ["A", "A", "A"])


def test_the_legal_list_of_a_parked_plane_on_its_corner():
    p = parked(3)
    assert p.hex == CORNERS[3]
    assert legal(p) == {"G", "TA", "TB", "TG"}
