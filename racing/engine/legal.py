"""What the jet on turn may do now, to draw and to check: its lifts and hinge limits, its
equipment with the cost or why not, the landing arcs per lift, and with an order the exact
preview (``turns.play`` on a copy: the very computation ``turn`` makes)."""

from __future__ import annotations

from typing import Any

from games.enginekit import EngineError

from .catalogue import KINDS, LEVELS
from .equipment import projector_line
from .flight import LIMITS, free_arcs, position, ruler, within_lift
from .state import find
from .turns import STATION_REACH, Turn, boost_lifts, miss_allowed, open_lifts, pickable, play


def legal(state: dict[str, Any], order: object | None = None) -> dict[str, Any]:
    """``state`` is a loaded state (``state.load``)."""
    answer = {"phase": state["phase"], "turn": dict(state["turn"])}
    if state["phase"] == "draft":
        jet = find(state, state["turn"]["jet"])
        rules = LEVELS[state["level"]]
        answer.update(
            jet=jet["id"],
            picks=pickable(state, jet),
            cards=rules.cards,
            blue=rules.blue,
            held=[c["kind"] for c in jet["equipment"]],
        )
    elif state["phase"] == "race":
        answer.update(_race_options(state, find(state, state["turn"]["jet"])))
    if order is not None:
        answer["preview"] = preview(state, order)
    return answer


def preview(state: dict[str, Any], order: object) -> dict[str, Any]:
    try:
        new_state, events = play(state, order)
    except EngineError as error:
        return {"error": str(error)}
    return {"state": new_state, "events": events}


def _race_options(state: dict[str, Any], jet: dict[str, Any]) -> dict[str, Any]:
    lifts = open_lifts(jet)
    controlled = jet["controller"] is not None
    turn = Turn(state, jet, [], None)
    boosts, equipment = [], []
    for card in jet["equipment"]:
        kind = KINDS[card["kind"]]
        why = _why_not(turn, jet, card, lifts)
        entry = {
            "card": card["id"],
            "kind": kind.id,
            "cost": kind.cost,
            "phases": list(kind.phases),
            "chips": card["chips"],
            "usable": why is None,
            "why": why,
        }
        if "flight" in kind.phases:
            entry["lifts"] = boost_lifts(jet, kind.id) if why is None else []
            boosts.append(entry)
        equipment.append(entry)
    reach = [_arc(state, jet, lift, lift, None) for lift in lifts]
    for entry in boosts:
        flight_lift = 5 if entry["kind"] == "take_five" else None
        reach += [_arc(state, jet, n, flight_lift or n, entry["kind"]) for n in entry["lifts"]]
    station = state["course"]["station"]
    gate = state["course"]["gates"][jet["next_gate"] - 1]
    return {
        "jet": jet["id"],
        "controller": jet["controller"],
        "lifts": lifts,
        "hinge_limits": {
            str(n): LIMITS[n] for n in sorted(set(lifts) | {r["flight_lift"] for r in reach})
        },
        "equipment": equipment,
        "reach": reach,
        "miss": miss_allowed(state, jet),
        "station": station is not None
        and not controlled
        and any(
            within_lift(position(jet), tuple(b), STATION_REACH, 7.5)
            for b in state["course"]["gates"][station - 1]["buoys"]
        ),
        "projector": {
            "front": [list(p) for p in projector_line(jet)],
            "back": [list(p) for p in projector_line(jet, backwards=True)],
        },
        "next_gate": {"number": gate["number"], "x": gate["x"], "y": gate["y"]},
    }


def _why_not(turn: Turn, jet: dict[str, Any], card: dict[str, Any], lifts: list[int]) -> str | None:
    """Why the card cannot be used this turn at all (what depends on the order itself, such as
    Robert's Lift 1 or a paddle's flight, shows only in the preview)."""
    kind = KINDS[card["kind"]]
    if turn.controlled:
        return "controlled"
    if card["chips"]:
        return "damaged"
    if kind.cost > jet["energy"]:
        return "energy"
    if "flight" in kind.phases and not boost_lifts(jet, kind.id):
        return "lift"
    if kind.id == "robert" and 1 not in lifts:
        return "lift"
    if kind.id in ("photonenpaddel", "paddel_de_luxe") and lifts == [0]:
        return "no_flight"
    return None


def _arc(
    state: dict[str, Any], jet: dict[str, Any], lift: int, flight_lift: int, boost: str | None
) -> dict[str, Any]:
    """Where a flight of ``flight_lift`` may land: the circle arc around the jet between the
    ruler's two limits (absolute headings), with the parts that land clear of other jets."""
    heading, limit = jet["heading"], LIMITS[flight_lift]
    return {
        "lift": lift,
        "flight_lift": flight_lift,
        "boost": boost,
        "centre": [jet["x"], jet["y"]],
        "radius": ruler(flight_lift),
        "from": heading - limit,
        "to": heading + limit,
        "clear": [[heading + a, heading + b] for a, b in free_arcs(state, jet, flight_lift)],
    }
