"""A small bot that plays a practice dogfight to the end through the Skies API alone.

    python examples/bot.py --url http://localhost:8000 --token sk_...

Make the token on your "My API tokens" page. The bot asks the server for a practice game
against five computer pilots, then, round after round, asks for the legal maneuvers move by
move (``/choices``), picks one, fires ahead where the engine offers it (no more bursts than
the round allows and the plane has aboard), previews the route and sends its orders. It stops when the game is over and prints the winner. Over the token's limit it
waits as the answer's ``Retry-After`` says. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import urllib.error
import urllib.request

# Take off, then fly on and turn rather than anything fancy (never stay on the ground).
PREFERRED = ("TA", "TB", "TG", "A", "L", "R", "LS", "RS")


class Api:
    def __init__(self, url: str, token: str):
        self.base = url.rstrip("/") + "/api/v1"
        self.token = token

    def call(self, method: str, path: str, body: object = None) -> dict:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.base + path,
            data=data,
            method=method,
            headers={
                "Authorization": f"Bearer {self.token}",
                "Content-Type": "application/json",
                "Accept": "application/json",
            },
        )
        while True:
            try:
                with urllib.request.urlopen(request, timeout=30) as response:
                    return json.loads(response.read() or b"null")
            except urllib.error.HTTPError as error:
                answer = json.loads(error.read() or b"{}")
                if error.code == 429:  # over the token's limit: wait as the server says
                    time.sleep(float(error.headers.get("Retry-After") or 5))
                    continue
                raise SystemExit(
                    f"{method} {path}: {error.code} {answer.get('code')}: {answer.get('message')}"
                ) from None


def pick_moves(api: Api, seat_path: str, rng: random.Random) -> list[dict]:
    """Three moves, each chosen from the legal list the server gives after the ones before,
    and bursts only where the engine offers them: ahead in each move that may fire ahead, no
    more in all than the round's ``bursts_allowed`` (0 with no ammunition aboard)."""
    chosen: list[str] = []
    for number in range(3):
        offer = api.call("POST", seat_path + "/choices", {"orders": chosen})
        move = offer["moves"][number]
        liked = [code for code in PREFERRED if code in move["offered"]]
        chosen.append(rng.choice(liked) if liked else move["offered"][0])
    # Firing is decided after the maneuvers: whether a move may fire depends on all of them.
    final = api.call("POST", seat_path + "/choices", {"orders": chosen})
    left = final["bursts_allowed"]
    moves = []
    for code, offered in zip(chosen, final["moves"]):
        fire = ["A"] if left > 0 and "A" in offered["fire_offered"] else []
        left -= len(fire)
        moves.append({"maneuver": code, "fire": fire})
    return moves


def play(api: Api, *, seed: int, patience: float) -> dict:
    rng = random.Random(seed)
    made = api.call("POST", "/practice/dogfight", {})
    game, seat = made["game"], made["seat"]
    seat_path = f"/games/{game}/seats/{seat}"
    print(f"practice game {game}, seat {seat}")
    name = f"Kestrel {rng.randrange(10**6):06d}"
    waited_since, last_round = time.monotonic(), None
    while True:
        view = api.call("GET", seat_path)
        if view["status"] == "finished":
            return api.call("GET", f"/games/{game}")
        if view["round"] and view["round"]["number"] != last_round:
            # a round was resolved: the game goes on (also once this plane is out)
            waited_since, last_round = time.monotonic(), view["round"]["number"]
        if view["owes_orders"]:
            moves = pick_moves(api, seat_path, rng)
            orders = {"moves": moves, "name": name}
            route = api.call("POST", seat_path + "/preview", {"orders": orders})["route"]
            api.call(
                "POST", seat_path + "/orders", {"orders": orders, "round": view["round"]["number"]}
            )
            print(
                f"round {view['round']['number']}: "
                f"{' '.join(m['maneuver'] for m in moves)} -> {route[-1]['hex']}"
            )
            waited_since = time.monotonic()
        elif time.monotonic() - waited_since > patience:
            raise SystemExit(f"no round resolved for {patience:.0f} s")
        else:
            time.sleep(1)  # a round is resolved by the server: look again in a moment


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://localhost:8000")
    parser.add_argument("--token", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--patience", type=float, default=600.0, help="seconds to wait for a round to be resolved"
    )
    args = parser.parse_args(argv)
    final = play(Api(args.url, args.token), seed=args.seed, patience=args.patience)
    winner = final["winner_seat"]
    names = {s["number"]: s["name"] or f"seat {s['number']}" for s in final["seats"]}
    print("game over:", f"{names[winner]} wins" if winner is not None else "nobody wins")
    return 0


if __name__ == "__main__":
    sys.exit(main())
