"""The site when a service behind it is down: a broker that refuses connections, a Redis that
stops (started and stopped here, on a port of its own), a database that accepts connections
and never answers. Whatever was committed stands, pages degrade instead of failing, and
``/healthz`` names what is down within seconds."""

from __future__ import annotations

import logging
import socket

import pytest
from django.urls import reverse
from django.utils import timezone

from config.celery import app as celery_app
from games import sweep
from games.models import Order, Round
from tests.factories import GROUND_ORDERS, make_dogfight, make_user, open_round
from tests.helpers import fast_passwords, order_post, orders_url  # noqa: F401

pytestmark = pytest.mark.usefixtures("fast_passwords")


def closed_port() -> int:
    """A local port nothing listens on (bound once, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# --- the broker -----------------------------------------------------------------------------

@pytest.fixture
def broker_down():
    """Tasks go through a broker (not eagerly) whose address refuses every connection."""
    conf = celery_app.conf
    saved = conf.broker_url, conf.broker_write_url, conf.task_always_eager
    conf.broker_url = conf.broker_write_url = f"redis://127.0.0.1:{closed_port()}/0"
    conf.task_always_eager = False
    celery_app._pool = celery_app.amqp._producer_pool = None  # connect to the new address
    yield
    conf.broker_url, conf.broker_write_url, conf.task_always_eager = saved
    celery_app._pool = celery_app.amqp._producer_pool = None


@pytest.mark.django_db(transaction=True)
def test_orders_stored_while_the_broker_is_down_answer_success_and_the_sweep_resolves_them(
        client, broker_down, caplog):
    alice = make_user("alice")
    game = make_dogfight(humans={0: alice}, resolve_early=True)  # the rest: computer pilots
    rnd = open_round(game)
    client.force_login(alice)

    with caplog.at_level(logging.ERROR, logger="games.enqueue"):
        response = client.post(orders_url(game, 0),
                               order_post(["TB", "TB", "A"], name="Red Falcon"))

    assert response.status_code == 302  # back to the cockpit, with the success message
    assert Order.objects.filter(round=rnd, seat__number=0).exists()
    rnd.refresh_from_db()
    assert rnd.all_in_at is not None and rnd.status == Round.Status.OPEN
    [failure] = [r for r in caplog.records if r.name == "games.enqueue"]
    assert "resolve_rounds_task" in failure.getMessage() and failure.exc_info

    # The broker is back: the next sweep finds the round due and resolves it.
    celery_app.conf.task_always_eager = True
    assert sweep.run(timezone.now()).due == 1
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PUBLISHED
