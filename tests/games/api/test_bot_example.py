"""The example bot (examples/bot.py) plays a practice dogfight to the end against the live
test server, through the API alone, as a person's program would."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.db import connection
from django.utils import timezone

from games import sweep
from games.models import Game
from games.tokens import token_create
from tests.factories import make_user

BOT = Path(__file__).resolve().parents[3] / "examples" / "bot.py"


class Beat(threading.Thread):
    """What Celery beat does in production: the sweep, again and again (it resolves the
    rounds of computer pilots once the bot's plane is out)."""

    def __init__(self):
        super().__init__(daemon=True)
        self.stop = threading.Event()

    def run(self):
        try:
            while not self.stop.wait(0.3):
                sweep.run(timezone.now())
        finally:
            connection.close()


def run_bot(live_server, user, *args: str) -> subprocess.CompletedProcess:
    """examples/bot.py run with a new token of ``user``'s against the live test server, the
    scheduler's beat running beside it, as a bot's owner runs it (60 s of patience)."""
    _token, secret = token_create(user=user, name="example bot")
    beat = Beat()
    beat.start()
    try:
        return subprocess.run(
            [sys.executable, str(BOT), "--url", live_server.url, "--token", secret]
            + ["--patience", "60", *args],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
    finally:
        beat.stop.set()
        beat.join()


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_example_bot_plays_a_practice_dogfight_to_the_end(live_server):
    user = make_user("botmaker")
    run = run_bot(live_server, user)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    game = Game.objects.get(referee=user)
    assert game.status == Game.Status.FINISHED
    assert "game over:" in run.stdout and "round 1: " in run.stdout
    assert game.seats.get(number=0).name.startswith("Kestrel ")
