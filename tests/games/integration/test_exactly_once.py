"""Each due round is resolved exactly once: two sweeps at once, a resolver killed in the middle
of its transaction, a resolution that crashes half-way. Real PostgreSQL, real processes.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from django.db import connection, connections

from dogfight.plugin import DogfightRules
from games import resolution
from games.models import Report, Round
from tests.factories import make_dogfight, make_user, open_round

ROOT = Path(__file__).resolve().parents[3]
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def _due_game():
    game = make_dogfight(humans=[make_user()])
    return game, open_round(game)


def _slow_resolve(monkeypatch, seconds: float) -> None:
    real = DogfightRules.resolve

    def slow(self, *args, **kwargs):
        time.sleep(seconds)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(DogfightRules, "resolve", slow)


def test_two_sweeps_at_once_resolve_a_round_once(monkeypatch):
    if connection.vendor != "postgresql":
        pytest.fail("this test needs PostgreSQL's row locks (set DATABASE_URL)")
    game, rnd = _due_game()
    _slow_resolve(monkeypatch, 0.5)
    results = []
    start = threading.Barrier(2)

    def sweep():
        try:
            start.wait()
            results.append(resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=sweep) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert Report.objects.filter(round=rnd).count() == 1
    assert game.rounds.count() == 2
    assert game.rounds.filter(status=Round.Status.OPEN).count() == 1
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PUBLISHED and rnd.failures == 0


def test_a_resolution_that_crashes_half_way_leaves_nothing_behind(monkeypatch):
    game, rnd = _due_game()
    real_open = resolution._open_rounds

    def crash_after_the_report_is_written(*args, **kwargs):
        real_open(*args, **kwargs)
        raise RuntimeError("the power went out")

    monkeypatch.setattr(resolution, "_open_rounds", crash_after_the_report_is_written)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.OPEN and rnd.failures == 1
    assert "power went out" in rnd.last_error
    assert not Report.objects.filter(round=rnd).exists()
    assert game.rounds.count() == 1

    monkeypatch.setattr(resolution, "_open_rounds", real_open)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    assert Report.objects.filter(round=rnd).count() == 1
    assert game.rounds.count() == 2


RESOLVER = textwrap.dedent("""
    import sys, time, django
    django.setup()
    from dogfight.plugin import DogfightRules
    from games import resolution
    from games.models import Round
    real = DogfightRules.resolve
    def slow(self, *args, **kwargs):
        outcome = real(self, *args, **kwargs)
        print("resolving", flush=True)
        time.sleep(60)   # killed here, inside the transaction
        return outcome
    DogfightRules.resolve = slow
    rnd = Round.objects.get(pk=int(sys.argv[1]))
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
""")


@pytest.mark.slow
def test_a_resolver_killed_mid_transaction_leaves_the_round_to_the_next_sweep():
    game, rnd = _due_game()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": _database_url(),
    }
    resolver = subprocess.Popen(
        [sys.executable, "-c", RESOLVER, str(rnd.pk)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = resolver.stdout.readline()
        assert line.strip() == "resolving", resolver.stderr.read()
        # While the killed resolver holds the row, a second one skips it rather than wait.
        assert resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline) is None
        assert not Report.objects.filter(round=rnd).exists()
    finally:
        resolver.kill()
        resolver.wait(10)
    _wait_until_unlocked(rnd)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.OPEN
    assert not Report.objects.filter(round=rnd).exists()
    assert game.rounds.count() == 1

    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    assert Report.objects.filter(round=rnd).count() == 1
    assert game.rounds.filter(status=Round.Status.OPEN).count() == 1


def _database_url() -> str:
    s = connection.settings_dict
    if connection.vendor != "postgresql":
        pytest.fail("this test needs PostgreSQL (set DATABASE_URL)")
    user = s["USER"] or "postgres"
    auth = f"{user}:{s['PASSWORD']}@" if s["PASSWORD"] else f"{user}@"
    return f"postgres://{auth}{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


def _wait_until_unlocked(rnd: Round, seconds: float = 20) -> None:
    """PostgreSQL ends the killed backend's transaction once it notices the lost client."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = %s "
                "AND state LIKE 'idle in transaction%%'",
                [connection.settings_dict["NAME"]],
            )
            if cursor.fetchone()[0] == 0:
                return
        time.sleep(0.2)
    pytest.fail("the killed resolver's transaction was never rolled back")
