"""What every game engine's JSON face shares: pure Python, no Django, no I/O but stdin/stdout.

``run`` is ``python -m <game>.engine COMMAND``: one JSON job (or a list of jobs) on stdin,
JSON out. A bad job is answered with ``{"error": "..."}`` in its place and the exit status is
1; input the runner cannot even read (bad JSON, an unknown command) exits with 2. Never a
traceback. The ``as_*`` validators turn JSON input into values or an ``EngineError`` that
names the problem (code ``malformed``, the field in ``params["where"]``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from typing import Any


class EngineError(ValueError):
    """A job an engine cannot carry out. The message says why in the JSON face's technical
    English; ``code`` and ``params`` say it again as data (JSON values only), so that a page can
    word it in its reader's language. ``malformed`` is the job's shape, with the field in
    ``params["where"]``; every other code is a game's own rule. The JSON face answers the
    message alone (``{"error": "..."}``, its contract)."""

    def __init__(self, message: str, code: str = "malformed", **params: object) -> None:
        super().__init__(message)
        self.code, self.params = code, params


Job = Callable[[object], dict[str, Any]]


def answer(jobs: Mapping[str, Job], command: str, job: object) -> tuple[dict[str, Any], bool]:
    try:
        return jobs[command](job), True
    except EngineError as error:
        return {"error": str(error)}, False
    except RecursionError:
        return {"error": "the job is nested too deeply"}, False


def run(argv: list[str], jobs: Mapping[str, Job], program: str) -> int:
    if len(argv) != 1 or argv[0] not in jobs:
        _write({"error": f"usage: python -m {program} {'|'.join(jobs)} < job.json"})
        return 2
    try:
        payload = json.load(sys.stdin)
    except (ValueError, UnicodeDecodeError) as error:
        _write({"error": f"the input is not valid JSON: {error}"})
        return 2
    except RecursionError:
        _write({"error": "the input is not valid JSON: it is nested too deeply"})
        return 2
    if isinstance(payload, list):
        answers = [answer(jobs, argv[0], job) for job in payload]
        _write([reply for reply, _ in answers])
        return 0 if all(ok for _, ok in answers) else 1
    reply, ok = answer(jobs, argv[0], payload)
    _write(reply)
    return 0 if ok else 1


def _write(payload: object) -> None:
    json.dump(payload, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


# --- validators for JSON input ----------------------------------------------------------------


def as_object(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise EngineError(f"{where} must be an object", where=where)
    return value


def as_list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise EngineError(f"{where} must be a list", where=where)
    return value


def required(data: Mapping[str, Any], key: str, where: str) -> Any:
    """``data[key]``, a JSON value of any kind (the caller reads it with an ``as_*``)."""
    if key not in data:
        raise EngineError(f"{where}.{key} is missing", where=f"{where}.{key}")
    return data[key]


def as_int(value: object, where: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError(f"{where} must be a whole number", where=where)
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"{low}..{high}" if high is not None else f"at least {low}"
        raise EngineError(f"{where} must be {bounds}, not {value}", where=where)
    return value


def as_bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise EngineError(f"{where} must be true or false", where=where)
    return value


def as_choice(value: object, choices: tuple[str, ...], where: str) -> str:
    if not isinstance(value, str) or value not in choices:
        raise EngineError(f"{where} must be one of {', '.join(choices)}", where=where)
    return value
