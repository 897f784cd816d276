"""The JSON-face runner every engine shares: ``python -m <game>.engine COMMAND``.

One JSON job (or a list of jobs) on stdin, JSON out. A bad job is answered with
``{"error": "..."}`` in its place and the exit status is 1; input the runner cannot even read
(bad JSON, an unknown command) exits with 2. Never a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from typing import Any

from .errors import EngineError

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
