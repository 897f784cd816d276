"""The game state and its JSON form.

``State.from_dict`` accepts the JSON face's state (unknown fields ignored, natural defaults for
omitted ones) and raises ``EngineError`` naming the first problem; ``to_dict`` writes it back.
Planes are small mutable slot objects: resolution works on a copy of the state, never on the
caller's.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from games.enginekit import (
    EngineError,
    as_bool,
    as_choice,
    as_int,
    as_list,
    as_object,
    required,
)

from . import career
from .board import CORNERS
from .hexgrid import BOARD_SET, Hex

BALLOON_RULES = ("none", "normal", "through")
SCORING_MODES = ("hits", "damage")
STATUSES = ("ground", "air", "out")
BALLOON_STRENGTH = 12


@dataclass(frozen=True, slots=True)
class Settings:
    windless: bool = False
    legacy_weather: bool = False
    balloon_rule: str = "none"
    scoring: str = "hits"
    scored: bool = True
    duel: bool = False

    @property
    def counts_points(self) -> bool:
        """Points, the pot and careers exist only in a scored full game (never in a duel)."""
        return self.scored and not self.duel

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        data = as_object(data or {}, "settings")
        settings = cls()
        for name in ("windless", "legacy_weather", "scored", "duel"):
            if name in data:
                flag: dict[str, Any] = {name: as_bool(data[name], f"settings.{name}")}
                settings = replace(settings, **flag)
        if "balloon_rule" in data:
            settings = replace(
                settings,
                balloon_rule=as_choice(
                    data["balloon_rule"], BALLOON_RULES, "settings.balloon_rule"
                ),
            )
        if "scoring" in data:
            settings = replace(
                settings, scoring=as_choice(data["scoring"], SCORING_MODES, "settings.scoring")
            )
        return settings

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> Settings:
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        return {
            "windless": self.windless,
            "legacy_weather": self.legacy_weather,
            "balloon_rule": self.balloon_rule,
            "scoring": self.scoring,
            "scored": self.scored,
            "duel": self.duel,
        }


class Plane:
    __slots__ = (
        "ammo",
        "career_points",
        "damage",
        "facing",
        "hex",
        "landing",
        "missed_rounds",
        "points",
        "rank",
        "repairs_used",
        "seat",
        "status",
    )

    def __init__(
        self,
        seat: int,
        hex_: Hex,
        facing: int,
        *,
        status: str = "ground",
        damage: int = 0,
        ammo: int | None = None,
        career_points: int = 0,
        rank: int = 0,
        points: int = 0,
        repairs_used: int = 0,
        missed_rounds: int = 0,
        landing: bool = False,
    ) -> None:
        self.seat = seat
        self.hex = hex_
        self.facing = facing
        self.status = status
        self.damage = damage
        self.ammo = career.ammo_capacity(rank) if ammo is None else ammo
        self.career_points = career_points
        self.rank = rank
        self.points = points
        self.repairs_used = repairs_used
        self.missed_rounds = missed_rounds
        self.landing = landing

    def copy(self) -> Plane:
        twin = Plane.__new__(Plane)
        twin.seat, twin.hex, twin.facing, twin.status = (
            self.seat,
            self.hex,
            self.facing,
            self.status,
        )
        twin.damage, twin.ammo, twin.career_points, twin.rank = (
            self.damage,
            self.ammo,
            self.career_points,
            self.rank,
        )
        twin.points, twin.repairs_used, twin.missed_rounds, twin.landing = (
            self.points,
            self.repairs_used,
            self.missed_rounds,
            self.landing,
        )
        return twin

    @property
    def out(self) -> bool:
        return self.status == "out"

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "q": self.hex[0],
            "r": self.hex[1],
            "facing": self.facing,
            "status": self.status,
            "damage": self.damage,
            "ammo": self.ammo,
            "career_points": self.career_points,
            "rank": self.rank,
            "points": self.points,
            "repairs_used": self.repairs_used,
            "missed_rounds": self.missed_rounds,
            "landing": self.landing,
        }

    @classmethod
    def from_dict(cls, data: object, where: str) -> Plane:
        data = as_object(data, where)
        seat = as_int(required(data, "seat", where), f"{where}.seat", 0, 5)
        hex_ = (
            as_int(data.get("q", CORNERS[seat][0]), f"{where}.q"),
            as_int(data.get("r", CORNERS[seat][1]), f"{where}.r"),
        )
        status = as_choice(data.get("status", "ground"), STATUSES, f"{where}.status")
        rank = as_int(data.get("rank", 0), f"{where}.rank", 0, career.MAX_RANK)
        plane = cls(
            seat,
            hex_,
            as_int(data.get("facing", (seat + 3) % 6), f"{where}.facing", 0, 5),
            status=status,
            damage=as_int(data.get("damage", 0), f"{where}.damage", 0, career.out_at(rank)),
            ammo=as_int(
                data.get("ammo", career.ammo_capacity(rank)),
                f"{where}.ammo",
                0,
                career.ammo_capacity(rank),
            ),
            career_points=as_int(data.get("career_points", 0), f"{where}.career_points", 0),
            rank=rank,
            points=as_int(data.get("points", 0), f"{where}.points"),
            repairs_used=as_int(
                data.get("repairs_used", 0), f"{where}.repairs_used", 0, career.REPAIR_CAP
            ),
            missed_rounds=as_int(data.get("missed_rounds", 0), f"{where}.missed_rounds", 0),
            landing=as_bool(data.get("landing", False), f"{where}.landing"),
        )
        plane._check_position(where)
        return plane

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> Plane:
        plane = cls.__new__(cls)
        plane.seat, plane.hex, plane.facing = data["seat"], (data["q"], data["r"]), data["facing"]
        plane.status, plane.damage, plane.ammo = data["status"], data["damage"], data["ammo"]
        plane.career_points, plane.rank, plane.points = (
            data["career_points"],
            data["rank"],
            data["points"],
        )
        plane.repairs_used, plane.missed_rounds, plane.landing = (
            data["repairs_used"],
            data["missed_rounds"],
            data["landing"],
        )
        return plane

    def _check_position(self, where: str) -> None:
        if self.status == "ground" and self.hex != CORNERS[self.seat]:
            raise EngineError(f"{where} is on the ground away from its own airfield", where=where)
        if self.status == "air" and self.hex not in BOARD_SET:
            raise EngineError(f"{where} is in the air off the board", where=where)
        if self.landing and self.status != "air":
            raise EngineError(f"{where} is landing but not on a runway", where=where)


class Balloon:
    __slots__ = ("damage", "hex")

    def __init__(self, hex_: Hex, damage: int = 0) -> None:
        self.hex = hex_
        self.damage = damage

    def to_dict(self) -> dict[str, Any]:
        return {"q": self.hex[0], "r": self.hex[1], "damage": self.damage}

    @classmethod
    def from_dict(cls, data: object, where: str) -> Balloon:
        data = as_object(data, where)
        hex_ = (
            as_int(required(data, "q", where), f"{where}.q"),
            as_int(required(data, "r", where), f"{where}.r"),
        )
        if hex_ not in BOARD_SET:
            raise EngineError(f"{where} is off the board", where=where)
        return cls(hex_, as_int(data.get("damage", 0), f"{where}.damage", 0, BALLOON_STRENGTH - 1))


@dataclass(slots=True)
class State:
    settings: Settings
    planes: list[Plane]
    round: int = 1
    wind: int | None = None
    clouds: frozenset[Hex] = frozenset()
    balloons: list[Balloon] = field(default_factory=list)
    pot: int = 0
    over: bool = False
    winner: int | None = None

    def copy(self) -> State:
        return State(
            self.settings,
            [p.copy() for p in self.planes],
            self.round,
            self.wind,
            self.clouds,
            [Balloon(b.hex, b.damage) for b in self.balloons],
            self.pot,
            self.over,
            self.winner,
        )

    def plane(self, seat: int) -> Plane:
        for plane in self.planes:
            if plane.seat == seat:
                return plane
        raise EngineError(f"there is no plane in seat {seat}", code="no_plane", seat=seat)

    def alive(self) -> list[Plane]:
        return [p for p in self.planes if p.status != "out"]

    def to_dict(self) -> dict[str, Any]:
        return {
            "settings": self.settings.to_dict(),
            "round": self.round,
            "wind": self.wind,
            "clouds": [list(h) for h in sorted(self.clouds)],
            "balloons": [b.to_dict() for b in self.balloons],
            "pot": self.pot,
            "planes": [p.to_dict() for p in self.planes],
            "over": self.over,
            "winner": self.winner,
        }

    @classmethod
    def from_dict(cls, data: object) -> State:
        data = as_object(data, "state")
        settings = Settings.from_dict(data.get("settings"))
        planes = [
            Plane.from_dict(p, f"planes[{i}]")
            for i, p in enumerate(as_list(required(data, "planes", "state"), "planes"))
        ]
        seats = [p.seat for p in planes]
        if len(set(seats)) != len(seats):
            raise EngineError("two planes share a seat", where="state.planes")
        if not planes:
            raise EngineError("state.planes is empty", where="state.planes")
        wind = data.get("wind")
        state = cls(
            settings=settings,
            planes=sorted(planes, key=lambda p: p.seat),
            round=as_int(data.get("round", 1), "state.round", 1),
            wind=None if wind is None else as_int(wind, "state.wind", 0, 5),
            clouds=frozenset(as_hex_list(data.get("clouds", []), "clouds")),
            balloons=[
                Balloon.from_dict(b, f"balloons[{i}]")
                for i, b in enumerate(as_list(data.get("balloons", []), "balloons"))
            ],
            pot=as_int(data.get("pot", 0), "state.pot", 0),
            over=as_bool(data.get("over", False), "state.over"),
        )
        winner = data.get("winner")
        if winner is not None:
            state.winner = as_int(winner, "state.winner", 0, 5)
        return state

    @classmethod
    def from_snapshot(cls, data: dict[str, Any]) -> State:
        """A state as ``to_dict`` wrote it (the site's stored snapshots), read without checking
        it again: ``from_dict`` checks input from anywhere else."""
        return cls(
            settings=Settings.from_snapshot(data["settings"]),
            planes=[Plane.from_snapshot(p) for p in data["planes"]],
            round=data["round"],
            wind=data["wind"],
            clouds=frozenset(map(tuple, data["clouds"])),
            balloons=[Balloon((b["q"], b["r"]), b["damage"]) for b in data["balloons"]],
            pot=data["pot"],
            over=data["over"],
            winner=data["winner"],
        )


# --- validators for this game's JSON input (the generic ones: games/enginekit/) -------------------------------------------------------


def as_hex_list(value: object, where: str) -> list[Hex]:
    hexes = []
    for i, item in enumerate(as_list(value, where)):
        if not (isinstance(item, list) and len(item) == 2):
            raise EngineError(f"{where}[{i}] must be a pair [q, r]", where=f"{where}[{i}]")
        hex_ = (as_int(item[0], f"{where}[{i}]"), as_int(item[1], f"{where}[{i}]"))
        if hex_ not in BOARD_SET:
            raise EngineError(f"{where}[{i}] is off the board", where=f"{where}[{i}]")
        hexes.append(hex_)
    return hexes
