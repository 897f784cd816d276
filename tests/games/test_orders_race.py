"""Orders submitted at the same moment, on real PostgreSQL connections: each waits for the
round's row lock, then reads the orders committed before it. So the last two pilots sending at
once still mark the round as all in, and one pilot sending twice at once stores one order."""

import threading
import time

import pytest
from django.db import connections, transaction

from games import services
from games.models import Order, Round
from games.registry import Rejected
from tests.factories import GROUND_ORDERS, make_dogfight, make_user, open_round, seat_of
from tests.helpers import fast_passwords  # noqa: F401

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fast_passwords")]


def submit_all_at_once(rnd: Round, submits: list[tuple]) -> list:
    """Run the submits in threads while the round's row is held locked, then let them go:
    they all wait at the lock together, as in a real race."""
    outcomes: list = [None] * len(submits)

    def submit(index, seat, user):
        try:
            outcomes[index] = services.orders_submit(seat=seat, user=user, payload=GROUND_ORDERS)
        except Rejected as error:
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit, args=(i, *args)) for i, args in enumerate(submits)]
    with transaction.atomic():
        Round.objects.select_for_update().get(pk=rnd.pk)
        for thread in threads:
            thread.start()
        time.sleep(0.5)  # every thread is now waiting for the lock
    for thread in threads:
        thread.join(20)
    return outcomes


def test_the_last_two_pilots_sending_at_once_mark_the_round_all_in():
    alice, bob = make_user("alice"), make_user("bob")
    game = make_dogfight(
        humans={0: alice, 1: bob}, computers={2: "novice", 3: "novice", 4: "novice", 5: "novice"}
    )
    rnd = open_round(game)
    outcomes = submit_all_at_once(rnd, [(seat_of(game, alice), alice), (seat_of(game, bob), bob)])
    assert all(isinstance(outcome, Order) for outcome in outcomes)
    rnd.refresh_from_db()
    assert rnd.all_in_at is not None


def test_one_pilot_sending_twice_at_once_stores_one_order():
    alice = make_user("alice")
    game = make_dogfight(humans={0: alice})
    seat = seat_of(game, alice)
    outcomes = submit_all_at_once(open_round(game), [(seat, alice), (seat, alice)])
    assert sorted(type(outcome).__name__ for outcome in outcomes) == ["Order", "Rejected"]
    assert "already in" in str(next(o for o in outcomes if isinstance(o, Rejected)))
    assert Order.objects.filter(seat=seat).count() == 1
