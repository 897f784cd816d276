"""The engine's JSON face as functions: one job (a dict) in, one answer (a dict) out.

``python -m dogfight.engine new|legal|preview|resolve`` wraps these; the web layer may call them too.
Every bad job raises ``EngineError`` with a message that names the problem.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from games.enginekit import EngineError, as_int, as_list, as_object, required

from . import career
from .maneuvers import legal_maneuvers
from .orders import Move, Orders, validate_orders
from .preview import preview
from .resolve import UNSET, resolve_round
from .setup import DEFAULT_CLOUDS, new_game
from .state import Settings, State


def new_job(job: object) -> dict[str, Any]:
    job = as_object(job, "job")
    settings = Settings.from_dict(job.get("settings"))
    state = new_game(
        as_int(required(job, "seed", "job"), "job.seed"),
        settings,
        balloons=as_int(job.get("balloons", 0), "job.balloons", 0),
        clouds=as_int(job.get("clouds", DEFAULT_CLOUDS), "job.clouds", 0),
        pilots=_pilots(job.get("pilots", [])),
    )
    return state.to_dict()


def _pilots(raw: object) -> list[dict[str, Any]]:
    pilots = []
    for i, pilot in enumerate(as_list(raw, "job.pilots")):
        where = f"job.pilots[{i}]"
        pilot = as_object(pilot, where)
        pilots.append(
            {
                "seat": as_int(required(pilot, "seat", where), f"{where}.seat", 0, 5),
                "career_points": as_int(pilot.get("career_points", 0), f"{where}.career_points", 0),
                "rank": as_int(pilot.get("rank", 0), f"{where}.rank", 0, career.MAX_RANK),
            }
        )
    return pilots


def legal_job(job: object) -> dict[str, Any]:
    job = as_object(job, "job")
    state = State.from_dict(required(job, "state", "job"))
    plane = state.plane(as_int(required(job, "seat", "job"), "job.seat", 0, 5))
    if plane.status == "out":
        raise EngineError(
            f"seat {plane.seat} is out of the game", code="plane_out", seat=plane.seat
        )
    chosen = as_list(job.get("chosen", []), "job.chosen")
    return {"maneuvers": legal_maneuvers(plane, chosen)}


def preview_job(job: object) -> dict[str, Any]:
    """What the moves picked so far would do to the seat's own plane (``preview.preview``)."""
    job = as_object(job, "job")
    state = State.from_dict(required(job, "state", "job"))
    seat = as_int(required(job, "seat", "job"), "job.seat", 0, 5)
    return preview(state, seat, as_list(job.get("moves", []), "job.moves"))


def resolve_job(job: object) -> dict[str, Any]:
    job = as_object(job, "job")
    state = State.from_dict(required(job, "state", "job"))
    orders = parse_orders(state, job.get("orders", {}))
    new_state, events = resolve_round(
        state,
        orders,
        as_int(required(job, "seed", "job"), "job.seed"),
        wind=_fixed_wind(job),
        remove=_removals(state, job.get("remove", [])),
    )
    return {"state": new_state.to_dict(), "events": events}


def resolve_stored(
    state: dict[str, Any],
    orders: dict[int, list[dict[str, Any]]],
    seed: int,
    *,
    wind: object = None,
    remove: Iterable[int] = (),
) -> dict[str, Any]:
    """``resolve_job`` for the site's own records, which are checked once, when written: the
    state is a snapshot ``to_dict`` wrote, each seat's moves are what ``validate_orders``
    returned for that very snapshot. Nothing is checked a second time (at noon that checking
    cost more than the resolution). Anything from elsewhere goes through ``resolve_job``.
    ``wind`` and ``remove`` mean what they mean in a job (the referee's input)."""
    game_state = State.from_snapshot(state)
    read_move = Move.from_validated
    # validate_orders stored three moves a seat
    moves = {seat: cast(Orders, tuple(map(read_move, given))) for seat, given in orders.items()}
    new_state, events = resolve_round(
        game_state, moves, seed, wind=_fixed_wind({"wind": wind}), remove=frozenset(remove)
    )
    return {"state": new_state.to_dict(), "events": events}


def parse_orders(state: State, raw: object) -> dict[int, Orders]:
    """Validate every seat's orders; keys are seats as strings (JSON) or ints."""
    orders = {}
    for key, moves in as_object(raw, "job.orders").items():
        try:
            seat = int(key)
        except (TypeError, ValueError):
            raise EngineError(f"job.orders: {key!r} is not a seat", where="job.orders") from None
        orders[seat] = validate_orders(state.plane(seat), state.settings, moves)
    return orders


def _fixed_wind(job: dict[str, Any]) -> object:
    if "wind" not in job or job["wind"] is None:
        return UNSET
    if job["wind"] == "calm":
        return None
    return as_int(job["wind"], "job.wind", 0, 5)


def _removals(state: State, raw: object) -> frozenset[int]:
    seats = frozenset(as_int(s, "job.remove[]", 0, 5) for s in as_list(raw, "job.remove"))
    for seat in seats:
        state.plane(seat)
    return seats


JOBS = {"new": new_job, "legal": legal_job, "preview": preview_job, "resolve": resolve_job}
