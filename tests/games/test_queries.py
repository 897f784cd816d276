"""The hand-written SQL reads (games.db.queries): each gives what the ORM would give, as models
with the ORM's conversions, and only what its caller may see."""

import threading

import pytest
from django.db import DatabaseError, IntegrityError, connection, connections, transaction

from games import resolution, services
from games.db import queries
from games.models import Game, Round, Seat
from tests.factories import make_dogfight, make_user, open_round, seat_of

pytestmark = pytest.mark.django_db

ORDERS = [{"maneuver": "G", "fire": []}] * 3  # stay on the ground: legal in round 1


def test_ping_answers_when_the_database_does():
    queries.ping()


def test_open_round_is_the_open_round_as_the_orm_reads_it():
    game = make_dogfight(humans=[make_user()])
    expected = open_round(game)
    found = queries.open_round(game.pk)
    assert isinstance(found, Round) and found.pk == expected.pk
    assert [getattr(found, f.attname) for f in Round._meta.concrete_fields] == [
        getattr(expected, f.attname) for f in Round._meta.concrete_fields
    ]
    assert found.state == expected.state and isinstance(found.state, dict)


def test_open_round_is_none_before_the_start_and_after_the_last_round():
    game = make_dogfight(humans=[make_user()], start=False)
    assert queries.open_round(game.pk) is None
    started = make_dogfight(humans=[make_user()])
    Round.objects.filter(game=started).update(status=Round.Status.PUBLISHED)
    assert queries.open_round(started.pk) is None


@pytest.mark.django_db(transaction=True)
def test_open_round_with_lock_holds_the_row_until_the_transaction_ends():
    game = make_dogfight(humans=[make_user()])
    rnd = open_round(game)
    with transaction.atomic():
        assert queries.open_round(game.pk, lock=True).pk == rnd.pk
        other = _locked_elsewhere(rnd.pk)
    assert other == "locked"
    assert _locked_elsewhere(rnd.pk) == "free"


def _locked_elsewhere(round_id: int) -> str:
    """Whether another connection finds the round's row locked (NOWAIT)."""
    answer = []

    def look():
        try:
            with transaction.atomic():
                list(Round.objects.select_for_update(nowait=True).filter(pk=round_id))
            answer.append("free")
        except DatabaseError:
            answer.append("locked")
        finally:
            connections.close_all()

    thread = threading.Thread(target=look)
    thread.start()
    thread.join(10)
    return answer[0]


def test_submitted_seat_numbers_are_the_seats_whose_orders_are_in():
    alice, bob = make_user(), make_user()
    game = make_dogfight(humans={0: alice, 3: bob})  # the four other seats: computer pilots
    rnd = open_round(game)
    # The computer pilots' orders are sealed as the round opens.
    assert queries.submitted_seat_numbers(rnd.pk) == {1, 2, 4, 5}
    services.orders_submit(seat=seat_of(game, bob), user=bob, payload=ORDERS)
    assert queries.submitted_seat_numbers(rnd.pk) == {1, 2, 3, 4, 5}


def test_published_round_and_later_says_whether_the_next_round_is_published():
    game = make_dogfight(humans=[make_user()])
    first = open_round(game)
    assert queries.published_round_and_later(game.pk, 1) is None  # open, not published
    resolution.round_resolve(round_id=first.pk, now=first.deadline)
    assert queries.published_round_and_later(game.pk, 1) == (first.pk, False)
    second = open_round(game)
    resolution.round_resolve(round_id=second.pk, now=second.deadline)
    assert queries.published_round_and_later(game.pk, 1) == (first.pk, True)
    assert queries.published_round_and_later(game.pk, 2) == (second.pk, False)
    assert queries.published_round_and_later(game.pk + 1000, 1) is None


