"""The API on the open internet (issue 30): a limit no made-up token gets around, a refused
submit that changes nothing, JSON errors whatever goes wrong, sealed orders no cache keeps,
and tokens that end with a new password."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.forms import SetPasswordForm
from django.db import connection
from django.test import Client
from django.urls import reverse

from games.models import ApiToken, Chatter, Order
from tests.factories import GROUND_ORDERS, PASSWORD, make_dogfight, make_user
from tests.helpers import fast_passwords  # noqa: F401

from .test_api import API, Bot, seat_path

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]


@pytest.fixture
def alice():
    return make_user("alice")


@pytest.fixture
def game(alice):
    return make_dogfight(humans={0: alice, 3: make_user("bob")}, title="Hardened skies")


def test_made_up_tokens_count_against_their_address(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "api_requests": "3/h"}
    client = Client()
    assert [client.get(f"{API}/kinds").status_code for _ in range(3)] == [200] * 3
    for attempt in range(3):
        made_up = client.get(f"{API}/kinds", HTTP_AUTHORIZATION=f"Bearer sk_made-up-{attempt}")
        assert made_up.status_code == 429 and made_up.json()["code"] == "rate_limited"


def test_a_real_token_still_counts_alone(settings, alice):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "api_requests": "2/h"}
    client = Client()
    assert [client.get(f"{API}/kinds").status_code for _ in range(3)] == [200, 200, 429]
    assert Bot(alice).get("/kinds").status_code == 200


def test_a_refused_order_keeps_no_chatter(game, alice):
    bot = Bot(alice)
    refused = bot.post(
        seat_path(game, 0, "/orders"),
        {"orders": {"moves": GROUND_ORDERS}, "chatter": ["Left behind?"]},
    )
    assert refused.status_code == 400  # no pilot name with the first orders
    assert not Chatter.objects.filter(seat__game=game).exists()
    assert bot.get(seat_path(game, 0)).json()["chatter"] == []


def test_the_seat_view_is_never_cached(game, alice):
    answer = Bot(alice).get(seat_path(game, 0))
    assert answer.status_code == 200
    assert "no-store" in answer["Cache-Control"]


@pytest.mark.parametrize("body", ["[]", "false", "0", '"x"', "null"])
def test_choices_and_preview_want_an_object(game, alice, body):
    bot = Bot(alice)
    for rest in ("/choices", "/preview"):
        answer = bot.client.post(
            API + seat_path(game, 0, rest), body, content_type="application/json", **bot._headers()
        )
        assert answer.status_code in (400, 422), (rest, body, answer.content[:200])
        assert answer.json()["code"] and answer.json()["message"]


def test_an_oversized_body_is_a_json_400(game, alice, settings, caplog):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    bot = Bot(alice)
    answer = bot.post(seat_path(game, 0, "/orders"), {"orders": {"junk": "A" * 5000}})
    assert answer.status_code in (400, 413)
    assert answer["Content-Type"].startswith("application/json")
    assert answer.json()["code"] == "too_large"
    assert not [r for r in caplog.records if r.levelname == "ERROR" or r.exc_info]


@pytest.mark.parametrize("number", [2**64, -(2**64), 10**30])
def test_numbers_past_64_bits_are_a_json_400(game, alice, number):
    bot = Bot(alice)
    for rest in ("/orders", "/preview", "/choices"):
        raw = json.dumps({"orders": {"moves": [], "name": "Big", "x": number}})
        answer = bot.client.post(
            API + seat_path(game, 0, rest), raw, content_type="application/json", **bot._headers()
        )
        assert answer.status_code == 400, (rest, answer.content[:200])
        assert answer.json()["code"] == "bad_request"
    assert not Order.objects.filter(seat__user=alice).exists()


@pytest.mark.django_db(transaction=True)
def test_a_database_outage_is_a_json_503(game, alice, monkeypatch):
    bot = Bot(alice)

    def refuse(*args, **kwargs):
        from django.db import OperationalError

        raise OperationalError("connection refused")

    bot.get("/kinds")  # the token's row read once while the database answers
    monkeypatch.setattr(connection, "ensure_connection", refuse)
    connection.close()
    answer = Client().get(f"{API}/games/{game.pk}", raise_request_exception=False)
    assert answer.status_code == 503
    assert answer["Content-Type"].startswith("application/json")
    assert answer.json()["code"] == "unavailable"


def test_a_new_password_revokes_the_persons_tokens(alice):
    bot, other = Bot(alice), Bot(make_user("bob"))
    client = Client()
    client.force_login(alice)
    changed = client.post(
        reverse("password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "A new 1 long!",
            "new_password2": "A new 1 long!",
        },
    )
    assert changed.status_code == 302
    assert bot.get("/me/games").status_code == 401
    assert other.get("/me/games").status_code == 200
    assert not ApiToken.objects.filter(user=alice).exists()


def test_a_password_reset_revokes_the_persons_tokens(alice):
    bot = Bot(alice)
    form = SetPasswordForm(
        alice, {"new_password1": "Reset 2 long!", "new_password2": "Reset 2 long!"}
    )
    assert form.is_valid()
    form.save()
    assert bot.get("/me/games").status_code == 401


def test_a_login_keeps_the_persons_tokens(alice):
    bot = Bot(alice)
    client = Client()
    assert (
        client.post(reverse("login"), {"username": "alice", "password": PASSWORD}).status_code
        == 302
    )
    assert bot.get("/me/games").status_code == 200


def test_json_answers_name_their_bodies(game, alice):
    # A body that is valid JSON in every parser: the answer is the same JSON back.
    bot = Bot(alice)
    answer = bot.put(seat_path(game, 0, "/chatter"), {"lines": ["fine"]})
    assert json.loads(answer.content) == {"lines": ["fine"]}
