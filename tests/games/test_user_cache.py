"""The logged-in person's user row comes from the shared cache (production's Redis), and any
change to the user shows on his next request: a new password logs his other sessions out, a
deactivated person is logged out, a new name shows at once."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import PASSWORD, make_user
from tests.helpers import fast_passwords, production_cache  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords", "production_cache")]
User = get_user_model()


def logged_in(user) -> Client:
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


def user_queries(client, url) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return [q["sql"] for q in queries if '"auth_user"' in q["sql"]]


def test_a_logged_in_request_reads_the_user_from_the_cache_after_the_first():
    client = logged_in(make_user("alice"))
    assert len(user_queries(client, reverse("my_games"))) == 1
    assert user_queries(client, reverse("my_games")) == []


def test_a_new_password_logs_out_the_sessions_that_knew_the_old_one():
    alice = make_user("alice")
    other_browser = logged_in(alice)
    assert other_browser.get(reverse("my_games")).status_code == 200  # cached now
    alice.set_password("a-brand-new-password-8")
    alice.save()
    response = other_browser.get(reverse("my_games"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_changing_the_password_on_the_site_keeps_that_session_and_ends_the_others():
    alice = make_user("alice")
    this, other = logged_in(alice), logged_in(alice)
    other.get(reverse("my_games"))
    response = this.post(
        reverse("password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "a-brand-new-password-8",
            "new_password2": "a-brand-new-password-8",
        },
    )
    assert response.status_code == 302
    assert this.get(reverse("my_games")).status_code == 200
    assert other.get(reverse("my_games")).status_code == 302


def seen_once(name: str):
    """A person, and his client after one page (his user row now in the cache)."""
    person = make_user(name)
    client = logged_in(person)
    client.get(reverse("my_games"))
    return person, client


def test_a_deactivated_person_is_logged_out_on_his_next_request():
    alice, client = seen_once("alice")
    alice.is_active = False
    alice.save()
    assert client.get(reverse("my_games")).status_code == 302


def test_a_deleted_person_is_logged_out_on_his_next_request():
    alice, client = seen_once("alice")
    alice.delete()
    assert client.get(reverse("my_games")).status_code == 302


def test_a_new_username_shows_on_the_next_page():
    alice, client = seen_once("alice")
    alice.username = "alicia"
    alice.save()
    assert client.get(reverse("my_games")).wsgi_request.user.username == "alicia"


def test_a_wrong_password_still_logs_nobody_in():
    make_user("alice")
    assert not Client().login(username="alice", password="not-her-password")


def test_the_your_move_count_comes_with_the_user_and_follows_a_change():
    from games import selectors
    from games.services import orders_submit
    from tests.factories import GROUND_ORDERS, make_dogfight, seat_of

    alice = make_user("alice")
    game = make_dogfight(humans={0: alice})
    client = logged_in(alice)
    assert "Your move: 1 game" in client.get(reverse("my_games")).text  # counted and kept
    assert "Your move: 1 game" in client.get(reverse("lobby")).text  # read with the user
    orders_submit(seat=seat_of(game, alice), user=alice, payload=GROUND_ORDERS)
    selectors.forget_waiting([game.pk])  # as the submit's commit does
    page = client.get(reverse("lobby")).text
    assert "Your move" not in page
    assert "Your move" not in client.get(reverse("lobby")).text  # 0 kept, and read as 0
