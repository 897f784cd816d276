"""A racing seat through the public API (/api/v1/): the engine's legal choices with a preview
of a partial order, a preview that stores nothing, orders checked as the web form's, a
practice race; bad orders refused with the engine's reason."""

import pytest

from games.models import Game, Order
from racing import engine
from tests.games.api.test_api import Bot, seat_path

from .helpers import make_race, state

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_choices_are_the_engines_legal_answer_with_a_preview(alice, bob):
    game = make_race(alice, bob)
    bot = Bot(alice)
    first = bot.post(seat_path(game, 0, "/choices"), {"orders": None}).json()
    assert first == engine.legal(state(game))
    order = {"lift": 1, "hinge": [20, 0]}
    partial = bot.post(seat_path(game, 0, "/choices"), {"orders": order}).json()
    assert partial["preview"] == engine.legal(state(game), order)["preview"]
    not_on_turn = Bot(bob).post(seat_path(game, 1, "/choices"), {"orders": None})
    assert not_on_turn.status_code == 400 and not_on_turn.json()["code"] == "not_active"


def test_a_preview_stores_nothing_and_an_illegal_one_says_why(alice, bob):
    game = make_race(alice, bob)
    bot = Bot(alice)
    seen = bot.post(seat_path(game, 0, "/preview"), {"orders": {"lift": 1, "hinge": [0, 0]}})
    assert seen.status_code == 200 and seen.json()["events"][0]["type"] == "turn"
    past = bot.post(seat_path(game, 0, "/preview"), {"orders": {"lift": 1, "hinge": [61, 0]}})
    assert past.status_code == 400
    assert "a hinge is past the limit of 60 degrees" in past.json()["message"]
    assert not Order.objects.exists()


def test_orders_for_a_racing_seat_are_checked_stored_and_resolved(alice, bob):
    game = make_race(alice, bob)
    bot = Bot(alice)
    path = seat_path(game, 0, "/orders")
    bad = bot.post(path, {"orders": {"lift": 4, "hinge": [0, 0]}, "round": 1})
    assert bad.status_code == 400 and "the lift must be 1, not 4" in bad.json()["message"]
    junk = bot.post(path, {"orders": [1, 2, 3], "round": 1})
    assert junk.status_code == 422 and not Order.objects.exists()  # orders are an object
    stored = bot.post(path, {"orders": {"lift": 1, "hinge": [5, -5]}, "round": 1})
    assert stored.status_code == 201, stored.content
    assert stored.json()["orders"] == engine.normalised_order({"lift": 1, "hinge": [5, -5]})
    assert state(game)["turn"]["seat"] == 1  # resolved the moment it was sent
    out_of_turn = bot.post(path, {"orders": {"lift": 1, "hinge": [0, 0]}})
    assert out_of_turn.status_code == 400 and out_of_turn.json()["code"] == "not_active"


def test_a_practice_race_through_the_api(alice):
    made = Bot(alice).post("/practice/racing", {})
    assert made.status_code == 201
    game = Game.objects.get(pk=made.json()["game"])
    assert game.kind == "racing" and game.status == Game.Status.RUNNING
    assert made.json()["seat"] == 0


def test_an_order_is_stored_as_the_engine_read_it_and_unknown_fields_are_refused(alice, bob):
    game = make_race(alice, bob)
    bot = Bot(alice)
    path = seat_path(game, 0, "/orders")
    huge = '{"orders": {"lift": 1, "hinge": [0, 0], "x": 99999999999999999999999999}}'
    answer = bot.client.post(
        "/api/v1" + path, huge, content_type="application/json", **bot._headers()
    )
    assert answer.status_code == 400 and answer.json()["code"] == "bad_request"
    junk = bot.post(path, {"orders": {"lift": 1, "hinge": [0, 0], "junk": "A" * 100_000}})
    assert junk.status_code == 400 and "order.junk" in junk.json()["message"]
    nested = bot.post(
        path, {"orders": {"lift": 1, "hinge": [0, 0], "before": [{"card": 1, "junk": 1}]}}
    )
    assert nested.status_code == 400 and "order.before[0].junk" in nested.json()["message"]
    assert not Order.objects.filter(seat__user=alice).exists()
    stored = bot.post(path, {"orders": {"lift": 1, "hinge": [5, -5], "boost": None}})
    assert stored.status_code == 201, stored.content
    normalised = engine.normalised_order({"lift": 1, "hinge": [5, -5]})
    assert stored.json()["orders"] == normalised
    assert Order.objects.get(seat__user=alice).payload == normalised


def test_a_draft_pick_holds_nothing_but_the_pick(alice, bob):
    game = make_race(alice, bob, level=2)
    drafting = state(game)
    assert drafting["phase"] == "draft"
    seat = next(j for j in drafting["jets"] if j["id"] == drafting["turn"]["jet"])["seat"]
    bot = Bot([alice, bob][seat])
    kind = engine.legal(drafting)["picks"][0]
    path = seat_path(game, seat, "/orders")
    junk = bot.post(path, {"orders": {"pick": kind, "junk": "A" * 1000}})
    assert junk.status_code == 400 and not Order.objects.filter(seat__number=seat).exists()
    picked = bot.post(path, {"orders": {"pick": kind}})
    assert picked.status_code == 201, picked.content
    assert picked.json()["orders"] == {"pick": kind}
