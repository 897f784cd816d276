"""The race's seat page rendered in-process, without a server: the order form of a six-jet race
at level 3, some thirty turns in (the computer pilots' flights and their drafts: seven cards a
jet, the Überhirn's fields among them), built as its view builds it (``_answer``: the body, then
the site's frame around it). Prints p50/p95 in milliseconds per row:

- ``context``: what is drawn from the state (``_context``: the engine's options and preview,
  the SVG), no part rendered;
- ``seat page``: the page as a round first shows it (no field): its body (the whole order
  form, the board and the standings) kept in the process (``views._body``), and the site's
  frame around it;
- ``preview (a drag)``: the htmx partial with hinges set, asked again with the same fields (a
  drag's release after its last preview): kept in the process too; ``preview (a new drag)``
  the same with new hinges: the order form and the board drawn, the equipment fieldset and
  the standings read back from the process.

The ``cold`` rows empty the cache and the process's kept parts before each render, as the
first view of a turn pays (and each new drag's preview: its order form and board drawn, the
equipment fieldset and the standings read back from the process).

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

SEED = 2026


def scenario():
    """(user, PlayerPage): seat 0 on turn in a six-jet race at level 3, thirty turns in."""
    from games import selectors
    from racing import engine
    from racing.engine import entry
    from tests.factories import make_user
    from tests.racing.web.helpers import make_race, open_round

    pilot, other = make_user("pilot"), make_user("other")
    game = make_race(pilot, other, jets=6, level=3)
    rnd = open_round(game)
    # the same race on every run (a game's own seed is drawn at random), so runs compare
    state, turns = entry.new(game.settings, [{"number": n} for n in range(6)], SEED), 0
    while state["phase"] != "race" or state["turn"]["seat"] != 0 or turns < 30:
        state, _events = engine.play_turn(state, engine.computer_order(state, 2))
        turns += 1
    rnd.state = state
    rnd.save(update_fields=["state"])
    return pilot, selectors.player_page(pilot, game_id=game.pk, number=0, kind="racing")


def rows_for(user, page) -> dict:
    from games.kept import cache
    from racing import views

    bare = request_for(user, {})
    drag = request_for(
        user, {"round": str(page.round.number), "lift": "1", "h1": "5", "h2": "-3", "slips": ""}
    )

    def rendered(request, partial: bool):
        def render():
            return views._answer(request, page, request.GET, partial=partial)

        return render

    def cold(job):
        """The job with the cache and the process's kept parts and pages emptied first."""

        def forget_and_run():
            cache.clear()
            views._forget_kept()
            return job()

        return forget_and_run

    def new_drag(job):
        """The job with the process's kept previews emptied first: a preview of new hinges."""

        def forget_and_run():
            views._PREVIEWS.clear()
            return job()

        return forget_and_run

    return {
        "context": lambda: views._context(page, bare.GET),
        "seat page": rendered(bare, False),
        "seat page, cold": cold(rendered(bare, False)),
        "preview (a drag)": rendered(drag, True),
        "preview (a new drag)": new_drag(rendered(drag, True)),
        "preview (a drag), cold": cold(rendered(drag, True)),
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
                "seat page",
                "seat page, cold",
                "preview (a drag)",
                "preview (a new drag)",
                "preview (a drag), cold",
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
