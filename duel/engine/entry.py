"""The duel's entry points, the set every engine has (docs/engines.md): states, orders and
answers are plain JSON data; a refusal is an ``EngineError`` with its code.

A round's orders are one action, as the JSON face's ``act`` takes it: ``{"type": "asteroid" |
"fighters" | "turn", ...}``.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Mapping
from typing import Any

from games.enginekit import EngineError, as_object

from . import foresight
from .api import view
from .bots import bot_action
from .game import act, missed, new_game
from .game import legal as _legal
from .game import preview as _preview
from .game import standing as _standing
from .orders import parse_turn
from .state import Settings, State

ORDERS = ("asteroid", "fighters", "turn")  # the actions a player sends as a round's orders
# The settings the engine reads of a game's settings; the rest is the site's.
SETTINGS_KEYS = ("asteroids", "no_adjacent", "first", "fighters", "spare_missiles")


def engine_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    return {key: settings[key] for key in SETTINGS_KEYS if key in settings}


def new(settings: Mapping[str, Any], seats: object, seed: int) -> dict[str, Any]:
    """The first state of a duel with these settings (two players, whoever sits)."""
    return new_game(Settings.from_dict(engine_settings(settings)), seed).to_dict()


def active(state: Mapping[str, Any]) -> list[int]:
    """Who acts now: each player still to place his fighters, or the player to act."""
    phase = state.get("phase")
    if phase == "fighters":
        return [p for p in (0, 1) if (state.get("sealed") or [None, None])[p] is None]
    if phase in ("asteroids", "play") and state.get("to_act") is not None:
        return [state["to_act"]]
    return []


def legal(state: Mapping[str, Any], seat: int, partial: object = None) -> dict[str, Any]:
    """What ``seat`` may do now; with a half-built turn (``partial``: its orders), also its
    ``preview``."""
    game_state = State.from_dict(dict(state))
    answer = _legal(game_state, seat)
    if partial is not None:
        answer["preview"] = _preview(game_state, seat, partial)
    return answer


def turn_preview(state: Mapping[str, Any], seat: int, orders: object) -> dict[str, Any]:
    """Where a half-built turn's fighters and missiles go (``orders``: the turn's orders)."""
    return _preview(State.from_dict(dict(state)), seat, orders)


def validate(state: Mapping[str, Any], seat: int, orders: object) -> dict[str, Any]:
    """The action to store, with only the fields the engine reads, if the engine takes it."""
    action = as_object(orders, "action")
    if action.get("type") not in ORDERS:
        raise EngineError(f"action.type must be one of {', '.join(ORDERS)}", where="action.type")
    game_state = State.from_dict(dict(state))
    act(game_state, seat, action)
    return _normalised(game_state, seat, action)


def preview(state: Mapping[str, Any], seat: int, orders: object) -> dict[str, Any]:
    """A turn's routes, missiles and events so far (``turn_preview``); another action:
    checked, and the state it would leave as this player sees it."""
    if isinstance(orders, dict) and orders.get("type") == "turn":
        return turn_preview(state, seat, orders.get("orders"))
    validate(state, seat, orders)
    after, events = act(State.from_dict(dict(state)), seat, orders)
    return {"events": events, "state": view(after.to_dict(), seat)}


def play(
    state: Mapping[str, Any],
    orders: Mapping[int, Any],
    *,
    seed: int,
    referee: Mapping[str, Any],
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The round: a resignation (``referee["resign"]``, or the referee's ``remove``), an agreed
    draw (``draw_agreed``), or each acting player's action, the missed-turn default for one
    who sent none."""
    game_state = State.from_dict(dict(state))
    events: list[dict[str, Any]] = []
    if referee.get("resign") is not None or referee.get("remove"):
        player = referee.get("resign")
        if player is None:
            player = referee["remove"][0]
        game_state, events = act(game_state, player, {"type": "resign"})
    elif referee.get("draw_agreed"):
        game_state, events = act(game_state, 0, {"type": "draw_agreed"})
    else:
        for seat in active(state):
            if game_state.phase == "over":
                break
            if seat in orders:
                game_state, more = act(game_state, seat, orders[seat])
            else:
                game_state, more = missed(game_state, seat)
            events += more
    return game_state.to_dict(), events


def computer(state: Mapping[str, Any], seat: int, level: str) -> dict[str, Any]:
    """A computer player's action (novice or veteran), from the state alone; the same state,
    seat and level always give the same action."""
    seed = zlib.crc32(json.dumps([state, seat], sort_keys=True).encode())
    return bot_action(State.from_dict(dict(state)), seat, level, seed)


def public(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """The state as ``seat`` (None: a spectator) may see it: the other player's sealed fighter
    placement hidden."""
    return view(dict(state), seat)


def standing(state: Mapping[str, Any], events: object = None) -> dict[int, int]:
    """Win, draw or loss, each seat's standing the higher the better."""
    return _standing(State.from_dict(dict(state)))


def _normalised(state: State, seat: int, payload: dict[str, Any]) -> dict[str, Any]:
    """What to store of an action the engine accepted: only the fields it reads."""
    kind = payload["type"]
    if kind == "asteroid":
        return {"type": "asteroid", "hex": list(payload["hex"])}
    if kind == "fighters":
        return {
            "type": "fighters",
            "placements": [
                {"fighter": p["fighter"], "hex": list(p["hex"]), "facing": p["facing"]}
                for p in payload["placements"]
            ],
        }
    return {
        "type": "turn",
        "orders": [
            o.to_dict()
            for o in parse_turn(
                state, seat, payload["orders"], excused=foresight.doomed(state, seat)
            )
        ],
    }


__all__ = [
    "active",
    "computer",
    "legal",
    "new",
    "play",
    "preview",
    "public",
    "standing",
    "turn_preview",
    "validate",
]
