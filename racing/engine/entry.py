"""The race's entry points, the set every engine has (docs/engines.md): states, orders and
answers are plain JSON data; a refusal is an ``EngineError`` with its code.

A round's orders are one jet's order, as the JSON face's ``turn`` takes it (a draft pick is
``{"pick": kind}``). In turn mode one jet is on turn; in round mode (``turn_order`` "race")
every jet flying the round seals its order at the round's start, judged as if its jet were on
turn (``ordering_state``), and the round is flown in race order with ``play_sealed``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from games.enginekit import EngineError

from .legal import legal as _legal
from .orders import normalised as normalised_order
from .pilot import computer_order
from .setup import new_race
from .state import load
from .turns import play as _play
from .turns import play_sealed, retire

# Seat n flies the jet JET_IDS[n] (the engine's ids are colours' names).
JET_IDS = ("red", "blue", "green", "yellow", "purple", "orange")
PILOTS = {"novice": 1, "ace": 2}  # the site's computer levels -> the engine's pilots


def entries(seats: Iterable[int]) -> list[dict[str, Any]]:
    return [{"id": JET_IDS[seat], "seat": seat} for seat in seats]


def new(
    settings: Mapping[str, Any], seats: Iterable[Mapping[str, Any]], seed: int
) -> dict[str, Any]:
    """A race on ``settings["course"]`` at its ``level`` and ``laps``, a jet for each seat;
    ``mode`` "round" flies it in rounds (race order), else turn by turn in seat order."""
    return new_race(
        settings["course"],
        entries(seat["number"] for seat in seats),
        settings["level"],
        settings["laps"],
        seed,
        "race" if settings.get("mode") == "round" else "seats",
    )


def jet(state: Mapping[str, Any], jet_id: str) -> dict[str, Any]:
    found: dict[str, Any] = next(j for j in state["jets"] if j["id"] == jet_id)
    return found


def round_jets(state: Mapping[str, Any]) -> list[str]:
    """Round mode: the jets still to fly in this round, the one on turn first."""
    return [state["turn"]["jet"], *state["turn"]["queue"]]


def active(state: Mapping[str, Any]) -> list[int]:
    """The draft's picker; in turn mode the seat that orders the jet on turn (its
    Traumatorpedo shooter's, if it was hit); in round mode every jet flying this round but a
    Traumatorpedo's victim, whose flight its shooter sealed with the shot."""
    phase, turn = state["phase"], state["turn"]
    if phase == "draft":
        return [turn["seat"]]
    if phase != "race":
        return []
    if state["turn_order"] == "race":
        return sorted(
            jet(state, jet_id)["seat"]
            for jet_id in round_jets(state)
            if jet(state, jet_id)["controller"] is None
        )
    return [jet(state, turn["controller"] or turn["jet"])["seat"]]


def ordering_state(state: Mapping[str, Any], seat: int) -> dict[str, Any] | None:
    """The state the seat's order is judged on: the state itself, or in round mode the
    round's start with the seat's own jet put on turn (``legal`` answers for the jet on turn
    only); None if the seat's jet does not fly this round."""
    if state["phase"] != "race" or state["turn_order"] != "race":
        return dict(state)
    own = next((j for j in state["jets"] if j["seat"] == seat), None)
    if own is None or own["id"] not in round_jets(state) or own["controller"] is not None:
        return None
    return {**state, "turn": {**state["turn"], "jet": own["id"], "queue": []}}


def judged_on(state: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """``ordering_state``, or the ``EngineError`` that the seat's jet is not in this round."""
    ordering = ordering_state(state, seat)
    if ordering is None:
        jet_id = JET_IDS[seat] if 0 <= seat < len(JET_IDS) else str(seat)
        raise EngineError(f"{jet_id} is not racing in this round", code="not_racing", jet=jet_id)
    return ordering


def legal(state: Mapping[str, Any], seat: int, partial: object = None) -> dict[str, Any]:
    """What the seat's jet may do (lifts, hinge limits, equipment, landing arcs); with a
    partial order, the exact ``preview`` of it."""
    return _legal(load(judged_on(state, seat)), partial)


def preview(state: Mapping[str, Any], seat: int, orders: object) -> dict[str, Any]:
    """The turn played on a copy (what ``legal`` previews): ``{"state", "events"}``, or the
    ``EngineError`` playing it raises."""
    if not isinstance(orders, dict):
        raise EngineError("an order must be an object", where="order")
    new_state, events = _play(load(judged_on(state, seat)), orders)
    return {"state": new_state, "events": events}


def validate(state: Mapping[str, Any], seat: int, orders: object) -> dict[str, Any]:
    """The order to store: as the engine reads it (``normalised_order``: its defaults filled,
    a field it does not read refused), once playing it on a copy raised nothing."""
    order = normalised_order(orders)
    preview(state, seat, order)
    return order


def retire_removed(
    state: dict[str, Any], removed: Iterable[int]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The referee's removals: each removed seat's racing jet retires from the race."""
    removed = set(removed)
    events: list[dict[str, Any]] = []
    for one in list(state["jets"]):
        if one["seat"] in removed and one["status"] == "racing" and state["phase"] != "over":
            state, more = retire(load(state), one["id"])
            events += more
    return state, events


def play(
    state: Mapping[str, Any],
    orders: Mapping[int, Any],
    *,
    seed: int,
    referee: Mapping[str, Any],
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The removed seats' jets (``referee["remove"]``) retire first; then the turn (or in
    round mode the rest of the round) is flown, a seat without an order given the missed-turn
    default, unless the removal took the turn's own pilot out: then the round was the removal,
    and the next pilot orders."""
    ordering = active(state)
    new_state, events = retire_removed(dict(state), referee.get("remove", []))
    if new_state["phase"] == "race" and new_state["turn_order"] == "race":
        number = new_state["turn"]["round"]
        while new_state["phase"] == "race" and new_state["turn"]["round"] == number:
            seat = jet(new_state, new_state["turn"]["jet"])["seat"]
            new_state, more = play_sealed(load(new_state), orders.get(seat))
            events += more
    elif new_state["phase"] != "over" and active(new_state) == ordering:
        (seat,) = ordering
        new_state, more = _play(load(new_state), orders.get(seat))
        events += more
    return new_state, events


def winner(state: Mapping[str, Any]) -> int | None:
    """The winning jet's seat once the race is over, or None."""
    if state["phase"] != "over" or not state["winner"]:
        return None
    seat: int = jet(state, state["winner"])["seat"]
    return seat


def computer(state: Mapping[str, Any], seat: int, level: str) -> dict[str, Any]:
    """A computer pilot's order for the seat's jet (levels ``PILOTS``, novice if unknown)."""
    return computer_order(judged_on(state, seat), PILOTS.get(level, 1))


def public(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """Nothing in a race's state is secret: everyone sees all of it."""
    return dict(state)


def standing(
    state: Mapping[str, Any], events: Callable[[], Iterable[dict[str, Any]]] | None = None
) -> dict[int, tuple[int, int]]:
    """Each seat's standing when the race is over, the higher the better: the jets that
    finished by their place, then every jet that retired alike."""
    return {
        one["seat"]: (1, -one["place"]) if one["status"] == "finished" else (0, 0)
        for one in load(dict(state))["jets"]
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
    "validate",
]
