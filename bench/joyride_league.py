"""The joyride league: seeded four-player games between the computer players' levels and a
baseline.

Not a test: it prints figures. Tables (each ``--games`` games of three rounds, the seats rotated
game by game): ``ace-veteran-novice-pass`` (one of each) and ``veteran-novice`` (two of each).
``pass`` is the baseline that sends no plan (the missed run's default: it lays nothing) and
picks nothing. Reported per table: wins and mean totals per level; then each level's rating
(``games/rating_model.py``) over every game, ranked as a rated game is
(``joyride.engine.standing``: the total, then the seed's tie-break), the tables' games taken in
turn: the computer levels' anchors of ``joyride/plugin.py``.

First it prints each level's strength alone: the mean uncontested score (``check``) of its
plan for seat 0's first run on the same ``--labs`` labs (four-player games, seeds 0, 1, ...), and
the CPU time a plan takes (mean, p95, max; the first plan of each level is left out of the time,
as the search's placement cache starts empty), and of it the cyclic garbage collector's passes
that fell in the plans (a full pass walks every object of the process, the placement caches
included: tens of ms that land on a few plans, the top of the p95).

Run: ``.venv/bin/python bench/joyride_league.py [--games 30] [--labs 60] [--strength-only]``.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Self

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.rating_model import league, league_lines, places
from joyride.engine import (
    State,
    check,
    computer_picks,
    computer_plan,
    new_game,
    resolve_picks,
    resolve_run,
    standing,
    validate_plan,
)

TABLES = {
    "ace-veteran-novice-pass": ("ace", "veteran", "novice", "pass"),
    "veteran-novice": ("veteran", "novice", "veteran", "novice"),
}


def game(table: str, number: int) -> dict:
    lineup = TABLES[table]
    levels = {seat: lineup[(seat + number) % len(lineup)] for seat in range(len(lineup))}
    state = new_game(len(levels), number).to_dict()
    while state["phase"] != "over":
        if state["phase"] == "pick":
            picks = [
                None if levels[s] == "pass" else computer_picks(state, s, levels[s]) for s in levels
            ]
            after, _ = resolve_picks(state, picks)
        else:
            plans = [
                None
                if levels[s] == "pass"
                else validate_plan(state, s, computer_plan(state, s, levels[s]))
                for s in levels
            ]
            after, _ = resolve_run(state, plans)
        state = after.to_dict()
    final = State.from_dict(state)
    return {
        "levels": levels,
        "places": places(dict(enumerate(standing(final)))),
        "totals": [total for total, _ in standing(final)],
    }


class CollectorClock:
    """The CPU time of the cyclic garbage collector's passes while it is on, and how many of
    them were full (generation 2)."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.full = 0
        self._started = 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._started = time.process_time()
        else:
            self.seconds += time.process_time() - self._started
            self.full += info["generation"] == 2

    def __enter__(self) -> Self:
        gc.callbacks.append(self)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self)


def strength(labs: int) -> None:
    """Each level's mean uncontested score and plan time on the same labs."""
    states = [new_game(4, seed).to_dict() for seed in range(labs)]
    for level in ("novice", "veteran", "ace"):
        computer_plan(states[0], 0, level)  # warms the placement cache
        points, seconds, own = [], [], []  # own: less the collector's passes
        with CollectorClock() as collector:
            for state in states:
                started, collected = time.process_time(), collector.seconds
                plan = computer_plan(state, 0, level)
                seconds.append(time.process_time() - started)
                own.append(seconds[-1] - (collector.seconds - collected))
                points.append(check(state, 0, plan)["total"])
        ms = [1000 * s for s in (statistics.mean(seconds), *tail(seconds))]
        print(
            f"strength {level}: {statistics.mean(points):.1f} points on {labs} labs; a plan "
            f"{ms[0]:.0f} ms CPU (p95 {ms[1]:.0f}, max {ms[2]:.0f}); the collector "
            f"{1000 * collector.seconds:.0f} ms in {collector.full} full passes and the young "
            "ones; less the collector, p95 {:.0f}, max {:.0f}".format(
                *(1000 * s for s in tail(own))
            ),
            flush=True,
        )


def tail(seconds: list[float]) -> tuple[float, float]:
    """The p95 and the max."""
    ordered = sorted(seconds)
    return ordered[int(0.95 * len(ordered))], ordered[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per table")
    parser.add_argument("--labs", type=int, default=60, help="labs for the strength figures")
    parser.add_argument("--strength-only", action="store_true", help="no league games")
    args = parser.parse_args()
    strength(args.labs)
    if args.strength_only:
        return
    started = time.perf_counter()
    played = []
    for table, lineup in TABLES.items():
        results = [game(table, n) for n in range(args.games)]
        wins: dict[str, int] = defaultdict(int)
        totals: dict[str, list[int]] = defaultdict(list)
        for result in results:
            for seat, place in result["places"].items():
                wins[result["levels"][seat]] += place == 1
                totals[result["levels"][seat]].append(result["totals"][seat])
        summary = ", ".join(
            f"{level} {wins[level]} wins, mean total {statistics.mean(totals[level]):.1f}"
            for level in dict.fromkeys(lineup)
        )
        print(f"{table}: {args.games} games; {summary}")
        played.append(
            [[(r["levels"][seat], place) for seat, place in r["places"].items()] for r in results]
        )
    print(f"({time.perf_counter() - started:.0f} s)")
    print("each level's rating over all these games (the anchors in joyride/plugin.py):")
    print("\n".join(league_lines(league(game for turn in zip(*played) for game in turn))))


if __name__ == "__main__":
    main()
