"""Joyride's run builder as the server answers it: the builder page (the seat page with a draft
of 0, 10 and all but one of the tiles of a computer's plan that crosses the lab), one click (an
htmx POST to ``build`` that places a tile on the draft, the engine's ``validate_plan``, stores
it, and answers the builder again: the engine's ``check`` with ``next``, the lab's SVG, the
palette, the score panel) and the POST that undoes it; beside them, in the same process, the
logged-in floor (``/healthz`` with the same session); and the page drawn afresh (the lab's
layer, the draft's check (whole and as the page reads it) and its list of next places
taken out of the cache before each request, as every request was before they were kept), in the same loop as the page from the cache. Timed through Django's
test client (middleware, session, the queries, the templates; no network): prints the wall
time's p50/p95 and the CPU time's p50 (``time.thread_time``, which a busy machine shifts less)
in milliseconds per row, and each row's p50s against the floor's.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/skies_builder \
        python bench/joyride_builder_bench.py

It creates its own test database (``test_`` + the name in DATABASE_URL), fills it with one
two-player game and drops it at the end. Templates are loaded as in production (DEBUG off).
"""

from __future__ import annotations

import argparse
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
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    os.environ["HTTPS"] = "0"
    # the clicks come faster than a person's: the builder's limit is not what is measured
    os.environ["RATE_LIMIT_DRAFT_EDITS_PER_SEAT"] = "1000000/m"
    os.environ.pop("CELERY_BROKER_URL", None)
    import django

    django.setup()


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


Timing = tuple[float, float]  # wall, CPU: milliseconds


def timed(client, path: str, needs: bytes = b"") -> Timing:
    """One GET of ``path`` (its answer must be a 200 holding ``needs``)."""
    start, cpu = time.perf_counter_ns(), time.thread_time_ns()
    answer = client.get(path)
    elapsed = ((time.perf_counter_ns() - start) / 1e6, (time.thread_time_ns() - cpu) / 1e6)
    assert answer.status_code == 200 and needs in answer.content, answer.status_code
    return elapsed


def posted(client, path: str, data: dict) -> Timing:
    """One htmx POST to ``path`` (a 200 that took the click)."""
    start, cpu = time.perf_counter_ns(), time.thread_time_ns()
    answer = client.post(path, data, HTTP_HX_REQUEST="true")
    elapsed = ((time.perf_counter_ns() - start) / 1e6, (time.thread_time_ns() - cpu) / 1e6)
    assert answer.status_code == 200 and b"Not taken" not in answer.content
    return elapsed


def forget(state: dict, plan: dict) -> None:
    """Take the seat's lab layer, its draft's check and its list of next places out of the
    cache."""
    from django.core.cache.utils import make_template_fragment_key

    from games.kept import cache
    from joyride import svg, views
    from joyride.engine import State

    check_key = views.check_key(state, 0, plan)
    cache.delete_many(
        [
            svg.layer_key(svg._lab_layer(State.from_dict(state), 0)),
            check_key,
            check_key + ":page",
            make_template_fragment_key("joyride-next-places", [check_key, "en"]),
        ]
    )


def run(clicks: int) -> dict[str, list[Timing]]:
    from django.test import Client
    from django.urls import reverse

    from games import services
    from joyride import services as joyride_services
    from joyride.engine import computer_plan
    from joyride.models import PlanDraft
    from tests.factories import make_user

    alice, bob = make_user("alice"), make_user("bob")
    game = services.game_create(
        referee=alice,
        kind="joyride",
        title="bench",
        time_zone="UTC",
        deadline_days=1,
        settings={"players": 2},
    )
    services.seat_join(game=game, number=0, user=alice)
    services.seat_join(game=game, number=1, user=bob)
    services.game_start(game=game, by=alice)
    rnd = game.rounds.get()
    tiles = computer_plan(rnd.state, 0, "ace")["tiles"]
    client = Client()
    client.force_login(alice)
    build = reverse("joyride:build", args=[game.pk, 0])
    page = reverse("joyride:seat", args=[game.pk, 0])
    rows: dict[str, list[Timing]] = {"floor: /healthz, logged in": []}
    for size in (0, 10, len(tiles) - 1):
        PlanDraft.objects.filter(round=rnd).delete()
        if size:
            PlanDraft.objects.create(
                round=rnd,
                seat=game.seats.get(number=0),
                plan={"tiles": tiles[:size]},
                updated_at=rnd.opened_at,
            )
        draft = joyride_services.draft_of(game.seats.get(number=0), rnd)
        kept, afresh = [], []
        for _ in range(clicks):
            rows["floor: /healthz, logged in"].append(timed(client, "/healthz"))
            kept.append(timed(client, page, b'id="builder-lab"'))
            forget(rnd.state, draft)
            afresh.append(timed(client, page, b'id="builder-lab"'))
        rows[f"page with {size} tiles"] = kept
        rows[f"page with {size} tiles, afresh"] = afresh
        nxt = tiles[size]
        choice = nxt["shape"] + "|" + ";".join(f"{r},{c}" for r, c in nxt["cells"])
        place_times, undo_times = [], []
        for _ in range(clicks):
            place_times.append(posted(client, build, {"do": "place", "choice": choice}))
            undo_times.append(posted(client, build, {"do": "undo"}))
        rows[f"place tile {size + 1}"] = place_times
        rows[f"undo to {size} tiles"] = undo_times
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=200, help="per row (200)")
    args = parser.parse_args()
    setup()
    from django.db import connection

    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        rows = run(args.clicks)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    floor = rows["floor: /healthz, logged in"]
    floor_wall = statistics.median(t[0] for t in floor)
    floor_cpu = statistics.median(t[1] for t in floor)
    print(
        f"{'row':34} {'wall p50':>9} {'p95':>7} {'CPU p50':>8} {'wall x':>7} {'CPU x':>6}   "
        f"(ms; {args.clicks} requests a row; load {os.getloadavg()[0]:.2f})"
    )
    for name, times in rows.items():
        walls = [t[0] for t in times]
        wall, cpu = statistics.median(walls), statistics.median(t[1] for t in times)
        print(
            f"{name:34} {wall:9.2f} {percentile(walls, 0.95):7.2f} {cpu:8.2f} "
            f"{wall / floor_wall:7.2f} {cpu / floor_cpu:6.2f}"
        )


if __name__ == "__main__":
    main()
