"""The round clock: noon deadlines in the game's zone, the sweep, resolving exactly once, the
outage rule, report mail and reminders sent once, the manage.py commands, and computer orders
sealed when a round opens."""

from datetime import UTC, datetime, time, timedelta
from io import StringIO
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from dogfight.plugin import RULES
from games import clock, notify, resolution, services, sweep
from games.models import Delivery, Order, Report, Round, SweepMark
from games.tasks import resolve_rounds_task, sweep_task
from tests.factories import GROUND_ORDERS, make_dogfight, make_user, open_round, seat_of
from tests.helpers import fast_passwords, order_post, orders_url  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]

BERLIN, KOLKATA = "Europe/Berlin", "Asia/Kolkata"


def utc(*args) -> datetime:
    return datetime(*args, tzinfo=UTC)


@pytest.fixture(autouse=True)
def clock_settings(settings):
    settings.SWEEP_OUTAGE_MINUTES = 20  # as in production, whatever the environment says
    settings.REMINDER_HOURS = 6


@pytest.fixture
def alice():
    return make_user("alice")


@pytest.fixture
def game(alice):
    """Alice in seat 0 and five computer pilots; round 1 open, deadline in two days."""
    return make_dogfight(humans={0: alice})


def _pass_deadline(rnd: Round, minutes: int = 1) -> None:
    Round.objects.filter(pk=rnd.pk).update(deadline=timezone.now() - timedelta(minutes=minutes))


def _reports(game) -> int:
    return Report.objects.filter(round__game=game).count()


# --- noon in the game's time zone -----------------------------------------------------------


@pytest.mark.parametrize(
    "moment, zone, days, deadline",
    [
        # Berlin in winter (CET, UTC+1) and summer (CEST, UTC+2), across both DST switches.
        (utc(2024, 3, 29, 9), BERLIN, 1, utc(2024, 3, 30, 11)),
        (utc(2024, 3, 30, 9), BERLIN, 1, utc(2024, 3, 31, 10)),  # the night clocks go forward
        (utc(2024, 3, 29, 9), BERLIN, 2, utc(2024, 3, 31, 10)),
        (utc(2024, 10, 26, 9), BERLIN, 1, utc(2024, 10, 27, 11)),  # the night clocks go back
        (utc(2024, 10, 25, 9), BERLIN, 1, utc(2024, 10, 26, 10)),
        # The local date counts, not the UTC date: 23:30 UTC is already tomorrow in Berlin.
        (utc(2024, 3, 30, 23, 30), BERLIN, 1, utc(2024, 4, 1, 10)),
        # A half-hour zone: noon IST is 06:30 UTC, summer or winter.
        (utc(2024, 6, 10, 12), KOLKATA, 2, utc(2024, 6, 12, 6, 30)),
        (utc(2024, 6, 10, 20), KOLKATA, 2, utc(2024, 6, 13, 6, 30)),  # 01:30 on the 11th there
        (utc(2024, 12, 31, 19), KOLKATA, 1, utc(2025, 1, 2, 6, 30)),
    ],
)
def test_a_deadline_is_noon_in_the_games_time_zone(moment, zone, days, deadline):
    assert clock.deadline_after(moment, zone, days) == deadline
    assert clock.deadline_after(moment, zone, days).astimezone(ZoneInfo(zone)).time() == time(12)


@pytest.mark.parametrize(
    "moment, zone, noon",
    [
        (utc(2024, 3, 31, 9, 59), BERLIN, utc(2024, 3, 31, 10)),
        (utc(2024, 3, 31, 10), BERLIN, utc(2024, 4, 1, 10)),  # exactly noon: the next one
        (utc(2024, 10, 27, 10, 30), BERLIN, utc(2024, 10, 27, 11)),  # 11:30 CET, after the switch
        (utc(2024, 6, 10, 6, 29), KOLKATA, utc(2024, 6, 10, 6, 30)),
        (utc(2024, 6, 10, 6, 31), KOLKATA, utc(2024, 6, 11, 6, 30)),
    ],
)
def test_the_next_noon_is_the_first_noon_strictly_after_a_moment(moment, zone, noon):
    assert clock.next_noon(moment, zone) == noon


