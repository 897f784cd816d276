"""Joyride's engine: ``check`` latency for full-length plans, four-player rounds per second.

The builder calls ``check`` on every tile a player lays, with the JSON state and the plan so far:
its p95 must stay under 20 ms. A *full-length* plan here is (a) a computer's plan that crosses
the whole lab (novice level, through the engine's ``computer_plan``) and (b) the longest plan the
engine takes, 50 tiles, all laid (that plan without its escaping tile, padded with tiles laid
on: every tile is read, judged and scored). Each is timed as the web layer calls it: ``check``
with the state as its JSON dict (read and validated every call), and the same job through the
JSON face as text. The builder also asks where the next tile may go (``"next": true``) as the
plan grows: (c) every prefix of a computer's plan, from no tile to all, with ``next``.

Four-player rounds: seeded four-player games in rounds 1-3, every seat's plan made by a computer
beforehand; ``resolve_run`` replays each round (state as a dict, plans validated) again and
again. Run: ``python bench/joyride_engine_bench.py [--checks N] [--rounds N] [--states N]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from functools import partial
from random import Random

from joyride.engine import computer_picks, computer_plan, new_game, resolve_picks, resolve_run
from joyride.engine.api import check_job
from joyride.engine.game import check


def four_player_rounds(count: int, seed: int = 7) -> list[tuple[dict, list[dict]]]:
    """``count`` (state, plans) pairs from seeded four-player games, rounds 1-3."""
    rng = Random(seed)
    cases = []
    while len(cases) < count:
        state = new_game(4, rng.randrange(10**9))
        while state.phase != "over" and len(cases) < count:
            plans = [computer_plan(state, seat, "novice") for seat in range(4)]
            cases.append((state.to_dict(), plans))
            state, _ = resolve_run(state, plans)
            if state.phase == "pick":
                state, _ = resolve_picks(state, [computer_picks(state, s) for s in range(4)])
    return cases


def padded(plan: dict, length: int = 50) -> dict:
    """The plan without a tile that escapes, then tiles laid on to ``length``: every one of the
    50 is judged and scored (they break rules here and there, which costs no more time)."""
    tiles = [t for t in plan["tiles"] if all(c < 36 for _, c in t["cells"])]
    while len(tiles) < length:
        row, col = len(tiles) % 6, 3 * (len(tiles) % 12)
        tiles.append({"shape": "I3", "cells": [[row, col], [row, col + 1], [row, col + 2]]})
    return dict(plan, tiles=tiles)


def prefix(plan: dict, i: int) -> dict:
    """The plan as the builder holds it after some tile (the ``i``-th call's), 0 to all."""
    return dict(plan, tiles=plan["tiles"][: i % (len(plan["tiles"]) + 1)])


def p95(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=20)[18]


def timed(call) -> tuple[float, float]:
    """Wall-clock and CPU milliseconds of one call (on a busy machine the CPU time is the
    engine's own cost, the wall time includes waiting for a core)."""
    wall, cpu = time.perf_counter(), time.process_time()
    call()
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def face_check(text: str) -> str:
    """A check through the JSON face, as a program asks it."""
    return json.dumps(check_job(json.loads(text)))


def time_checks(cases, count: int, plan_of, next_tiles: bool) -> dict[str, list[float]]:
    samples = {"wall": [], "cpu": [], "face wall": [], "face cpu": []}
    for i in range(count):
        state, plans = cases[i % len(cases)]
        seat = i % 4
        plan = plan_of(plans[seat], i)
        wall, cpu = timed(partial(check, state, seat, plan, next_tiles=next_tiles))
        samples["wall"].append(wall)
        samples["cpu"].append(cpu)
        text = json.dumps({"state": state, "seat": seat, "plan": plan, "next": next_tiles})
        wall, cpu = timed(partial(face_check, text))
        samples["face wall"].append(wall)
        samples["face cpu"].append(cpu)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--checks", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--states", type=int, default=60)
    args = parser.parse_args()
    cases = four_player_rounds(args.states)
    tiles = [len(p["tiles"]) for _, plans in cases for p in plans]
    print(
        f"{len(cases)} four-player rounds; computer plans of {min(tiles)}-{max(tiles)} tiles "
        f"(mean {statistics.mean(tiles):.1f})"
    )

    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for label, plan_of, next_tiles in (
        ("computer plan", lambda p, i: p, False),
        ("50 tiles", lambda p, i: padded(p), False),
        ("a computer plan's prefixes, with next", prefix, True),
    ):
        samples = time_checks(cases, args.checks, plan_of, next_tiles)
        wall, cpu = samples["wall"], samples["cpu"]
        print(
            f"check, {label} [{args.checks} checks, limit p95 20 ms]: wall p50 "
            f"{statistics.median(wall):.2f} ms, p95 {p95(wall):.2f} ms, max {max(wall):.2f} ms;"
            f" CPU p50 {statistics.median(cpu):.2f} ms, p95 {p95(cpu):.2f} ms; JSON face "
            f"(parse, check, serialise) wall p95 {p95(samples['face wall']):.2f} ms, CPU p95 "
            f"{p95(samples['face cpu']):.2f} ms"
        )

    wall, cpu = timed(lambda: [resolve_run(*cases[i % len(cases)]) for i in range(args.rounds)])
    print(
        f"resolve_run: {args.rounds} four-player rounds in {wall / 1000:.2f} s wall "
        f"= {args.rounds / wall * 1000:,.0f} rounds/s ({args.rounds / cpu * 1000:,.0f} per CPU "
        f"second; state as a dict, plans validated, scored)"
    )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
