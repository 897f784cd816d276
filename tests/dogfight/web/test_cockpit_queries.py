"""What the cockpit's pages read from the database: a bounded, exact number of queries, the
same on every request of a round. As in production, the session and the user come from the
shared cache (a real Redis); the database gives, in one query, the game with its seats and the
open round with the pilot's own orders and chatter. The page is a live page: before it, the live
hook reads the game's version in one query of its own (games/live.py)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from dogfight import services as dogfight_services
from games import resolution, services
from games.models import Chatter, Order
from tests.factories import make_dogfight, make_user, open_round, seat_of
from tests.helpers import (  # noqa: F401
    HTMX,
    cockpit,
    fast_passwords,
    messages_of,
    order_post,
    orders_url,
    preview_url,
    production_cache,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords", "production_cache")]


@pytest.fixture
def alice():
    return make_user("alice")


@pytest.fixture
def game(alice):
    game = make_dogfight(humans={0: alice})
    dogfight_services.name_seat(seat=seat_of(game, alice), user=alice, name="Red Falcon")
    return game


@pytest.fixture
def pilot(client, alice):
    client.force_login(alice)
    return client


def _queries(client, url, **extra):
    client.get(url, **extra)  # the first request caches the viewer's user row and time zone
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, **extra)
    assert response.status_code == 200
    return [q["sql"] for q in queries]


def _page_queries(client, url) -> list[str]:
    """The page's own queries, after the live hook's one read of the game's version."""
    sql = _queries(client, url)
    assert sql[0].lstrip().startswith("SELECT g.kind, g.status, r.number, r.status")
    return sql[1:]


def test_the_pilot_page_reads_the_game_its_seats_and_the_round_in_one_query(pilot, game, alice):
    services.chatter_save(seat=seat_of(game, alice), user=alice, lines=["tally ho"])
    sql = _page_queries(pilot, cockpit(game, 0))
    assert 'value="tally ho"' in pilot.get(cockpit(game, 0)).content.decode()
    assert len(sql) == 1
    assert all(
        table in sql[0]
        for table in ("games_seat", "games_game", "games_round", "games_order", "games_chatter")
    )


def test_the_route_preview_reads_as_much_as_the_page(pilot, game):
    assert len(_queries(pilot, preview_url(game, 0) + "?m1=TB&m2=TB", **HTMX)) == 1


def test_the_page_with_orders_in_reads_no_more(pilot, game, alice):
    services.orders_submit(
        seat=seat_of(game, alice),
        user=alice,
        payload=[
            {"maneuver": "TB", "fire": []},
            {"maneuver": "TB", "fire": []},
            {"maneuver": "A", "fire": []},
        ],
    )
    sql = _page_queries(pilot, cockpit(game, 0))
    assert len(sql) == 1
    page = pilot.get(cockpit(game, 0)).content.decode()
    assert "Your orders are in." in page and "take off on runway β" in page


def test_an_unnamed_pilot_reads_his_former_names_besides(client):
    bob = make_user("bob")
    game = make_dogfight(humans={0: bob})
    client.force_login(bob)
    sql = _page_queries(client, cockpit(game, 0))
    assert len(sql) == 2 and '"dogfight_pilot"' in sql[1]


def test_the_order_submit_reads_the_round_only_with_the_seat_and_locks_it(pilot, game, alice):
    pilot.get(cockpit(game, 0))
    form = {**order_post(["TB", "TB", "A"]), "round": "1"}
    with CaptureQueriesContext(connection) as queries:
        response = pilot.post(orders_url(game, 0), form)
    assert response.status_code == 302
    rounds_read = [
        q["sql"]
        for q in queries
        if q["sql"].lstrip().startswith("SELECT") and "games_round" in q["sql"].replace('"', "")
    ]
    assert len(rounds_read) == 1 and rounds_read[0].endswith("FOR UPDATE OF r")
    assert "FROM games_seat s JOIN games_game g" in rounds_read[0]
    assert Order.objects.filter(seat__game=game, seat__number=0).count() == 1


