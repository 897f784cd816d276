"""A game's state and a player's plan, read from JSON (every problem named) and written back.

The state is what the JSON face carries between jobs (see docs/engines/joyride.md);
``State.from_dict`` checks it whole, so a tampered state is an error, never a crash later.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.enginekit import (
    EngineError,
    as_choice,
    as_int,
    as_list,
    as_object,
    required,
)

from .cards import SIDES, Lab, cards, lab_of
from .geometry import SHAPES, TILES_PER_SHAPE, Placement, parse_placement
from .tables import GADGETS, INSTA_BALL, MISSIONS, MISSIONS_PER_ROUND, RATINGS, ROUNDS

PHASES = ("run", "pick", "over")
MAX_PLAYERS = 4
MAX_PLAN_TILES = len(SHAPES) * TILES_PER_SHAPE


@dataclass
class State:
    players: int
    seed: int
    hard: list[list[int]]
    round: int
    phase: str
    labs: list[list[tuple[str, str]]]  # per seat, cards numbered 1-4: (card, side)
    pool: dict[str, int]  # the tiles free for the next run (or left after it)
    game_pool: dict[str, int]  # what a multiplayer round starts with
    missions: dict[str, list[str]]  # deck, revealed, discard
    gadgets: dict[str, Any]  # deck, revealed, discard, owned[seat]
    scores: list[list[int]]  # per seat, per round played
    reach: list[list[int]]  # per seat, per round: furthest column (-1..36)
    winners: list[int] = field(default_factory=list)
    rating: int | None = None  # solo: the band of the rating table

    @property
    def solo(self) -> bool:
        return self.players == 1

    def lab(self, seat: int) -> Lab:
        return lab_of(tuple(self.labs[seat]))

    def owned(self, seat: int) -> list[str]:
        return list(self.gadgets["owned"][seat])

    def ties(self) -> list[int]:
        """Seats in this round's tie order: it starts one seat further each round."""
        start = (self.round - 1) % self.players
        return [(start + i) % self.players for i in range(self.players)]

    def copy(self) -> State:
        return copy.deepcopy(self)

    @classmethod
    def coerce(cls, value: State | dict[str, Any]) -> State:
        return value.copy() if isinstance(value, State) else cls.from_dict(value)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "seed": self.seed,
            "hard": [list(h) for h in self.hard],
            "round": self.round,
            "phase": self.phase,
            "labs": [[{"card": card, "side": side} for card, side in lab] for lab in self.labs],
            "pool": dict(self.pool),
            "game_pool": dict(self.game_pool),
            "missions": {k: list(self.missions[k]) for k in ("deck", "revealed", "discard")},
            "gadgets": {
                **{k: list(self.gadgets[k]) for k in ("deck", "revealed", "discard")},
                "owned": [list(o) for o in self.gadgets["owned"]],
            },
            "scores": [list(s) for s in self.scores],
            "reach": [list(r) for r in self.reach],
            "winners": list(self.winners),
            "rating": self.rating,
        }

    @classmethod
    def from_dict(cls, raw: object) -> State:
        raw = as_object(raw, "state")
        players = as_int(required(raw, "players", "state"), "state.players", 1, MAX_PLAYERS)
        seat_list = per_seat(players)
        state = cls(
            players=players,
            seed=as_int(raw.get("seed", 0), "state.seed"),
            hard=[
                parse_hard(h, f"state.hard[{i}]")
                for i, h in enumerate(seat_list(raw.get("hard", [[]] * players), "state.hard"))
            ],
            round=as_int(raw.get("round", 1), "state.round", 1, ROUNDS),
            phase=as_choice(raw.get("phase", "run"), PHASES, "state.phase"),
            labs=[
                _lab(lab, f"state.labs[{i}]")
                for i, lab in enumerate(seat_list(required(raw, "labs", "state"), "state.labs"))
            ],
            pool=_pool(required(raw, "pool", "state"), "state.pool"),
            game_pool=_pool(raw.get("game_pool", raw["pool"]), "state.game_pool"),
            missions=_deck(required(raw, "missions", "state"), "state.missions", MISSIONS),
            gadgets=_deck(required(raw, "gadgets", "state"), "state.gadgets", GADGETS),
            scores=[
                _ints(s, f"state.scores[{i}]")
                for i, s in enumerate(seat_list(raw.get("scores", [[]] * players), "state.scores"))
            ],
            reach=[
                _ints(s, f"state.reach[{i}]")
                for i, s in enumerate(seat_list(raw.get("reach", [[]] * players), "state.reach"))
            ],
            winners=[
                as_int(w, "state.winners[]", 0, players - 1)
                for w in as_list(raw.get("winners", []), "state.winners")
            ],
            rating=(
                None
                if raw.get("rating") is None
                else as_int(raw["rating"], "state.rating", 0, len(RATINGS) - 1)
            ),
        )
        state.gadgets["owned"] = [
            _ids(o, f"state.gadgets.owned[{i}]", GADGETS)
            for i, o in enumerate(
                seat_list(raw["gadgets"].get("owned", [[]] * players), "state.gadgets.owned")
            )
        ]
        _check_whole(state)
        return state


def per_seat(players: int) -> Callable[[object, str], list[Any]]:
    def read(value: object, where: str) -> list[Any]:
        value = as_list(value, where)
        if len(value) != players:
            raise EngineError(f"{where} must hold one entry per seat ({players})", where=where)
        return value

    return read


