"""The leaderboard of 10,000 rated people in one process: the view's own cost through the Django
test client (no server, no load), DEBUG off, on its own PostgreSQL database (``DATABASE_URL``,
default ``skies_leaderboard_bench``; the name must contain "leaderboard") and a Redis cache
(``CACHE_URL``, default ``redis://127.0.0.1:6379/14``, emptied first), as in production.

    python bench/leaderboard_bench.py [--fill] [--passes 3]

``--fill`` drops, creates, migrates and fills the database (10,000 people rated at the dogfight,
their ratings spread as web_load.py spreads them) and VACUUM ANALYZEs it, as autovacuum would
have. Then each pass walks the 200 pages in English and in German; the first pass after the
cache was emptied ("cold") renders the board anew (its first read in each language renders
every page, the slowest of the pass), the later ones read as most readers do ("warm": nothing
rated since). Prints the median, p95 and slowest of each, and of the anonymous floor
(``/healthz``) beside them, and the mean CPU time of this process a request (on a loaded machine
less scattered than the walls; the database's and Redis's own time is not in it).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

from web_load import fill_leaderboard

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/skies_leaderboard_bench"
DEFAULT_CACHE = "redis://127.0.0.1:6379/14"
PAGE = 50


def environment() -> None:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DATABASE_URL", DEFAULT_DB)
    os.environ.setdefault("CACHE_URL", DEFAULT_CACHE)
    os.environ.update(
        DEBUG="0",
        DJANGO_SETTINGS_MODULE="config.settings",
        ALLOWED_HOSTS="testserver",
        SECRET_KEY="bench-only-secret-key-bench-only-secret-key-0123456789",
        CELERY_BROKER_URL="",
        HTTPS="0",
    )


def recreate_database(url: str) -> None:
    import dj_database_url
    import psycopg

    db = dj_database_url.parse(url)
    if "leaderboard" not in db["NAME"]:
        sys.exit(f"refusing to drop {db['NAME']!r}: the name must contain 'leaderboard'")
    with psycopg.connect(
        host=db["HOST"] or "127.0.0.1",
        port=db["PORT"] or 5432,
        user=db["USER"] or "postgres",
        dbname="postgres",
        autocommit=True,
    ) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{db["NAME"]}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{db["NAME"]}"')


def fill() -> None:
    from django.core.management import call_command
    from django.utils import timezone

    call_command("migrate", verbosity=0)
    fill_leaderboard(timezone.now())


def timed(client, path: str, language: str) -> float:
    start = time.perf_counter()
    response = client.get(path, headers={"accept-language": language})
    elapsed = time.perf_counter() - start
    assert response.status_code == 200, (path, response.status_code)
    return elapsed * 1000


def walk(client, requests: list[tuple[str, str]]) -> tuple[list[float], float]:
    """The wall of each request, and this process's mean CPU time a request (ms)."""
    cpu = time.process_time()
    walls = [timed(client, path, language) for path, language in requests]
    return walls, (time.process_time() - cpu) * 1000 / len(walls)


def summary(name: str, values: list[float], cpu: float) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
    median = statistics.median(values)
    return (
        f"{name:<18} median {median:6.2f} ms  p95 {p95:6.2f} ms  max {values[-1]:6.2f} ms  "
        f"CPU {cpu:5.2f} ms  n={len(values)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fill", action="store_true", help="drop, create and fill the database")
    parser.add_argument("--passes", type=int, default=3, help="walks of every page (3)")
    args = parser.parse_args()
    environment()
    if args.fill:
        recreate_database(os.environ["DATABASE_URL"])
    import django

    django.setup()
    from django.core.cache import cache
    from django.test import Client

    if args.fill:
        fill()
    from games.models import Rating

    pages = -(-Rating.objects.filter(kind="dogfight").count() // PAGE)
    cache.clear()
    client = Client()
    for _ in range(20):  # warm up the process: imports, templates, connections
        timed(client, "/healthz", "en")
    floor, floor_cpu = walk(client, [("/healthz", "en")] * 400)
    board = [
        (f"/ratings/dogfight/?page={number}", language)
        for language in ("en", "de")
        for number in range(1, pages + 1)
    ]
    walks = [walk(client, board) for _ in range(args.passes)]
    print(f"{pages} pages of {PAGE}, {os.environ['DATABASE_URL']}, {os.environ['CACHE_URL']}")
    print(summary("floor (/healthz)", floor, floor_cpu))
    print(summary("leaderboard, cold", *walks[0]))
    if len(walks) > 1:
        warm = [ms for walls, _ in walks[1:] for ms in walls]
        print(summary("leaderboard, warm", warm, statistics.mean(c for _, c in walks[1:])))


if __name__ == "__main__":
    main()
