"""The duel's bot league: seeded standard duels between the computer levels and a baseline.

Not a test: it prints figures. Pairings (each ``--games`` games, the first mover alternating,
each game its own seed): veteran v straight, novice v straight, veteran v novice. ``straight``
is the baseline that only flies the missed-turn default (docked fighters stay until they must
take off, then everyone flies straight on, nothing fires) and places fairly at random. A game
ends by the rules (victory, both destroyed, 40 quiet turns) or is called a draw after
``--max-actions``. Reported per pairing: wins of each side, draws, the mean number of turns,
fighters lost per game by each side, and the decision time per action (mean, p95, max).
Then each level's rating (``games/rating_model.py``) over every game, the pairings' games taken
in turn: the computer levels' anchors of ``duel/plugin.py``, ``straight`` among them so that
the pool's newcomers start where it averages.

Run: ``.venv/bin/python bench/duel_league.py [--games 100]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from duel.engine import Settings, act, new_game, standing
from duel.engine.board import asteroid_hexes
from duel.engine.bots import bot_action
from duel.engine.orders import default_orders
from games.rating_model import league, league_lines, places

PAIRINGS = (("veteran", "straight"), ("novice", "straight"), ("veteran", "novice"))


def straight(state, player: int, seed: int) -> dict:
    if state.phase == "asteroids":
        hexes = asteroid_hexes(state.asteroids, state.settings.no_adjacent)
        return {"type": "asteroid", "hex": list(Random(seed).choice(hexes))}
    if state.phase == "fighters":
        return bot_action(state, player, "novice", seed)  # docks in order, facing the enemy
    return {"type": "turn", "orders": [o.to_dict() for o in default_orders(state, player)]}


def decide(level: str, state, player: int, seed: int) -> dict:
    if level == "straight":
        return straight(state, player, seed)
    return bot_action(state, player, level, seed)


def play(levels: tuple[str, str], seed: int, max_actions: int) -> dict:
    """One duel, ``levels[p]`` playing player p; player ``seed % 2`` moves first."""
    state = new_game(Settings(first=seed % 2), seed)
    times: list[float] = []
    for number in range(max_actions):
        if state.phase == "over":
            break
        player = (
            state.to_act if state.phase != "fighters" else (0 if state.sealed[0] is None else 1)
        )
        started = time.perf_counter()
        action = decide(levels[player], state, player, seed * 1000 + number)
        times.append(time.perf_counter() - started)
        state, _ = act(state, player, action)
    lost = [sum(1 for f in state.fighters if f.player == p and f.destroyed) for p in (0, 1)]
    return {
        "winner": state.winner if state.phase == "over" else None,
        "result": state.result or "unfinished",
        "turns": state.turn,
        "lost": lost,
        "times": times,
        "places": places(standing(state)),
    }


def pairing(levels: tuple[str, str], games: int, max_actions: int, played: list) -> None:
    wins: Counter = Counter()
    results: Counter = Counter()
    turns, lost, times = [], Counter(), []
    for seed in range(games):
        seated = levels if seed % 4 < 2 else levels[::-1]  # each level in each seat
        game = play(seated, seed, max_actions)
        results[game["result"]] += 1
        if game["winner"] is not None:
            wins[seated[game["winner"]]] += 1
        for player in (0, 1):
            lost[seated[player]] += game["lost"][player]
        turns.append(game["turns"])
        played.append([(seated[p], game["places"][p]) for p in (0, 1)])
        times += game["times"]
    a, b = levels
    draws = games - wins[a] - wins[b]
    decided = wins[a] + wins[b]
    times_ms = sorted(t * 1000 for t in times)
    print(
        f"{a} v {b}: {games} games — {a} won {wins[a]} ({100 * wins[a] / games:.0f}%), "
        f"{b} won {wins[b]} ({100 * wins[b] / games:.0f}%), draws {draws}; "
        f"{a}'s share of decided games {100 * wins[a] / decided if decided else 0:.0f}%"
    )
    print(
        f"  results {dict(results)}; turns mean {statistics.mean(turns):.1f}; fighters lost "
        f"per game: {a} {lost[a] / games:.2f}, {b} {lost[b] / games:.2f}"
    )
    print(
        f"  decision time per action: mean {statistics.mean(times_ms):.2f} ms, "
        f"p95 {times_ms[int(0.95 * (len(times_ms) - 1))]:.2f} ms, max {times_ms[-1]:.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--max-actions", type=int, default=400)
    args = parser.parse_args()
    played: list[list] = []
    for levels in PAIRINGS:
        played.append([])
        pairing(levels, args.games, args.max_actions, played[-1])
    # The pairings' games taken in turn, one of each, so that no pairing comes last.
    print("each level's rating over all these games (the anchors in duel/plugin.py):")
    print("\n".join(league_lines(league(game for turn in zip(*played) for game in turn))))


if __name__ == "__main__":
    main()
