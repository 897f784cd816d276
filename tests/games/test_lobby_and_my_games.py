"""The lobby (open, running and finished games; joining a seat) and a person's own page."""

from zoneinfo import ZoneInfo

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.models import Profile, Seat
from tests.factories import GROUND_ORDERS, make_dogfight, make_user, open_round, seat_of

pytestmark = pytest.mark.django_db


# --- the lobby ------------------------------------------------------------------------------


def test_the_lobby_lists_open_running_and_finished_games_for_anyone(client):
    open_game = make_dogfight(title="Open skies", start=False)
    running = make_dogfight(title="Busy skies", humans=[make_user()])
    finished = make_dogfight(title="Quiet skies", humans=[make_user()])
    finished.status = "finished"
    finished.save()
    page = client.get(reverse("lobby")).content.decode()
    for game in (open_game, running, finished):
        assert game.title in page
        assert reverse("game", args=[game.pk]) in page
    assert page.index("Open skies") < page.index("Busy skies") < page.index("Quiet skies")


def test_a_logged_in_user_sees_a_join_button_per_free_seat(client):
    game = make_dogfight(start=False, computers={1: "ace"}, humans={2: make_user()})
    client.force_login(make_user())
    page = client.get(reverse("lobby")).content.decode()
    for number in (0, 3, 4, 5):
        assert reverse("seat_join", args=[game.pk, number]) in page
    for number in (1, 2):
        assert reverse("seat_join", args=[game.pk, number]) not in page


def test_a_spectator_sees_no_join_button(client):
    game = make_dogfight(start=False)
    page = client.get(reverse("lobby")).content.decode()
    assert reverse("seat_join", args=[game.pk, 0]) not in page
    assert "log in</a> to join" in page


@pytest.mark.slow
def test_the_lobby_runs_the_same_few_queries_for_many_games(client):
    for _ in range(2):
        make_dogfight(start=False)
        make_dogfight(humans=[make_user()])
    with CaptureQueriesContext(connection) as few:
        client.get(reverse("lobby"))
    for _ in range(3):
        make_dogfight(start=False)
        make_dogfight(humans=[make_user()])
    cache.clear()  # spectators' lists are cached for a few seconds
    with CaptureQueriesContext(connection) as many:
        client.get(reverse("lobby"))
    assert len(many) == len(few)


def test_spectators_lists_are_rendered_at_most_every_few_seconds(client):
    make_dogfight(humans=[make_user()], title="Cached skies")
    first = client.get(reverse("lobby")).content.decode()
    make_dogfight(humans=[make_user()], title="Brand new skies")
    with CaptureQueriesContext(connection) as queries:
        second = client.get(reverse("lobby")).content.decode()
    assert "Cached skies" in second and "Brand new skies" not in second
    assert len(queries) == 0 and "Cached skies" in first
    cache.clear()
    assert "Brand new skies" in client.get(reverse("lobby")).content.decode()


def test_joining_a_free_seat_gives_it_to_the_user(client):
    game = make_dogfight(start=False)
    user = make_user()
    client.force_login(user)
    response = client.post(reverse("seat_join", args=[game.pk, 2]))
    assert response.status_code == 302 and response.url == reverse("game", args=[game.pk])
    assert game.seats.get(number=2).user == user


def test_joining_twice_is_refused_with_a_message(client):
    game = make_dogfight(start=False)
    user = make_user()
    client.force_login(user)
    client.post(reverse("seat_join", args=[game.pk, 2]))
    response = client.post(reverse("seat_join", args=[game.pk, 3]), follow=True)
    assert "you already have a seat in this game" in response.content.decode()
    assert list(Seat.objects.filter(game=game, user=user).values_list("number", flat=True)) == [2]


def test_joining_a_computer_pilots_seat_or_a_taken_seat_is_refused(client):
    holder = make_user()
    game = make_dogfight(start=False, computers={1: "veteran"}, humans={2: holder})
    client.force_login(make_user())
    for number in (1, 2):
        response = client.post(reverse("seat_join", args=[game.pk, number]), follow=True)
        assert "that seat is taken" in response.content.decode()
    assert game.seats.get(number=1).user is None and game.seats.get(number=1).computer
    assert game.seats.get(number=2).user == holder


def test_joining_needs_a_login_and_a_post(client):
    game = make_dogfight(start=False)
    url = reverse("seat_join", args=[game.pk, 0])
    response = client.post(url)
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    client.force_login(make_user())
    assert client.get(url).status_code == 405
    assert game.seats.get(number=0).user is None


def test_a_running_game_cannot_be_joined(client):
    game = make_dogfight(humans=[make_user()])
    client.force_login(make_user())
    response = client.post(reverse("seat_join", args=[game.pk, 4]), follow=True)
    assert "not open for pilots" in response.content.decode()


# --- my games -------------------------------------------------------------------------------


