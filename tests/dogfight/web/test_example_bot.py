"""The example bot (examples/bot.py) plays legal games: with seeds whose games once ran short
of ammunition (seeds 2 and 4 sent three bursts with two aboard in round 6) or went on long
after its plane was out (seed 12), it finishes its practice dogfight against the live test
server without a refusal. Seeds 1 to 20 were all run so by hand."""

from __future__ import annotations

import pytest

from games.models import Game
from tests.factories import make_user
from tests.games.api.test_bot_example import run_bot


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("seed", [2, 4, 12])
def test_the_example_bot_finishes_without_a_refusal(live_server, seed):
    user = make_user(f"bot{seed}")
    run = run_bot(live_server, user, "--seed", str(seed))
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "game over:" in run.stdout
    assert Game.objects.get(referee=user).status == Game.Status.FINISHED
