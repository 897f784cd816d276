"""``python -m dogfight.engine new|legal|preview|resolve``: one JSON job (or a list) on stdin, JSON out.

The runner and its contract (error objects, exit codes, never a traceback) are shared by every
engine: see ``games/enginekit/``.
"""

from __future__ import annotations

import sys
from typing import Any

from games import enginekit

from .api import JOBS


def answer(command: str, job: object) -> tuple[dict[str, Any], bool]:
    return enginekit.answer(JOBS, command, job)


def main(argv: list[str]) -> int:
    return enginekit.run(argv, JOBS, "dogfight.engine")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
