"""The duel's seat page and its preview, in-process: the view's own cost against the logged-in
floor (``/healthz`` through the same middleware), without a server. A duel of two people is
played by the computer's novice moves to its 9th action (the asteroid phase, the page
``bench/web_load.py`` measures: a board of some 200 hexes to pick and their list) and to its
first turn (the turn form, its preview). Each page's CPU time per request (``process_time``:
this process's work, not the database's, so a busy machine shifts it little) and its wall time.
Embedded default (SQLite in a temporary file, the local-memory cache, or with ``--cache-url``
the shared Redis cache the site runs with), the Django test client. ``--calls`` prints each
page's Python calls per request instead (cProfile over the requests): a figure a loaded
machine does not shift.

    python bench/duel_seat_page.py [--requests 200] [--cache-url redis://127.0.0.1:6379/12] [--calls]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DEBUG"] = "0"
os.environ.setdefault("SECRET_KEY", "bench-" + "x7Qz" * 16)
os.environ.setdefault("ALLOWED_HOSTS", "testserver")
os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/duel-bench.sqlite3"
os.environ.pop("CACHE_URL", None)
if "--cache-url" in sys.argv:  # read before Django's settings are
    os.environ["CACHE_URL"] = sys.argv[sys.argv.index("--cache-url") + 1]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client

from games import registry, resolution, services
from games.models import Game, Round


def duel_until(pilot: User, opponent: User, phase: str, after: int = 0) -> Game:
    """A duel of the two, played by novice moves until ``phase`` and round ``after`` are
    reached with the pilot (seat 0) alone to act."""
    rules = registry.get("duel")
    game = services.game_create(
        referee=pilot,
        kind="duel",
        title=f"A duel ({phase})",
        time_zone="UTC",
        deadline_days=2,
        settings=rules.clean_settings({}),
    )
    services.seat_join(game=game, number=0, user=pilot)
    services.seat_join(game=game, number=1, user=opponent)
    services.game_start(game=game, by=pilot)
    for _ in range(300):
        rnd = Round.objects.get(game=game, status=Round.Status.OPEN)
        owing = rules.active_seats(rnd.state)
        if rnd.state["phase"] == phase and rnd.number > after and owing == [0]:
            return game
        for seat in owing:
            services.orders_submit(
                seat=game.seats.get(number=seat),
                user=pilot if seat == 0 else opponent,
                payload=rules.computer_orders(rnd.state, seat, "novice"),
            )
        resolution.round_resolve(round_id=rnd.pk, force=True)
    raise SystemExit(f"the duel never reached the pilot's {phase}")


def measured(client: Client, url: str, requests: int, **headers) -> tuple[float, float, float]:
    """(median CPU ms, lowest CPU ms, median wall ms) per request, after a warm-up."""
    for _ in range(5):
        client.get(url, secure=True, **headers)
    cpu, wall = [], []
    for _ in range(requests):
        start_cpu, start = time.process_time(), time.perf_counter()
        response = client.get(url, secure=True, **headers)
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    return statistics.median(cpu), min(cpu), statistics.median(wall)


def calls_per_request(client: Client, url: str, requests: int, **headers) -> float:
    """Python calls per request (cProfile), after a warm-up."""
    for _ in range(5):
        client.get(url, secure=True, **headers)
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(requests):
        client.get(url, secure=True, **headers)
    profile.disable()
    return pstats.Stats(profile).total_calls / requests


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--cache-url", help="the shared cache (emptied first), not local memory")
    parser.add_argument("--calls", action="store_true", help="Python calls per request instead")
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    cache.clear()
    pilot = User.objects.create_user("pilot", password="x")
    opponent = User.objects.create_user("opponent", password="x")
    setup = duel_until(pilot, opponent, "asteroids", after=8)
    play = duel_until(pilot, opponent, "play")
    client = Client()
    client.force_login(pilot)
    htmx = {"HTTP_HX_REQUEST": "true"}
    pages = [
        ("floor (/healthz, logged in)", "/healthz", {}),
        ("seat page, asteroid phase", f"/duel/games/{setup.pk}/seat/0/", {}),
        ("preview, asteroid phase", f"/duel/games/{setup.pk}/seat/0/preview?hex=9,7", htmx),
        ("seat page, a turn", f"/duel/games/{play.pk}/seat/0/", {}),
        (
            "preview, a turn (no step yet)",
            f"/duel/games/{play.pk}/seat/0/preview?draft=%5B%5D&current=",
            htmx,
        ),
    ]
    if args.calls:
        print(f"{'page':34} {'calls per request':>17}")
        for name, url, headers in pages:
            print(f"{name:34} {calls_per_request(client, url, args.requests, **headers):17.0f}")
        return
    floor = None
    print(f"{'page':34} {'CPU p50':>8} {'CPU min':>8} {'wall p50':>9}  CPU p50 / floor's")
    for name, url, headers in pages:
        cpu, low, wall = measured(client, url, args.requests, **headers)
        floor = floor or cpu
        print(f"{name:34} {cpu:7.2f}  {low:7.2f}  {wall:8.2f}   {cpu / floor:.2f}x")


if __name__ == "__main__":
    main()
