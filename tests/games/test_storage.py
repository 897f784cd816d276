"""How the noon batch stores its rows: snapshots as ``text`` on PostgreSQL, new rows through
``COPY`` with ids drawn first (games.db.bulk), read back exactly as given; lists of ids as one
array parameter (``__any``)."""

from datetime import timedelta

import pytest
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from games.db import bulk
from games.models import Order, Report, Round, Seat
from tests.factories import make_dogfight, make_user, open_round, seat_of

pytestmark = pytest.mark.django_db


def _column_types() -> dict[tuple[str, str], str]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT table_name, column_name, data_type FROM information_schema.columns"
            " WHERE table_name IN ('games_round', 'games_report', 'games_order')"
        )
        return {(table, column): kind for table, column, kind in cursor.fetchall()}


def test_snapshots_are_text_columns_on_postgresql():
    assert connection.vendor == "postgresql"
    types = _column_types()
    assert [
        types[("games_round", "state")],
        types[("games_report", "state")],
        types[("games_report", "events")],
        types[("games_order", "payload")],
    ] == ["text"] * 4
    assert types[("games_round", "referee_input")] == "jsonb"  # the referee's input stays jsonb


def test_new_rounds_and_their_orders_go_in_with_ids_and_read_back_as_given():
    user = make_user()
    game = make_dogfight(humans=[user])
    first = open_round(game)
    Round.objects.filter(pk=first.pk).update(status=Round.Status.PUBLISHED)
    now = timezone.now().replace(microsecond=123456)
    state = {**first.state, "note": 'Rote Kampfflieger ✈ «über» \\ \t "quoted"', "7": {"x": 1}}
    rounds = [
        Round(
            game=game,
            number=n,
            state=state,
            seed=2**62 - n,
            opened_at=now,
            deadline=now + timedelta(days=1),
            status=status,
        )
        for n, status in [(2, Round.Status.OPEN), (3, Round.Status.PUBLISHED)]
    ]
    bulk.insert(rounds)
    assert all(rnd.pk and not rnd._state.adding for rnd in rounds)
    order = Order(
        round=rounds[0],
        seat=seat_of(game, user),
        submitted_at=now,
        payload={"moves": [{"maneuver": "A", "fire": ["L"], "through": False}] * 3},
    )
    bulk.insert([order])
    Report.objects.create(round=first, state={}, events=[], published_at=now)
    bulk.insert([Report(round=rounds[0], state=state, events=[{"type": "x"}], published_at=now)])

    stored = Round.objects.get(pk=rounds[1].pk)
    assert (
        stored.number,
        stored.state,
        stored.seed,
        stored.deadline,
        stored.status,
        stored.referee_input,
        stored.failures,
    ) == (3, state, 2**62 - 3, now + timedelta(days=1), Round.Status.PUBLISHED, {}, 0)
    assert Order.objects.get(pk=order.pk).payload == order.payload
    assert Report.objects.get(round=rounds[0]).events == [{"type": "x"}]
    # The sequence moved on: an ordinary save after a COPY takes a fresh id.
    later = Round.objects.create(
        game=game,
        number=4,
        state={},
        seed=1,
        opened_at=now,
        deadline=now,
        status=Round.Status.PUBLISHED,
    )
    assert later.pk > max(rnd.pk for rnd in rounds)


def test_a_copy_that_breaks_a_constraint_writes_nothing_and_raises_djangos_error():
    game = make_dogfight(humans=[make_user()])
    rnd = open_round(game)
    now = timezone.now()
    twins = [
        Round(
            game=game,
            number=rnd.number + 1,
            state={},
            seed=1,
            opened_at=now,
            status="published",
            deadline=now,
        )
        for _ in range(2)
    ]
    with pytest.raises(IntegrityError, match="one_round_number_per_game"), transaction.atomic():
        bulk.insert(twins)
    assert game.rounds.count() == 1


def test_snapshots_are_compressed_with_lz4_where_postgresql_has_it():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attrelid::regclass::text, attname, attcompression FROM pg_attribute"
            " WHERE attrelid::regclass::text IN ('games_round', 'games_report')"
            " AND attname IN ('state', 'events')"
        )
        methods = {(table, column): method for table, column, method in cursor.fetchall()}
    assert methods == {
        ("games_round", "state"): "l",
        ("games_report", "state"): "l",
        ("games_report", "events"): "l",
    }


def test_opening_rounds_finds_computer_pilots_by_a_partial_index():
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'computer_seats_by_game'")
        (definition,) = cursor.fetchone()
    assert "(game_id)" in definition and "WHERE computer" in definition


def _indexes_of(table: str) -> dict[str, list[str]]:
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, table)
    return {
        name: info["columns"] for name, info in found.items() if info["index"] or info["unique"]
    }


@pytest.mark.parametrize("model", [Seat, Round, Order])
def test_every_declared_constraint_and_index_is_in_the_database(model):
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, model._meta.db_table)
    declared = [c.name for c in model._meta.constraints] + [i.name for i in model._meta.indexes]
    assert declared and set(declared) <= set(found)


@pytest.mark.parametrize(
    "model, column, constraint",
    [
        (Seat, "game_id", "one_seat_number_per_game"),
        (Round, "game_id", "one_round_number_per_game"),
        (Order, "round_id", "one_order_per_seat_and_round"),
    ],
)
def test_a_foreign_key_is_indexed_by_its_constraint_alone(model, column, constraint):
    indexes = _indexes_of(model._meta.db_table)
    assert indexes[constraint][0] == column
    plain = [
        name
        for name, columns in indexes.items()
        if columns == [column]
        and name not in {c.name for c in model._meta.constraints}
        and name not in {i.name for i in model._meta.indexes}
    ]
    assert plain == []


def test_any_finds_what_in_finds_and_sends_the_ids_as_one_array():
    game = make_dogfight(humans=[make_user()])
    second = open_round(game)
    first = Round.objects.create(
        game=game,
        number=0,
        state={},
        seed=1,
        opened_at=second.opened_at,
        deadline=second.deadline,
        status=Round.Status.PUBLISHED,
    )
    ids = [first.pk, second.pk, second.pk + 1000]
    assert (
        sorted(Round.objects.filter(pk__any=ids).values_list("pk", flat=True))
        == sorted(Round.objects.filter(pk__in=ids).values_list("pk", flat=True))
        == sorted([first.pk, second.pk])
    )
    assert list(Round.objects.filter(game_id__any=[game.pk], status="open")) == [second]
    assert list(Round.objects.filter(pk__any=[])) == []
    sql, params = Round.objects.filter(pk__any=ids).query.sql_with_params()
    assert "= ANY(%s)" in sql and list(params) == [ids]
