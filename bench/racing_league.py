"""The racing league: seeded races between the computer pilots' levels and a baseline.

Not a test: it prints figures. Tables (each ``--games`` races of four jets on ``oval5``, one lap,
level 2: the draft and its equipment, the seats rotated race by race), two of each level:
``ace-novice``, ``ace-straight``, ``novice-straight``. ``straight`` is the baseline that only flies the missed-turn default (its lift,
straight on, no equipment), which retires it after three turns. A race still on after
``--max-turns`` turns ends there. Reported per table: wins, mean places, mean turns; then each
level's rating (``games/rating_model.py``) over every race, ranked as a rated race is
(``racing.engine.standing``: by place, the retired after), the tables' races taken in turn: the
computer levels' anchors of ``racing/plugin.py``.

Run: ``.venv/bin/python bench/racing_league.py [--games 30]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.rating_model import league, league_lines, places
from racing.engine import computer_order, new_race, play_turn, standing

TABLES = {
    "ace-novice": ("ace", "novice", "ace", "novice"),
    "ace-straight": ("ace", "straight", "ace", "straight"),
    "novice-straight": ("novice", "straight", "novice", "straight"),
}
PILOTS = {"novice": 1, "ace": 2}  # the platform's level names -> the engine's pilots


def race(table: str, number: int, max_turns: int) -> dict:
    lineup = TABLES[table]
    levels = {seat: lineup[(seat + number) % len(lineup)] for seat in range(len(lineup))}
    jets = [{"id": f"j{seat}", "seat": seat} for seat in levels]
    state = new_race("oval5", jets, level=2, laps=1, seed=number)
    turns = 0
    while state["phase"] != "over" and turns < max_turns:
        seat = next(j["seat"] for j in state["jets"] if j["id"] == state["turn"]["jet"])
        level = levels[seat]
        order = None if level == "straight" else computer_order(state, PILOTS[level])
        state, _ = play_turn(state, order)
        turns += 1
    return {"levels": levels, "places": places(standing(state)), "turns": turns}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="races per table")
    parser.add_argument("--max-turns", type=int, default=400)
    args = parser.parse_args()
    started = time.perf_counter()
    played = []
    for table, lineup in TABLES.items():
        results = [race(table, n, args.max_turns) for n in range(args.games)]
        wins: dict[str, int] = defaultdict(int)
        place_of: dict[str, list[int]] = defaultdict(list)
        for result in results:
            for seat, place in result["places"].items():
                place_of[result["levels"][seat]].append(place)
                wins[result["levels"][seat]] += place == 1
        summary = ", ".join(
            f"{level} {wins[level]} wins, mean place {statistics.mean(place_of[level]):.2f}"
            for level in dict.fromkeys(lineup)
        )
        turns = statistics.mean(r["turns"] for r in results)
        print(f"{table}: {args.games} races, mean {turns:.0f} turns; {summary}")
        played.append(
            [[(r["levels"][seat], place) for seat, place in r["places"].items()] for r in results]
        )
    print(f"({time.perf_counter() - started:.0f} s)")
    print("each level's rating over all these races (the anchors in racing/plugin.py):")
    print("\n".join(league_lines(league(game for turn in zip(*played) for game in turn))))


if __name__ == "__main__":
    main()
