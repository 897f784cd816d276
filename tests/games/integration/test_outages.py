"""Outages: the database connection dropped in the middle of a resolution, and beat down over
noon and back an hour later. Every round is resolved exactly once, nothing is half-written,
and nobody is given an NMR because the server was down. Real PostgreSQL, real processes.

(Two sweeps at once, a crash half-way and a resolver killed mid-transaction are in
``test_exactly_once.py``; a real Celery worker in ``test_celery_worker.py``.)
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.utils import timezone

from games import resolution, services
from games.models import Order, Report, Round, SweepMark
from games.tasks import resolve_rounds_task, sweep_task
from tests.factories import GROUND_ORDERS, make_dogfight, make_user, open_round, seat_of
from tests.games.integration.test_exactly_once import ROOT, _database_url

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


def _postgres_or_fail():
    if connection.vendor != "postgresql":
        pytest.fail(
            "the outage tests need PostgreSQL: set DATABASE_URL (make test does)", pytrace=False
        )


def _written_for(game) -> dict:
    """Everything a resolution of ``game``'s round 1 would write."""
    return {
        "reports": Report.objects.filter(round__game=game).count(),
        "rounds": game.rounds.count(),
        "orders of round 2": Order.objects.filter(round__game=game, round__number=2).count(),
        "status": game.rounds.get(number=1).status,
    }


# --- the database connection dropped mid-transaction ----------------------------------------

DROPPED = textwrap.dedent("""
    import sys, django
    django.setup()
    from django.db import connection, connections
    from games import resolution
    from games.models import Round
    real = resolution._publish
    def publish_then_wait(*args, **kwargs):
        rounds = real(*args, **kwargs)          # the report and round 2 are written ...
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            print("written", cursor.fetchone()[0], flush=True)
        sys.stdin.readline()                    # ... and the connection is cut here
        return rounds
    resolution._publish = publish_then_wait
    rnd = Round.objects.get(pk=int(sys.argv[1]))
    try:
        resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    except Exception as error:                  # a Celery task would fail here
        print("failed", type(error).__name__, flush=True)
    else:
        print("returned", flush=True)
    # What a worker does between tasks (Celery's Django fixup): drop unusable connections.
    connections.close_all()
    resolution._publish = real
    rnd.refresh_from_db()
    print("status", rnd.status, flush=True)
""")


@pytest.mark.slow
def test_a_connection_dropped_mid_resolution_writes_nothing_and_the_round_resolves_once():
    _postgres_or_fail()
    game = make_dogfight(humans=[make_user()])
    rnd = open_round(game)
    before = _written_for(game)
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": _database_url(),
        "CELERY_BROKER_URL": "",
    }
    resolver = subprocess.Popen(
        [sys.executable, "-c", DROPPED, str(rnd.pk)],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = resolver.stdout.readline().split()
        assert line[:1] == ["written"], resolver.stderr.read()
        backend = int(line[1])
        # Inside the resolver's transaction: nothing of it is visible yet.
        assert _written_for(game) == before
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [backend])
            assert cursor.fetchone()[0] is True
        resolver.stdin.write("go\n")
        resolver.stdin.flush()
        out, err = resolver.communicate(timeout=60)
    finally:
        if resolver.poll() is None:
            resolver.kill()
            resolver.wait(10)
    # The resolver either raised (a task would fail) or logged the failure: the commit failed
    # either way, and the same process still reads the round (Django dropped the dead
    # connection; a worker between tasks does too).
    assert out.split("\n")[0] in ("failed OperationalError", "returned"), (out, err)
    assert "status open" in out, (out, err)
    assert "terminating connection" in err
    assert _written_for(game) == before  # nothing half-written: no report, no round 2
    rnd.refresh_from_db()
    assert rnd.failures == 0  # the database went away, not the round: no strike against it

    # The next sweep resolves it, once.
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    assert Report.objects.filter(round=rnd).count() == 1
    assert list(game.rounds.values_list("number", "status")) == [
        (1, Round.Status.PUBLISHED),
        (2, Round.Status.OPEN),
    ]


# --- beat down over noon, back an hour later -------------------------------------------------


@pytest.fixture
def clock(monkeypatch, settings):
    """The site's clock, moved by the test: every ``timezone.now()`` (services, sweep, tasks,
    auto fields) reads it. Tasks run in-process, so the resolve tasks read it too."""
    settings.SWEEP_OUTAGE_MINUTES = 20
    # 08:00 UTC today: the same calendar day in Berlin and London, so their noons are an hour
    # apart whenever the test runs.
    moment = [timezone.now().replace(hour=8, minute=0, second=0, microsecond=0)]
    monkeypatch.setattr(timezone, "now", lambda: moment[0])

    class Clock:
        def set(self, when):
            moment[0] = when

        @property
        def now(self):
            return moment[0]

    return Clock()


def _events(game) -> list[dict]:
    return [event for report in Report.objects.filter(round__game=game) for event in report.events]


