"""The race's state as plain JSON data, checked on the way in.

``load`` turns a JSON state (unknown fields ignored, natural defaults for omitted ones) into a
checked, complete copy and raises ``EngineError`` naming the first problem; every answer's
state is such a complete dict, and ``load(load(s))`` equals ``load(s)``. Functions that change a
race work on ``clone``: the caller's state is never touched.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from games.enginekit import EngineError, as_bool, as_choice, as_int, as_list, as_object, required

from .catalogue import KINDS, LEVELS, Level
from .courses import built_in, checked, described, gate, station_gate
from .geometry import norm

PHASES = ("draft", "race", "over")
STATUSES = ("racing", "finished", "retired")
TURN_ORDERS = ("seats", "race")
START_ENERGY = 15
MAX_JETS = 6
FAR_OUT = 1e6  # mm: a jet farther out than this from the origin is a broken state


def as_number(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise EngineError(f"{where} must be a number", where=where)
    return float(value)


def as_id(value: object, where: str) -> str:
    if not isinstance(value, str) or not value or len(value) > 40:
        raise EngineError(f"{where} must be a name (1-40 characters)", where=where)
    return value


def load_course(raw: object, where: str = "course") -> dict[str, Any]:
    """A course from a built-in name, ``{"name"}``, or ``{"gates": [...]}`` where each gate is
    ``{"x", "y", "angle"}`` or ``{"buoys": [[x, y], [x, y]]}``; checked."""
    if isinstance(raw, str):
        return {"name": raw, "gates": built_in(raw)}
    raw = as_object(raw, where)
    if "gates" not in raw and "name" in raw:
        return load_course(raw["name"], f"{where}.name")
    laid: list[tuple[float, ...]] = []
    for i, g in enumerate(as_list(required(raw, "gates", where), f"{where}.gates")):
        at = f"{where}.gates[{i}]"
        g = as_object(g, at)
        if "buoys" in g:
            buoys = as_list(g["buoys"], f"{at}.buoys")
            if len(buoys) != 2:
                raise EngineError(f"{at}.buoys must be two points", where=f"{at}.buoys")
            laid.append((*_point(buoys[0], f"{at}.buoys[0]"), *_point(buoys[1], f"{at}.buoys[1]")))
        else:
            laid.append(
                (
                    as_number(required(g, "x", at), f"{at}.x"),
                    as_number(required(g, "y", at), f"{at}.y"),
                    norm(as_number(required(g, "angle", at), f"{at}.angle")),
                )
            )
    gates = [dict(g, buoys=[list(b) for b in g["buoys"]]) for g in _checked_gates(tuple(laid))]
    name = raw.get("name")
    return {"name": name if isinstance(name, str) else None, "gates": gates}


@lru_cache(maxsize=256)
def _checked_gates(laid: tuple[Any, ...]) -> list[dict[str, Any]]:
    """The gates of a course laid as centres and angles (3 numbers) or buoys (4), checked
    once: every state of a race carries the same course, and checking it is most of loading."""
    gates = [
        described(i + 1, [g[:2], g[2:]]) if len(g) == 4 else gate(i + 1, *g)
        for i, g in enumerate(laid)
    ]
    return checked(gates)


def _point(raw: object, where: str) -> tuple[float, float]:
    raw = as_list(raw, where)
    if len(raw) != 2:
        raise EngineError(f"{where} must be [x, y]", where=where)
    return as_number(raw[0], f"{where}[0]"), as_number(raw[1], f"{where}[1]")


def load(data: object) -> dict[str, Any]:
    data = as_object(data, "state")
    level = as_int(data.get("level", 1), "state.level", 1, 4)
    laps = as_int(data.get("laps", 1), "state.laps", 1, 2)
    course = load_course(required(data, "course", "state"), "state.course")
    gates = len(course["gates"])
    course["station"] = station_gate(level, gates)
    jets = [
        _load_jet(j, f"state.jets[{i}]", level, gates)
        for i, j in enumerate(as_list(required(data, "jets", "state"), "state.jets"))
    ]
    if not 1 <= len(jets) <= MAX_JETS:
        raise EngineError(f"state.jets must hold 1-{MAX_JETS} jets", where="state.jets")
    for i, j in enumerate(jets):
        _check_progress(j, f"state.jets[{i}]", laps)
    for key in ("id", "seat"):
        if len({j[key] for j in jets}) != len(jets):
            raise EngineError(f"state.jets: two jets share a {key}", where="state.jets")
    jets.sort(key=lambda j: j["seat"])
    ids = {j["id"] for j in jets}
    for j in jets:
        if j["controller"] is not None and j["controller"] not in ids:
            raise EngineError(
                f"state.jets: {j['id']}'s controller is no jet of the race", where="state.jets"
            )
    phase = as_choice(data.get("phase", "race"), PHASES, "state.phase")
    state = {
        "phase": phase,
        "level": level,
        "laps": laps,
        "seed": as_int(data.get("seed", 0), "state.seed"),
        "turn_order": as_choice(data.get("turn_order", "seats"), TURN_ORDERS, "state.turn_order"),
        "course": course,
        "jets": jets,
        "supply": _load_cards(data.get("supply", []), "state.supply"),
        "draft": _load_draft(data.get("draft"), ids) if phase == "draft" else None,
        "winner": None,
        "turn": None,
    }
    winner = data.get("winner")
    if winner is not None:
        state["winner"] = as_choice(winner, tuple(ids), "state.winner")
    state["turn"] = _load_turn(data.get("turn"), state)
    return state


class _Fields:
    """Reads one JSON object's fields; the error's words are written only when a value is bad
    (loading a state reads a few hundred fields, most of them fine)."""

    __slots__ = ("raw", "where")

    def __init__(self, raw: object, where: str) -> None:
        self.raw, self.where = as_object(raw, where), where

    def _value(self, key: str, default: object) -> object:
        if default is _REQUIRED:
            return required(self.raw, key, self.where)
        return self.raw.get(key, default)

    def int(self, key: str, default: object, low: int, high: int | None = None) -> int:
        value = self._value(key, default)
        if type(value) is int and low <= value and (high is None or value <= high):
            return value
        return as_int(value, f"{self.where}.{key}", low, high)

    def number(self, key: str, default: object = None) -> float:
        value = self._value(key, _REQUIRED if default is None else default)
        if type(value) is float and math.isfinite(value):
            return value
        return as_number(value, f"{self.where}.{key}")

    def bool(self, key: str, default: bool) -> bool:
        value = self.raw.get(key, default)
        return value if type(value) is bool else as_bool(value, f"{self.where}.{key}")

    def choice(self, key: str, default: object, choices: tuple[str, ...]) -> str:
        value = self._value(key, default)
        if isinstance(value, str) and value in choices:
            return value
        return as_choice(value, choices, f"{self.where}.{key}")


_REQUIRED = object()
KIND_IDS = tuple(KINDS)


def _load_jet(raw: object, where: str, level: int, gates: int) -> dict[str, Any]:
    read = _Fields(raw, where)
    raw = read.raw
    jet: dict[str, Any] = {
        "id": as_id(required(raw, "id", where), f"{where}.id"),
        "seat": read.int("seat", _REQUIRED, 0, MAX_JETS - 1),
        "status": read.choice("status", "racing", STATUSES),
        "x": read.number("x"),
        "y": read.number("y"),
        "heading": norm(read.number("heading", 0.0)),
        "lift": read.int("lift", 0, 0, 5),
        "energy": read.int("energy", START_ENERGY, 0),
        "equipment": [],
        "laps": read.int("laps", 0, 0, 2),
        "next_gate": read.int("next_gate", 1, 1, gates),
        "place": None,
        "missed_in_row": read.int("missed_in_row", 0, 0, 3),
        "started": read.bool("started", False),
        "lift0_turns": read.int("lift0_turns", 0, 0, 2),
        "refuelled": _gates(raw.get("refuelled", []), f"{where}.refuelled", gates),
        "stasis": read.bool("stasis", False),
        "controller": None,
        "sealed_flight": None,
    }
    if max(abs(jet["x"]), abs(jet["y"])) > FAR_OUT:
        raise EngineError(f"{where}: |x| and |y| must be at most {FAR_OUT:g} mm", where=where)
    if raw.get("place") is not None:
        jet["place"] = read.int("place", None, 1, MAX_JETS)
    if raw.get("controller") is not None:
        jet["controller"] = as_id(raw["controller"], f"{where}.controller")
        if raw.get("sealed_flight") is not None:
            jet["sealed_flight"] = sealed_flight(raw["sealed_flight"], f"{where}.sealed_flight")
    cards = as_list(raw.get("equipment", []), f"{where}.equipment")
    jet["equipment"] = [_card(card, f"{where}.equipment", i) for i, card in enumerate(cards)]
    if len({c["id"] for c in jet["equipment"]}) != len(cards):
        raise EngineError(f"{where}.equipment: two cards share an id", where=f"{where}.equipment")
    if len(cards) > 7 or (level == 1 and cards):
        raise EngineError(
            f"{where}.equipment: too many cards for level {level}", where=f"{where}.equipment"
        )
    return jet


def _check_progress(jet: dict[str, Any], where: str, laps: int) -> None:
    """A jet's progress must be one the race can reach: before its start a jet has no next
    gate but gate 1 and no lap; no jet has more laps than the race, and one still racing has
    fewer."""
    if not jet["started"] and (jet["next_gate"] != 1 or jet["laps"] != 0):
        raise EngineError(
            f"{where}: {jet['id']} has not started, yet its next gate is {jet['next_gate']} "
            f"after {jet['laps']} laps (before the start both are 1 and 0)",
            code="unstarted_progress",
            jet=jet["id"],
            next_gate=jet["next_gate"],
            laps=jet["laps"],
            where=where,
        )
    if jet["laps"] > laps or (jet["status"] == "racing" and jet["laps"] == laps):
        raise EngineError(
            f"{where}: {jet['id']} is {jet['status']} after {jet['laps']} laps of a race of "
            f"{laps} laps",
            code="laps_past_race",
            jet=jet["id"],
            laps=jet["laps"],
            race_laps=laps,
            where=where,
        )


def sealed_flight(raw: object, where: str) -> dict[str, Any]:
    """A Traumatorpedo's flight for its victim in round mode, sealed with the shot:
    ``{"change": -1|0|1, "hinge": [h1, h2]}``, the lift change from the victim's own."""
    raw = as_object(raw, where)
    hinge = as_list(raw.get("hinge", [0, 0]), f"{where}.hinge")
    if len(hinge) != 2:
        raise EngineError(f"{where}.hinge must be two angles [h1, h2]", where=f"{where}.hinge")
    return {
        "change": as_int(raw.get("change", 0), f"{where}.change", -1, 1),
        "hinge": [as_number(h, f"{where}.hinge[{i}]") for i, h in enumerate(hinge)],
    }


