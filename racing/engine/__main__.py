"""``python -m racing.engine new|legal|turn|courses``: one JSON job (or a list) on stdin, JSON
out.

The runner and its contract (error objects, exit codes, never a traceback) are shared by every
engine: see ``games/jsonface.py``.
"""

from __future__ import annotations

import sys
from typing import Any

from games import jsonface

from .api import JOBS


def answer(command: str, job: object) -> tuple[dict[str, Any], bool]:
    return jsonface.answer(JOBS, command, job)


def main(argv: list[str]) -> int:
    return jsonface.run(argv, JOBS, "racing.engine")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