def test_beat_down_over_noon_and_back_an_hour_later_costs_nobody_an_nmr(clock):
    _postgres_or_fail()
    alice, bob, carol, dora = (make_user(name) for name in ("alice", "bob", "carol", "dora"))
    # Berlin: Alice's orders are in before the outage, Bob's are not.
    berlin = make_dogfight(humans={0: alice, 1: bob}, title="Berlin")
    # Carol's orders are in and her rivals are computer pilots: all in before noon.
    complete = make_dogfight(humans={0: carol}, title="Complete")
    # London's noon is an hour after Berlin's: it falls in the gap too, at its very end.
    london = make_dogfight(humans={0: dora}, title="London", time_zone="Europe/London")
    games = (berlin, complete, london)
    noon = open_round(berlin).deadline
    assert open_round(london).deadline == noon + timedelta(hours=1)
    clock.set(noon - timedelta(hours=1))  # the orders come in on the morning of the deadline
    services.orders_submit(seat=seat_of(berlin, alice), user=alice, payload=GROUND_ORDERS)
    services.orders_submit(seat=seat_of(complete, carol), user=carol, payload=GROUND_ORDERS)

    clock.set(noon - timedelta(minutes=5))  # the last sweep before the outage
    assert sweep_task.delay().get() == 0
    clock.set(noon + timedelta(hours=1))  # beat is back an hour later
    assert sweep_task.delay().get() == 1  # only the complete game is due

    assert (
        open_round(complete).number == 2
        and Report.objects.filter(round__game=complete).count() == 1
    )
    for game in (berlin, london):
        rnd = open_round(game)
        assert rnd.number == 1 and rnd.deadline_extended
        local = rnd.deadline.astimezone(ZoneInfo(game.time_zone))
        assert (local.hour, local.minute) == (12, 0)
        assert local.date() == (
            noon.astimezone(ZoneInfo(game.time_zone)).date() + timedelta(days=1)
        )
        assert not Report.objects.filter(round__game=game).exists()
    assert SweepMark.objects.get().last_run == clock.now

    # Orders are still accepted after the outage, within the new deadline.
    clock.set(noon + timedelta(hours=1, minutes=5))
    services.orders_submit(seat=seat_of(berlin, bob), user=bob, payload=GROUND_ORDERS)
    services.orders_submit(seat=seat_of(london, dora), user=dora, payload=GROUND_ORDERS)

    # A sweep a few minutes later resolves nothing early; the next day's noon resolves both.
    clock.set(noon + timedelta(hours=1, minutes=10))
    assert sweep_task.delay().get() == 0
    first_rounds = [game.rounds.get(number=1).pk for game in games]
    clock.set(open_round(london).deadline)
    assert sweep_task.delay().get() == 2

    # The same resolve tasks delivered again, and another sweep, change nothing.
    resolve_rounds_task.apply(args=[first_rounds])
    resolve_rounds_task.apply(args=[[first_rounds[0]]])
    assert sweep_task.delay().get() == 0
    for game in games:
        assert list(game.rounds.values_list("number", "status")) == [
            (1, Round.Status.PUBLISHED),
            (2, Round.Status.OPEN),
        ], game.title
        assert Report.objects.filter(round__game=game).count() == 1
        assert [e for e in _events(game) if e["type"] == "missed"] == [], game.title
        assert all(p["missed_rounds"] == 0 for p in open_round(game).state["planes"])


def test_after_the_outage_the_web_form_still_takes_the_orders(clock, client):
    """The pilot whose deadline the outage swallowed sends his orders through the cockpit."""
    _postgres_or_fail()
    from tests.helpers import order_post, orders_url

    bob = make_user("bob")
    game = make_dogfight(humans={0: bob})
    noon = open_round(game).deadline
    clock.set(noon - timedelta(minutes=5))
    sweep_task.delay()
    clock.set(noon + timedelta(minutes=61))
    sweep_task.delay()
    client.force_login(bob)
    response = client.post(orders_url(game, 0), order_post(["TB", "TB", "A"], name="Late Owl"))
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Order.objects.filter(round__game=game, seat__number=0).count() == 1


def test_a_sweep_that_runs_late_by_less_than_the_outage_rule_is_no_outage(clock):
    """Beat late by ten minutes over noon: the round is resolved with the missing NMR."""
    _postgres_or_fail()
    game = make_dogfight(humans={0: make_user()})
    noon = open_round(game).deadline
    clock.set(noon - timedelta(minutes=5))
    sweep_task.delay()
    clock.set(noon + timedelta(minutes=10))
    assert sweep_task.delay().get() == 1
    assert [e["seat"] for e in _events(game) if e["type"] == "missed"] == [0]


def test_two_sweeps_after_the_outage_move_the_deadline_once(clock):
    _postgres_or_fail()
    game = make_dogfight(humans={0: make_user()})
    noon = open_round(game).deadline
    clock.set(noon - timedelta(minutes=5))
    sweep_task.delay()
    clock.set(noon + timedelta(hours=1))
    sweep_task.delay()
    extended = open_round(game).deadline
    sweep_task.delay()
    rnd = open_round(game)
    assert rnd.number == 1 and rnd.deadline == extended
    assert (extended - noon) in (timedelta(hours=23), timedelta(hours=24), timedelta(hours=25))
    assert not Report.objects.filter(round__game=game).exists()