def test_seat_with_game_reads_the_seat_and_its_game_of_that_kind_only():
    alice = make_user()
    game = make_dogfight(humans={2: alice})
    seat = queries.seat_with_game(game.pk, 2, "dogfight")
    assert isinstance(seat, Seat) and seat.pk == seat_of(game, alice).pk
    assert seat.user_id == alice.pk
    assert isinstance(seat.game, Game) and seat.game.pk == game.pk
    assert seat.game.settings == Game.objects.get(pk=game.pk).settings
    assert seat.game.created_at == Game.objects.get(pk=game.pk).created_at
    assert queries.seat_with_game(game.pk, 2, "duel") is None
    assert queries.seat_with_game(game.pk, 6, "dogfight") is None


def test_own_seat_open_round_reads_his_seat_its_game_and_the_open_round():
    alice, bob = make_user(), make_user()
    game = make_dogfight(humans={2: alice, 3: bob})
    rnd = open_round(game)
    seat, found = queries.own_seat_open_round(game.pk, 2, alice.pk, "dogfight")
    assert isinstance(seat, Seat) and seat.pk == seat_of(game, alice).pk
    assert isinstance(seat.game, Game) and seat.game.pk == game.pk
    assert seat.game.settings == Game.objects.get(pk=game.pk).settings
    assert isinstance(found, Round) and found.pk == rnd.pk
    assert [getattr(found, f.attname) for f in Round._meta.concrete_fields] == [
        getattr(rnd, f.attname) for f in Round._meta.concrete_fields
    ]
    assert queries.own_seat_open_round(game.pk, 2, bob.pk, "dogfight") is None  # not his
    assert queries.own_seat_open_round(game.pk, 2, alice.pk, "duel") is None
    assert queries.own_seat_open_round(game.pk, 6, alice.pk, "dogfight") is None
    Round.objects.filter(game=game).update(status=Round.Status.PUBLISHED)
    assert queries.own_seat_open_round(game.pk, 2, alice.pk, "dogfight") is None  # none open


@pytest.mark.django_db(transaction=True)
def test_own_seat_open_round_locks_the_round_until_the_transaction_ends():
    alice = make_user()
    game = make_dogfight(humans={0: alice})
    rnd = open_round(game)
    with transaction.atomic():
        assert queries.own_seat_open_round(game.pk, 0, alice.pk, "dogfight")[1].pk == rnd.pk
        other = _locked_elsewhere(rnd.pk)
    assert other == "locked"
    assert _locked_elsewhere(rnd.pk) == "free"


def test_player_page_rows_give_the_holder_his_own_orders_and_chatter_only():
    alice, bob = make_user(), make_user()
    game = make_dogfight(humans={0: alice, 1: bob})
    rnd = open_round(game)
    services.orders_submit(seat=seat_of(game, alice), user=alice, payload=ORDERS)
    services.chatter_save(seat=seat_of(game, alice), user=alice, lines=["Tally ho"])
    services.orders_submit(seat=seat_of(game, bob), user=bob, payload=ORDERS)
    services.chatter_save(seat=seat_of(game, bob), user=bob, lines=["Bob's secret"])

    found = queries.player_page_rows(game.pk, 0, alice.pk, "dogfight")
    assert [seat.number for seat in found.seats] == list(range(6))
    assert all(seat.game is found.seats[0].game for seat in found.seats)
    assert found.round.pk == rnd.pk and found.round.state == rnd.state
    assert found.own_orders == rnd.orders.get(seat__number=0).payload
    assert found.own_chatter == ["Tally ho"]


def test_player_page_rows_give_no_round_to_someone_else_or_when_none_is_open():
    alice, bob = make_user(), make_user()
    game = make_dogfight(humans={0: alice, 1: bob})
    services.chatter_save(seat=seat_of(game, alice), user=alice, lines=["Tally ho"])
    not_his = queries.player_page_rows(game.pk, 0, bob.pk, "dogfight")
    assert len(not_his.seats) == 6
    assert (not_his.round, not_his.own_orders, not_his.own_chatter) == (None, None, None)

    Round.objects.filter(game=game).update(status=Round.Status.PUBLISHED)
    over = queries.player_page_rows(game.pk, 0, alice.pk, "dogfight")
    assert len(over.seats) == 6 and over.round is None
    assert queries.player_page_rows(game.pk, 0, alice.pk, "duel").seats == []


