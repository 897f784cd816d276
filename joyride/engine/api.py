"""The engine's JSON face as functions: one job (a dict) in, one answer (a dict) out.

``python -m joyride.engine new|catalogue|check|resolve`` wraps these; the web layer may call
them too (or the functions of ``joyride.engine`` with ``State`` objects). Every bad job raises
``EngineError`` with a message that names the problem.
"""

from __future__ import annotations

from typing import Any

from games.enginekit import EngineError, as_bool, as_object, required

from .game import catalogue, check, new_game, resolve_picks, resolve_run
from .state import State


def new_job(job: object) -> dict[str, Any]:
    job = as_object(job, "job")
    state = new_game(required(job, "players", "job"), job.get("seed", 0), job.get("hard"))
    return {"state": state.to_dict()}


def catalogue_job(job: object) -> dict[str, Any]:
    as_object(job, "job")
    return catalogue()


def check_job(job: object) -> dict[str, Any]:
    job = as_object(job, "job")
    state = State.from_dict(required(job, "state", "job"))
    return {
        "check": check(
            state,
            required(job, "seat", "job"),
            job.get("plan"),
            next_tiles=as_bool(job.get("next", False), "job.next"),
        )
    }


def resolve_job(job: object) -> dict[str, Any]:
    job = as_object(job, "job")
    state = State.from_dict(required(job, "state", "job"))
    if state.phase == "run":
        state, result = resolve_run(state, required(job, "plans", "job"))
    elif state.phase == "pick":
        state, result = resolve_picks(state, required(job, "picks", "job"))
    else:
        raise EngineError("the game is over: there is nothing to resolve", code="game_over")
    return {"state": state.to_dict(), "result": result}


JOBS = {"new": new_job, "catalogue": catalogue_job, "check": check_job, "resolve": resolve_job}

__all__ = ["JOBS", "EngineError", "catalogue_job", "check_job", "new_job", "resolve_job"]
