"""A full round through a REAL Celery worker on Redis and PostgreSQL.

The worker (``celery -A config worker --pool=solo``) runs as a separate process on the test
database (committed rows: ``transactional_db``), listening on a queue of this test run's own.
It proves the production path end to end: the sweep finds the due round, the resolve task
claims and publishes it once and opens the next round, the report mail goes out after commit;
a second sweep finds nothing, and the same resolve task delivered twice publishes once.

Redis must be there: when it is not, the tests fail (never skip); CI runs Redis.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import uuid
from datetime import timedelta
from pathlib import Path
from urllib.parse import quote

import pytest
import redis
from django.db import connection
from django.utils import timezone

from config.celery import app as celery_app
from games import services
from games.models import Delivery, Report, Round
from games.tasks import resolve_rounds_task, sweep_task
from tests.factories import GROUND_ORDERS, make_dogfight, make_user, open_round, seat_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[3]
BROKER = os.getenv("CELERY_BROKER_URL") or "redis://127.0.0.1:6379/0"
WAIT = 60  # seconds, at most, for anything the worker does
COMPUTERS = {n: "novice" for n in range(1, 6)}


def _redis_or_fail() -> redis.Redis:
    client = redis.Redis.from_url(BROKER, socket_connect_timeout=3, socket_timeout=3)
    try:
        client.ping()
        return client
    except redis.RedisError as error:
        problem = str(error)
    pytest.fail(
        f"Redis at {BROKER} is not reachable ({problem}). The worker test needs a "
        f"real broker: start redis-server or set CELERY_BROKER_URL "
        f"(.ci/run starts it in CI).",
        pytrace=False,
    )


def _test_database_url() -> str:
    db = connection.settings_dict
    if connection.vendor != "postgresql":
        pytest.fail(
            "the worker test needs PostgreSQL: set DATABASE_URL (make test does)", pytrace=False
        )
    auth = quote(db["USER"] or "", safe="")
    if db["PASSWORD"]:
        auth += ":" + quote(db["PASSWORD"], safe="")
    host = db["HOST"] or "127.0.0.1"
    return f"postgres://{auth}@{host}:{db['PORT'] or 5432}/{quote(db['NAME'], safe='')}"


class Worker:
    """A celery worker process and its log."""

    def __init__(self, log_path: Path, queue: str, *, pool: str = "solo", env: dict | None = None):
        self.log_path, self.queue, self.pool = log_path, queue, pool
        self.extra_env = env or {}
        self.process: subprocess.Popen | None = None

    def start(self, database_url: str) -> None:
        env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "CELERY_BROKER_URL": BROKER,
            "DJANGO_SETTINGS_MODULE": "tests.games.integration.worker_settings",
            "SKIES_TEST_QUEUE": self.queue,
            "PYTHONUNBUFFERED": "1",
            **self.extra_env,
        }
        env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "celery",
                    "-A",
                    "config",
                    "worker",
                    f"--pool={self.pool}",
                    "--concurrency=1",
                    "-l",
                    "info",
                    "-Q",
                    self.queue,
                    "-n",
                    f"{self.queue}@%h",
                    "--without-gossip",
                    "--without-mingle",
                    "--without-heartbeat",
                ],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        self.wait_for(r"\bready\.", what="the worker to start")

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()  # warm shutdown
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)

    def log(self, since: int = 0) -> str:
        return self.log_path.read_text(errors="replace")[since:]

    def mark(self) -> int:
        return len(self.log())

    def wait_for(self, pattern: str, *, since: int = 0, count: int = 1, what: str) -> str:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            text = self.log(since)
            if len(re.findall(pattern, text)) >= count:
                return text
            if self.process.poll() is not None:
                pytest.fail(
                    f"the worker died (exit {self.process.returncode}) while waiting "
                    f"for {what}; its log:\n{self.log()}",
                    pytrace=False,
                )
            time.sleep(0.1)
        pytest.fail(f"waited {WAIT}s for {what}; the worker's log:\n{self.log()}", pytrace=False)

    def send(self, task, *args, **options):
        """Put a task on the worker's queue through Redis (not eagerly in this process)."""
        with celery_app.connection_for_write(BROKER) as conn:
            return task.apply_async(args=args, queue=self.queue, connection=conn, **options)