def parse_hard(value: object, where: str) -> list[int]:
    numbers = [as_int(n, f"{where}[]", 1, 4) for n in as_list(value, where)]
    if any(n not in (1, 4) for n in numbers) or len(set(numbers)) != len(numbers):
        raise EngineError(f"{where} may name the hard cards 1 and 4, each once", where=where)
    return sorted(numbers)


def _lab(value: object, where: str) -> list[tuple[str, str]]:
    value = as_list(value, where)
    if len(value) != 4:
        raise EngineError(f"{where} must hold four cards, numbers 1-4", where=where)
    lab = []
    for number, item in enumerate(value, start=1):
        spot = f"{where}[{number - 1}]"
        item = as_object(item, spot)
        card = item.get("card")
        if not isinstance(card, str) or card not in cards():
            raise EngineError(f"{spot}.card is not a lab card", where=f"{spot}.card")
        if cards()[card]["number"] != number:
            raise EngineError(f"{spot}.card {card} is not a number {number}", where=f"{spot}.card")
        lab.append((card, as_choice(item.get("side"), SIDES, f"{spot}.side")))
    return lab


def _pool(value: object, where: str) -> dict[str, int]:
    value = as_object(value, where)
    unknown = set(value) - set(SHAPES)  # JSON object keys are strings
    if unknown:
        raise EngineError(f"{where} names no shape {min(unknown)!r}", where=where)
    return {s: as_int(value.get(s, 0), f"{where}.{s}", 0, TILES_PER_SHAPE) for s in SHAPES}


def _ids(value: object, where: str, table: dict[str, Any]) -> list[str]:
    ids = as_list(value, where)
    for i, item in enumerate(ids):
        if not isinstance(item, str) or item not in table:
            raise EngineError(
                f"{where}[{i}] is not an id of the table ({item!r})", where=f"{where}[{i}]"
            )
    return list(ids)


def _deck(value: object, where: str, table: dict[str, Any]) -> dict[str, Any]:
    value = as_object(value, where)
    deck = {
        k: _ids(value.get(k, []), f"{where}.{k}", table) for k in ("deck", "revealed", "discard")
    }
    return deck


def _ints(value: object, where: str) -> list[int]:
    values = [as_int(v, f"{where}[]") for v in as_list(value, where)]
    if len(values) > ROUNDS:
        raise EngineError(f"{where} holds more than {ROUNDS} rounds", where=where)
    return values


def _check_whole(state: State) -> None:
    for name, deck in (("missions", state.missions), ("gadgets", state.gadgets)):
        every = [i for k in ("deck", "revealed", "discard") for i in deck[k]]
        every += [i for owned in deck.get("owned", []) for i in owned]
        if len(every) != len(set(every)):
            raise EngineError(f"state.{name} holds a card twice", where=f"state.{name}")
    if len(state.missions["revealed"]) > MISSIONS_PER_ROUND:
        raise EngineError(
            f"state.missions.revealed holds more than {MISSIONS_PER_ROUND}",
            where="state.missions.revealed",
        )
    placed = [card for lab in state.labs for card, _ in lab]
    if len(placed) != len(set(placed)):
        raise EngineError("state.labs use a card twice", where="state.labs")
    played = state.round - (1 if state.phase == "run" else 0)
    if any(len(s) != played for s in state.scores + state.reach):
        raise EngineError(
            f"state.scores and state.reach must hold {played} rounds per seat "
            f"in round {state.round}, phase {state.phase}",
            where="state.scores",
        )


# --- plans --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """A player's sealed run: tiles in the order he lays them, then perhaps ``"pass"`` (the
    run stops there either way), and 0-2 tiles for the Insta-Ball."""

    tiles: tuple[Placement, ...] = ()
    passed: bool = False
    insta_ball: tuple[Placement, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        tiles = [t.to_dict() for t in self.tiles] + (["pass"] if self.passed else [])
        return {"tiles": tiles, "insta_ball": [t.to_dict() for t in self.insta_ball]}


def parse_plan(value: object, where: str, owned: list[str]) -> Plan:
    """A plan from JSON; ``None`` is the empty plan (a player who sent none)."""
    if value is None:
        return Plan()
    value = as_object(value, where)
    raw = as_list(value.get("tiles", []), f"{where}.tiles")
    passed = bool(raw) and raw[-1] == "pass"
    if passed:
        raw = raw[:-1]
    if len(raw) > MAX_PLAN_TILES:
        raise EngineError(
            f"{where}.tiles may hold {MAX_PLAN_TILES} tiles at most",
            code="too_many_tiles",
            where=f"{where}.tiles",
            most=MAX_PLAN_TILES,
        )
    tiles = []
    for i, item in enumerate(raw):
        if item == "pass":
            raise EngineError(
                f'{where}.tiles[{i}]: "pass" may only end the plan',
                code="pass_not_last",
                where=f"{where}.tiles[{i}]",
                tile=i + 1,
            )
        tiles.append(parse_placement(item, f"{where}.tiles[{i}]"))
    insta = as_list(value.get("insta_ball", []), f"{where}.insta_ball")
    if len(insta) > 2:
        raise EngineError(
            f"{where}.insta_ball may hold 2 tiles at most",
            code="too_many_insta_tiles",
            where=f"{where}.insta_ball",
            most=2,
        )
    if insta and INSTA_BALL not in owned:
        raise EngineError(
            f"{where}.insta_ball needs the Insta-Ball ({INSTA_BALL})",
            code="no_insta_ball",
            where=f"{where}.insta_ball",
            gadget=INSTA_BALL,
        )
    return Plan(
        tuple(tiles),
        passed,
        tuple(parse_placement(item, f"{where}.insta_ball[{i}]") for i, item in enumerate(insta)),
    )