@pytest.mark.parametrize("zone", [BERLIN, KOLKATA, "America/St_Johns"])
def test_a_new_rounds_deadline_is_noon_local_after_the_games_deadline_days(alice, zone):
    game = make_dogfight(humans=[alice], time_zone=zone, deadline_days=3)
    rnd = open_round(game)
    local = rnd.deadline.astimezone(ZoneInfo(zone))
    assert local.time() == time(12)
    assert local.date() == rnd.opened_at.astimezone(ZoneInfo(zone)).date() + timedelta(days=3)


# --- the sweep ------------------------------------------------------------------------------


def test_the_sweep_resolves_a_round_past_its_deadline_with_nmr_for_missing_orders(game):
    rnd = open_round(game)
    _pass_deadline(rnd)
    assert sweep_task.delay().get() == 1
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PUBLISHED
    missed = [e for e in rnd.report.events if e["type"] == "missed"]
    assert [e["seat"] for e in missed] == [0]
    alice_plane = next(p for p in open_round(game).state["planes"] if p["seat"] == 0)
    assert alice_plane["missed_rounds"] == 1 and alice_plane["status"] == "air"  # flew TB TB A
    assert open_round(game).number == 2


def test_a_sweep_hands_the_due_rounds_to_the_workers_in_batches(game, monkeypatch):
    games = [game] + [make_dogfight(humans=[make_user()]) for _ in range(2)]
    due = [open_round(each) for each in games]
    for rnd in due:
        _pass_deadline(rnd)
    batches = []
    monkeypatch.setattr(sweep, "BATCH", 2)
    monkeypatch.setattr(
        resolve_rounds_task,
        "delay",
        lambda ids: batches.append(ids) or resolve_rounds_task.apply(args=[ids]),
    )
    swept = sweep.run(timezone.now())
    assert swept == sweep.Swept(due=3, extended=0, reminders=0)
    assert sorted(len(batch) for batch in batches) == [1, 2]
    assert sorted(rid for batch in batches for rid in batch) == sorted(rnd.pk for rnd in due)
    assert all(_reports(each) == 1 for each in games)


def test_the_beat_task_and_manage_sweep_both_run_the_sweep(game, monkeypatch):
    runs = []
    real_run = sweep.run
    monkeypatch.setattr(sweep, "run", lambda now: runs.append(now) or real_run(now))
    _pass_deadline(open_round(game))
    assert sweep_task.delay().get() == 1
    call_command("sweep", stdout=StringIO())
    assert len(runs) == 2 and _reports(game) == 1


def test_the_sweep_leaves_a_round_whose_deadline_has_not_passed(game):
    rnd = open_round(game)
    assert sweep_task.delay().get() == 0
    assert sweep.due_round_ids(rnd.deadline - timedelta(seconds=1)) == []
    assert sweep.due_round_ids(rnd.deadline) == [rnd.pk]
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.OPEN and _reports(game) == 0


def test_all_orders_in_resolves_at_the_next_noon_not_before(game, alice):
    services.orders_submit(seat=seat_of(game, alice), user=alice, payload=GROUND_ORDERS)
    rnd = open_round(game)
    assert rnd.all_in_at is not None
    noon = clock.next_noon(rnd.all_in_at, game.time_zone)
    assert noon < rnd.deadline
    assert sweep.due_round_ids(noon - timedelta(seconds=1)) == []
    assert sweep.due_round_ids(noon) == [rnd.pk]
    assert sweep_task.delay().get() == 0  # it is not noon yet
    assert resolution.round_resolve(round_id=rnd.pk, now=noon - timedelta(seconds=1)) is None
    assert _reports(game) == 0

    Round.objects.filter(pk=rnd.pk).update(all_in_at=timezone.now() - timedelta(days=1, minutes=1))
    assert sweep_task.delay().get() == 1  # a noon has passed since the last order came in
    assert _reports(game) == 1 and open_round(game).number == 2