def _card(raw: object, where: str, i: int) -> dict[str, Any]:
    if type(raw) is dict:
        id_, kind, chips = raw.get("id"), raw.get("kind"), raw.get("chips", 0)
        if (
            type(id_) is int
            and id_ >= 1
            and type(kind) is str
            and kind in KINDS
            and type(chips) is int
            and 0 <= chips <= 99
        ):
            return {"id": id_, "kind": kind, "chips": chips}
    card = _Fields(raw, f"{where}[{i}]")
    return {
        "id": card.int("id", _REQUIRED, 1),
        "kind": card.choice("kind", _REQUIRED, KIND_IDS),
        "chips": card.int("chips", 0, 0, 99),
    }


def _gates(raw: object, where: str, gates: int) -> list[int]:
    numbers = as_list(raw, where)
    if all(type(g) is int and 1 <= g <= gates for g in numbers):
        return sorted(set(numbers))
    return sorted({as_int(g, f"{where}[]", 1, gates) for g in numbers})


def _load_cards(raw: object, where: str) -> list[dict[str, Any]]:
    cards = []
    for i, card in enumerate(as_list(raw, where)):
        card = as_object(card, f"{where}[{i}]")
        cards.append(
            {
                "id": as_int(required(card, "id", f"{where}[{i}]"), f"{where}[{i}].id", 1),
                "kind": as_choice(
                    required(card, "kind", f"{where}[{i}]"), tuple(KINDS), f"{where}[{i}].kind"
                ),
            }
        )
    return cards


