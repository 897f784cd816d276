"""The equipment catalogue, the 45-card deck and the four race levels (rules reference:
"All equipment of the seed", the [house] costs the seed does not print, and the draft)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Kind:
    id: str
    colour: str  # blue (boosters, steering), red (projectors), green (other)
    cost: int  # energy per use
    phases: tuple[str, ...]  # "flight" (the order's boost), "before", "after"
    copies: int  # cards of this kind in the 45-card deck
    projector: bool = False
    chips_after_use: int = 0  # damage chips the card takes when used

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.id,
            "colour": self.colour,
            "cost": self.cost,
            "phases": list(self.phases),
            "copies": self.copies,
            "projector": self.projector,
            "chips_after_use": self.chips_after_use,
        }


BOTH = ("before", "after")

# [house] the deck's spread: projectors 2 copies each, every other kind 3 (6*2 + 11*3 = 45).
KINDS: dict[str, Kind] = {
    k.id: k
    for k in (
        Kind("booster", "blue", 1, ("flight",), 3),
        Kind("retro_booster", "blue", 1, ("flight",), 3),
        Kind("hyper_booster", "blue", 3, ("flight",), 3),
        Kind("take_five", "blue", 3, ("flight",), 3, chips_after_use=3),
        Kind("photonenpaddel", "blue", 1, ("after",), 3),
        Kind("paddel_de_luxe", "blue", 2, ("after",), 3),
        Kind("sidestep", "blue", 2, BOTH, 3, chips_after_use=3),
        Kind("kupferwurm", "red", 1, BOTH, 2, projector=True),
        Kind("sticky_fingers", "red", 2, BOTH, 2, projector=True),
        Kind("butt_kick", "red", 2, BOTH, 2, projector=True),
        Kind("traumatorpedo", "red", 4, BOTH, 2, projector=True),
        Kind("stasisfeld", "red", 3, BOTH, 2, projector=True),
        Kind("uberhirn", "red", 2, BOTH, 2, projector=True),
        Kind("warpfeld", "green", 4, BOTH, 3),
        Kind("robert", "green", 1, BOTH, 3),
        Kind("abstauber", "green", 1, BOTH, 3),
        Kind("hollenboller", "green", 2, BOTH, 3),
    )
}

BOOSTS = ("booster", "retro_booster", "hyper_booster", "take_five")
DECK_SIZE = 45
assert sum(k.copies for k in KINDS.values()) == DECK_SIZE


@dataclass(frozen=True, slots=True)
class Level:
    number: int
    name: str
    cards: int  # equipment cards each jet drafts, at most
    kinds: tuple[str, ...]  # kinds in the deck at this level
    blue: int | None = None  # at most this many blue cards (None: no separate limit)
    station: bool = False  # the cracks' equipment station

    def to_dict(self) -> dict[str, Any]:
        return {
            "level": self.number,
            "name": self.name,
            "cards": self.cards,
            "kinds": list(self.kinds),
            "blue": self.blue,
            "station": self.station,
        }


_SECOND_RACE_OUT = ("traumatorpedo", "stasisfeld", "uberhirn")
LEVELS: dict[int, Level] = {
    level.number: level
    for level in (
        Level(1, "first_race", 0, ()),
        # three red or green cards and one blue; only three of the projectors are in play
        Level(2, "second_race", 4, tuple(k for k in KINDS if k not in _SECOND_RACE_OUT), blue=1),
        Level(3, "third_race", 7, tuple(KINDS)),
        Level(4, "cracks", 7, tuple(KINDS), station=True),
    )
}

MAX_CARDS = 7  # no jet carries more, the station included
STATION_ENERGY = 3  # a card is worth 3 energy at the station, either way


def deck(level: int) -> list[dict[str, Any]]:
    """The level's cards, ids 1..45 over the whole deck (ids of kinds not in play are absent)."""
    cards, number = [], 0
    for kind in KINDS.values():
        for _ in range(kind.copies):
            number += 1
            if kind.id in LEVELS[level].kinds:
                cards.append({"id": number, "kind": kind.id})
    return cards


def may_take(level: int, held: list[str], kind: str) -> bool:
    """Whether a jet holding cards of kinds ``held`` may take one more of ``kind``."""
    rules = LEVELS[level]
    if kind not in rules.kinds or len(held) >= rules.cards:
        return False
    if rules.blue is None:
        return True
    blue = sum(KINDS[k].colour == "blue" for k in held)
    if KINDS[kind].colour == "blue":
        return blue < rules.blue
    return len(held) - blue < rules.cards - rules.blue


def catalogue() -> dict[str, Any]:
    return {
        "kinds": [k.to_dict() for k in KINDS.values()],
        "levels": [level.to_dict() for level in LEVELS.values()],
    }
