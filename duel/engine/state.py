"""The duel's game state and its JSON form.

``State.from_dict`` accepts the JSON face's state (unknown fields ignored, natural defaults for
omitted ones) and raises ``EngineError`` naming the first problem; ``to_dict`` writes it back,
and ``State.from_dict(s.to_dict())`` is the same state. Functions that change a game work on a
copy; the caller's state is never touched.

Phases: ``asteroids`` (placed in turn, the first mover first) -> ``fighters`` (sealed placement
on the docks, both at once) -> ``play`` (alternating turns) -> ``over``.
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

from .board import DOCKS, LETTERS, PLAYERS
from .classes import CLASSES, STANDARD, FighterClass
from .hexgrid import Hex, on_board

PHASES = ("asteroids", "fighters", "play", "over")
MISSILE_KINDS = ("missile", "smart")
MAX_ASTEROIDS = 15
MAX_FIGHTERS = 4
MAX_DOCKED_TURNS = 3  # own turns in a row a fighter may stay docked
QUIET_TURN_LIMIT = 40  # turns in a row without a destruction: a draw
MISSED_IN_A_ROW_LIMIT = 3  # missed turns in a row that forfeit the game
MISSED_TOTAL_LIMIT = 6  # missed turns in a game that forfeit it


@dataclass(frozen=True, slots=True)
class Settings:
    asteroids: int = 8  # per player, 0..15
    no_adjacent: bool = True  # no two asteroids on neighbouring hexes
    first: int = 0  # the player who places first and moves first
    fighters: tuple[str, ...] = STANDARD  # each player's fighters, by class, 1..4
    spare_missiles: bool = False  # the carrier reloads docked fighters

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        data = as_object(data if data is not None else {}, "settings")
        settings = cls()
        if "asteroids" in data:
            settings = replace(settings, asteroids=_asteroid_count(data["asteroids"]))
        for name in ("no_adjacent", "spare_missiles"):
            if name in data:
                flag: dict[str, Any] = {name: as_bool(data[name], f"settings.{name}")}
                settings = replace(settings, **flag)
        if "first" in data:
            settings = replace(settings, first=as_player(data["first"], "settings.first"))
        if "fighters" in data:
            raw = as_list(data["fighters"], "settings.fighters")
            if not 1 <= len(raw) <= MAX_FIGHTERS:
                raise EngineError(
                    f"settings.fighters must name 1..{MAX_FIGHTERS} fighters",
                    code="fighter_count",
                    count=len(raw),
                    most=MAX_FIGHTERS,
                )
            settings = replace(
                settings,
                fighters=tuple(
                    _fighter_class(c, f"settings.fighters[{i}]") for i, c in enumerate(raw)
                ),
            )
        return settings

    def to_dict(self) -> dict[str, Any]:
        return {
            "asteroids": self.asteroids,
            "no_adjacent": self.no_adjacent,
            "first": self.first,
            "fighters": list(self.fighters),
            "spare_missiles": self.spare_missiles,
        }


def _asteroid_count(value: object) -> int:
    count = as_int(value, "settings.asteroids")
    if not 0 <= count <= MAX_ASTEROIDS:
        raise EngineError(
            f"settings.asteroids must be 0..{MAX_ASTEROIDS}, not {count}",
            code="asteroids_out_of_range",
            asteroids=count,
            most=MAX_ASTEROIDS,
        )
    return count


def _fighter_class(value: object, where: str) -> str:
    if isinstance(value, str) and value not in CLASSES:
        raise EngineError(
            f"{where} must be one of {', '.join(CLASSES)}",
            code="unknown_class",
            fighter_class=value,
        )
    return as_choice(value, tuple(CLASSES), where)


class Fighter:
    """One fighter. ``hex`` is None only before the fighters are placed."""

    __slots__ = (
        "cls",
        "destroyed",
        "docked",
        "docked_turns",
        "facing",
        "hex",
        "id",
        "landed",
        "missiles",
        "player",
        "smart",
        "speed",
    )

    def __init__(
        self,
        id_: str,
        player: int,
        cls: str,
        hex_: Hex | None = None,
        facing: int = 0,
        *,
        speed: int = 0,
        docked: bool = True,
        landed: bool = False,
        docked_turns: int = 0,
        missiles: int | None = None,
        smart: int | None = None,
        destroyed: bool = False,
    ) -> None:
        self.id = id_
        self.player = player
        self.cls = cls
        self.hex = hex_
        self.facing = facing
        self.speed = speed
        self.docked = docked
        self.landed = landed
        self.docked_turns = docked_turns
        self.missiles = CLASSES[cls].missiles if missiles is None else missiles
        self.smart = CLASSES[cls].smart if smart is None else smart
        self.destroyed = destroyed

    @property
    def kind(self) -> FighterClass:
        return CLASSES[self.cls]

    @property
    def alive(self) -> bool:
        return not self.destroyed and self.hex is not None

    @property
    def placed_hex(self) -> Hex:
        """``hex`` of a fighter that is placed, as every fighter ``State.alive`` lists is."""
        assert self.hex is not None, f"{self.id} is not placed yet"
        return self.hex

    def copy(self) -> Fighter:
        twin = Fighter.__new__(Fighter)
        for name in Fighter.__slots__:
            setattr(twin, name, getattr(self, name))
        return twin

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "player": self.player,
            "class": self.cls,
            "hex": None if self.hex is None else list(self.hex),
            "facing": self.facing,
            "speed": self.speed,
            "docked": self.docked,
            "landed": self.landed,
            "docked_turns": self.docked_turns,
            "missiles": self.missiles,
            "smart": self.smart,
            "destroyed": self.destroyed,
        }

    @classmethod
    def from_dict(cls, data: object, where: str) -> Fighter:
        data = as_object(data, where)
        id_ = required(data, "id", where)
        if not isinstance(id_, str) or not id_:
            raise EngineError(f"{where}.id must be a name", where=f"{where}.id")
        player = as_player(required(data, "player", where), f"{where}.player")
        kind = CLASSES[as_choice(required(data, "class", where), tuple(CLASSES), f"{where}.class")]
        raw_hex = data.get("hex")
        hex_ = None if raw_hex is None else as_hex(raw_hex, f"{where}.hex")
        fighter = cls(
            id_,
            player,
            kind.key,
            hex_,
            as_int(data.get("facing", 0), f"{where}.facing", 0, 5),
            speed=as_int(data.get("speed", 0), f"{where}.speed", 0, kind.vmax),
            docked=as_bool(data.get("docked", True), f"{where}.docked"),
            landed=as_bool(data.get("landed", False), f"{where}.landed"),
            docked_turns=as_int(
                data.get("docked_turns", 0), f"{where}.docked_turns", 0, MAX_DOCKED_TURNS
            ),
            missiles=as_int(
                data.get("missiles", kind.missiles), f"{where}.missiles", 0, kind.missiles
            ),
            smart=as_int(data.get("smart", kind.smart), f"{where}.smart", 0, kind.smart),
            destroyed=as_bool(data.get("destroyed", False), f"{where}.destroyed"),
        )
        if fighter.hex is not None and not fighter.destroyed:
            if fighter.docked and fighter.hex not in DOCKS[player]:
                raise EngineError(f"{where} is docked away from its own docks", where=where)
            if not fighter.docked and fighter.speed < kind.vmin:
                raise EngineError(
                    f"{where} flies slower than a {kind.name}'s {kind.vmin}", where=where
                )
        if fighter.landed and not fighter.docked:
            raise EngineError(f"{where} has landed but is not docked", where=where)
        return fighter


class Missile:
    __slots__ = ("facing", "fighter", "hex", "id", "kind", "owner")

    def __init__(
        self, id_: int, owner: int, kind: str, hex_: Hex, facing: int, fighter: str = ""
    ) -> None:
        self.id = id_  # also the launch order
        self.owner = owner
        self.kind = kind
        self.hex = hex_
        self.facing = facing
        self.fighter = fighter  # who launched it

    def copy(self) -> Missile:
        return Missile(self.id, self.owner, self.kind, self.hex, self.facing, self.fighter)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "owner": self.owner,
            "kind": self.kind,
            "hex": list(self.hex),
            "facing": self.facing,
            "fighter": self.fighter,
        }

    @classmethod
    def from_dict(cls, data: object, where: str) -> Missile:
        data = as_object(data, where)
        hex_ = as_hex(required(data, "hex", where), f"{where}.hex")
        fighter = data.get("fighter", "")
        if not isinstance(fighter, str):
            raise EngineError(f"{where}.fighter must be a fighter's id", where=f"{where}.fighter")
        return cls(
            as_int(required(data, "id", where), f"{where}.id", 1),
            as_player(required(data, "owner", where), f"{where}.owner"),
            as_choice(data.get("kind", "missile"), MISSILE_KINDS, f"{where}.kind"),
            hex_,
            as_int(required(data, "facing", where), f"{where}.facing", 0, 5),
            fighter,
        )


@dataclass(slots=True)
class State:
    settings: Settings
    fighters: list[Fighter]
    phase: str = "asteroids"
    turn: int = 0  # the play turn to come (1 is the first); 0 in setup
    to_act: int | None = 0  # None in the sealed fighter placement and when over
    asteroids: list[Hex] = field(default_factory=list)  # in placement order
    asteroids_left: list[int] = field(default_factory=lambda: [0, 0])
    sealed: list[list[dict[str, Any]] | None] = field(default_factory=lambda: [None, None])
    missiles: list[Missile] = field(default_factory=list)  # in launch order
    next_missile: int = 1
    quiet_turns: int = 0
    missed_in_row: list[int] = field(default_factory=lambda: [0, 0])
    missed_total: list[int] = field(default_factory=lambda: [0, 0])
    winner: int | None = None
    result: str | None = None  # why the game ended (see ``turns.RESULTS``)
    seed: int = 0

    def copy(self) -> State:
        return State(
            self.settings,
            [f.copy() for f in self.fighters],
            self.phase,
            self.turn,
            self.to_act,
            list(self.asteroids),
            list(self.asteroids_left),
            [None if s is None else [dict(p) for p in s] for s in self.sealed],
            [m.copy() for m in self.missiles],
            self.next_missile,
            self.quiet_turns,
            list(self.missed_in_row),
            list(self.missed_total),
            self.winner,
            self.result,
            self.seed,
        )

    def fighter(self, id_: str) -> Fighter:
        for fighter in self.fighters:
            if fighter.id == id_:
                return fighter
        raise EngineError(f"there is no fighter {id_!r}", code="no_fighter", fighter=id_)

    def alive(self, player: int | None = None) -> list[Fighter]:
        return [f for f in self.fighters if f.alive and (player is None or f.player == player)]

    def to_dict(self) -> dict[str, Any]:
        return {
            "settings": self.settings.to_dict(),
            "seed": self.seed,
            "phase": self.phase,
            "turn": self.turn,
            "to_act": self.to_act,
            "asteroids": [list(h) for h in self.asteroids],
            "asteroids_left": list(self.asteroids_left),
            "sealed": [None if s is None else [dict(p) for p in s] for s in self.sealed],
            "fighters": [f.to_dict() for f in self.fighters],
            "missiles": [m.to_dict() for m in self.missiles],
            "next_missile": self.next_missile,
            "quiet_turns": self.quiet_turns,
            "missed_in_row": list(self.missed_in_row),
            "missed_total": list(self.missed_total),
            "winner": self.winner,
            "result": self.result,
        }

    @classmethod
    def from_dict(cls, data: object) -> State:
        data = as_object(data, "state")
        settings = Settings.from_dict(data.get("settings"))
        fighters = [
            Fighter.from_dict(f, f"fighters[{i}]")
            for i, f in enumerate(as_list(required(data, "fighters", "state"), "state.fighters"))
        ]
        ids = [f.id for f in fighters]
        if len(set(ids)) != len(ids):
            raise EngineError("two fighters share an id", where="state.fighters")
        for player in PLAYERS:
            if not any(f.player == player for f in fighters):
                raise EngineError(f"player {player} has no fighters", where="state.fighters")
        phase = as_choice(data.get("phase", "play"), PHASES, "state.phase")
        to_act = data.get("to_act", settings.first if phase in ("asteroids", "play") else None)
        state = cls(
            settings=settings,
            fighters=fighters,
            phase=phase,
            turn=as_int(data.get("turn", 1 if phase == "play" else 0), "state.turn", 0),
            to_act=None if to_act is None else as_player(to_act, "state.to_act"),
            asteroids=as_hex_list(data.get("asteroids", []), "state.asteroids"),
            asteroids_left=_pair(
                data.get("asteroids_left", [0, 0]), "state.asteroids_left", MAX_ASTEROIDS
            ),
            sealed=_sealed(data.get("sealed", [None, None])),
            missiles=[
                Missile.from_dict(m, f"missiles[{i}]")
                for i, m in enumerate(as_list(data.get("missiles", []), "state.missiles"))
            ],
            next_missile=as_int(data.get("next_missile", 1), "state.next_missile", 1),
            quiet_turns=as_int(
                data.get("quiet_turns", 0), "state.quiet_turns", 0, QUIET_TURN_LIMIT
            ),
            missed_in_row=_pair(
                data.get("missed_in_row", [0, 0]), "state.missed_in_row", MISSED_TOTAL_LIMIT
            ),
            missed_total=_pair(
                data.get("missed_total", [0, 0]), "state.missed_total", MISSED_TOTAL_LIMIT
            ),
            seed=as_int(data.get("seed", 0), "state.seed"),
        )
        winner = data.get("winner")
        state.winner = None if winner is None else as_player(winner, "state.winner")
        result = data.get("result")
        if result is not None and not isinstance(result, str):
            raise EngineError("state.result must be a word or null", where="state.result")
        state.result = result
        state.missiles.sort(key=lambda m: m.id)
        if len({m.id for m in state.missiles}) != len(state.missiles):
            raise EngineError("two missiles share an id", where="state.missiles")
        if state.missiles and state.next_missile <= state.missiles[-1].id:
            state.next_missile = state.missiles[-1].id + 1
        _check_positions(state)
        return state


def _check_positions(state: State) -> None:
    rocks = set(state.asteroids)
    if len(rocks) != len(state.asteroids):
        raise EngineError("two asteroids share a hex", where="state.asteroids")
    seen: dict[Hex, str] = {}
    for fighter in state.alive():
        if fighter.hex in rocks:
            raise EngineError(f"fighter {fighter.id} sits on an asteroid", where="state.fighters")
        if fighter.hex in seen:
            raise EngineError(
                f"fighters {seen[fighter.hex]} and {fighter.id} share a hex", where="state.fighters"
            )
        seen[fighter.placed_hex] = fighter.id
    if state.phase in ("asteroids", "play") and state.to_act is None:
        raise EngineError("state.to_act is missing: whose turn is it?", where="state.to_act")


def _pair(value: object, where: str, high: int) -> list[int]:
    items = as_list(value, where)
    if len(items) != 2:
        raise EngineError(f"{where} must hold two numbers, one per player", where=where)
    return [as_int(v, f"{where}[{i}]", 0, high) for i, v in enumerate(items)]


def _sealed(value: object) -> list[list[dict[str, Any]] | None]:
    items = as_list(value, "state.sealed")
    if len(items) != 2:
        raise EngineError(
            "state.sealed must hold two entries, one per player", where="state.sealed"
        )
    sealed: list[list[dict[str, Any]] | None] = []
    for i, item in enumerate(items):
        if item is None:
            sealed.append(None)
            continue
        placements: list[dict[str, Any]] = []
        for j, p in enumerate(as_list(item, f"state.sealed[{i}]")):
            where = f"state.sealed[{i}][{j}]"
            p = as_object(p, where)
            placements.append(
                {
                    "fighter": str(required(p, "fighter", where)),
                    "hex": list(as_hex(required(p, "hex", where), f"{where}.hex")),
                    "facing": as_int(required(p, "facing", where), f"{where}.facing", 0, 5),
                }
            )
        sealed.append(placements)
    return sealed


def fighter_id(player: int, index: int) -> str:
    """``A1``..``A4`` for player 0, ``B1``..``B4`` for player 1."""
    return f"{LETTERS[player]}{index + 1}"


# --- validators for this game's JSON input (the generic ones: games/enginekit/) -------------------------------------------------------


def as_player(value: object, where: str) -> int:
    return as_int(value, where, 0, 1)


def as_hex(value: object, where: str) -> Hex:
    if not (isinstance(value, list) and len(value) == 2):
        raise EngineError(f"{where} must be a pair [col, row]", where=where)
    hex_ = (as_int(value[0], f"{where}[0]"), as_int(value[1], f"{where}[1]"))
    if not on_board(hex_):
        raise EngineError(
            f"{where} {list(hex_)} is off the board (columns 0-19, rows 0-14)",
            code="off_board",
            where=where,
            hex=list(hex_),
        )
    return hex_


def as_hex_list(value: object, where: str) -> list[Hex]:
    return [as_hex(item, f"{where}[{i}]") for i, item in enumerate(as_list(value, where))]
