"""The dogfight's entry points, the set every engine has (docs/engines.md): states, orders and
answers are plain JSON data; a refusal is an ``EngineError`` with its code.

A round's orders are ``{"moves": [move, move, move]}``, each move as the JSON face takes it.
Every ``state`` handed in is a snapshot this engine wrote (``State.to_dict``): it is read with
``State.from_snapshot``, not checked again; orders are always checked.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from games.enginekit import EngineError

from . import api
from .bots import LEVELS, bot_orders
from .maneuvers import order_form
from .orders import FIRE_DIRECTIONS, bursts_allowed, validate_orders
from .orders import order_form as fire_form
from .setup import DEFAULT_CLOUDS
from .standing import standing as _standing
from .state import Plane, State

# The settings the engine reads of a game's settings; the rest is the site's.
SETTINGS_KEYS = ("windless", "legacy_weather", "balloon_rule", "scoring", "scored", "duel")


def engine_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    return {key: settings[key] for key in SETTINGS_KEYS if key in settings}


def new(
    settings: Mapping[str, Any], seats: Iterable[Mapping[str, Any]], seed: int
) -> dict[str, Any]:
    """Round 1 of a game with these settings (balloons, clouds and the rules' switches),
    checked as the JSON face's ``new`` checks them; ``seats``: each ``{"number"}``, with the
    pilot's ``career_points`` and ``rank`` if he has them."""
    return api.new_job(
        {
            "seed": seed,
            "settings": engine_settings(settings),
            "balloons": settings.get("balloons", 0),
            "clouds": settings.get("clouds", DEFAULT_CLOUDS),
            "pilots": [
                {
                    "seat": seat["number"],
                    "career_points": seat.get("career_points", 0),
                    "rank": seat.get("rank", 0),
                }
                for seat in seats
            ],
        }
    )


def active(state: Mapping[str, Any]) -> list[int]:
    """The seats that owe orders: every plane still flying, none once the game is over."""
    if state.get("over"):
        return []
    return [plane["seat"] for plane in state["planes"] if plane["status"] != "out"]


def plane_in_play(state: Mapping[str, Any], seat: int) -> Plane:
    plane = State.from_snapshot(dict(state)).plane(seat)
    if plane.status == "out":
        raise EngineError(f"seat {seat} is out of the game", code="plane_out", seat=seat)
    return plane


def legal(state: Mapping[str, Any], seat: int, partial: object = None) -> dict[str, Any]:
    """The three moves as the order form offers them after the maneuvers ``partial`` (a list
    of up to three codes, None: none yet): each move's legal list, where it takes the plane,
    whether it may fire and in which directions (``fire_offered``), and the round's
    ``bursts_allowed`` over all three moves (its rank's bursts a round, no more than the
    plane has on board: 0 with no ammunition)."""
    plane = plane_in_play(state, seat)
    chosen = [] if partial is None else partial
    if (
        not isinstance(chosen, list)
        or len(chosen) > 3
        or not all(isinstance(code, str) for code in chosen)
    ):
        raise EngineError("chosen must be a list of up to three codes", where="chosen")
    moves = fire_form(plane, list(chosen))
    return {
        "moves": [
            {
                **{key: value for key, value in move.items() if key != "fire"},
                "hex": list(move["hex"]),
            }
            for move in moves
        ],
        "bursts_allowed": bursts_allowed(plane),
        "fire_directions": list(FIRE_DIRECTIONS),
        "through_allowed": state["settings"].get("balloon_rule") == "through",
    }


def validate(state: Mapping[str, Any], seat: int, orders: object) -> dict[str, Any]:
    """The orders to store: ``{"moves": [...]}`` as the engine reads them."""
    game_state = State.from_snapshot(dict(state))
    moves = validate_orders(game_state.plane(seat), game_state.settings, _moves_of(orders))
    return {"moves": [move.to_dict() for move in moves]}


def preview(state: Mapping[str, Any], seat: int, orders: object) -> dict[str, Any]:
    """The route the orders fly (each move's hex and facing), if the engine takes them."""
    plane = plane_in_play(state, seat)
    moves = validate(state, seat, orders)["moves"]
    route = order_form(plane, [move["maneuver"] for move in moves])
    return {
        "moves": moves,
        "route": [
            {"number": step["number"], "hex": list(step["hex"]), "facing": step["facing"]}
            for step in route
        ],
    }


def play(
    state: Mapping[str, Any],
    orders: Mapping[int, Mapping[str, Any]],
    *,
    seed: int,
    referee: Mapping[str, Any],
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A round flown with each seat's stored orders (what ``validate`` returned for this very
    state, not checked again); ``referee``: a fixed ``wind`` and the seats to ``remove``."""
    answer = api.resolve_stored(
        dict(state),
        {seat: list(given["moves"]) for seat, given in orders.items()},
        seed,
        wind=referee.get("wind"),
        remove=referee.get("remove", []),
    )
    return answer["state"], answer["events"]


def computer(state: Mapping[str, Any], seat: int, level: str) -> dict[str, Any]:
    """A computer pilot's orders, from the public state only; the same round and seat always
    give the same orders (the seed comes from the state)."""
    game_state = State.from_snapshot(dict(state))
    seed = zlib.crc32(json.dumps([state, seat], sort_keys=True).encode())
    raw = bot_orders(game_state, seat, level if level in LEVELS else "novice", seed)
    moves = validate_orders(game_state.plane(seat), game_state.settings, raw)
    return {"moves": [move.to_dict() for move in moves]}


def public(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """Nothing of a dogfight's state is secret: everyone sees all of it."""
    return dict(state)


def standing(
    state: Mapping[str, Any], events: Callable[[], Iterable[dict[str, Any]]]
) -> dict[int, tuple[int, int]]:
    """Each seat's standing in a finished game, the higher the better (``standing.py``)."""
    return _standing(dict(state), events)


def _moves_of(orders: object) -> object:
    """The moves of ``{"moves": [...]}``; anything else goes on as it is, for
    ``validate_orders`` to name what is wrong with it."""
    return orders.get("moves") if isinstance(orders, dict) else orders


__all__ = [
    "active",
    "computer",
    "legal",
    "new",
    "play",
    "preview",
    "public",
    "standing",
    "validate",
]
