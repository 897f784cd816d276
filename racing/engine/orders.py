"""Orders as JSON, checked for shape (``parse``); whether an order is legal is decided by
playing it (``turns.py``), so a preview and the turn that follows are one computation.

An order is one of:
- ``{"pick": kind | null}`` in the draft;
- ``{"miss": true}`` where no course at the open lifts avoids contact;
- ``{"station": {"return": [card ids], "take": [kinds]}}`` at the cracks' equipment station;
- a flight: ``{"lift", "hinge": [h1, h2], "slips": [[h1, h2], ...], "boost": kind?,
  "hyper": {"hinge", "slips"}?, "before": [use...], "after": [use...], "ram_chips": [ids],
  "remove_chip": id?}``.
"""

from __future__ import annotations

from typing import Any

from games.enginekit import EngineError, as_bool, as_choice, as_int, as_list, as_object

from .catalogue import BOOSTS, KINDS
from .state import as_id, as_number, sealed_flight

USE_FIELDS = {
    "sidestep": ("side", "lift"),
    "kupferwurm": ("direction", "chips"),
    "butt_kick": ("hinge", "slips"),
    "photonenpaddel": ("hinge",),
    "paddel_de_luxe": ("angle",),
    "traumatorpedo": ("flight",),
    "uberhirn": ("use",),
    "warpfeld": ("gate", "pivot", "angle"),
    "robert": ("mode",),
    "hollenboller": ("side",),
}


def hinge_pair(raw: object, where: str) -> tuple[float, float]:
    raw = as_list(raw, where)
    if len(raw) != 2:
        raise EngineError(f"{where} must be two angles [h1, h2]", where=where)
    return as_number(raw[0], f"{where}[0]"), as_number(raw[1], f"{where}[1]")


def slip_list(raw: object, where: str) -> list[tuple[float, float]]:
    return [hinge_pair(s, f"{where}[{i}]") for i, s in enumerate(as_list(raw, where))]


def parse(raw: object) -> dict[str, Any]:
    raw = as_object(raw, "order")
    if "pick" in raw:
        pick = raw["pick"]
        return {"pick": None if pick is None else as_choice(pick, tuple(KINDS), "order.pick")}
    if raw.get("miss") is not None:
        if not as_bool(raw["miss"], "order.miss"):
            raise EngineError("order.miss must be true when given", where="order.miss")
        return {"miss": True}
    if "station" in raw:
        station = as_object(raw["station"], "order.station")
        return {
            "station": {
                "return": [
                    as_int(c, "order.station.return[]", 1)
                    for c in as_list(station.get("return", []), "order.station.return")
                ],
                "take": [
                    as_choice(k, tuple(KINDS), "order.station.take[]")
                    for k in as_list(station.get("take", []), "order.station.take")
                ],
            },
            "remove_chip": _card_or_none(raw.get("remove_chip"), "order.remove_chip"),
        }
    if "lift" not in raw:
        raise EngineError(
            "order.lift is missing (or give pick, miss or station)", where="order.lift"
        )
    order = {
        "lift": as_int(raw["lift"], "order.lift", 0, 5),
        "hinge": hinge_pair(raw.get("hinge", [0, 0]), "order.hinge"),
        "slips": slip_list(raw.get("slips", []), "order.slips"),
        "boost": None,
        "hyper": None,
        "before": [
            use(u, f"order.before[{i}]")
            for i, u in enumerate(as_list(raw.get("before", []), "order.before"))
        ],
        "after": [
            use(u, f"order.after[{i}]")
            for i, u in enumerate(as_list(raw.get("after", []), "order.after"))
        ],
        "ram_chips": [
            as_int(c, "order.ram_chips[]", 1)
            for c in as_list(raw.get("ram_chips", []), "order.ram_chips")
        ],
        "remove_chip": _card_or_none(raw.get("remove_chip"), "order.remove_chip"),
    }
    if raw.get("boost") is not None:
        order["boost"] = as_choice(raw["boost"], BOOSTS, "order.boost")
    if order["boost"] == "hyper_booster":
        hyper = as_object(raw.get("hyper", {}), "order.hyper")
        order["hyper"] = {
            "hinge": hinge_pair(hyper.get("hinge", [0, 0]), "order.hyper.hinge"),
            "slips": slip_list(hyper.get("slips", []), "order.hyper.slips"),
        }
    elif raw.get("hyper") is not None:
        raise EngineError(
            "order.hyper is the hyper booster's second flight: boost it",
            code="hyper_without_booster",
        )
    return order


