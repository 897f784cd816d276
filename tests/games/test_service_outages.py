"""The site when a service behind it is down: a broker that refuses connections, a Redis that
stops (started and stopped here, on a port of its own), a database that accepts connections
and never answers. Whatever was committed stands, pages degrade instead of failing, and
``/healthz`` names what is down within seconds."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.db import OperationalError, connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from config import redis_cache
from config.celery import app as celery_app
from games import resolution, sweep
from games.models import Order, Round
from tests.factories import PASSWORD, make_dogfight, make_user, open_round
from tests.helpers import cockpit, fast_passwords, order_post, orders_url  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.usefixtures("fast_passwords")


def closed_port() -> int:
    """A local port nothing listens on (bound once, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# --- the broker -----------------------------------------------------------------------------


def silent_listener() -> socket.socket:
    """A server that accepts every connection and never says a word (until closed)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    accepted = []

    def accept():
        while True:
            try:
                accepted.append(listener.accept()[0])
            except OSError:  # closed: the test is over
                for connection in accepted:
                    connection.close()
                return

    threading.Thread(target=accept, daemon=True).start()
    return listener


@pytest.fixture(params=["refuses connections", "never answers"])
def broker_down(request):
    """Tasks go through a broker (not eagerly) at an address that refuses every connection, or
    accepts them and never answers (a host gone behind a half-open connection)."""
    silent = silent_listener() if request.param == "never answers" else None
    port = silent.getsockname()[1] if silent else closed_port()
    conf = celery_app.conf
    saved = conf.broker_url, conf.broker_write_url, conf.task_always_eager
    conf.broker_url = conf.broker_write_url = f"redis://127.0.0.1:{port}/0"
    conf.task_always_eager = False
    celery_app._pool = celery_app.amqp._producer_pool = None  # connect to the new address
    yield
    conf.broker_url, conf.broker_write_url, conf.task_always_eager = saved
    celery_app._pool = celery_app.amqp._producer_pool = None
    if silent:
        silent.close()


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_orders_stored_while_the_broker_is_down_answer_success_and_the_sweep_resolves_them(
    client, broker_down, caplog
):
    alice = make_user("alice")
    game = make_dogfight(humans={0: alice}, resolve_early=True)  # the rest: computer pilots
    rnd = open_round(game)
    client.force_login(alice)

    started = time.monotonic()
    with caplog.at_level(logging.ERROR, logger="games.enqueue"):
        response = client.post(
            orders_url(game, 0), order_post(["TB", "TB", "A"], name="Red Falcon")
        )

    assert response.status_code == 302  # back to the cockpit, with the success message
    assert time.monotonic() - started < 15
    assert Order.objects.filter(round=rnd, seat__number=0).exists()
    rnd.refresh_from_db()
    assert rnd.all_in_at is not None and rnd.status == Round.Status.OPEN
    # (the game's start notice could not be queued either, as the game started)
    [failure] = [
        r
        for r in caplog.records
        if r.name == "games.enqueue" and "send_start_task" not in r.getMessage()
    ]
    assert "resolve_rounds_task" in failure.getMessage() and failure.exc_info

    # The broker is back: the next sweep finds the round due and resolves it.
    celery_app.conf.task_always_eager = True
    assert sweep.run(timezone.now()).due == 1
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PUBLISHED


# --- Redis, the shared cache ----------------------------------------------------------------


class RedisServer:
    """A redis-server of the test's own on a free port, stopped and started again at will. It
    saves its data when stopped and loads it when started, as a Redis that comes back does."""

    def __init__(self, folder):
        self.folder, self.port, self.process = folder, closed_port(), None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.folder),
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis.from_url(self.url, socket_timeout=1)
        for _ in range(100):
            try:
                client.ping()
                return
            except redis.ConnectionError:
                time.sleep(0.05)
        pytest.fail("the test's redis-server did not start")

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        redis.Redis.from_url(self.url).shutdown(save=True)  # its data come back with it
        self.process.wait(timeout=10)


@pytest.fixture
def redis_server(tmp_path):
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def shared_cache_on(settings, redis_server, monkeypatch):
    """Production's cache settings (``CACHE_URL``) on the test's own Redis; after a failure,
    Redis is left alone for half a second instead of five."""
    from config.settings import cache_aliases, shared_cache

    monkeypatch.setattr(redis_cache, "RETRY_SECONDS", 0.5)
    settings.CACHES = cache_aliases(shared_cache(redis_server.url), settings.RELEASE)
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    settings.AUTHENTICATION_BACKENDS = ["games.user_cache.CachedModelBackend"]
    return redis_server


def log_in(client, username: str) -> None:
    response = client.post(reverse("login"), {"username": username, "password": PASSWORD})
    assert response.status_code == 302, "the login was refused"


@pytest.mark.slow
@pytest.mark.django_db
def test_without_redis_every_page_and_login_work_from_the_database(shared_cache_on):
    alice = make_user("alice")
    game = make_dogfight(humans={0: alice})
    rnd = open_round(game)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    pages = [
        reverse("lobby"),
        reverse("my_games"),
        reverse("game", args=[game.pk]),
        reverse("round_report", args=[game.pk, 1]),
        cockpit(game, 0),
        reverse("home"),
    ]
    pilot = Client()
    log_in(pilot, "alice")
    assert all(pilot.get(page).status_code == 200 for page in pages)  # sessions in Redis now

    shared_cache_on.stop()
    started = time.monotonic()
    for page in pages:
        response = pilot.get(page)
        assert response.status_code == 200, page
        assert "Log out" in response.content.decode(), f"{page}: no longer logged in"
    newcomer = Client()
    log_in(newcomer, "alice")
    assert newcomer.get(reverse("my_games")).status_code == 200
    assert time.monotonic() - started < 10

    health = Client().get("/healthz")
    assert health.status_code == 503
    assert health.content.decode() == "cache unreachable\n"

    shared_cache_on.start()
    time.sleep(redis_cache.RETRY_SECONDS)  # Redis is left alone that long after a failure
    assert Client().get("/healthz").status_code == 200
    assert newcomer.get(reverse("my_games")).status_code == 200


@pytest.mark.django_db
def test_a_logout_during_the_outage_stays_a_logout_when_redis_comes_back(shared_cache_on):
    make_user("alice")
    pilot = Client()
    log_in(pilot, "alice")
    assert pilot.get(reverse("my_games")).status_code == 200
    session = pilot.cookies[settings.SESSION_COOKIE_NAME].value

    shared_cache_on.stop()  # Redis keeps the session it holds ...
    assert pilot.post(reverse("logout")).status_code == 302  # ... which ends in the database
    shared_cache_on.start()  # ... and comes back with it
    time.sleep(redis_cache.RETRY_SECONDS)

    pilot.cookies[settings.SESSION_COOKIE_NAME] = session  # the old cookie, replayed
    response = pilot.get(reverse("my_games"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert redis.Redis.from_url(shared_cache_on.url).dbsize() == 0  # the stale keys are gone


@pytest.mark.django_db
def test_healthz_names_a_broker_that_does_not_answer(client, settings):
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{closed_port()}/0"

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.content.decode() == "broker unreachable\n"


# --- a database that accepts connections and never answers ----------------------------------


@pytest.fixture
def silent_server():
    listener = silent_listener()
    yield listener.getsockname()[1]
    listener.close()


HEALTHZ = (
    "import django, sys; django.setup(); from django.test import Client; "
    "response = Client().get('/healthz'); "
    "print(response.status_code, response.content.decode().strip())"
)


@pytest.mark.slow
def test_healthz_answers_503_within_seconds_when_the_database_never_answers(silent_server):
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://skies@127.0.0.1:{silent_server}/skies",
        "CELERY_BROKER_URL": "",
        "CACHE_URL": "",
    }
    started = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-c", HEALTHZ],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    took = time.monotonic() - started

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "503 database unreachable"
    assert took < 15, f"/healthz took {took:.1f} s"


@pytest.mark.django_db
def test_the_database_ends_a_statement_that_runs_too_long():
    if connection.vendor != "postgresql":
        pytest.fail("needs PostgreSQL: set DATABASE_URL (make test does)", pytrace=False)
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        assert cursor.fetchone()[0] == "30s"
        cursor.execute("SET LOCAL statement_timeout = 100")  # the same limit, made short
        with pytest.raises(OperationalError, match="statement timeout"):
            cursor.execute("SELECT pg_sleep(2)")
