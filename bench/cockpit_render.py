"""The cockpit's rendering in-process, without a server: the pilot's page and the htmx route
preview (``dogfight/_preview.html``), each built as its view builds it (``_context``, then the
template), for a pilot on his airfield and one in the air with picks and fire ticks in a game
that allows shooting through balloons. Prints p50/p95 in milliseconds per row:

- ``context``: the view's ``_context`` alone (the engine's order form, the board's SVG, ...);
- ``<page> render``: the template alone, from a context built beforehand;
- ``<page> total``: both, as one request pays them (no middleware, no query).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/skies_render python bench/cockpit_render.py

It creates its own test database (``test_`` + the name in DATABASE_URL), fills it with one game
and drops it at the end. Templates are loaded as in production (DEBUG off: the cached loader).
On a shared machine, ``--rounds`` keeps another process's burst out: each row keeps its round
with the lowest p50.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def setup() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-bench-only-secret-key-0123456789")
    os.environ.setdefault("ALLOWED_HOSTS", "localhost")
    os.environ.pop("CELERY_BROKER_URL", None)  # tasks run in-process while the game is made
    import django

    django.setup()


def scenarios() -> list[tuple[str, object, object, dict]]:
    """(name, user, PlayerPage, query) for the pilot on the ground and in the air."""
    from games import selectors, services
    from tests.factories import make_dogfight, make_user, open_round, seat_of
    from tests.helpers import set_planes

    ground_pilot, air_pilot = make_user("ground"), make_user("air")
    game = make_dogfight(humans={0: ground_pilot, 1: air_pilot}, balloon_rule="through", balloons=6)
    rnd = open_round(game)
    set_planes(rnd, {1: {"status": "air", "q": 0, "r": 0, "facing": 0}})
    for user in (ground_pilot, air_pilot):
        services.chatter_save(
            seat=seat_of(game, user), user=user, lines=["Tally ho!", "Tom & Jerry's <b>"]
        )
    air_picks = {"m1": "L", "m2": "LS", "m3": "A", "f1": "A", "f3": ["L", "R"], "t3": "1"}
    return [
        (
            "ground",
            ground_pilot,
            selectors.player_page(ground_pilot, game_id=game.pk, number=0, kind="dogfight"),
            {},
        ),
        (
            "air",
            air_pilot,
            selectors.player_page(air_pilot, game_id=game.pk, number=1, kind="dogfight"),
            air_picks,
        ),
    ]


def request_for(user, query: dict):
    from django.test import RequestFactory

    request = RequestFactory().get("/", query)
    request.user = user
    return request


def measure(rows: dict, renders: int, rounds: int) -> dict[str, list[float]]:
    """Each row's timings (ms) in its round with the lowest p50; rows interleave per round."""
    best: dict[str, list[float]] = {}
    for _ in range(rounds):
        for name, job in rows.items():
            gc.collect()
            times = []
            for _ in range(renders):
                start = time.perf_counter_ns()
                job()
                times.append((time.perf_counter_ns() - start) / 1e6)
            if name not in best or statistics.median(times) < statistics.median(best[name]):
                best[name] = times
    return best


def rows_for(name, user, page, query) -> dict:
    from django.template.loader import render_to_string

    from dogfight import views

    request = request_for(user, query)
    context = views._context(page, user, request.GET)

    def render(template):
        return lambda: render_to_string(template, context, request)

    def total(template):
        return lambda: render_to_string(template, views._context(page, user, request.GET), request)

    return {
        f"{name}: context": lambda: views._context(page, user, request.GET),
        f"{name}: preview render": render("dogfight/_preview.html"),
        f"{name}: preview total": total("dogfight/_preview.html"),
        f"{name}: pilot page render": render("dogfight/seat.html"),
        f"{name}: pilot page total": total("dogfight/seat.html"),
    }


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--renders", type=int, default=1000, help="per row and round (1000)")
    parser.add_argument("--rounds", type=int, default=3, help="each row keeps its best (3)")
    args = parser.parse_args()
    setup()
    from django.db import connection

    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        rows = {}
        for scenario in scenarios():
            rows.update(rows_for(*scenario))
        for job in rows.values():  # warm: template compilation, the seat's URL cache
            job()
        best = measure(rows, args.renders, args.rounds)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    print(
        f"{'row':32} {'p50 ms':>8} {'p95 ms':>8}   ({args.renders} renders, best of "
        f"{args.rounds} rounds)"
    )
    for name, times in best.items():
        print(f"{name:32} {percentile(times, 0.5):8.3f} {percentile(times, 0.95):8.3f}")


if __name__ == "__main__":
    main()
