"""How fast the racing engine resolves turns of six-jet races, and the p95 of ``legal`` with a
preview (the order form asks for one on every drag: it must stay under 20 ms). Each call is
timed three times: the first run is the honest figure, the best of three shows what a shared
machine's other work added.

Realistic states come from six-jet races at the third and cracks levels flown by computer
pilots (level 2, equipment in use) on all built-in courses; every turn's state and the order
given in it are kept, then resolved again and again. Run:
``python bench/racing_engine_bench.py [--turns N] [--races N]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from racing.engine import computer_order, legal, new_race, play_turn
from racing.engine.api import turn_job

COURSES = ("oval5", "oval7", "eight9")


def race_turns(races: int) -> list[tuple[dict, dict]]:
    """(state, order) for every race turn of ``races`` six-jet races."""
    cases = []
    for number in range(races):
        state = new_race(
            COURSES[number % 3],
            [{"id": f"j{s}", "seat": s} for s in range(6)],
            level=3 + number % 2,
            laps=1 + number % 2,
            seed=number,
        )
        while state["phase"] != "over":
            order = computer_order(state, 2)
            if state["phase"] == "race":
                cases.append((state, order))
            state, _ = play_turn(state, order)
    return cases


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=20000)
    parser.add_argument("--races", type=int, default=6)
    args = parser.parse_args()
    cases = race_turns(args.races)
    print(f"{len(cases)} race turns from {args.races} six-jet races (levels 3 and 4)")

    start = time.perf_counter()
    for i in range(args.turns):
        state, order = cases[i % len(cases)]
        play_turn(state, order)
    elapsed = time.perf_counter() - start
    print(
        f"engine: {args.turns} turns in {elapsed:.2f} s = {args.turns / elapsed:,.0f} "
        f"turns/s (state checked, order played)"
    )

    texts = [json.dumps({"state": s, "order": o}) for s, o in cases]
    count = max(1, args.turns // 4)
    start = time.perf_counter()
    for i in range(count):
        json.dumps(turn_job(json.loads(texts[i % len(texts)])))
    elapsed = time.perf_counter() - start
    print(
        f"JSON face: {count} turn jobs (parse, check, play, serialise) in {elapsed:.2f} s "
        f"= {count / elapsed:,.0f} turns/s"
    )

    first, best = [], []
    for state, order in cases:
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            legal(state, order)
            runs.append((time.perf_counter() - start) * 1000)
        first.append(runs[0])
        best.append(min(runs))
    for name, timings in (("each call's first run", first), ("each call's best of 3", best)):
        timings.sort()
        p95 = timings[int(0.95 * (len(timings) - 1))]
        print(
            f"legal with a preview, {name}: {len(timings)} calls, median "
            f"{statistics.median(timings):.2f} ms, p95 {p95:.2f} ms, max {timings[-1]:.2f} ms "
            f"(limit 20 ms)"
        )


if __name__ == "__main__":
    main()
