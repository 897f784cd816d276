"""The racing engine is pure Python: importing and running it loads no Django at all."""

import subprocess
import sys

PROBE = """
import json, sys
from racing.engine import computer_order, legal, new_race, play_turn
state = new_race("oval5", [{"id": "a", "seat": 0}, {"id": "b", "seat": 1}, {"id": "c", "seat": 2}])
play_turn(state, computer_order(state))
legal(state, {"lift": 1})
print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'celery'))))
"""


def test_the_engine_imports_and_runs_without_django():
    result = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
