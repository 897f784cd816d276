"""The fighter classes (rules reference, "Fighter classes" — the house's values)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class FighterClass:
    key: str
    name: str
    vmin: int
    vmax: int
    z: int  # hexes to travel before each 60° turn
    guns: frozenset[str]  # "nose", "tail"
    launchers: frozenset[str]  # "nose", "tail"
    missiles: int  # ordinary missiles carried when fully armed
    smart: int  # smart missiles carried when fully armed

    def to_dict(self) -> dict[str, Any]:
        return {
            "class": self.key,
            "name": self.name,
            "vmin": self.vmin,
            "vmax": self.vmax,
            "z": self.z,
            "guns": sorted(self.guns),
            "launchers": sorted(self.launchers),
            "missiles": self.missiles,
            "smart": self.smart,
        }


NOSE, TAIL = "nose", "tail"
CLASSES: dict[str, FighterClass] = {
    c.key: c
    for c in (
        FighterClass("coliber", "Coliber", 1, 3, 1, frozenset({NOSE}), frozenset(), 0, 0),
        FighterClass("virus", "Virus", 2, 4, 1, frozenset({NOSE, TAIL}), frozenset({NOSE}), 1, 0),
        FighterClass("bee", "Bee", 2, 5, 2, frozenset({NOSE}), frozenset({NOSE, TAIL}), 2, 0),
        FighterClass("wasp", "Wasp", 2, 5, 2, frozenset({NOSE}), frozenset({NOSE}), 1, 1),
    )
}
STANDARD = ("coliber", "virus", "bee", "wasp")
