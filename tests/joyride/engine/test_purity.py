"""The engine is pure Python: importing and running it loads no Django and no Celery."""

import subprocess
import sys

PROBE = """
import json, sys
import joyride.engine
from joyride.engine.api import JOBS
state = JOBS["new"]({"players": 2, "seed": 1})["state"]
JOBS["check"]({"state": state, "seat": 0, "plan": None})
JOBS["resolve"]({"state": state, "plans": [None, None]})
joyride.engine.computer_plan(state, 0, "novice")
print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'celery'))))
"""


def test_the_engine_imports_and_runs_without_django():
    result = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