def normalised(raw: object) -> dict[str, Any]:
    """``raw`` as the engine reads it, as JSON: the same order (a turn plays both alike) with
    its defaults filled in. A field the engine does not read, at any depth, is refused
    (``malformed``, where it is), unless it is null: an order holds nothing but what it says."""
    order: dict[str, Any] = _as_json(parse(raw))
    _refuse_unread(raw, order, "order")
    return order


def _as_json(value: Any) -> Any:
    """The parsed order as plain JSON: lists for pairs, without the uses' ``where`` (the
    place in the raw order a refusal names; parsing the result again sets it anew)."""
    if isinstance(value, dict):
        return {key: _as_json(item) for key, item in value.items() if key != "where"}
    if isinstance(value, (list, tuple)):
        return [_as_json(item) for item in value]
    return value


def _refuse_unread(raw: object, read: object, where: str) -> None:
    if isinstance(raw, dict) and isinstance(read, dict):
        for key, value in raw.items():
            if key not in read:
                if value is not None:
                    raise EngineError(
                        f"{where}.{key} is not a field the order may hold", where=f"{where}.{key}"
                    )
            else:
                _refuse_unread(value, read[key], f"{where}.{key}")
    elif isinstance(raw, list) and isinstance(read, list) and len(raw) == len(read):
        for index, (item, was_read) in enumerate(zip(raw, read, strict=True)):
            _refuse_unread(item, was_read, f"{where}[{index}]")


def _card_or_none(raw: object, where: str) -> int | None:
    return None if raw is None else as_int(raw, where, 1)


def use(raw: object, where: str, *, inner: bool = False) -> dict[str, Any]:
    """A use: ``{"card": id or kind, "target": jet id, ...the kind's own fields}``; which
    kind it is is known only against the user's cards, so fields are checked loosely here and
    for their kind when played."""
    raw = as_object(raw, where)
    card = raw.get("card")
    if isinstance(card, str):
        card = as_choice(card, tuple(KINDS), f"{where}.card")
    else:
        card = as_int(card, f"{where}.card", 1)
    parsed: dict[str, Any] = {"card": card, "where": where}
    if raw.get("target") is not None:
        parsed["target"] = as_id(raw["target"], f"{where}.target")
    if "side" in raw:
        parsed["side"] = as_choice(raw["side"], ("left", "right"), f"{where}.side")
    if "lift" in raw:
        parsed["lift"] = as_int(raw["lift"], f"{where}.lift", 1, 3)
    if "direction" in raw:
        parsed["direction"] = as_choice(raw["direction"], ("front", "back"), f"{where}.direction")
    if "chips" in raw:
        parsed["chips"] = [
            as_int(c, f"{where}.chips[]", 1) for c in as_list(raw["chips"], f"{where}.chips")
        ]
        if len(parsed["chips"]) > 3:
            raise EngineError(
                f"{where}.chips: three chips at most",
                code="too_many_chips",
                most=3,
                where=f"{where}.chips",
            )
    if "hinge" in raw:
        parsed["hinge"] = hinge_pair(raw["hinge"], f"{where}.hinge")
    if "slips" in raw:
        parsed["slips"] = slip_list(raw["slips"], f"{where}.slips")
    if "angle" in raw:
        parsed["angle"] = as_number(raw["angle"], f"{where}.angle")
    if "gate" in raw:
        parsed["gate"] = as_int(raw["gate"], f"{where}.gate", 1)
    if "pivot" in raw:
        parsed["pivot"] = as_int(raw["pivot"], f"{where}.pivot", 0, 1)
    if "mode" in raw:
        parsed["mode"] = as_choice(raw["mode"], ("repair", "energy"), f"{where}.mode")
    if "flight" in raw:
        parsed["flight"] = sealed_flight(raw["flight"], f"{where}.flight")
    if "use" in raw:
        if inner:
            raise EngineError(
                f"{where}.use: an Überhirn cannot fire another Überhirn",
                code="uberhirn_on_uberhirn",
                where=f"{where}.use",
            )
        parsed["use"] = use(raw["use"], f"{where}.use", inner=True)
    return parsed