def test_a_stale_form_is_refused_even_when_its_orders_are_legal_now(pilot, game, alice):
    """Checked after the service stored them: the whole submit is rolled back."""
    rnd = open_round(game)
    resolution.round_resolve(round_id=rnd.pk, force=True)  # her NMR takes her plane up
    response = pilot.post(orders_url(game, 0), {**order_post(["A", "A", "A"]), "round": "1"})
    assert response.status_code == 400
    assert (
        "Your orders were not accepted: that form was for round 1, which is over: these "
        "are the orders for round 2, look at the board again." in messages_of(response)
    )
    assert not Order.objects.filter(seat__game=game, seat__number=0).exists()


def test_a_new_time_zone_shows_on_the_next_page_at_once(pilot, game):
    page = pilot.get(cockpit(game, 0)).content.decode()
    assert " CET</time>" in page or " CEST</time>" in page
    pilot.post(reverse("my_games"), {"time_zone": "Asia/Tokyo"})
    assert " JST</time>" in pilot.get(cockpit(game, 0)).content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_named_pilots_order_submit_is_one_transaction_of_three_statements(pilot, game):
    """Committed for real (no test transaction around it): in one transaction without a
    savepoint the seat with its game and its open round, locked (one statement:
    games.db.queries.own_seat_open_round), the insert that answers the orders so far (one
    statement: games.db.queries.insert_order) and (she is the last pilot of her game to send
    hers) the round marked as all in."""
    pilot.get(cockpit(game, 0))
    with CaptureQueriesContext(connection) as queries:
        response = pilot.post(orders_url(game, 0), {**order_post(["TB", "TB", "A"]), "round": "1"})
    assert response.status_code == 302
    sql = [q["sql"] for q in queries]
    assert not any("SAVEPOINT" in statement for statement in sql)
    assert sql[0] == "BEGIN" and sql[-1] == "COMMIT"
    work = sql[1:-1]
    assert len(work) == 3
    assert "FROM games_seat s JOIN games_game g" in work[0]
    assert work[0].endswith("FOR UPDATE OF r")
    assert "INSERT INTO games_order" in work[1] and "LEFT JOIN games_order o" in work[1]
    assert work[2].startswith('UPDATE "games_round" SET "all_in_at"')
    assert Order.objects.filter(seat__game=game, seat__number=0).count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_forms_chatter_goes_in_with_the_orders_in_the_same_two_statements(pilot, game, alice):
    """The cockpit's form posts its chatter lines with the orders: they replace the chatter
    saved before, in the insert's statement (no savepoint, no read of their own)."""
    services.chatter_save(seat=seat_of(game, alice), user=alice, lines=["First thought"])
    pilot.get(cockpit(game, 0))
    lines = {"l1": "Horrido!", "l2": "", "l3": " Watch your six ", "l4": "", "l5": "", "l6": ""}
    with CaptureQueriesContext(connection) as queries:
        response = pilot.post(
            orders_url(game, 0), {**order_post(["TB", "TB", "A"]), **lines, "round": "1"}
        )
    assert response.status_code == 302
    sql = [q["sql"] for q in queries]
    assert not any("SAVEPOINT" in statement for statement in sql)
    work = sql[1:-1]
    assert len(work) == 3 and "INSERT INTO games_chatter" in work[1]
    assert Chatter.objects.get(seat__game=game, seat__number=0).lines == [
        "Horrido!",
        "Watch your six",
    ]
    assert Order.objects.filter(seat__game=game, seat__number=0).count() == 1


def test_a_second_submit_with_chatter_changes_neither_orders_nor_chatter(pilot, game):
    first = {**order_post(["TB", "TB", "A"]), "l1": "Horrido!", "round": "1"}
    assert pilot.post(orders_url(game, 0), first).status_code == 302
    stored = Order.objects.get(seat__game=game, seat__number=0).payload
    again = {**first, "l1": "Changed my mind"}
    response = pilot.post(orders_url(game, 0), again)
    assert response.status_code == 400
    refused = "Your orders were not accepted: your orders for this round are already in"
    assert messages_of(response)[-1].startswith(refused)
    assert Chatter.objects.get(seat__game=game, seat__number=0).lines == ["Horrido!"]
    assert Order.objects.get(seat__game=game, seat__number=0).payload == stored