def _load_draft(raw: object, ids: set[str]) -> dict[str, Any]:
    raw = as_object(raw, "state.draft")
    order = [
        as_choice(j, tuple(ids), "state.draft.order[]")
        for j in as_list(required(raw, "order", "state.draft"), "state.draft.order")
    ]
    return {
        "order": order,
        "index": as_int(raw.get("index", 0), "state.draft.index", 0, len(order)),
    }


def _load_turn(raw: object, state: dict[str, Any]) -> dict[str, Any]:
    raw = as_object(raw if raw is not None else {}, "state.turn")
    turn: dict[str, Any] = {
        "number": as_int(raw.get("number", 1), "state.turn.number", 1),
        "round": as_int(raw.get("round", 1), "state.turn.round", 1),
        "seat": None,
        "jet": None,
        "controller": None,
        "queue": [],
    }
    if state["phase"] == "over":
        return turn
    ids = tuple(j["id"] for j in state["jets"])
    if state["phase"] == "draft":
        draft = state["draft"]
        if draft["index"] >= len(draft["order"]):
            raise EngineError("state.draft is complete: the phase is race", where="state.draft")
        jet_id = draft["order"][draft["index"]]
    elif raw.get("jet") is not None:
        jet_id = as_choice(raw["jet"], ids, "state.turn.jet")
    else:
        racing = [j["id"] for j in state["jets"] if j["status"] == "racing"]
        if not racing:
            raise EngineError("state: no jet is racing, the phase is over", where="state.phase")
        jet_id = racing[0]
    jet = find(state, jet_id)
    if state["phase"] == "race" and jet["status"] != "racing":
        raise EngineError(f"state.turn.jet: {jet_id} is not racing", where="state.turn.jet")
    turn.update(
        seat=jet["seat"],
        jet=jet_id,
        controller=jet["controller"] if state["phase"] == "race" else None,
    )
    if state["phase"] == "race" and state["turn_order"] == "race":
        turn["queue"] = [
            as_choice(j, ids, "state.turn.queue[]")
            for j in as_list(raw.get("queue", []), "state.turn.queue")
        ]
    return turn


def find(state: dict[str, Any], jet_id: object) -> dict[str, Any]:
    jets: list[dict[str, Any]] = state["jets"]
    for jet in jets:
        if jet["id"] == jet_id:
            return jet
    raise EngineError(f"no jet {jet_id!r} in the race", code="unknown_jet", jet=str(jet_id))


def clone(state: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of a loaded state (faster than ``copy.deepcopy``: the shape is known)."""
    twin = dict(state)
    course = state["course"]
    twin["course"] = dict(
        course, gates=[dict(g, buoys=[list(b) for b in g["buoys"]]) for g in course["gates"]]
    )
    twin["jets"] = [
        dict(j, equipment=[dict(c) for c in j["equipment"]], refuelled=list(j["refuelled"]))
        for j in state["jets"]
    ]
    twin["supply"] = [dict(c) for c in state["supply"]]
    twin["turn"] = dict(state["turn"], queue=list(state["turn"]["queue"]))
    if state["draft"] is not None:
        twin["draft"] = dict(state["draft"], order=list(state["draft"]["order"]))
    return twin


def level_rules(state: dict[str, Any]) -> Level:
    return LEVELS[state["level"]]
