"""The race's seat page rendered in-process, without a server: the order form of a six-jet race
at level 3, some thirty turns in (the computer pilots' flights and their drafts: seven cards a
jet, the Überhirn's fields among them), built as its view builds it (``_context``, then the
template). Prints p50/p95 in milliseconds per row:

- ``context``: the view's ``_context`` alone (the engine's legal answer and preview, the SVG);
- ``seat page render``: the template alone, from a context built beforehand;
- ``seat page total``: both, as one request pays them (no middleware, no query);
- ``preview total``: the htmx partial (the same template in the table's part frame).

The equipment fieldset and the standings are kept in the cache (``seat.html``): the rows above
render them once and read them back after; the ``cold`` rows forget them before each render,
as the first view of a turn pays (the cache is this process's own unless CACHE_URL
names a Redis, where each kept part read is a round trip).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/skies_render_race python bench/racing_seat_render.py

It creates its own test database (``test_`` + the name in DATABASE_URL), fills it with one race
and drops it at the end. Templates are loaded as in production (DEBUG off: the cached loader).
On a shared machine, ``--rounds`` keeps another process's burst out: each row keeps its round
with the lowest p50; the last lines, Python function calls per render (counted by cProfile), are
the same on a loaded machine and a quiet one.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]  # this checkout's code, whatever is installed

from cockpit_render import measure, percentile, request_for, setup


def scenario():
    """(user, PlayerPage): seat 0 on turn in a six-jet race at level 3, thirty turns in."""
    from games import selectors
    from racing import engine
    from tests.factories import make_user
    from tests.racing.web.helpers import make_race, open_round

    pilot, other = make_user("pilot"), make_user("other")
    game = make_race(pilot, other, jets=6, level=3)
    rnd = open_round(game)
    state, turns = rnd.state, 0
    while state["phase"] != "race" or state["turn"]["seat"] != 0 or turns < 30:
        state, _events = engine.play_turn(state, engine.computer_order(state, 2))
        turns += 1
    rnd.state = state
    rnd.save(update_fields=["state"])
    return pilot, selectors.player_page(pilot, game_id=game.pk, number=0, kind="racing")


def rows_for(user, page) -> dict:
    from django.template.loader import render_to_string

    from games import table
    from racing import views

    request = request_for(user, {})

    def framed(context: dict, partial: bool) -> dict:
        frame = table.PART_FRAME if partial else table.PAGE_FRAME
        status = table.table_status(page)
        return {**context, "table": {"frame": frame, "partial": partial, "status": status}}

    from django.core.cache.utils import make_template_fragment_key
    from django.utils import translation

    from games.kept import cache

    context = framed(views._context(page, request.GET), False)
    language = translation.get_language()
    kept = [
        make_template_fragment_key("racing-equipment", [context["equipment_key"], language]),
        make_template_fragment_key("racing-standings", [context["state_key"], language]),
    ]

    def cold(job):
        """The job with the seat page's kept parts forgotten first."""

        def forget_and_run():
            cache.delete_many(kept)
            return job()

        return forget_and_run

    def total():
        return render_to_string(
            views.SEAT, framed(views._context(page, request.GET), False), request
        )

    def render():
        return render_to_string(views.SEAT, context, request)

    return {
        "context": lambda: views._context(page, request.GET),
        "seat page render": render,
        "seat page render, cold": cold(render),
        "seat page total": total,
        "seat page total, cold": cold(total),
        "preview total": lambda: render_to_string(
            views.SEAT, framed(views._context(page, request.GET), True), request
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--renders", type=int, default=300, help="per row and round (300)")
    parser.add_argument("--rounds", type=int, default=3, help="each row keeps its best (3)")
    args = parser.parse_args()
    setup()
    from django.db import connection

    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        rows = rows_for(*scenario())
        for job in rows.values():  # warm: template compilation, the seat's URL cache
            job()
        best = measure(rows, args.renders, args.rounds)
        calls = {
            name: calls_per_render(rows[name])
            for name in (
                "seat page render",
                "seat page render, cold",
                "seat page total",
                "seat page total, cold",
            )
        }
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    print(
        f"{'row':24} {'p50 ms':>8} {'p95 ms':>8}   ({args.renders} renders, best of "
        f"{args.rounds} rounds)"
    )
    for name, times in best.items():
        print(f"{name:24} {percentile(times, 0.5):8.3f} {percentile(times, 0.95):8.3f}")
    for name, count in calls.items():
        print(f"Python function calls per {name}: {count:,}")


def calls_per_render(job, renders: int = 20) -> int:
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(renders):
        job()
    profile.disable()
    return round(pstats.Stats(profile).total_calls / renders)


if __name__ == "__main__":
    main()