def test_my_games_needs_a_login(client):
    response = client.get(reverse("my_games"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_my_games_lists_seats_and_refereed_games_but_not_others(client):
    user = make_user()
    seated = make_dogfight(title="Where I fly", humans=[user])
    refereed = make_dogfight(user, title="Where I judge", start=False)
    make_dogfight(title="Somebody else's", humans=[make_user()])
    client.force_login(user)
    page = client.get(reverse("my_games")).content.decode()
    assert "Where I fly" in page and "Where I judge" in page
    assert "Somebody else" not in page
    assert reverse("referee_panel", args=[refereed.pk]) in page
    assert reverse("dogfight:seat", args=[seated.pk, seat_of(seated, user).number]) in page


def test_my_games_shows_the_deadline_in_my_time_zone(client):
    user = make_user(time_zone="America/New_York")
    game = make_dogfight(humans=[user], time_zone="Europe/Berlin")
    deadline = open_round(game).deadline
    local = deadline.astimezone(ZoneInfo("America/New_York"))
    client.force_login(user)
    page = client.get(reverse("my_games")).content.decode()
    assert f'<time datetime="{deadline.isoformat()}"' in page
    assert local.strftime("%H:%M %Z") in page  # noon in Berlin is early morning in New York
    assert local.strftime("%Z") in ("EST", "EDT")


def test_my_games_marks_orders_due_until_they_are_in(client):
    user = make_user()
    game = make_dogfight(humans=[user])
    client.force_login(user)
    assert "Orders due" in client.get(reverse("my_games")).content.decode()
    services.orders_submit(seat=seat_of(game, user), user=user, payload=GROUND_ORDERS)
    page = client.get(reverse("my_games")).content.decode()
    assert "Orders due" not in page
    assert "Orders in" in page


def test_a_referee_without_a_seat_owes_no_orders(client):
    referee = make_user()
    make_dogfight(referee, humans=[make_user()])
    client.force_login(referee)
    assert "Orders due" not in client.get(reverse("my_games")).content.decode()


@pytest.mark.slow
def test_my_games_runs_the_same_few_queries_for_many_games(client):
    user = make_user()
    make_dogfight(humans=[user])
    make_dogfight(user, start=False)
    client.force_login(user)
    client.get(reverse("my_games"))  # the viewer's time zone is cached from here on
    with CaptureQueriesContext(connection) as few:
        client.get(reverse("my_games"))
    for _ in range(3):
        make_dogfight(humans=[user])
        make_dogfight(user, humans=[make_user()])
    with CaptureQueriesContext(connection) as many:
        client.get(reverse("my_games"))
    assert len(many) == len(few)


def test_my_settings_change_the_time_zone_and_the_mail(client):
    user = make_user()
    client.force_login(user)
    page = client.get(reverse("my_games")).content.decode()
    assert '<option value="Pacific/Auckland"' in page
    response = client.post(
        reverse("my_games"), {"time_zone": "Pacific/Auckland", "notices": "digest"}
    )
    assert response.status_code == 302
    profile = Profile.objects.get(user=user)
    assert profile.time_zone == "Pacific/Auckland"
    assert profile.notices == "digest" and not profile.mail_reminders


def test_a_made_up_time_zone_is_refused(client):
    user = make_user()
    client.force_login(user)
    response = client.post(
        reverse("my_games"), {"time_zone": "Mars/Olympus_Mons", "notices": "every"}
    )
    assert response.status_code == 200
    assert Profile.objects.get(user=user).time_zone == "Europe/Berlin"


def test_a_user_without_a_profile_gets_one_when_he_saves_his_settings(client):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("admin2", "a@example.invalid", "pw-long-enough-1")
    client.force_login(user)
    assert client.get(reverse("my_games")).status_code == 200
    client.post(reverse("my_games"), {"time_zone": "Asia/Tokyo", "notices": "turn"})
    profile = Profile.objects.get(user=user)
    assert profile.time_zone == "Asia/Tokyo" and profile.notices == "turn"
    assert not profile.mail_reminders


def test_a_pilot_with_a_seat_sees_no_more_join_buttons_for_that_game(client):
    user = make_user()
    game = make_dogfight(start=False, humans={0: user})
    other = make_dogfight(start=False)
    client.force_login(user)
    page = client.get(reverse("lobby")).content.decode()
    assert reverse("seat_join", args=[game.pk, 1]) not in page
    assert reverse("seat_join", args=[other.pk, 1]) in page


def test_the_lobby_names_a_games_time_zone_in_the_readers_words_not_its_iana_id(client):
    make_dogfight(title="Berlin skies", start=False, time_zone="Europe/Berlin")
    german = client.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    english = client.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Europe/Berlin" not in german and "Europe/Berlin" not in english
    assert "mittags Deutschland (Berlin)" in german
    assert "at noon Germany (Berlin)" in english
