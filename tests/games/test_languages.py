"""A person's language: the browser's first, the frame's switch (a POST to ``set_language``),
and his profile's once logged in, which the switch saves. Mail goes out in the recipient's
language and time zone, not the sender's."""

from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone, translation

from games import notify, resolution
from games.models import Profile, Round
from tests.factories import make_dogfight, make_user, open_round

pytestmark = pytest.mark.django_db
GERMAN_BROWSER = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9,en;q=0.5"}


def html_lang(response) -> str:
    return response.content.decode().split('<html lang="', 1)[1][:2]


def test_the_switch_sets_the_language_of_a_visitor_over_his_browsers(client):
    assert html_lang(client.get("/", **GERMAN_BROWSER)) == "de"
    response = client.post(
        reverse("set_language"), {"language": "en", "next": "/games/"}, **GERMAN_BROWSER
    )
    assert response["Location"] == "/games/"
    assert html_lang(client.get("/", **GERMAN_BROWSER)) == "en"


def test_a_visitor_switches_without_a_csrf_token_as_cached_pages_carry_none():
    from django.test import Client

    visitor = Client(enforce_csrf_checks=True)
    assert visitor.post(reverse("set_language"), {"language": "de"}).status_code == 302
    assert html_lang(visitor.get("/")) == "de"


def test_a_logged_in_pilot_needs_the_token_and_his_choice_is_saved_on_his_profile(client):
    from django.test import Client

    pilot = make_user("anna")
    forged = Client(enforce_csrf_checks=True)
    forged.force_login(pilot)
    assert forged.post(reverse("set_language"), {"language": "de"}).status_code == 403
    assert Profile.objects.get(user=pilot).language == ""

    client.force_login(pilot)
    client.post(reverse("set_language"), {"language": "de"})
    assert Profile.objects.get(user=pilot).language == "de"


@pytest.mark.slow
def test_the_profiles_language_wins_over_the_browser_once_logged_in(client):
    client.force_login(make_user("anna", language="de"))
    assert html_lang(client.get(reverse("my_games"))) == "de"
    assert html_lang(client.get(reverse("my_games"), HTTP_ACCEPT_LANGUAGE="en")) == "de"
    client.force_login(make_user("ben", language=""))
    assert html_lang(client.get(reverse("my_games"), **GERMAN_BROWSER)) == "de"
    assert html_lang(client.get(reverse("my_games"), HTTP_ACCEPT_LANGUAGE="en")) == "en"


def test_a_new_account_keeps_the_language_it_signed_up_in(client):
    client.post(
        reverse("signup"),
        {
            "username": "greta",
            "email": "greta@example.invalid",
            "password1": "a-long-secret-9",
            "password2": "a-long-secret-9",
        },
        **GERMAN_BROWSER,
    )
    assert Profile.objects.get(user__username="greta").language == "de"


def test_a_published_round_is_mailed_in_each_readers_own_language(
    django_capture_on_commit_callbacks,
):
    anna, ben = make_user("anna", language="de"), make_user("ben", language="en")
    game = make_dogfight(humans={0: anna, 1: ben})
    rnd = open_round(game)
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):
        resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    by_reader = {message.to[0]: message for message in mail.outbox}
    german, english = by_reader[anna.email], by_reader[ben.email]
    assert german.subject == "Test skies: Runde 1 ist veröffentlicht, deine Befehle sind fällig"
    assert english.subject == "Test skies: round 1 is published, your orders are due"
    assert "Der ganze Bericht" in german.body and "The full report" in english.body


def test_a_reminder_speaks_the_readers_language_and_shows_his_time_zone():
    anna = make_user("anna", language="de", time_zone="Asia/Tokyo")
    game = make_dogfight(humans={0: anna})
    Round.objects.filter(game=game).update(deadline=timezone.now() + timedelta(hours=1))
    with translation.override("en"):
        assert notify.send_reminders(timezone.now()) == 1
    message = mail.outbox[0]
    assert message.subject == "Test skies: deine Befehle für Runde 1 sind fällig"
    assert "Die Abgabefrist endet" in message.body and "(JST)" in message.body


def test_the_switch_names_each_language_in_itself_whatever_the_page_speaks(client):
    for accept in ("de", "en"):
        page = client.get("/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
        assert 'value="en" lang="en"' in page and ">English</button>" in page
        assert 'value="de" lang="de"' in page and ">Deutsch</button>" in page
