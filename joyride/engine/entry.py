"""Joyride's entry points, the set every engine has (docs/engines.md): states, orders and
answers are plain JSON data; a refusal is an ``EngineError`` with its code.

A round is one phase: a run, whose orders are a plan as the JSON face's ``check`` takes it
(``{"tiles": [...], "insta_ball": ...}``), or the gadget picks after it, whose orders are a
ranking, ``{"picks": [gadget, ...]}``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from games.enginekit import EngineError

from .bots import LEVELS, computer_picks, computer_plan
from .game import check, new_game, pick_order, resolve_picks, resolve_run, validate_plan
from .game import standing as _standing
from .state import State

HARD_CARDS = [1, 4]  # the lab cards a "hard" game deals every player


def new(
    settings: Mapping[str, Any], seats: Iterable[Mapping[str, Any]], seed: int
) -> dict[str, Any]:
    """A game for ``settings["players"]``; ``hard`` names the hard cards each seat is dealt (a
    list per seat, as ``new_game`` takes it), or is a flag: the hard cards 1 and 4 for every
    seat."""
    players = settings["players"]
    hard = settings.get("hard")
    if not isinstance(hard, list):
        hard = [HARD_CARDS] * players if hard else None
    return new_game(players, seed, hard).to_dict()


def active(state: Mapping[str, Any]) -> list[int]:
    """Everyone seals a plan in a run and a ranking in a pick; nobody once it is over."""
    if state.get("phase") in ("run", "pick"):
        return list(range(state["players"]))
    return []


def legal(state: Mapping[str, Any], seat: int, partial: object = None) -> dict[str, Any]:
    """In a run: ``check`` of the plan so far, with where the next tile may go; in a pick:
    the gadgets on offer and the order of the picks."""
    if state.get("phase") == "pick":
        return {
            "phase": "pick",
            "offered": list(state["gadgets"]["revealed"]),
            "pick_order": pick_order(dict(state)),
        }
    plan: Any = partial  # check names what is wrong with anything but a plan
    return {"phase": state["phase"], "check": check(dict(state), seat, plan, next_tiles=True)}


def checked_picks(state: Mapping[str, Any], seat: int, picks: list[Any]) -> list[str]:
    """A seat's ranking of the gadgets on offer, asked of ``resolve_picks`` with every other
    seat ranking nothing."""
    rankings: list[Any] = [None] * state["players"]
    rankings[seat] = picks
    resolve_picks(dict(state), rankings)
    return list(picks)


def validate(state: Mapping[str, Any], seat: int, orders: object) -> dict[str, Any]:
    """The plan (``validate_plan``) or the ranking (``{"picks"}``) to store."""
    if state.get("phase") == "pick":
        picks = orders.get("picks") if isinstance(orders, dict) else None
        if not isinstance(picks, list) or not picks:
            raise EngineError("picks must be a list of gadgets", where="picks")
        return {"picks": checked_picks(state, seat, picks)}
    if not isinstance(orders, dict):
        raise EngineError("plan must be an object", where="plan")
    return validate_plan(dict(state), seat, orders)


def preview(state: Mapping[str, Any], seat: int, orders: object) -> dict[str, Any]:
    """A plan's uncontested score (``check``) if the engine would take it; a ranking as it
    would be stored."""
    stored = validate(state, seat, orders)
    if state.get("phase") == "pick":
        return {"phase": "pick", **stored, "pick_order": pick_order(dict(state))}
    return {"phase": "run", "plan": stored, "check": check(dict(state), seat, stored)}


def play(
    state: Mapping[str, Any],
    orders: Mapping[int, Any],
    *,
    seed: int,
    referee: Mapping[str, Any],
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The run replayed (its events, then each seat's ``result``) or the picks handed out;
    a removed seat's (``referee["remove"]``) plan or pick counts as empty."""
    removed = set(referee.get("remove", []))
    seats = range(state["players"])
    if state["phase"] == "pick":
        picks = [None if s in removed else orders.get(s, {}).get("picks") for s in seats]
        after, result = resolve_picks(dict(state), picks)
        events = list(result["events"])
    else:
        plans = [None if s in removed else orders.get(s) for s in seats]
        after, result = resolve_run(dict(state), plans)
        events = result["events"] + [
            {"type": "result", "seat": row["seat"], "stop": row["stop"], "score": row["score"]}
            for row in result["seats"]
        ]
    return after.to_dict(), events


def computer(state: Mapping[str, Any], seat: int, level: str) -> dict[str, Any]:
    """The computer player, from the public state only: the same state, the same plan (or
    ranking)."""
    level = level if level in LEVELS else "novice"
    if state.get("phase") == "pick":
        return {"picks": computer_picks(dict(state), seat, level)}
    return validate_plan(dict(state), seat, computer_plan(dict(state), seat, level))


def public(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """The state without what nobody may know yet: the decks' order and the seed that deals
    the solo labs (only how many cards are left)."""
    shown = {key: value for key, value in state.items() if key != "seed"}
    for deck in ("missions", "gadgets"):
        shown[deck] = {**state[deck], "deck": len(state[deck]["deck"])}
    return shown


def standing(
    state: Mapping[str, Any], events: Callable[[], Iterable[dict[str, Any]]] | None = None
) -> dict[int, tuple[int, int]]:
    """Each seat's standing, the higher the better: total, then the tie-break."""
    return dict(enumerate(_standing(State.from_dict(dict(state)))))


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