def test_with_resolve_early_the_last_order_resolves_the_round_at_once(
    client, alice, django_capture_on_commit_callbacks
):
    game = make_dogfight(humans={0: alice}, resolve_early=True)
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(orders_url(game, 0), order_post(["TB", "TB", "A"], name="Falcon"))
    assert response.status_code == 302
    assert game.rounds.get(number=1).status == Round.Status.PUBLISHED
    assert open_round(game).number == 2


def test_with_resolve_early_a_missing_order_still_waits(alice, django_capture_on_commit_callbacks):
    bob = make_user()
    game = make_dogfight(humans={0: alice, 1: bob}, resolve_early=True)
    with django_capture_on_commit_callbacks(execute=True):
        services.orders_submit(seat=seat_of(game, alice), user=alice, payload=GROUND_ORDERS)
    assert open_round(game).number == 1 and _reports(game) == 0


def test_two_sweeps_in_a_row_resolve_a_round_once(game):
    _pass_deadline(open_round(game))
    assert sweep_task.delay().get() == 1
    assert sweep_task.delay().get() == 0
    assert _reports(game) == 1
    assert list(game.rounds.values_list("number", "status")) == [
        (1, Round.Status.PUBLISHED),
        (2, Round.Status.OPEN),
    ]


def test_a_resolve_task_delivered_twice_publishes_once(
    game, alice, django_capture_on_commit_callbacks
):
    rnd = open_round(game)
    _pass_deadline(rnd)
    with django_capture_on_commit_callbacks(execute=True):
        resolve_rounds_task.apply(args=[[rnd.pk]])
        resolve_rounds_task.apply(args=[[rnd.pk]])
    assert _reports(game) == 1
    assert game.rounds.count() == 2
    assert [m.to for m in mail.outbox] == [[alice.email]]
    # and a third delivery long after changes nothing either
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline + timedelta(days=5))
    assert _reports(game) == 1 and game.rounds.count() == 2


def test_a_task_for_a_round_not_yet_due_resolves_nothing(game):
    rnd = open_round(game)
    resolve_rounds_task.apply(args=[[rnd.pk]])
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.OPEN and _reports(game) == 0


# --- the outage rule ------------------------------------------------------------------------


@pytest.fixture
def outage_games(alice):
    """Two games whose deadline passed half an hour ago: Alice's orders are missing in the
    first; in the second Bob's orders are all in (his rivals are computer pilots)."""
    bob = make_user("bob")
    missing = make_dogfight(humans={0: alice}, title="Missing")
    complete = make_dogfight(humans={0: bob}, title="Complete")
    services.orders_submit(seat=seat_of(complete, bob), user=bob, payload=GROUND_ORDERS)
    for game in (missing, complete):
        _pass_deadline(open_round(game), minutes=30)
    return missing, complete


def test_after_an_outage_a_swallowed_deadline_moves_to_the_next_days_noon(outage_games, client):
    missing, complete = outage_games
    SweepMark.objects.create(pk=1, last_run=timezone.now() - timedelta(hours=1))
    assert sweep_task.delay().get() == 1

    rnd = open_round(missing)
    assert rnd.number == 1 and rnd.deadline_extended
    now = timezone.now()
    local = rnd.deadline.astimezone(ZoneInfo(missing.time_zone))
    assert local.time() == time(12)
    assert local.date() == now.astimezone(ZoneInfo(missing.time_zone)).date() + timedelta(days=1)
    assert _reports(missing) == 0
    assert all(p["missed_rounds"] == 0 for p in rnd.state["planes"])  # no NMR
    page = client.get(reverse("game", args=[missing.pk])).content.decode()
    assert "(extended after a server outage)" in page

    # The game whose orders were all in is resolved as usual.
    assert _reports(complete) == 1 and open_round(complete).number == 2
    assert SweepMark.objects.get().last_run > now - timedelta(minutes=1)


