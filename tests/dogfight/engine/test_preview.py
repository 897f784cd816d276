"""The preview job: what a pilot's picks would do to his own plane, as warnings (never
refusals), and each burst's line with its damage by range; it agrees with the resolution."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dogfight.engine.__main__ import answer
from dogfight.engine.hexgrid import BOARD
from dogfight.engine.preview import preview
from dogfight.engine.state import EngineError

from .helpers import find, orders, parked, plane, resolve, state


def moves(*codes, fire=None, through=()):
    return orders(0, *codes, fire=fire, through=through)[0]


def kinds(result):
    return [(w["move"], w["type"]) for w in result["warnings"]]


def test_flying_off_the_board_is_a_crash_warning_and_the_moves_after_it_are_not_flown():
    # The case: at (0, -8) facing north-west, ahead three times.
    st_ = state([plane(0, 0, -8, 2), parked(3)])
    result = preview(st_, 0, moves("A", "A", "A"))
    assert kinds(result) == [(2, "edge")]
    assert [m["status"] for m in result["moves"]] == ["air", "out", "out"]
    assert (result["moves"][1]["q"], result["moves"][1]["r"]) == (0, -10)


def test_the_warning_comes_as_soon_as_the_move_is_picked():
    st_ = state([plane(0, 9, -4, 0), parked(3)])
    assert kinds(preview(st_, 0, moves("A"))) == [(1, "edge")]
    assert kinds(preview(st_, 0, [])) == []


def test_flying_into_a_balloon_is_a_crash_warning():
    st_ = state([plane(0, 0, 0, 0), parked(3)], balloons=[(2, 0)])
    result = preview(st_, 0, moves("A", "A", "A"))
    assert result["warnings"] == [{"move": 2, "type": "balloon", "q": 2, "r": 0}]
    assert result["moves"][2]["status"] == "out"


def test_each_move_in_a_cloud_costs_a_point_and_the_last_point_is_a_crash():
    st_ = state([plane(0, 0, 0, 0, damage=10), parked(3)], clouds=[(1, 0), (2, 0)])
    result = preview(st_, 0, moves("A", "A", "A"))
    assert result["warnings"] == [
        {"move": 1, "type": "cloud", "damage": 11, "crash": False},
        {"move": 2, "type": "cloud", "damage": 12, "crash": True},
    ]
    assert result["moves"][1]["status"] == "out"


def test_a_burst_line_gives_the_damage_at_each_range_from_the_moves_hex_and_nose():
    st_ = state([plane(0, 0, 0, 0), parked(3)])
    result = preview(st_, 0, moves("L", "A", "A", fire={1: ["A", "R"]}))
    ahead, right = result["moves"][0]["bursts"]
    # After turning left the plane is at (1, -1) with its nose north-east (1).
    assert ahead["direction"] == "A"
    assert [(h["q"], h["r"], h["range"], h["damage"]) for h in ahead["hexes"]] == [
        (2, -2, 1, 4),
        (3, -3, 2, 3),
        (4, -4, 3, 2),
        (5, -5, 4, 1),
    ]
    assert ahead["stop"] == "reach"
    assert next((h["q"], h["r"]) for h in right["hexes"]) == (2, -1)  # diagonally right: east


def test_a_burst_stops_before_a_cloud_and_at_the_board_edge():
    st_ = state([plane(0, 6, 0, 0), parked(3)], clouds=[(1, -3)])
    result = preview(st_, 0, moves("A", "A", "A", fire={1: ["A"], 2: ["L"]}))
    edge = result["moves"][0]["bursts"][0]
    assert [h["range"] for h in edge["hexes"]] == [1, 2] and edge["stop"] == "edge"
    st_ = state([plane(0, 0, 0, 0), parked(3)], clouds=[(3, 0)])
    cloud = preview(st_, 0, moves("A", "A", "A", fire={1: ["A"]}))["moves"][0]["bursts"][0]
    assert [h["range"] for h in cloud["hexes"]] == [1] and cloud["stop"] == "cloud"


def test_a_balloon_stops_a_burst_unless_ticked_through_then_halves_it():
    st_ = state([plane(0, 0, 0, 0), parked(3)], balloons=[(3, 0)], balloon_rule="through")
    normal = preview(st_, 0, moves("A", "A", "A", fire={1: ["A"]}))["moves"][0]["bursts"][0]
    assert [(h["range"], h["damage"], h.get("balloon", False)) for h in normal["hexes"]] == [
        (1, 4, False),
        (2, 3, True),
    ]
    assert normal["stop"] == "balloon"
    through = preview(st_, 0, moves("A", "A", "A", fire={1: ["A"]}, through={1}))
    line = through["moves"][0]["bursts"][0]
    assert [(h["range"], h["damage"]) for h in line["hexes"]] == [(1, 4), (2, 2), (3, 1), (4, 0)]


def test_double_machine_guns_add_a_point_at_every_range():
    st_ = state([plane(0, 0, 0, 0, career_points=20), parked(3)])
    line = preview(st_, 0, moves("A", "A", "A", fire={1: ["A"]}))["moves"][0]["bursts"][0]
    assert [h["damage"] for h in line["hexes"]] == [5, 4, 3, 2]


def test_a_landing_started_in_move_3_rolls_on_into_the_next_round():
    # Seat 0's airfield is corner (9, 0); runway beta's hex 2 is (7, 0), nose east to land.
    st_ = state([plane(0, 6, 0, 0), parked(3)])
    result = preview(st_, 0, moves("A", "LD", "LD"))
    assert kinds(result) == []
    assert result["moves"][2]["status"] == "ground"
    result = preview(state([plane(0, 5, 0, 0), parked(3)]), 0, moves("A", "A", "LD"))
    assert kinds(result) == [(None, "landing_roll")]


def test_a_cloud_that_drifts_over_the_plane_if_the_wind_holds():
    # Last round's wind blew north-east (1): the cloud at (2, 1) would drift onto (3, 0).
    st_ = state([plane(0, 0, 0, 0), parked(3)], clouds=[(2, 1)], wind=1, round=3)
    result = preview(st_, 0, moves("A", "A", "A"))
    assert result["warnings"] == [
        {"move": None, "type": "drift", "damage": 1, "crash": False, "wind": 1}
    ]
    windless = state([plane(0, 0, 0, 0), parked(3)], clouds=[(2, 1)], wind=1, windless=True)
    assert preview(windless, 0, moves("A", "A", "A"))["warnings"] == []


def test_an_illegal_pick_is_an_error_naming_it():
    st_ = state([parked(0), parked(3)])
    with pytest.raises(EngineError, match="move 1: A \\(ahead\\) is not offered"):
        preview(st_, 0, moves("A"))


def test_the_json_face_answers_a_preview_job():
    job = {
        "state": {
            "planes": [{"seat": 0, "q": 0, "r": -8, "facing": 2, "status": "air"}, {"seat": 3}]
        },
        "seat": 0,
        "moves": [{"maneuver": "A"}, {"maneuver": "A"}, {"maneuver": "A"}],
    }
    result, ok = answer("preview", job)
    assert ok and result["warnings"] == [{"move": 2, "type": "edge"}]
    error, ok = answer("preview", {**job, "moves": [{"maneuver": "H"}]})
    assert not ok and "is not offered" in error["error"]


@settings(max_examples=150, deadline=None)
@given(
    shooter=st.sampled_from(BOARD),
    facing=st.integers(0, 5),
    target=st.sampled_from(BOARD),
    cloud=st.sampled_from(BOARD),
    balloon=st.sampled_from(BOARD),
    direction=st.sampled_from(["A", "L", "R"]),
    through=st.booleans(),
    points=st.sampled_from([0, 20]),
)
def test_the_previewed_damage_is_what_the_resolution_deals(
    shooter, facing, target, cloud, balloon, direction, through, points
):
    """A fast shooter (Oberstleutnant) moves and fires before the target moves, so the target
    stands where the preview saw the board: the hit is the preview's damage at that hex."""
    if len({shooter, target, cloud, balloon}) < 4:
        return
    st_ = state(
        [plane(0, *shooter, facing, rank=4, career_points=points), plane(1, *target, 0)],
        clouds=[cloud],
        balloons=[balloon],
        balloon_rule="through",
    )
    picked = moves("A", "A", "A", fire={1: [direction]}, through={1} if through else ())
    seen = preview(st_, 0, picked)
    if seen["moves"][0]["status"] == "out":
        return
    at = {(h["q"], h["r"]): h["damage"] for h in seen["moves"][0]["bursts"][0]["hexes"]}
    _new, events = resolve(st_, {0: picked}, orders(1, "A", "A", "A"))
    hits = find(events, "hit", move=1, target=1)
    assert [h["damage"] for h in hits] == ([at[target]] if at.get(target) else [])
    # The burst's line in the report is the line the preview drew, to the hex it stopped in.
    [burst] = find(events, "burst", move=1, seat=0)
    assert burst["hexes"] == [[h["q"], h["r"]] for h in seen["moves"][0]["bursts"][0]["hexes"]]
