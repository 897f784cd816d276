"""Computer pilots on the site: their orders go in sealed when a round opens, like a human's,
and pass the engine's validation."""

import pytest

from dogfight.plugin import RULES
from games import resolution, services
from games.models import Order, Round
from tests.factories import GROUND_ORDERS, make_dogfight, make_user, open_round, seat_of

pytestmark = pytest.mark.django_db


def _check_computer_orders(game, rnd):
    orders = {o.seat.number: o for o in Order.objects.filter(round=rnd).select_related("seat")}
    computers = {s.number: s.computer_level for s in game.seats.filter(computer=True)}
    active = set(RULES.active_seats(rnd.state))
    assert set(orders) >= set(computers) & active
    for number, level in computers.items():
        if number not in active:
            continue
        order = orders[number]
        assert order.submitted_at == rnd.opened_at  # stored when the round opened
        assert RULES.validate_orders(rnd.state, number, order.payload["moves"]) == order.payload
        assert RULES.computer_orders(rnd.state, number, level) == order.payload  # same again


def test_a_started_game_stores_its_computer_pilots_orders_sealed_at_round_open():
    alice = make_user()
    game = make_dogfight(humans={0: alice}, computers={3: "ace", 4: "veteran"})
    rnd = open_round(game)
    levels = dict(game.seats.filter(computer=True).values_list("number", "computer_level"))
    assert levels == {1: "novice", 2: "novice", 3: "ace", 4: "veteran", 5: "novice"}
    _check_computer_orders(game, rnd)
    assert rnd.all_in_at is None and rnd.status == Round.Status.OPEN  # alice owes hers

    services.orders_submit(
        seat=seat_of(game, alice), user=alice, payload=GROUND_ORDERS, now=rnd.opened_at
    )
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    following = open_round(game)
    assert following.number == 2 and following.status == Round.Status.OPEN
    _check_computer_orders(game, following)
