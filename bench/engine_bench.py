"""How many six-plane rounds per second the dogfight engine resolves (one process).

Realistic mid-game states come from seeded games played with sensible random orders (pilots
who stay on the board and fire when they can) until round 4-9; each round is then resolved
again and again with fresh seeds. Run: ``python bench/engine_bench.py [--rounds N]``.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from dogfight.engine import (
    EngineError,
    Settings,
    legal_maneuvers,
    new_game,
    resolve_round,
    validate_orders,
)
from dogfight.engine.api import resolve_job
from dogfight.engine.hexgrid import BOARD_SET
from dogfight.engine.maneuvers import route


def sensible_orders(state, rng):
    """Random legal orders that avoid leaving the board, with some bursts."""
    orders = {}
    for plane in state.planes:
        if plane.status == "out":
            continue
        chosen = []
        for _ in range(3):
            options = legal_maneuvers(plane, chosen)
            safe = [c for c in options if route(plane, chosen + [c])[-1][0] in BOARD_SET]
            chosen.append(rng.choice(safe or options))
        budget = min(plane.ammo, 3)
        moves = []
        for code in chosen:
            fire = [d for d in "ALR" if budget and rng.random() < 0.25][:budget]
            budget -= len(fire)
            moves.append({"maneuver": code, "fire": fire})
        try:
            orders[plane.seat] = validate_orders(plane, state.settings, moves)
        except EngineError:
            orders[plane.seat] = validate_orders(
                plane, state.settings, [dict(m, fire=[]) for m in moves]
            )
    return orders


def mid_game_cases(count, seed=7):
    rng = random.Random(seed)
    cases = []
    while len(cases) < count:
        settings = Settings(balloon_rule=rng.choice(["none", "normal", "through"]))
        state = new_game(rng.randrange(10**9), settings, balloons=rng.choice([0, 1, 6, 7]))
        target = rng.randrange(4, 10)
        while not state.over and state.round < target:
            state, _ = resolve_round(state, sensible_orders(state, rng), rng.randrange(10**9))
        if not state.over and len(state.alive()) == 6:
            cases.append((state, sensible_orders(state, rng)))
    return cases


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--states", type=int, default=200)
    args = parser.parse_args()
    cases = mid_game_cases(args.states)
    seeds = list(range(args.rounds))
    start = time.perf_counter()
    for i in seeds:
        state, orders = cases[i % len(cases)]
        resolve_round(state, orders, i)
    elapsed = time.perf_counter() - start
    print(
        f"engine: {args.rounds} six-plane mid-game rounds in {elapsed:.2f} s "
        f"= {args.rounds / elapsed:,.0f} rounds/s (orders validated beforehand)"
    )

    jobs = [
        {
            "state": s.to_dict(),
            "orders": {str(seat): [m.to_dict() for m in o] for seat, o in orders.items()},
            "seed": 1,
        }
        for s, orders in cases
    ]
    texts = [json.dumps(job) for job in jobs]
    count = max(1, args.rounds // 5)
    start = time.perf_counter()
    for i in range(count):
        json.dumps(resolve_job(json.loads(texts[i % len(texts)])))
    elapsed = time.perf_counter() - start
    print(
        f"JSON face: {count} jobs (parse, validate, resolve, serialise) in {elapsed:.2f} s "
        f"= {count / elapsed:,.0f} rounds/s"
    )


if __name__ == "__main__":
    main()