def test_a_sweep_after_a_short_gap_resolves_with_nmr(outage_games):
    missing, _ = outage_games
    SweepMark.objects.create(pk=1, last_run=timezone.now() - timedelta(minutes=10))
    assert sweep_task.delay().get() == 2
    assert _reports(missing) == 1
    assert not missing.rounds.get(number=1).deadline_extended
    assert open_round(missing).state["planes"][0]["missed_rounds"] == 1


def test_the_outage_rule_only_extends_deadlines_that_fell_inside_the_gap(outage_games):
    missing, _ = outage_games
    # The last sweep ran after the deadline (and, say, failed to resolve): no outage excuse.
    SweepMark.objects.create(pk=1, last_run=timezone.now() - timedelta(minutes=25))
    sweep_task.delay()
    assert _reports(missing) == 1


# --- report mail ----------------------------------------------------------------------------


@pytest.fixture
def mail_game(alice):
    """Alice wants report mail, Bob turned it off, Carol has no address; three computers."""
    bob = make_user("bob", notices="none")
    carol = make_user("carol", email="")
    return make_dogfight(humans={0: alice, 1: bob, 2: carol})


def _resolve_with_mail(game, capture):
    rnd = open_round(game)
    with capture(execute=True):
        resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    return rnd


def test_each_pilot_who_wants_it_gets_one_mail_per_published_round(
    mail_game, alice, django_capture_on_commit_callbacks
):
    first = _resolve_with_mail(mail_game, django_capture_on_commit_callbacks)
    assert [m.to for m in mail.outbox] == [[alice.email]]
    message = mail.outbox[0]
    assert message.subject == "Test skies: round 1 is published, your orders are due"
    assert f"/games/{mail_game.pk}/rounds/1/" in message.body
    assert "seat 1 sent no orders and flies straight on." in message.body  # counted from 1

    _resolve_with_mail(mail_game, django_capture_on_commit_callbacks)
    assert [m.subject for m in mail.outbox] == [
        "Test skies: round 1 is published, your orders are due",
        "Test skies: round 2 is published, your orders are due",
    ]
    assert Delivery.objects.filter(kind="report").count() == 2
    assert first.deliveries.get().user == alice


def test_report_mail_goes_out_only_after_the_commit(mail_game, django_capture_on_commit_callbacks):
    rnd = open_round(mail_game)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    assert mail.outbox == [] and len(callbacks) == 2  # the mail, and "your move" recounted
    for callback in callbacks:
        callback()
    assert len(mail.outbox) == 1


def test_sending_a_rounds_reports_again_sends_nothing_twice(
    mail_game, django_capture_on_commit_callbacks
):
    rnd = _resolve_with_mail(mail_game, django_capture_on_commit_callbacks)
    assert notify.send_reports([rnd.pk]) == 0
    assert notify.send_reports([rnd.pk]) == 0
    assert len(mail.outbox) == 1
    assert Delivery.objects.filter(round=rnd).count() == 1


def test_a_failed_mail_is_sent_by_the_next_attempt(
    mail_game, alice, django_capture_on_commit_callbacks, settings
):
    settings.EMAIL_BACKEND = "tests.games.test_round_clock.BrokenBackend"
    rnd = _resolve_with_mail(mail_game, django_capture_on_commit_callbacks)
    assert not Delivery.objects.filter(round=rnd).exists()
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    assert notify.send_reports([rnd.pk]) == 1
    assert [m.to for m in mail.outbox] == [[alice.email]]


class BrokenBackend:
    def __init__(self, *args, **kwargs):
        pass

    def send_messages(self, messages):
        raise OSError("the mail server is down")


# --- reminders ------------------------------------------------------------------------------


@pytest.fixture
def reminder_game(alice):
    """Alice and Carol (reminders off) have no orders in; Bob has; the deadline is in 2 hours."""
    bob = make_user("bob")
    carol = make_user("carol", mail_reminders=False)
    game = make_dogfight(humans={0: alice, 1: bob, 2: carol})
    services.orders_submit(seat=seat_of(game, bob), user=bob, payload=GROUND_ORDERS)
    Round.objects.filter(game=game).update(deadline=timezone.now() + timedelta(hours=2))
    return game


