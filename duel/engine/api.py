"""The engine's JSON face as functions: one job (a dict) in, one answer (a dict) out.

``python -m duel.engine new|legal|act`` wraps these; the web layer may call them too.
Every bad job raises ``EngineError`` with a message that names the problem.
"""

from __future__ import annotations

from typing import Any

from games.enginekit import EngineError, as_int, as_object, required

from .classes import CLASSES
from .game import act, legal, new_game, preview
from .state import Settings, State, as_player


def new_job(job: object) -> dict[str, Any]:
    job = as_object(job, "job")
    seed = as_int(job.get("seed", 0), "job.seed")
    return new_game(Settings.from_dict(job.get("settings")), seed).to_dict()


def legal_job(job: object) -> dict[str, Any]:
    job = as_object(job, "job")
    state = State.from_dict(required(job, "state", "job"))
    player = as_player(required(job, "player", "job"), "job.player")
    answer = legal(state, player)
    if job.get("orders") is not None:
        answer["preview"] = preview(state, player, job["orders"])
    return answer


def act_job(job: object) -> dict[str, Any]:
    job = as_object(job, "job")
    state = State.from_dict(required(job, "state", "job"))
    player = as_player(required(job, "player", "job"), "job.player")
    new_state, events = act(state, player, required(job, "action", "job"))
    return {"state": new_state.to_dict(), "events": events}


def classes_table() -> list[dict[str, Any]]:
    return [c.to_dict() for c in CLASSES.values()]


def view(state: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """A state as ``viewer`` (0, 1, or None for a spectator) may see it: the other player's
    sealed fighter placement is hidden (``true`` in its place)."""
    shown = dict(state)
    sealed = state.get("sealed") or [None, None]
    shown["sealed"] = [s if s is None or p == viewer else True for p, s in enumerate(sealed)]
    return shown


JOBS = {"new": new_job, "legal": legal_job, "act": act_job}

__all__ = ["JOBS", "EngineError", "act_job", "classes_table", "legal_job", "new_job", "view"]
