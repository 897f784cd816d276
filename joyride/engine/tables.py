"""The seed's tables: 17 missions, 16 gadgets (ids as the seed numbers them, with its "no solo"
marks), the pool sizes by player count and the solo rating table. Names are data keys; the
words a player reads belong to the web layer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Mission:
    id: str
    key: str
    stars: int
    solo: bool  # False: the seed's "no solo" mark
    target: int | None = None  # the count the mission asks for, where it asks for one

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "key": self.key,
            "stars": self.stars,
            "solo": self.solo,
            "target": self.target,
        }


@dataclass(frozen=True, slots=True)
class Gadget:
    id: str
    key: str
    solo: bool

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "key": self.key, "solo": self.solo}


MISSIONS: dict[str, Mission] = {
    m.id: m
    for m in (
        Mission("MS-01", "escape_the_lab", 3, False),
        Mission("MS-02", "complete_3_sectors", 3, False, 3),
        Mission("MS-03", "five_coins_in_a_sector", 3, True, 5),
        Mission("MS-04", "no_coins_in_a_completed_sector", 5, True),
        Mission("MS-05", "roof_10_blocks", 5, True, 10),
        Mission("MS-06", "floor_10_blocks", 5, True, 10),
        Mission("MS-07", "no_roof_and_floor_in_a_completed_sector", 4, True),
        Mission("MS-08", "near_miss_all_obstacles_in_a_sector", 5, True),
        Mission("MS-09", "come_back_to_a_completed_sector", 3, True),
        Mission("MS-10", "four_full_tiles_in_one_sector", 3, True, 4),
        Mission("MS-11", "cover_no_scientist", 4, True),
        Mission("MS-12", "near_miss_3_scientists", 4, True, 3),
        Mission("MS-13", "never_down_in_a_completed_sector", 5, True),
        Mission("MS-14", "never_up_in_a_completed_sector", 5, True),
        Mission("MS-15", "two_shapes_in_a_completed_sector", 5, True),
        Mission("MS-16", "leave_a_sector_at_the_level_entered", 3, True),
        Mission("MS-17", "near_miss_an_obstacle_from_4_sides", 5, True),
    )
}

GADGETS: dict[str, Gadget] = {
    g.id: g
    for g in (
        Gadget("GS-01", "turbo_boost", False),
        Gadget("GS-02", "insta_ball", False),
        Gadget("GS-03", "freeze_o_matic", False),
        Gadget("GS-04", "gemology", True),
        Gadget("GS-05", "flying_pig", True),
        Gadget("GS-06", "ezy_dodge_missiles", True),
        Gadget("GS-07", "missile_jammer", True),
        Gadget("GS-08", "dezapinator", True),
        Gadget("GS-09", "air_barrys", True),
        Gadget("GS-10", "gravity_belt", True),
        Gadget("GS-11", "flash", True),
        Gadget("GS-12", "coin_magnet", True),
        Gadget("GS-13", "nerd_repellant", True),
        Gadget("GS-14", "lucky_last", True),
        Gadget("GS-15", "bubble_gun_jetpack", True),
        Gadget("GS-16", "fruit_jetpack", True),
    )
}

TURBO_BOOST, INSTA_BALL, FREEZE_O_MATIC = "GS-01", "GS-02", "GS-03"
MISSILE_JAMMER, DEZAPINATOR, COIN_MAGNET = "GS-07", "GS-08", "GS-12"

MISSIONS_PER_ROUND = 3
ROUNDS = 3
SOLO_GADGETS_OFFERED = 2
# Tiles put back in the box at setup, by player count [seed]; solo keeps 8 of each shape.
TILES_REMOVED = {2: 25, 3: 12, 4: 0}
SOLO_TILES_PER_SHAPE = 8

# The solo rating table [seed]: (lowest, highest) total of each band; the seed's gap at 60
# counts 60 in the first band [house].
RATINGS: tuple[tuple[int | None, int | None], ...] = (
    (None, 60),
    (61, 70),
    (71, 80),
    (81, 90),
    (91, 100),
    (101, 110),
    (111, None),
)


def rating_band(total: int) -> int:
    for band, (_, high) in enumerate(RATINGS):
        if high is None or total <= high:
            return band
    raise AssertionError("the last band is open")


def mission_ids(solo: bool) -> list[str]:
    return [m.id for m in MISSIONS.values() if m.solo or not solo]


def gadget_ids(solo: bool) -> list[str]:
    return [g.id for g in GADGETS.values() if g.solo or not solo]