def test_a_reminder_goes_once_to_pilots_whose_orders_are_due(reminder_game, alice):
    assert notify.send_reminders(timezone.now()) == 1
    assert [m.to for m in mail.outbox] == [[alice.email]]
    assert mail.outbox[0].subject == "Test skies: your orders for round 1 are due"
    assert f"/games/{reminder_game.pk}/seat/0/" in mail.outbox[0].body
    assert notify.send_reminders(timezone.now()) == 0
    sweep_task.delay()
    assert len(mail.outbox) == 1


def test_no_reminder_before_the_reminder_window(reminder_game):
    Round.objects.filter(game=reminder_game).update(
        deadline=timezone.now() + timedelta(hours=6, minutes=5)
    )
    assert notify.send_reminders(timezone.now()) == 0
    assert notify.send_reminders(timezone.now() + timedelta(minutes=10)) == 1


def test_the_sweep_sends_reminders(reminder_game, alice):
    sweep_task.delay()
    assert [m.to for m in mail.outbox] == [[alice.email]]


def test_no_reminder_once_the_orders_are_in(reminder_game, alice):
    services.orders_submit(seat=seat_of(reminder_game, alice), user=alice, payload=GROUND_ORDERS)
    assert notify.send_reminders(timezone.now()) == 0
    assert mail.outbox == []


# --- manage.py ------------------------------------------------------------------------------


def test_resolve_now_resolves_a_games_round_whatever_its_deadline(game):
    out = StringIO()
    call_command("resolve_now", str(game.pk), stdout=out)
    assert out.getvalue().strip() == "Round 1 of 'Test skies' is published."
    assert game.rounds.get(number=1).status == Round.Status.PUBLISHED
    assert open_round(game).number == 2


def test_resolve_now_says_what_is_wrong(alice):
    unstarted = make_dogfight(humans=[alice], start=False)
    with pytest.raises(CommandError, match=f"game {unstarted.pk} has no round open"):
        call_command("resolve_now", str(unstarted.pk))
    with pytest.raises(CommandError, match="there is no game"):
        call_command("resolve_now", str(unstarted.pk + 1000))


def test_manage_sweep_resolves_due_rounds_and_says_so(game):
    waiting = make_dogfight(humans=[make_user()])
    _pass_deadline(open_round(game))
    out = StringIO()
    call_command("sweep", stdout=out)
    assert out.getvalue().strip() == (
        "1 due round(s) resolved, 0 deadline(s) extended, 0 reminder(s) sent."
    )
    assert _reports(game) == 1 and _reports(waiting) == 0


# --- computer pilots ------------------------------------------------------------------------


def test_a_computer_seats_orders_are_stored_sealed_when_the_round_opens(game):
    rnd = open_round(game)
    orders = {o.seat.number: o for o in rnd.orders.select_related("seat")}
    assert sorted(orders) == [1, 2, 3, 4, 5]
    for number, order in orders.items():
        assert order.payload == RULES.computer_orders(rnd.state, number, order.seat.computer_level)
        assert order.submitted_at == rnd.opened_at
    assert rnd.all_in_at is None  # Alice's orders are still due

    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    second = open_round(game)
    assert Order.objects.filter(round=second).count() == 5
    for order in Order.objects.filter(round=second).select_related("seat"):
        assert order.payload == RULES.computer_orders(
            second.state, order.seat.number, order.seat.computer_level
        )
        assert order.submitted_at == second.opened_at


def test_a_game_of_computer_pilots_only_is_all_in_when_it_opens(alice):
    game = make_dogfight(humans={0: alice})
    services.referee_remove(game=game, by=game.referee, number=0)
    rnd = open_round(game)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    second = open_round(game)
    assert second.all_in_at == second.opened_at
