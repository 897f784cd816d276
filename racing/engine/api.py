"""The engine's JSON face as functions: one job (a dict) in, one answer (a dict) out.

``python -m racing.engine new|legal|turn|courses`` wraps these; the web layer may call them
too. Every bad job raises ``EngineError`` with a message that names the problem.
"""

from __future__ import annotations

from typing import Any

from games.enginekit import EngineError, as_bool, as_object, required

from .catalogue import catalogue
from .courses import courses
from .legal import legal
from .setup import new_race
from .state import load
from .turns import play, retire


def new_job(job: object) -> dict[str, Any]:
    job = as_object(job, "job")
    return new_race(
        required(job, "course", "job"),
        required(job, "jets", "job"),
        job.get("level", 1),
        job.get("laps", 1),
        job.get("seed", 0),
        job.get("turn_order", "seats"),
    )


def legal_job(job: object) -> dict[str, Any]:
    job = as_object(job, "job")
    return legal(load(required(job, "state", "job")), job.get("order"))


def turn_job(job: object) -> dict[str, Any]:
    job = as_object(job, "job")
    state = load(required(job, "state", "job"))
    missed = as_bool(job.get("missed", False), "job.missed")
    if missed + ("order" in job) + ("retire" in job) != 1:
        raise EngineError(
            'job: give either an order or "missed": true (or "retire": a jet id)', where="job"
        )
    if "retire" in job:
        new_state, events = retire(state, job["retire"])
    else:
        new_state, events = play(state, None if missed else as_object(job["order"], "job.order"))
    return {"state": new_state, "events": events}


def courses_job(job: object) -> dict[str, Any]:
    if job is not None:
        as_object(job, "job")
    return {"courses": courses(), **catalogue()}


JOBS = {"new": new_job, "legal": legal_job, "turn": turn_job, "courses": courses_job}

__all__ = ["JOBS", "EngineError", "courses_job", "legal_job", "new_job", "turn_job"]
