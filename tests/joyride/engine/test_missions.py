"""Every mission of the seed's table on its own, on hand-made labs: done, and just not done."""

from __future__ import annotations

from joyride.engine.tables import MISSIONS

from .helpers import EMPTY, hand_lab, mission, run, straight, tile, zapper


def done(lab, tiles, mission_id, gadgets=()) -> bool:
    return mission(run(lab, tiles, gadgets, [mission_id]), mission_id)["done"]


def test_the_table_is_the_seeds_seventeen_with_their_stars_and_no_solo_marks():
    assert list(MISSIONS) == [f"MS-{n:02}" for n in range(1, 18)]
    assert [m.stars for m in MISSIONS.values()] == [
        3,
        3,
        3,
        5,
        5,
        5,
        4,
        5,
        3,
        3,
        4,
        4,
        5,
        5,
        5,
        3,
        5,
    ]
    assert [m.id for m in MISSIONS.values() if not m.solo] == ["MS-01", "MS-02"]


def test_a_mission_done_scores_its_stars_once():
    result = run(hand_lab(), straight(2, 12), missions=["MS-01", "MS-02"])
    assert [(m["id"], m["done"], m["points"]) for m in result["missions"]] == [
        ("MS-01", True, 3),
        ("MS-02", True, 3),
    ]
    assert result["mission_points"] == 6


def test_ms01_escape_needs_a_terminal_beyond_column_35():
    assert done(hand_lab(), straight(2, 12), "MS-01")
    assert not done(hand_lab(), straight(2, 11), "MS-01")


def test_ms02_three_completed_sectors():
    # 9 I3s reach column 27, the first of sector 4: sectors 1-3 are completed.
    assert done(hand_lab(), straight(2, 9), "MS-02")
    result = run(hand_lab(), straight(2, 8), missions=["MS-02"])
    assert result["completed"] == [1, 2] and mission(result, "MS-02")["progress"] == 2
    assert not mission(result, "MS-02")["done"]


def test_ms03_all_five_coins_of_a_sector():
    lab = hand_lab({"coins": [[2, 0], [2, 1], [2, 2], [2, 5], [3, 7]]})
    assert mission(run(lab, straight(2, 3), missions=["MS-03"]), "MS-03")["progress"] == 4
    assert not done(lab, straight(2, 3), "MS-03")
    lab = hand_lab({"coins": [[2, 0], [2, 1], [2, 2], [2, 5], [2, 7]]})
    assert done(lab, straight(2, 3), "MS-03")


def test_ms03_counts_coins_the_coin_magnet_collects():
    lab = hand_lab({"coins": [[2, 0], [2, 1], [2, 2], [2, 5], [3, 7]]})
    assert done(lab, straight(2, 3), "MS-03", gadgets=["GS-12"])


def test_ms04_a_completed_sector_without_a_coin_collected():
    coins_on_row_2 = {"coins": [[2, 3], [0, 0], [0, 1], [0, 2], [0, 3]]}
    lab = hand_lab(coins_on_row_2, coins_on_row_2)
    assert not done(lab, straight(2, 6), "MS-04")  # sectors 1 and 2, a coin in each
    lab = hand_lab(coins_on_row_2, EMPTY)
    assert done(lab, straight(2, 6), "MS-04")  # sector 2 completed, no coin in it
    assert not done(lab, straight(2, 5), "MS-04")  # sector 2 not completed yet


def test_ms05_ten_roof_blocks_anywhere():
    result = run(hand_lab(), straight(0, 3), missions=["MS-05"])  # columns 0-9
    assert mission(result, "MS-05")["progress"] == 10 and mission(result, "MS-05")["done"]
    result = run(hand_lab(), straight(0, 2), missions=["MS-05"])
    assert mission(result, "MS-05")["progress"] == 7 and not mission(result, "MS-05")["done"]


def test_ms06_ten_floor_blocks_anywhere():
    assert done(hand_lab(), straight(5, 3), "MS-06")
    assert not done(hand_lab(), straight(4, 3), "MS-06")


def test_ms07_a_completed_sector_touching_neither_roof_nor_floor():
    assert done(hand_lab(), straight(2, 3), "MS-07")
    assert not done(hand_lab(), straight(0, 3), "MS-07")
    assert not done(hand_lab(), straight(5, 3), "MS-07")
    assert not done(hand_lab(), straight(2, 2), "MS-07")  # sector 1 not left yet


