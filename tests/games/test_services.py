"""The platform's services under the pages: a round is resolved once, a failing one is counted
and in the end handed to the referee, and when a round is due."""

import gc
from datetime import timedelta

import pytest
from django.db.models import Model

from dogfight.plugin import RULES
from games import clock, resolution, services
from games.models import Report, Round
from tests.factories import GROUND_ORDERS, make_dogfight, make_user, open_round, seat_of

pytestmark = pytest.mark.django_db


def test_a_round_is_resolved_exactly_once_when_resolve_is_called_twice():
    game = make_dogfight(humans=[make_user()])
    rnd = open_round(game)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline + timedelta(minutes=5))
    assert Report.objects.filter(round__game=game).count() == 1
    assert list(game.rounds.values_list("number", "status")) == [
        (1, Round.Status.PUBLISHED),
        (2, Round.Status.OPEN),
    ]


def test_the_final_state_is_stored_once_serialized_as_report_and_next_round():
    game = make_dogfight(humans=[make_user()], computers={5: "veteran"})
    rnd = open_round(game)
    sealed = {order.seat.number: order.payload for order in rnd.orders.select_related("seat")}
    assert 5 in sealed and 0 not in sealed  # the computers are in, the human is not
    expected = RULES.resolve(rnd.state, sealed, seed=rnd.seed, referee_input={}).state
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    report = Report.objects.get(round=rnd)
    following = game.rounds.get(number=2)
    assert report.state == following.state == expected
    # The computer pilot's sealed orders were worked out from the same state.
    assert following.orders.get(seat__number=5).payload == RULES.computer_orders(
        expected, 5, "veteran"
    )


@pytest.mark.slow
def test_a_batch_leaves_nothing_for_the_cycle_collector():
    """A batch's rounds, games, reports and states are freed as it ends. A report assigned to
    its round by object once cached itself on the round, a reference cycle that kept a whole
    noon batch in memory until the cycle collector came by (more time than the engine's)."""
    games = [make_dogfight(humans=[make_user()], computers={5: "veteran"}) for _ in range(3)]
    due = [open_round(game) for game in games]
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        resolution.rounds_resolve(
            round_ids=[rnd.pk for rnd in due], now=max(rnd.deadline for rnd in due)
        )
        gc.collect()
        kept_by_cycles = [type(obj).__name__ for obj in gc.garbage if isinstance(obj, Model)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert Report.objects.filter(round__in=due).count() == 3
    assert kept_by_cycles == []


def test_a_round_that_is_not_due_is_left_alone():
    game = make_dogfight(humans=[make_user()])
    rnd = open_round(game)
    assert (
        resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline - timedelta(seconds=1)) is None
    )
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.OPEN and not Report.objects.exists()


def _boom(*args, **kwargs):
    raise RuntimeError("the engine choked")


def test_a_failing_resolution_leaves_no_report_and_counts_a_failure(monkeypatch):
    game = make_dogfight(humans=[make_user()])
    rnd = open_round(game)
    monkeypatch.setattr(RULES, "resolve", _boom)
    assert resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline) is None
    rnd.refresh_from_db()
    assert not Report.objects.exists()
    assert game.rounds.count() == 1
    assert (rnd.status, rnd.failures) == (Round.Status.OPEN, 1)
    assert rnd.last_error == "RuntimeError: the engine choked"


def test_after_three_failures_the_round_waits_for_the_referee(monkeypatch):
    referee = make_user()
    game = make_dogfight(referee, humans=[make_user()])
    rnd = open_round(game)
    monkeypatch.setattr(RULES, "resolve", _boom)
    for _ in range(resolution.MAX_FAILURES + 1):  # the fourth call finds nothing open to try
        resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    rnd.refresh_from_db()
    assert (rnd.status, rnd.failures) == (Round.Status.FAILED, 3)
    assert not Report.objects.exists()
    monkeypatch.undo()
    services.referee_retry(game=game, by=referee)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PUBLISHED


def test_a_round_is_due_at_its_deadline():
    game = make_dogfight(humans=[make_user()])
    rnd = open_round(game)
    assert not resolution.is_due(rnd, rnd.deadline - timedelta(seconds=1))
    assert resolution.is_due(rnd, rnd.deadline)


def _all_in(resolve_early: bool):
    pilot = make_user()
    game = make_dogfight(humans=[pilot], resolve_early=resolve_early, time_zone="Asia/Tokyo")
    rnd = open_round(game)
    submitted = rnd.opened_at + timedelta(minutes=1)
    services.orders_submit(
        seat=seat_of(game, pilot), user=pilot, payload=GROUND_ORDERS, now=submitted
    )
    rnd.refresh_from_db()
    assert rnd.all_in_at == submitted
    return rnd


def test_a_round_with_all_orders_in_is_due_at_the_next_noon():
    rnd = _all_in(resolve_early=False)
    noon = clock.next_noon(rnd.all_in_at, "Asia/Tokyo")
    assert noon < rnd.deadline
    assert not resolution.is_due(rnd, noon - timedelta(seconds=1))
    assert resolution.is_due(rnd, noon)


def test_a_round_with_all_orders_in_is_due_at_once_when_the_referee_chose_so():
    rnd = _all_in(resolve_early=True)
    assert resolution.is_due(rnd, rnd.all_in_at)


def test_a_round_with_orders_missing_waits_for_its_deadline():
    pilots = [make_user(), make_user()]
    game = make_dogfight(humans=pilots, resolve_early=True)
    rnd = open_round(game)
    services.orders_submit(seat=seat_of(game, pilots[0]), user=pilots[0], payload=GROUND_ORDERS)
    rnd.refresh_from_db()
    assert rnd.all_in_at is None
    assert not resolution.is_due(rnd, rnd.deadline - timedelta(minutes=1))
    assert resolution.is_due(rnd, rnd.deadline)


def test_a_published_round_is_never_due_again():
    game = make_dogfight(humans=[make_user()])
    rnd = open_round(game)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    rnd.refresh_from_db()
    assert not resolution.is_due(rnd, rnd.deadline + timedelta(days=3))
