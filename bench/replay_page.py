"""The replay of a long game: a finished race of six computer jets (every pick and turn a
published round) and the cost of its pages: the finished game's page (every step's caption and
mark, the last board drawn), a round's report page (the game up to that round) and one step's
board from a cold cache and from the cache. Embedded default (SQLite in a temporary file,
the local-memory cache), the Django test client, no server: the figures are the view's own.

    python bench/replay_page.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DEBUG", "1")
os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/replay-bench.sqlite3"
os.environ.pop("CACHE_URL", None)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from django.test.utils import setup_test_environment
from django.urls import reverse

from games import registry, resolution, services
from games.models import Game, Round


def finished_race() -> Game:
    referee = User.objects.create_user("referee", password="x")
    rules = registry.get("racing")
    settings = rules.clean_settings({"jets": 6})
    game = services.game_create(
        referee=referee,
        kind="racing",
        title="A long race",
        settings=settings,
        time_zone="UTC",
        deadline_days=1,
        computer_seats={n: "novice" for n in rules.seat_numbers(settings)[1:]},
    )
    services.seat_join(game=game, number=0, user=referee)  # flies the default (no orders)
    services.game_start(game=game, by=referee)
    for _ in range(2000):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            return game
        rnd = Round.objects.get(game=game, status=Round.Status.OPEN)
        resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    raise SystemExit("the race did not finish")


def timed(client: Client, url: str, repeat: int, cold: bool = False) -> tuple[float, int]:
    times, size = [], 0
    for _ in range(repeat):
        if cold:
            cache.clear()
        start = time.perf_counter()
        response = client.get(url)
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, (url, response.status_code)
        size = len(response.content)
    return statistics.median(times) * 1000, size


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    setup_test_environment()
    call_command("migrate", verbosity=0)
    game = finished_race()
    rounds = game.rounds.filter(status=Round.Status.PUBLISHED).count()
    client = Client()
    page, page_bytes = timed(client, reverse("game", args=[game.pk]), args.repeat)
    steps = page_bytes and client.get(reverse("game", args=[game.pk])).content.count(b'"caption"')
    report, _ = timed(client, reverse("round_report", args=[game.pk, rounds]), args.repeat, True)
    board_cold, board_bytes = timed(
        client, reverse("replay_board", args=[game.pk, steps // 2]), args.repeat, True
    )
    board_warm, _ = timed(client, reverse("replay_board", args=[game.pk, steps // 2]), 5)
    print(f"a finished race of 6 jets: {rounds} published rounds, {steps} replay steps")
    print(f"the game's page (the player at its end): {page:.0f} ms, {page_bytes // 1024} KiB")
    print(f"the last round's report page, cold cache: {report:.0f} ms")
    print(f"one step's board, cold cache (8 drawn): {board_cold:.0f} ms, {board_bytes} bytes")
    print(f"one step's board, from the cache: {board_warm:.1f} ms")


if __name__ == "__main__":
    main()
