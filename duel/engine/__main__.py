"""``python -m duel.engine new|legal|act``: one JSON job (or a list) on stdin, JSON out.

A bad job is answered with ``{"error": "..."}`` in its place and the exit status is 1; a job
the engine cannot even read (bad JSON, unknown command) exits with 2. Never a traceback.
"""

from __future__ import annotations

import json
import sys

from .api import JOBS
from .state import EngineError


def answer(command: str, job: object) -> tuple[dict, bool]:
    try:
        return JOBS[command](job), True
    except EngineError as error:
        return {"error": str(error)}, False
    except RecursionError:
        return {"error": "the job is nested too deeply"}, False


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in JOBS:
        _write({"error": f"usage: python -m duel.engine {'|'.join(JOBS)} < job.json"})
        return 2
    try:
        jobs = json.load(sys.stdin)
    except (ValueError, UnicodeDecodeError) as error:
        _write({"error": f"the input is not valid JSON: {error}"})
        return 2
    except RecursionError:
        _write({"error": "the input is not valid JSON: it is nested too deeply"})
        return 2
    if isinstance(jobs, list):
        answers = [answer(argv[0], job) for job in jobs]
        _write([reply for reply, _ in answers])
        return 0 if all(ok for _, ok in answers) else 1
    reply, ok = answer(argv[0], jobs)
    _write(reply)
    return 0 if ok else 1


def _write(payload: object) -> None:
    json.dump(payload, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
