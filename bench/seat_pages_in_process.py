"""Every game's seat page in one process, against the logged-in floor: the CPU time of this
process a request (the median of each round) and the Python function calls a request (counted
by cProfile over one request, which the machine's load does not change). Django's test client on
a database ``pages_in_process.py`` filled (its plan's file), no server:

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/skies_inproc_webload \\
      CACHE_URL=redis://127.0.0.1:6379/13 python bench/seat_pages_in_process.py PLAN [--requests 60]

Only GET pages: no fresh seat is used, so a plan serves any number of runs.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]  # this checkout's code, whatever is installed

import web_load

PAGES = ("floor, logged in", "pilot page", "duel seat page", "race seat page", "joyride builder")


def asker(page: str, plan: dict):
    """A function sending the page's request from a client of its own (no earlier cookie)."""
    from django.test import Client

    method, path, headers, _body = web_load.requests_for(page, plan)(0)
    extra = {"HTTP_" + key.upper().replace("-", "_"): value for key, value in headers.items()}

    def ask() -> None:
        response = Client().generic(method, path, b"", **extra)
        if response.status_code != 200:
            sys.exit(f"{page}: status {response.status_code}")

    return ask


def cpu_ms(ask, requests: int) -> float:
    spent = []
    for _ in range(requests):
        start = time.process_time()
        ask()
        spent.append((time.process_time() - start) * 1000)
    return statistics.median(spent)


def calls(ask) -> int:
    profile = cProfile.Profile()
    profile.enable()
    ask()
    profile.disable()
    return sum(row[1] for row in pstats.Stats(profile).stats.values())  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("plan", help="the plan's file pages_in_process.py printed")
    parser.add_argument("--requests", type=int, default=60, help="per page and round (60)")
    parser.add_argument("--rounds", type=int, default=3, help="the pages in turn (3)")
    args = parser.parse_args()
    os.environ.update(
        {
            "DEBUG": "0",
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "ALLOWED_HOSTS": "testserver",
            "SECRET_KEY": "bench-only-secret-key-bench-only-secret-key-0123456789",
            "CELERY_BROKER_URL": "",
            "HTTPS": "0",
        }
    )
    import django

    django.setup()
    plan = json.loads(Path(args.plan).read_text())
    askers = {page: asker(page, plan) for page in PAGES}
    medians: dict[str, list[float]] = {page: [] for page in PAGES}
    print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
    for _round in range(args.rounds):
        for page, ask in askers.items():
            for _ in range(5):  # unmeasured: templates compiled, kept parts filled
                ask()
            medians[page].append(cpu_ms(ask, args.requests))
    floor = min(medians[PAGES[0]])
    print(f"{'page':18} {'CPU ms, each round':>22} {'best / floor':>12} {'calls':>7}")
    for page, ask in askers.items():
        rounds = " ".join(f"{ms:6.2f}" for ms in medians[page])
        print(f"{page:18} {rounds:>22} {min(medians[page]) / floor:11.2f}x {calls(ask):7,}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
