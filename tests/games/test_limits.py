"""Limits (games/limits.py) at their real defaults (settings.RATE_LIMITS): a request over a
limit gets the 429 page in the site's frame with its message and Retry-After, and nothing
behind it runs."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from games.models import Chatter, Game, Order
from tests.factories import PASSWORD, make_dogfight, make_user
from tests.helpers import chatter_url, fast_passwords, order_post, orders_url, production_cache  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]
User = get_user_model()


class Clock:
    """django-ratelimit's clock, held still: counts fall in fixed windows of time, and a test
    that crossed the end of one would see its count start again."""

    def __init__(self):
        self.now = 1_800_000_000.0

    def time(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def clock(monkeypatch):
    import django_ratelimit.core

    from games import limits

    held = Clock()
    monkeypatch.setattr(django_ratelimit.core, "time", held)
    monkeypatch.setattr(limits, "time", held)  # the process's own count of failed logins
    return held


def allowed(name: str) -> int:
    """How many a limit allows in its window, from the real setting."""
    return int(settings.RATE_LIMITS[name].split("/")[0])


def assert_limited(response, message: str):
    assert response.status_code == 429
    assert 0 < int(response["Retry-After"]) <= 24 * 3600
    html = response.content.decode()
    assert message in html and "Try again in" in html
    assert "<nav" in html  # the site's frame


def login(client, username, password, url=None):
    return client.post(url or reverse("login"), {"username": username, "password": password})


def test_the_limits_are_the_documented_defaults():
    assert settings.RATE_LIMITS == settings.RATE_LIMIT_DEFAULTS
    assert allowed("login_failures_per_account") == 5


# --- logins ---------------------------------------------------------------------------------


def test_failed_logins_lock_the_account_even_for_the_right_password(client):
    make_user("otto")
    for _ in range(allowed("login_failures_per_account")):
        assert login(client, "otto", "wrong").status_code == 200
    response = login(client, "OTTO", PASSWORD)
    assert_limited(response, "Too many failed logins for this account or from your address.")
    assert "_auth_user_id" not in client.session
    # another account from the same address still logs in
    make_user("anna")
    assert login(client, "anna", PASSWORD).status_code == 302


def test_failed_logins_from_one_address_lock_that_address_whatever_the_account(client):
    make_user("otto")
    for n in range(allowed("login_failures_per_address")):
        login(client, f"nobody{n}", "wrong")
    assert_limited(login(client, "otto", PASSWORD), "Too many failed logins")
    elsewhere = Client(REMOTE_ADDR="192.0.2.7")
    assert login(elsewhere, "otto", PASSWORD).status_code == 302


def test_a_locked_account_opens_again_when_its_window_has_passed(client, clock):
    make_user("otto")
    for _ in range(allowed("login_failures_per_account")):
        login(client, "otto", "wrong")
    response = login(client, "otto", PASSWORD)
    assert response.status_code == 429
    clock.now += int(response["Retry-After"])
    assert login(client, "otto", PASSWORD).status_code == 302


def test_a_successful_login_does_not_count(client):
    make_user("otto")
    for _ in range(allowed("login_failures_per_account") + 2):
        assert login(client, "otto", PASSWORD).status_code == 302
        client.post(reverse("logout"))


def test_the_admin_login_is_limited_too(client):
    User.objects.create_superuser("boss", "boss@example.invalid", PASSWORD)
    url = reverse("admin:login")
    for _ in range(allowed("login_failures_per_account")):
        assert login(client, "boss", "wrong", url).status_code == 200
    assert_limited(login(client, "boss", PASSWORD, url), "Too many failed logins")
    assert "_auth_user_id" not in client.session


def test_behind_a_proxy_the_address_is_the_one_the_proxy_appended(client, settings):
    settings.CLIENT_ADDRESS_HEADER = "HTTP_X_FORWARDED_FOR"
    make_user("otto")
    for n in range(allowed("login_failures_per_address")):
        # a client forging the first entry still has the proxy's last one counted
        client.post(
            reverse("login"),
            {"username": f"x{n}", "password": "wrong"},
            HTTP_X_FORWARDED_FOR=f"10.0.0.{n}, 198.51.100.4",
        )
    assert login(Client(HTTP_X_FORWARDED_FOR="198.51.100.4"), "otto", PASSWORD).status_code == 429
    assert login(Client(HTTP_X_FORWARDED_FOR="198.51.100.5"), "otto", PASSWORD).status_code == 302
    # no header, or no address in it: the connection's address
    assert login(Client(HTTP_X_FORWARDED_FOR="garbage"), "otto", PASSWORD).status_code == 302


# --- password resets and signups --------------------------------------------------------------


def test_password_resets_per_email_address(client):
    make_user("otto", email="otto@example.invalid")
    for n in range(allowed("password_resets_per_email")):
        other = Client(REMOTE_ADDR=f"192.0.2.{n + 1}")
        assert (
            other.post(reverse("password_reset"), {"email": "otto@example.invalid"}).status_code
            == 302
        )
    response = client.post(reverse("password_reset"), {"email": "OTTO@example.invalid"})
    assert_limited(response, "Too many password resets asked for.")
    assert len(mail.outbox) == allowed("password_resets_per_email")


def test_password_resets_per_address(client):
    for n in range(allowed("password_resets_per_address")):
        assert (
            client.post(
                reverse("password_reset"), {"email": f"someone{n}@example.invalid"}
            ).status_code
            == 302
        )
    assert_limited(
        client.post(reverse("password_reset"), {"email": "x@example.invalid"}),
        "Too many password resets asked for.",
    )


def test_signups_per_address(client):
    for n in range(allowed("signups_per_address")):
        response = client.post(
            reverse("signup"),
            {
                "username": f"new{n}",
                "email": f"new{n}@example.invalid",
                "password1": PASSWORD,
                "password2": PASSWORD,
            },
        )
        assert response.status_code == 302
        client.post(reverse("logout"))
    before = User.objects.count()
    response = client.post(
        reverse("signup"),
        {
            "username": "onemore",
            "email": "onemore@example.invalid",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert_limited(response, "Too many new accounts from your address.")
    assert User.objects.count() == before


# --- games ------------------------------------------------------------------------------------

NEW_GAME = {
    "title": "Spam",
    "time_zone": "Europe/Berlin",
    "deadline_days": "2",
    "mode": "full",
    "balloon_rule": "none",
    "balloons": "0",
    "clouds": "6",
    "scoring": "hits",
}


@pytest.mark.slow
def test_game_creation_per_person(client):
    referee = make_user("referee")
    client.force_login(referee)
    for _ in range(allowed("games_per_person")):
        assert client.post(reverse("game_new", args=["dogfight"]), NEW_GAME).status_code == 302
    assert_limited(
        client.post(reverse("game_new", args=["dogfight"]), NEW_GAME),
        "You have created many games in a short time.",
    )
    assert Game.objects.count() == allowed("games_per_person")
    other = Client()
    other.force_login(make_user("other"))
    assert other.post(reverse("game_new", args=["dogfight"]), NEW_GAME).status_code == 302
    assert client.get(reverse("game_new", args=["dogfight"])).status_code == 200  # reading


@pytest.mark.slow
def test_practice_games_per_person(client):
    client.force_login(make_user("rookie"))
    for _ in range(allowed("practice_games_per_person")):
        assert client.post(reverse("dogfight:practice")).status_code == 302
    assert_limited(
        client.post(reverse("dogfight:practice")),
        "You have started many practice games in a short time.",
    )
    assert Game.objects.count() == allowed("practice_games_per_person")


# --- a seat's posts -----------------------------------------------------------------------------


@pytest.mark.slow
def test_order_posts_per_seat_and_person(client):
    alice = make_user("alice")
    game = make_dogfight(humans={0: alice})
    client.force_login(alice)
    stranger = Client()
    stranger.force_login(make_user("stranger"))
    for _ in range(allowed("orders_per_seat") + 5):  # a stranger's posts are his own
        stranger.post(orders_url(game, 0), order_post(["XX", "XX", "XX"], name="Intruder"))
    for _ in range(allowed("orders_per_seat")):
        assert (
            client.post(
                orders_url(game, 0), order_post(["XX", "XX", "XX"], name="Grey Owl")
            ).status_code
            == 400
        )
    response = client.post(orders_url(game, 0), order_post(["TB", "TB", "A"], name="Grey Owl"))
    assert_limited(response, "Too many orders sent for this seat.")
    assert not Order.objects.filter(seat__game=game, seat__number=0).exists()


def test_chatter_posts_per_seat(client):
    alice = make_user("alice")
    game = make_dogfight(humans={0: alice})
    client.force_login(alice)
    for n in range(allowed("chatter_per_seat")):
        assert client.post(chatter_url(game, 0), {"l1": f"line {n}"}).status_code == 302
    assert_limited(
        client.post(chatter_url(game, 0), {"l1": "one more"}),
        "Too much chatter sent for this seat.",
    )
    assert Chatter.objects.get(seat__game=game, seat__number=0).lines == [
        f"line {allowed('chatter_per_seat') - 1}"
    ]


@pytest.mark.slow
def test_duel_actions_per_seat(client):
    from tests.duel.web.helpers import make_duel

    alice, bob = make_user("alice"), make_user("bob")
    game = make_duel(alice, bob)
    client.force_login(alice)
    url = reverse("duel:submit", args=[game.pk, 0])
    for _ in range(allowed("orders_per_seat")):
        assert client.post(url, {"action": "turn", "draft": json.dumps([])}).status_code == 400
    assert_limited(client.post(url, {"action": "fighters"}), "Too many actions sent for this seat.")


@pytest.mark.slow
def test_the_429_page_speaks_german(client):
    client.force_login(make_user("rookie", language="de"))
    for _ in range(allowed("practice_games_per_person")):
        client.post(reverse("dogfight:practice"))
    html = client.post(reverse("dogfight:practice")).content.decode()
    assert "Zu viele Anfragen" in html and "Versuche es in" in html


@pytest.mark.usefixtures("production_cache")
def test_the_shared_redis_cache_counts_for_every_process(client):
    """Counted in Redis: a second client (as a second web process would) sees the count."""
    make_user("otto")
    for _ in range(allowed("login_failures_per_account")):
        login(Client(), "otto", "wrong")
    assert login(client, "otto", PASSWORD).status_code == 429


def test_with_the_cache_down_only_logins_are_limited_and_the_limits_break_nothing(client, settings):
    """The limits guard the site; a cache that does not answer must not take it down (what
    the rest of the site does then is another matter). Failed logins are counted by the
    process meanwhile: an outage is when an attacker would try passwords."""
    import socket

    make_user("otto")
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{port}/0",
            "OPTIONS": {"socket_connect_timeout": 0.2},
        }
    }
    for _ in range(allowed("login_failures_per_account")):
        assert login(client, "otto", "wrong").status_code == 200
    assert_limited(login(client, "otto", PASSWORD), "Too many failed logins")
    for _ in range(allowed("signups_per_address") + 1):  # not counted: never a 429
        response = client.post(reverse("signup"), {"username": "x", "password1": "1"})
        assert response.status_code == 200 and response.context["form"].errors


def test_with_the_shared_cache_on_a_dead_port_the_login_limit_holds(client, settings):
    """Production's cache (``CACHE_URL``, the one that goes on without Redis) while Redis is
    down: the login limit still holds, each process counting alone."""
    import socket

    from config.settings import cache_aliases, shared_cache

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.CACHES = cache_aliases(shared_cache(f"redis://127.0.0.1:{port}/0"), settings.RELEASE)
    make_user("otto")
    make_user("emil")
    for _ in range(allowed("login_failures_per_account")):
        assert login(client, "otto", "wrong").status_code == 200
    assert_limited(login(client, "otto", PASSWORD), "Too many failed logins")
    assert login(Client(), "emil", PASSWORD).status_code == 302  # another account: its own