@pytest.fixture(scope="module")
def worker(django_db_setup, tmp_path_factory):
    """One worker for this module, on the test database; always terminated afterwards (before
    pytest-django drops that database)."""
    client = _redis_or_fail()
    queue = f"skies-test-{uuid.uuid4().hex[:12]}"
    worker = Worker(tmp_path_factory.mktemp("celery") / "worker.log", queue)
    try:
        worker.start(_test_database_url())
        yield worker
    finally:
        worker.stop()
        client.delete(queue, f"_kombu.binding.{queue}")


@pytest.fixture
def real_worker(worker, transactional_db):
    """The worker, with this process's tasks going through the broker instead of eagerly."""
    celery_app.conf.task_always_eager = False  # tests/conftest.py restores it afterwards
    _redis_or_fail()
    return worker


def due_round(*, submitted: bool = True):
    """A running game whose round 1 is due now (its deadline passed a minute ago)."""
    pilot = make_user()
    game = make_dogfight(humans=[pilot], computers=COMPUTERS)
    rnd = open_round(game)
    if submitted:
        services.orders_submit(seat=seat_of(game, pilot), user=pilot, payload=GROUND_ORDERS)
    Round.objects.filter(pk=rnd.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    return game, rnd, pilot


def wait_until(check, what: str, worker: Worker):
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    pytest.fail(f"waited {WAIT}s for {what}; the worker's log:\n{worker.log()}", pytrace=False)


def succeeded(task: str, task_id: str = r"[0-9a-f-]+") -> str:
    return rf"Task games\.tasks\.{task}\[{task_id}\] succeeded in [0-9.e-]+s: (\d+)"


def test_the_sweep_resolves_a_due_round_once_through_a_real_worker(real_worker):
    game, rnd, pilot = due_round()
    since = real_worker.mark()

    real_worker.send(sweep_task)

    wait_until(lambda: Report.objects.filter(round=rnd).exists(), "round 1's report", real_worker)
    log = real_worker.wait_for(
        succeeded("send_reports_task"), since=since, what="the report mail after commit"
    )
    assert re.search(succeeded("sweep_task"), log).group(1) == "1", log  # one round was due
    # The sweep hands the due rounds to a resolve task (one round or a batch of them).
    received = r"Task games\.tasks\.resolve_rounds_task\[[0-9a-f-]+\] received"
    assert re.search(received, log), log
    assert re.search(succeeded("resolve_rounds_task"), log), log

    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PUBLISHED
    assert Report.objects.filter(round__game=game).count() == 1
    assert [(r.number, r.status) for r in game.rounds.order_by("number")] == [
        (1, Round.Status.PUBLISHED),
        (2, Round.Status.OPEN),
    ]
    second = game.rounds.get(number=2)
    assert second.state == Report.objects.get(round=rnd).state
    assert Delivery.objects.filter(user=pilot, round=rnd, kind=Delivery.Kind.REPORT).count() == 1

    # The next sweep finds nothing due: still one report, still two rounds.
    since = real_worker.mark()
    real_worker.send(sweep_task)
    log = real_worker.wait_for(succeeded("sweep_task"), since=since, what="the second sweep")
    assert re.search(succeeded("sweep_task"), log).group(1) == "0", log
    assert "resolve_round" not in log
    assert Report.objects.filter(round__game=game).count() == 1
    assert game.rounds.count() == 2


def test_the_same_resolve_task_delivered_twice_publishes_once(real_worker):
    game, rnd, _pilot = due_round(submitted=False)  # the pilot's orders missing: NMR default
    since = real_worker.mark()
    task_id = str(uuid.uuid4())

    real_worker.send(resolve_rounds_task, [rnd.pk], task_id=task_id)
    real_worker.send(resolve_rounds_task, [rnd.pk], task_id=task_id)

    log = real_worker.wait_for(
        succeeded("resolve_rounds_task", task_id),
        since=since,
        count=2,
        what="both deliveries of the resolve task",
    )
    log = real_worker.wait_for(
        succeeded("send_reports_task"), since=since, what="the report mail after commit"
    )
    assert len(re.findall(rf"resolve_rounds_task\[{task_id}\] received", log)) == 2, log
    assert Report.objects.filter(round__game=game).count() == 1
    assert [(r.number, r.status) for r in game.rounds.order_by("number")] == [
        (1, Round.Status.PUBLISHED),
        (2, Round.Status.OPEN),
    ]
    time.sleep(0.5)  # a second mail task, were there one, would have been received by now
    assert len(re.findall(r"send_reports_task\[[0-9a-f-]+\] received", real_worker.log(since))) == 1
    assert Delivery.objects.filter(round=rnd, kind=Delivery.Kind.REPORT).count() == 1


def _worker_backends() -> set[int]:
    """The database sessions on the test database other than this process's own."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid()"
        )
        return {pid for (pid,) in cursor.fetchall()}


def _sweep_and_wait(worker: Worker) -> str:
    since = worker.mark()
    worker.send(sweep_task)
    return worker.wait_for(succeeded("sweep_task"), since=since, what="a sweep")


def test_the_worker_keeps_its_database_connection_and_replaces_a_dead_one(real_worker):
    _sweep_and_wait(real_worker)
    kept = _worker_backends()
    assert kept, "the worker's connection should outlive its task (Celery closes it otherwise)"
    _sweep_and_wait(real_worker)
    assert _worker_backends() == kept  # the same session, not a new one per task

    with connection.cursor() as cursor:  # the database drops the worker's session
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM unnest(%s::int[]) AS pid", [sorted(kept)]
        )
    _game, rnd, _pilot = due_round()
    _sweep_and_wait(real_worker)
    wait_until(
        lambda: Report.objects.filter(round=rnd).exists(),
        "the round resolved after the worker's session was dropped",
        real_worker,
    )
    assert _worker_backends().isdisjoint(kept)


def test_a_worker_process_killed_mid_resolution_hands_the_round_on_and_it_publishes_once(
    transactional_db, tmp_path
):
    """The production pool (prefork): its child is killed half-way through a resolution, with
    the round locked and nothing written. The task is acknowledged only after it ran, and a
    lost process rejects it back to the queue: the new child resolves the round, once."""
    _redis_or_fail()
    celery_app.conf.task_always_eager = False  # tests/conftest.py restores it afterwards
    marker = tmp_path / "resolving"
    queue = f"skies-test-{uuid.uuid4().hex[:12]}"
    prefork = Worker(
        tmp_path / "prefork.log", queue, pool="prefork", env={"SKIES_TEST_STALL_ONCE": str(marker)}
    )
    game, rnd, _pilot = due_round()
    task_id = str(uuid.uuid4())
    try:
        prefork.start(_test_database_url())
        prefork.send(resolve_rounds_task, [rnd.pk], task_id=task_id)
        wait_until(
            lambda: marker.exists() and marker.read_text(), "the resolution to stall", prefork
        )
        assert not Report.objects.filter(round=rnd).exists()
        os.kill(int(marker.read_text()), signal.SIGKILL)

        prefork.wait_for(
            succeeded("resolve_rounds_task", task_id), what="the task's second delivery"
        )
        if not Report.objects.filter(round=rnd).exists():
            # Had the killed process's database session held the round a moment longer, the
            # second delivery skipped it; the next sweep takes it, as in production.
            prefork.send(sweep_task)
        wait_until(
            lambda: Report.objects.filter(round=rnd).exists(),
            "the round resolved after its worker process was killed",
            prefork,
        )
        log = prefork.wait_for(succeeded("send_reports_task"), what="the report mail")
    finally:
        prefork.stop()
        _redis_or_fail().delete(queue, f"_kombu.binding.{queue}")
    assert re.search(r"WorkerLostError|signal 9", log), log
    assert len(re.findall(rf"resolve_rounds_task\[{task_id}\] received", log)) == 2, log
    assert Report.objects.filter(round__game=game).count() == 1
    assert [(r.number, r.status) for r in game.rounds.order_by("number")] == [
        (1, Round.Status.PUBLISHED),
        (2, Round.Status.OPEN),
    ]
    assert Delivery.objects.filter(round=rnd, kind=Delivery.Kind.REPORT).count() == 1
