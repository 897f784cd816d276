"""Accounts: sign up (with a profile), log in, log out, reset a forgotten password by mail."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from games.models import Profile
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db
User = get_user_model()


def signup(client, **overrides):
    data = {
        "username": "wilma",
        "email": "wilma@example.invalid",
        "password1": PASSWORD,
        "password2": PASSWORD,
        **overrides,
    }
    return client.post(reverse("signup"), data)


def test_the_signup_page_asks_for_username_email_and_the_password_twice(client):
    page = client.get(reverse("signup")).content.decode()
    for name in ("username", "email", "password1", "password2"):
        assert f'name="{name}"' in page


def test_signing_up_creates_the_user_with_a_profile_and_logs_him_in(client):
    response = signup(client)
    assert response.status_code == 302 and response.url == reverse("my_games")
    user = User.objects.get(username="wilma")
    assert user.email == "wilma@example.invalid"
    assert Profile.objects.filter(user=user).exists()
    assert client.get(reverse("my_games")).status_code == 200


def test_a_visitor_sent_to_log_in_on_the_way_to_a_practice_game_signs_up_and_goes_on(client):
    practice = reverse("practice", args=["duel"])
    login_page = client.get(client.get(practice).url).content.decode()
    signup_link = re.search(r'href="([^"]*/signup/\?next=[^"]+)"', login_page)
    assert signup_link, "the login page's 'sign up' forgets where the visitor was going"
    form = client.get(signup_link[1]).content.decode()
    assert f'name="next" value="{practice}"' in form
    response = signup(client, next=practice)
    assert response.status_code == 302 and response.url == practice


def test_signing_up_goes_nowhere_off_the_site(client):
    response = signup(client, next="https://evil.example/")
    assert response.status_code == 302 and response.url == reverse("my_games")


def test_signing_up_with_two_different_passwords_creates_nobody(client):
    response = signup(client, password2="something-else-entirely")
    assert response.status_code == 200
    assert b"password fields didn" in response.content
    assert not User.objects.filter(username="wilma").exists()
    assert not Profile.objects.exists()


def test_signing_up_answers_the_same_whether_or_not_the_address_has_an_account(client):
    """Otherwise anyone could learn who plays here, address by address."""
    fresh = signup(client, username="fresh", email="fresh@example.invalid")
    client.post(reverse("logout"))
    make_user("other", email="wilma@example.invalid")
    used = signup(client)
    assert (
        (used.status_code, used.url) == (fresh.status_code, fresh.url) == (302, reverse("my_games"))
    )
    assert User.objects.filter(email="wilma@example.invalid").count() == 2
    page = client.get(used.url).content.decode()
    assert "Welcome aboard, wilma." in page and "already" not in page


def test_a_password_reset_for_an_address_of_two_accounts_mails_a_link_for_each(client):
    make_user("one", email="shared@example.invalid")
    make_user("two", email="shared@example.invalid")
    client.post(reverse("password_reset"), {"email": "shared@example.invalid"})
    assert sorted(re.search(r"Hello (\w+),", m.body).group(1) for m in mail.outbox) == [
        "one",
        "two",
    ]


def test_a_user_logs_in_with_his_password_and_out_with_a_post(client):
    make_user("otto")
    response = client.post(reverse("login"), {"username": "otto", "password": PASSWORD})
    assert response.status_code == 302
    assert "_auth_user_id" in client.session
    page = client.get(reverse("lobby")).content.decode()
    assert "Log out" in page and reverse("my_games") in page
    assert client.post(reverse("logout")).status_code == 302
    assert "_auth_user_id" not in client.session


def test_a_wrong_password_does_not_log_in(client):
    make_user("otto")
    response = client.post(reverse("login"), {"username": "otto", "password": "wrong"})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_logging_out_with_a_get_is_refused(client):
    client.force_login(make_user())
    assert client.get(reverse("logout")).status_code == 405
    assert "_auth_user_id" in client.session


def test_a_forgotten_password_is_reset_through_a_mailed_link(client):
    user = make_user("greta", email="greta@example.invalid")
    response = client.post(reverse("password_reset"), {"email": "greta@example.invalid"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["greta@example.invalid"]
    link = re.search(r"https?://[^/\s]+(/accounts/reset/\S+)", message.body).group(1)
    form_url = client.get(link).url  # Django swaps the token for a session and redirects
    new = "a-brand-new-password-9"
    response = client.post(form_url, {"new_password1": new, "new_password2": new})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(new)


def test_a_reset_for_an_unknown_address_sends_no_mail(client):
    client.post(reverse("password_reset"), {"email": "nobody@example.invalid"})
    assert mail.outbox == []


@pytest.mark.parametrize("look_alike", ["аlice", "alicе", "ALICE", "ａlice"])
def test_a_username_that_looks_like_anothers_is_refused(client, look_alike):
    make_user("alice")
    response = signup(client, username=look_alike, email="other@example.invalid")
    assert response.status_code == 200  # the form again, with its reason
    assert "looks the same" in response.content.decode() or "already exists" in (
        response.content.decode()
    )
    assert not User.objects.filter(username=look_alike).exists()


def test_the_first_look_alike_taken_keeps_the_plain_name_out(client):
    make_user("аlice")  # Cyrillic а
    response = signup(client, username="alice", email="alice@example.invalid")
    assert "looks the same" in response.content.decode()
    assert not User.objects.filter(username="alice").exists()


def test_the_reset_mail_links_to_the_configured_site_not_the_requests_host(client, settings):
    settings.SITE_URL = "https://skies.example"
    settings.ALLOWED_HOSTS = ["*"]
    make_user("greta", email="greta@example.invalid")
    client.post(
        reverse("password_reset"), {"email": "greta@example.invalid"}, HTTP_HOST="127.0.0.1:6666"
    )
    [message] = mail.outbox
    assert "https://skies.example/accounts/reset/" in message.body
    assert "6666" not in message.body and "127.0.0.1" not in message.body