def test_next_ids_draws_new_ids_from_the_tables_sequence_in_order():
    assert connection.vendor == "postgresql"
    drawn = queries.next_ids("games_round", "id", 3)
    assert len(drawn) == 3 and drawn == sorted(drawn) and len(set(drawn)) == 3
    assert queries.next_ids("games_round", "id", 1)[0] > drawn[-1]


def test_public_page_marker_moves_with_whatever_the_game_page_shows():
    alice, bob, referee = make_user(), make_user(), make_user("umpire")
    game = make_dogfight(referee, humans={0: alice, 3: bob})
    assert queries.public_page_marker(999_999) is None
    marks = [queries.public_page_marker(game.pk)]
    assert queries.public_page_marker(game.pk) == marks[0]  # nothing changed: the same
    services.orders_submit(seat=seat_of(game, bob), user=bob, payload=ORDERS)
    marks.append(queries.public_page_marker(game.pk))
    Seat.objects.filter(game=game, number=0).update(name="Red Falcon")
    marks.append(queries.public_page_marker(game.pk))
    type(referee).objects.filter(pk=referee.pk).update(username="judge")
    marks.append(queries.public_page_marker(game.pk))
    Round.objects.filter(game=game).update(deadline_extended=True)
    marks.append(queries.public_page_marker(game.pk))
    rnd = open_round(game)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    marks.append(queries.public_page_marker(game.pk))
    Game.objects.filter(pk=game.pk).update(settings={**game.settings, "wind": "storm"})
    marks.append(queries.public_page_marker(game.pk))
    assert len(set(marks)) == len(marks)


def test_insert_order_stores_the_order_and_answers_the_seats_in_before_it():
    from games.models import Order

    alice, bob = make_user(), make_user()
    game = make_dogfight(humans={0: alice, 3: bob})  # the four other seats: computer pilots
    rnd = open_round(game)
    when = rnd.opened_at
    order = Order(round=rnd, seat=seat_of(game, bob), payload=ORDERS, submitted_at=when)
    with transaction.atomic():
        assert queries.insert_order(order) == {1, 2, 4, 5}
    stored = Order.objects.get(pk=order.pk)
    assert (stored.seat_id, stored.payload, stored.submitted_at) == (order.seat_id, ORDERS, when)
    again = Order(round=rnd, seat=seat_of(game, bob), payload=ORDERS, submitted_at=when)
    with pytest.raises(IntegrityError), transaction.atomic():
        queries.insert_order(again)
    alices = Order(round=rnd, seat=seat_of(game, alice), payload=ORDERS, submitted_at=when)
    assert queries.insert_order(alices) == {1, 2, 3, 4, 5}


def test_insert_order_with_chatter_stores_both_or_neither():
    from games.models import Chatter, Order

    alice = make_user()
    game = make_dogfight(humans={0: alice})
    rnd, seat = open_round(game), seat_of(game, alice)
    when = rnd.opened_at
    services.chatter_save(seat=seat, user=alice, lines=["First thought"], now=when)
    order = Order(round=rnd, seat=seat, payload=ORDERS, submitted_at=when)
    said = Chatter(round=rnd, seat=seat, lines=["Horrido!"], updated_at=rnd.deadline)
    with transaction.atomic():
        assert queries.insert_order(order, said) == {1, 2, 3, 4, 5}
    stored = Chatter.objects.get(round=rnd, seat=seat)  # the one row, its lines replaced
    assert (stored.lines, stored.updated_at) == (["Horrido!"], rnd.deadline)
    assert Order.objects.get(pk=order.pk).payload == ORDERS
    again = Order(round=rnd, seat=seat, payload=ORDERS, submitted_at=when)
    other = Chatter(round=rnd, seat=seat, lines=["Changed my mind"], updated_at=when)
    with pytest.raises(IntegrityError), transaction.atomic():
        queries.insert_order(again, other)
    assert Chatter.objects.get(round=rnd, seat=seat).lines == ["Horrido!"]
