"""The pages' own cost in one process: Django's test client on ``bench/web_load.py``'s filled
database, no server, no second process, so that a change to a page can be timed beside the
floor without the noise of a loaded machine's scheduling. Prints each page's median and p95
wall time and median CPU time of this process (milliseconds), the database statements and Redis
commands a request sends (each a round trip), and the times' ratios to the floor's
(``/healthz``, anonymous and logged in).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/skies_inproc_webload \\
      CACHE_URL=redis://127.0.0.1:6379/13 python bench/pages_in_process.py [--plan FILE]

Without ``--plan`` it drops, creates, migrates and fills its database as ``web_load.py`` does
(the name must contain "webload") and prints the plan's file; with it, it reuses a database
filled before (the order submits take fresh seats from it: (``--requests`` + ``--warmup``) x
``--rounds`` of them for each submit page, from ``--seats-from``, as many as it was filled
with). ``DEBUG=0``, the cache at ``CACHE_URL`` (emptied
first): as in production. The pages are measured in turn ``--rounds`` times, and the figures are
of all rounds together.

Pages: the floors; the public game page as a reader without a session gets it (its kept copy,
``games/page_cache.py``) and as it is drawn (a page of its rounds' list, never kept); the
pilot's page; the order submit (a valid first submit, answered with a redirect; the seat's
page opened just before, unmeasured, as a pilot does), bare as ``web_load.py`` posts it and
with the round and chatter lines as the cockpit's form posts it; the duel's seat page and its
preview; joyride's builder and its typed check; the race's seat page and its preview (htmx).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]  # this checkout's code, whatever is installed

import web_load

PAGES = {
    "floor": "floor",
    "floor, logged in": "floor, logged in",
    "public game page (kept copy)": "public game page",
    "public game page (drawn)": "public game page",
    "pilot page": "pilot page",
    "order submit": "order submit",
    "order submit with chatter": "order submit",
    "duel seat page": "duel seat page",
    "duel preview": "duel preview",
    "joyride builder": "joyride builder",
    "joyride check": "joyride check",
    "race seat page": "race seat page",
    "race preview": "race preview",
}
FLOOR = {
    "pilot page": "floor, logged in",
    "order submit": "floor, logged in",
    "order submit with chatter": "floor, logged in",
    "duel seat page": "floor, logged in",
    "duel preview": "floor, logged in",
    "joyride builder": "floor, logged in",
    "joyride check": "floor, logged in",
    "race seat page": "floor, logged in",
    "race preview": "floor, logged in",
}
EXPECTED = {"order submit": 302, "order submit with chatter": 302}
# What the cockpit's form posts besides the moves: the round it was opened in (a fresh seat's
# game is in its first) and its six chatter lines, one filled.
CHATTER = b"&round=1&l1=Tally+ho&l2=&l3=&l4=&l5=&l6="


def fill(requests: int, env: dict) -> dict:
    url = env["DATABASE_URL"]
    web_load.empty_cache(env["CACHE_URL"])
    for _attempt in range(6):  # the set-up game is flown by bots: the pilot may be shot down
        web_load.prepare_database(url, env)
        filled = subprocess.run(
            [sys.executable, str(ROOT / "bench" / "web_load.py"), "--fill", str(requests)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        if not filled.returncode:
            return json.loads(filled.stdout.strip().splitlines()[-1])
    sys.exit(f"filling the database failed:\n{filled.stderr[-3000:]}")


def request_of(name: str, plan: dict, i: int) -> tuple[str, str, dict, bytes | None]:
    method, path, headers, body = web_load.requests_for(PAGES[name], plan)(i)
    if name == "public game page (drawn)":
        path += "?rounds=1"
    if name == "order submit with chatter":
        body = (body or b"") + CHATTER
    return method, path, headers, body


class Trips:
    """The database statements and Redis commands a request sends (each a round trip),
    counted by watching the database connection and the Redis client: the bench's own
    instrument, nothing in the site."""

    def __init__(self) -> None:
        import redis
        from django.db import connection

        self.database = self.cache = 0
        connection.execute_wrappers.append(self._statement)
        sent = redis.Redis.execute_command

        def counted(client, *args, **options):
            self.cache += 1
            return sent(client, *args, **options)

        redis.Redis.execute_command = counted

    def _statement(self, execute, sql, params, many, context):
        self.database += 1
        return execute(sql, params, many, context)

    def now(self) -> tuple[int, int]:
        return self.database, self.cache


class Spent(NamedTuple):
    wall: float  # ms
    cpu: float  # ms of this process's CPU
    database: int  # statements
    cache: int  # Redis commands


def one(client, method: str, path: str, headers: dict, body: bytes | None, trips=None):
    extra = {"HTTP_" + key.upper().replace("-", "_"): value for key, value in headers.items()}
    content_type = extra.pop("HTTP_CONTENT_TYPE", "application/octet-stream")
    before = trips.now() if trips else (0, 0)
    cpu, start = time.process_time(), time.perf_counter()
    response = client.generic(method, path, body or b"", content_type, **extra)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    after = trips.now() if trips else (0, 0)
    spent = Spent(wall * 1000, cpu * 1000, after[0] - before[0], after[1] - before[1])
    return spent, response.status_code


def measure(
    plan: dict, requests: int, rounds: int, warmup: int, submits: int = 0, pages=tuple(PAGES)
) -> dict[str, list[Spent]]:
    from django.test import Client

    trips = Trips()
    times: dict[str, list[Spent]] = {name: [] for name in pages}
    for _round in range(rounds):
        for name in pages:
            for i in range(warmup + requests):
                submit = name.startswith("order submit")
                index = submits if submit else i
                # A client of its own: no cookie of an earlier answer (a session) is sent.
                client = Client(enforce_csrf_checks=True)
                asked = request_of(name, plan, index)
                if submit:  # his page opened first, unmeasured, as a pilot does
                    seat = plan["seats"][index]
                    page = f"/dogfight/games/{seat['game']}/seat/{seat['seat']}/"
                    one(Client(), "GET", page, {"Cookie": asked[2]["Cookie"]}, None)
                spent, status = one(client, *asked, trips=trips)
                submits += submit
                if status != EXPECTED.get(name, 200):
                    sys.exit(f"{name}: status {status}")
                if i >= warmup:
                    times[name].append(spent)
    return times


def report(times: dict[str, list[Spent]]) -> None:
    def p95(values: list[float]) -> float:
        return sorted(values)[int(0.95 * (len(values) - 1))]

    def figures(name: str) -> tuple[float, float, float]:
        spent = times[name]
        walls = [s.wall for s in spent]
        return statistics.median(walls), p95(walls), statistics.median(s.cpu for s in spent)

    print(
        f"{'page':30} {'median':>7} {'p95':>7} {'CPU':>6} {'SQL':>4} {'Redis':>5}"
        "  against its floor (median / p95 / CPU)"
    )
    for name, spent in times.items():
        median, high, cpu = figures(name)
        floor = FLOOR.get(name, "floor")
        against = ""
        if not name.startswith("floor"):
            base = figures(floor)
            against = (
                f"{median / base[0]:.2f}x / {high / base[1]:.2f}x / {cpu / base[2]:.2f}x {floor}"
            )
        sql = statistics.median(s.database for s in spent)
        redis = statistics.median(s.cache for s in spent)
        print(f"{name:30} {median:7.2f} {high:7.2f} {cpu:6.2f} {sql:4.0f} {redis:5.0f}  {against}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=60, help="per page and round (60)")
    parser.add_argument("--rounds", type=int, default=3, help="the pages in turn (3)")
    parser.add_argument("--warmup", type=int, default=5, help="unmeasured, per page and round")
    parser.add_argument("--plan", help="a filled database's plan (JSON): no filling")
    parser.add_argument(
        "--seats-from", type=int, default=0, help="with --plan: the first fresh seat (0)"
    )
    parser.add_argument(
        "--pages", help="the pages measured, comma-separated (all); the floors are always"
    )
    args = parser.parse_args()
    pages = list(PAGES)
    if args.pages:
        asked = {name.strip() for name in args.pages.split(",")}
        if asked - set(PAGES):
            parser.error(f"unknown pages: {sorted(asked - set(PAGES))}; known: {list(PAGES)}")
        pages = [name for name in PAGES if name.startswith("floor") or name in asked]
    env = {
        **os.environ,
        "DATABASE_URL": os.getenv("DATABASE_URL") or web_load.DEFAULT_DB,
        "CACHE_URL": os.getenv("CACHE_URL") or web_load.DEFAULT_CACHE,
        "DEBUG": "0",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "ALLOWED_HOSTS": "testserver",
        "SECRET_KEY": "bench-only-secret-key-bench-only-secret-key-0123456789",
        "CELERY_BROKER_URL": "",
        "PYTHONPATH": str(ROOT),
        "HTTPS": "0",
    }
    # Each submit page measured takes fresh seats of its own.
    submitting = max(1, sum(name.startswith("order submit") for name in pages))
    seats = (args.requests + args.warmup) * args.rounds * submitting
    if args.plan:
        plan = json.loads(Path(args.plan).read_text())
    else:
        plan = fill(seats, env)
        saved = Path(tempfile.mkstemp(prefix="pages-plan-", suffix=".json")[1])
        saved.write_text(json.dumps(plan))
        print(f"filled; its plan: {saved}", flush=True)
    os.environ.update(env)
    import django

    django.setup()
    print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
    report(measure(plan, args.requests, args.rounds, args.warmup, args.seats_from, pages))
    used = args.seats_from + seats
    print(f"fresh seats used: up to {used} (the next run's --seats-from)")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
