"""The bot league: seeded six-plane games between computer-pilot levels and two baselines.

Not a test: it prints figures. Tables (each ``--games`` games, seats rotated game by game):

- ``mixed``: two aces, two veterans, two novices in one sky;
- head-to-head, three against three on alternating seats: ace v veteran, veteran v novice,
  novice v random, random v straight.

Baselines: ``random`` flies random legal orders with random legal fire; ``straight`` sends no
orders (the NMR default: ``TB TB A`` on the ground, ``A A A`` in the air). A game still running
after ``--max-rounds`` is a draw. Reported per level: planes, wins (a won game counts once for
the winner's level; a game at the round limit where only one level is left flying counts for
that level), win rate per plane, win share among the decided games of a table, crashes
at the edge (all, and "own choice": its orders left the board although a staying route existed),
deaths in a cloud, balloon crashes, and the decision time per seat per round (mean, p95, max).
Then each level's rating (``games/rating_model.py``) over every game, ranked as a rated game is
(``dogfight.engine.standing``: the points as the seed scores them), the tables' games taken in
turn: the computer levels' anchors of ``dogfight/plugin.py``, the baselines among them so that
the pool's newcomers start where it averages.

Run: ``.venv/bin/python bench/bot_league.py [--games 40] [--tables all] [--workers 1] [--cold]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dogfight.engine import (
    Settings,
    bots,
    career,
    new_game,
    resolve_round,
    standing,
    validate_orders,
)
from dogfight.engine.hexgrid import BOARD_SET
from dogfight.engine.maneuvers import legal_maneuvers, nmr_maneuvers, route
from games.rating_model import league, league_lines, places

TABLES = {
    "mixed": ("ace", "ace", "veteran", "veteran", "novice", "novice"),
    "ace-veteran": ("ace", "veteran") * 3,
    "veteran-novice": ("veteran", "novice") * 3,
    "novice-random": ("novice", "random") * 3,
    "random-straight": ("random", "straight") * 3,
}


def random_orders(plane, rng: random.Random) -> list[dict]:
    """Random legal maneuvers and random legal fire (within the round's and the magazine's
    allowance; none on the airfield)."""
    chosen: list[str] = []
    for _ in range(3):
        chosen.append(rng.choice(legal_maneuvers(plane, chosen)))
    budget = min(career.bursts_per_round(plane.rank), plane.ammo)
    moves = []
    for code, (_hex, _f) in zip(chosen, route(plane, chosen)):
        fire = []
        for direction in "ALR":
            if budget and rng.random() < 0.2:
                fire.append(direction)
                budget -= 1
        moves.append({"maneuver": code, "fire": fire, "through": False})
    for move, step in zip(moves, _statuses(plane, chosen)):
        if step == "ground":
            move["fire"] = []
    return moves


def _statuses(plane, chosen):
    from dogfight.engine.maneuvers import RoundPlan

    plan = RoundPlan(plane)
    out = []
    for code in chosen:
        plan.choose(code)
        out.append(plan.plane.status)
    return out


def straight_orders(plane) -> list[dict]:
    return [{"maneuver": code, "fire": [], "through": False} for code in nmr_maneuvers(plane)]


def leaves_board(plane, codes) -> bool:
    from dogfight.engine.maneuvers import RoundPlan

    plan = RoundPlan(plane)
    for code in codes:
        plan.choose(code)
        if plan.plane.status == "air" and plan.plane.hex not in BOARD_SET:
            return True
    return False


def could_stay(plane) -> bool:
    return any(not edge for _c, _s, edge in bots._sequences(bots._plane_key(plane)))


def play(job: tuple) -> dict:
    table, game_no, seed, max_rounds, cold = job
    lineup = TABLES[table]
    shift = game_no % 6 if table == "mixed" else game_no % 2
    levels = {seat: lineup[(seat + shift) % 6] for seat in range(6)}
    rng = random.Random(seed)
    balloons = rng.choice((0, 0, 1, 6))
    settings = Settings(balloon_rule="normal" if balloons else "none", scored=False)
    state = new_game(seed, settings, balloons=balloons, clouds=rng.choice((4, 6, 8)))
    times: dict[str, list[float]] = defaultdict(list)
    own_edge: Counter = Counter()
    crashes: list = []
    played: list = []
    bots._FIELDS.clear()  # every decision below starts cold for its state's first seat
    while not state.over and state.round <= max_rounds:
        orders = {}
        for plane in state.planes:
            if plane.out:
                continue
            level = levels[plane.seat]
            start = time.process_time()
            if level == "random":
                raw = random_orders(plane, rng)
            elif level == "straight":
                raw = straight_orders(plane)
            else:
                if cold:  # nothing shared with the seats decided before in this round
                    bots._FIELDS.clear()
                raw = bots.bot_orders(
                    state, plane.seat, level, seed * 1000 + state.round * 10 + plane.seat
                )
            times[level].append(time.process_time() - start)
            codes = [m["maneuver"] for m in raw]
            if leaves_board(plane, codes) and could_stay(plane):
                own_edge[plane.seat] += 1
            orders[plane.seat] = validate_orders(plane, state.settings, raw)
        state, events = resolve_round(state, orders, rng.randrange(2**62))
        played += events
        crashes += [
            (levels[e["seat"]], e["cause"], e["seat"]) for e in events if e["type"] == "crash"
        ]
    winner = state.winner if state.over else None
    alive = {levels[p.seat] for p in state.planes if not p.out}
    side = (
        levels[winner]
        if winner is not None
        else (alive.pop() if not state.over and len(alive) == 1 else None)
    )
    return {
        "table": table,
        "levels": levels,
        "winner": winner,
        "side": side,
        "over": state.over,
        "rounds": state.round - 1,
        "times": dict(times),
        "own_edge": {levels[s]: n for s, n in own_edge.items()},
        "own_edge_seats": dict(own_edge),
        "crashes": crashes,
        "places": places(standing(state.to_dict(), lambda: played)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per table")
    parser.add_argument("--tables", default="all", help="comma list, or all: " + ", ".join(TABLES))
    parser.add_argument("--max-rounds", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--cold",
        action="store_true",
        help="time every decision from scratch (a lone computer pilot among "
        "humans); by default the seats of one state share its analysis",
    )
    args = parser.parse_args()
    tables = list(TABLES) if args.tables == "all" else args.tables.split(",")
    jobs = [
        (table, n, args.seed * 100_003 + i * 7919 + n, args.max_rounds, args.cold)
        for i, table in enumerate(tables)
        for n in range(args.games)
    ]
    started = time.perf_counter()
    if args.workers > 1:
        with Pool(args.workers) as pool:
            results = pool.map(play, jobs, chunksize=1)
    else:
        results = [play(job) for job in jobs]
    elapsed = time.perf_counter() - started
    report(results, tables, elapsed, args)


def report(results: list[dict], tables: list[str], elapsed: float, args) -> None:
    load = os.getloadavg()
    print(
        f"bot league: {len(results)} games ({args.games} per table, at most "
        f"{args.max_rounds} rounds, seed {args.seed}{', cold decisions' if args.cold else ''})"
        f" in {elapsed:.0f} s; load average "
        f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores"
    )
    print()
    for table in tables:
        games = [r for r in results if r["table"] == table]
        wins: Counter = Counter()
        for r in games:
            if r["side"] is not None:
                wins[r["side"]] += 1
        decided = sum(wins.values())
        outright = sum(1 for r in games if r["winner"] is not None)
        sides = sorted(set(TABLES[table]), key=TABLES[table].index)
        shares = ", ".join(
            f"{level} {wins[level]} ({100 * wins[level] / max(1, decided):.0f}%)" for level in sides
        )
        rounds = statistics.mean(r["rounds"] for r in games)
        print(
            f"{table:16s} {len(games)} games, {decided} decided ({outright} won outright), "
            f"mean {rounds:.1f} rounds; wins: {shares}"
        )
    print()
    planes: Counter = Counter()
    games_in: Counter = Counter()
    wins: Counter = Counter()
    causes: dict[str, Counter] = defaultdict(Counter)
    own_edge_games: Counter = Counter()
    edge_games: Counter = Counter()
    cloud_games: Counter = Counter()
    own_edge_planes: Counter = Counter()
    times: dict[str, list[float]] = defaultdict(list)
    for r in results:
        levels = r["levels"]
        for seat, level in levels.items():
            planes[level] += 1
        for level in set(levels.values()):
            games_in[level] += 1
        if r["winner"] is not None:
            wins[levels[r["winner"]]] += 1
        for level, cause, _seat in r["crashes"]:
            causes[level][cause] += 1
        for level in {lv for lv, cause, _s in r["crashes"] if cause == "edge"}:
            edge_games[level] += 1
        for level in {lv for lv, cause, _s in r["crashes"] if cause == "cloud"}:
            cloud_games[level] += 1
        own_seats = {s for s in r["own_edge_seats"]}
        crashed_edge = {s for lv, cause, s in r["crashes"] if cause == "edge"}
        for seat in own_seats & crashed_edge:
            own_edge_planes[levels[seat]] += 1
        for level in {levels[s] for s in own_seats & crashed_edge}:
            own_edge_games[level] += 1
        for level, values in r["times"].items():
            times[level].extend(values)
    print(
        f"{'level':9s} {'planes':>6s} {'wins':>5s} {'win/plane':>9s} "
        f"{'edge':>5s} {'own':>4s} {'cloud':>5s} {'balloon':>7s}  "
        f"{'games: own edge / cloud death':>30s}"
    )
    for level in ("ace", "veteran", "novice", "random", "straight"):
        if not planes[level]:
            continue
        c = causes[level]
        print(
            f"{level:9s} {planes[level]:6d} {wins[level]:5d} "
            f"{100 * wins[level] / planes[level]:8.1f}% {c['edge']:5d} "
            f"{own_edge_planes[level]:4d} {c['cloud']:5d} {c['balloon']:7d}  "
            f"{100 * own_edge_games[level] / games_in[level]:5.1f}% / "
            f"{100 * cloud_games[level] / games_in[level]:.1f}% of {games_in[level]} games"
        )
    print()
    print("decision time per seat per round (ms of CPU): mean / p95 / max")
    for level in ("ace", "veteran", "novice", "random", "straight"):
        values = sorted(times[level])
        if not values:
            continue
        p95 = values[int(0.95 * (len(values) - 1))]
        print(
            f"  {level:9s} {1000 * statistics.mean(values):7.2f} / {1000 * p95:7.2f} / "
            f"{1000 * values[-1]:7.2f}  ({len(values)} decisions)"
        )
    # The tables' games taken in turn, one of each, so that no table comes last.
    by_table = [
        [
            [(r["levels"][seat], place) for seat, place in r["places"].items()]
            for r in results
            if r["table"] == table
        ]
        for table in tables
    ]
    print()
    print("each level's rating over all these games (the anchors in dogfight/plugin.py):")
    print("\n".join(league_lines(league(game for turn in zip(*by_table) for game in turn))))
    ace = sorted(times["ace"])
    if ace:
        mean = statistics.mean(ace)
        print(
            f"  a noon batch of 5,000 six-seat games all flown by aces: "
            f"{5000 * 6 * mean / 60:.1f} CPU minutes for their orders"
        )


if __name__ == "__main__":
    main()
