"""The engines are pure Python: importing and running them loads no Django at all."""

import subprocess
import sys

PROBE = """
import json, sys
import dogfight.engine, dogfight.engine.bots, duel.engine
from dogfight.engine.api import new_job
new_job({"seed": 1})
print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'celery'))))
"""


def test_the_engines_import_and_run_without_django():
    result = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