def test_ms08_every_obstacle_of_a_sector_near_missed():
    lab = hand_lab({"obstacles": [zapper((1, 2)), zapper((3, 5), (4, 5))]})
    assert done(lab, straight(2, 3), "MS-08")
    lab = hand_lab({"obstacles": [zapper((1, 2)), zapper((4, 5), (5, 5))]})
    assert not done(lab, straight(2, 3), "MS-08")


def test_ms09_coming_back_into_a_sector_already_left():
    there_and_back = straight(2, 3) + [tile("I3", (3, 9), (3, 8), (3, 7))]
    assert done(hand_lab(), there_and_back, "MS-09")
    assert not done(hand_lab(), straight(2, 6), "MS-09")


def test_ms10_four_tiles_wholly_inside_one_sector():
    four = straight(2, 2) + [tile("I3", (3, 6), (4, 6), (5, 6)), tile("I3", (5, 5), (5, 4), (5, 3))]
    assert done(hand_lab(), four, "MS-10")
    result = run(hand_lab(), four[:-1], missions=["MS-10"])
    assert mission(result, "MS-10")["progress"] == 3 and not mission(result, "MS-10")["done"]


def test_ms11_no_scientist_covered():
    assert done(hand_lab({"scientists": [[3, 4]]}), straight(2, 3), "MS-11")
    assert not done(hand_lab({"scientists": [[2, 4]]}), straight(2, 3), "MS-11")


def test_ms12_three_scientists_near_missed_not_covered():
    near = {"scientists": [[1, 1], [3, 4], [1, 7]]}
    assert done(hand_lab(near), straight(2, 3), "MS-12")
    covered = {"scientists": [[1, 1], [2, 4], [1, 7]]}
    result = run(hand_lab(covered), straight(2, 3), missions=["MS-12"])
    assert mission(result, "MS-12")["progress"] == 2 and not mission(result, "MS-12")["done"]


DOWN_THEN_ON = [
    tile("I3", (1, -2), (1, -1), (1, 0)),
    tile("I3", (1, 1), (1, 2), (1, 3)),
    tile("I3", (2, 3), (3, 3), (4, 3)),
    tile("I3", (4, 4), (4, 5), (4, 6)),
    tile("I3", (4, 7), (4, 8), (4, 9)),
]


def test_ms13_never_lower_in_a_completed_sector():
    assert not done(hand_lab(), DOWN_THEN_ON, "MS-13")
    assert done(hand_lab(), straight(2, 3), "MS-13")


def test_ms14_never_higher_in_a_completed_sector():
    assert done(hand_lab(), DOWN_THEN_ON, "MS-14")
    up = [
        tile("I3", (4, -2), (4, -1), (4, 0)),
        tile("I3", (4, 1), (4, 2), (4, 3)),
        tile("I3", (3, 3), (2, 3), (1, 3)),
        tile("I3", (1, 4), (1, 5), (1, 6)),
        tile("I3", (1, 7), (1, 8), (1, 9)),
    ]
    assert not done(hand_lab(), up, "MS-14")
    assert done(hand_lab(), up, "MS-13")


def test_ms15_at_most_two_shapes_in_a_completed_sector():
    assert done(hand_lab(), straight(2, 3), "MS-15")
    three_shapes = [
        tile("I3", (2, -2), (2, -1), (2, 0)),
        tile("I4", (2, 1), (2, 2), (2, 3), (2, 4)),
        tile("L4", (2, 5), (2, 6), (2, 7), (3, 7)),
        tile("I3", (3, 8), (3, 9), (3, 10)),
    ]
    assert not done(hand_lab(), three_shapes, "MS-15")


def test_ms16_leaving_a_sector_in_the_row_it_was_entered():
    assert done(hand_lab(), straight(2, 3), "MS-16")
    step_down = straight(2, 2) + [
        tile("I3", (3, 6), (3, 7), (3, 8)),
        tile("I3", (3, 9), (3, 10), (3, 11)),
    ]
    assert not done(hand_lab(), step_down, "MS-16")


def test_ms17_an_obstacle_near_missed_from_all_four_sides():
    lab = hand_lab({"obstacles": [zapper((2, 4))]})
    around = straight(2, 1) + [
        tile("L4", (1, 3), (1, 4), (1, 5), (2, 5)),
        tile("L4", (3, 5), (3, 4), (3, 3), (4, 3)),
    ]
    result = run(lab, around, missions=["MS-17"])
    assert result["near_misses"]["obstacles"][0]["sides"] == ["bottom", "left", "right", "top"]
    assert mission(result, "MS-17")["done"]
    assert not done(lab, around[:-1], "MS-17")
