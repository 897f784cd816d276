"""The referee: creating a game, and the panel (start, wind, remove, replace, retry), which
only the game's referee or staff may see or use."""

import pytest
from django.test import Client
from django.urls import reverse

from games import resolution, services
from games.models import Game, Round
from tests.factories import make_dogfight, make_user, open_round

pytestmark = pytest.mark.django_db

ACTIONS = (
    "referee_start",
    "referee_input",
    "referee_remove",
    "referee_replace",
    "referee_retry",
    "referee_undo_remove",
    "referee_resolve_now",
)


def post_action(client, game, action, **data):
    return client.post(reverse(action, args=[game.pk]), data, follow=True)


def snapshot(game):
    """Everything a referee action could change."""
    return (
        list(Game.objects.filter(pk=game.pk).values()),
        list(game.seats.values()),
        list(game.rounds.values()),
    )


# --- who may -------------------------------------------------------------------------------


def test_the_referee_sees_his_panel_with_the_settings(client):
    referee = make_user()
    game = make_dogfight(referee, start=False, balloon_rule="normal", balloons=6, clouds=4)
    client.force_login(referee)
    page = client.get(reverse("referee_panel", args=[game.pk])).content.decode()
    assert "6 balloons" in page and "Clouds at the start" in page
    assert "becomes a computer pilot" in page
    assert reverse("referee_start", args=[game.pk]) in page


def test_staff_may_see_any_panel(client):
    game = make_dogfight(start=False)
    staff = make_user()
    staff.is_staff = True
    staff.save()
    client.force_login(staff)
    assert client.get(reverse("referee_panel", args=[game.pk])).status_code == 200


def test_another_user_gets_403_for_the_panel(client):
    game = make_dogfight(humans=[make_user()])
    pilot = game.seats.exclude(user=None).first().user
    client.force_login(pilot)
    assert client.get(reverse("referee_panel", args=[game.pk])).status_code == 403


def test_a_spectator_is_sent_to_log_in_for_the_panel(client):
    game = make_dogfight(start=False)
    response = client.get(reverse("referee_panel", args=[game.pk]))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


@pytest.mark.parametrize("action", ACTIONS)
def test_a_referee_action_by_another_user_is_refused_and_changes_nothing(client, action):
    game = make_dogfight(start=False, computers={4: "ace"}, humans={0: make_user()})
    make_user("stranger")
    before = snapshot(game)
    client.force_login(make_user())
    response = client.post(
        reverse(action, args=[game.pk]), {"number": 4, "username": "stranger", "wind": "2"}
    )
    assert response.status_code == 403
    assert snapshot(game) == before


@pytest.mark.parametrize("action", ACTIONS)
def test_a_referee_action_by_a_spectator_is_sent_to_log_in_and_changes_nothing(client, action):
    game = make_dogfight(humans=[make_user()])
    before = snapshot(game)
    response = client.post(reverse(action, args=[game.pk]), {"number": 1, "wind": "calm"})
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    assert snapshot(game) == before


def test_a_referee_post_without_the_csrf_token_is_refused():
    referee = make_user()
    game = make_dogfight(referee, start=False, humans=[make_user()])
    client = Client(enforce_csrf_checks=True)
    client.force_login(referee)
    response = client.post(reverse("referee_start", args=[game.pk]))
    assert response.status_code == 403
    game.refresh_from_db()
    assert game.status == "open" and not game.rounds.exists()


def test_a_referee_post_with_the_csrf_token_from_the_panel_works():
    referee = make_user()
    game = make_dogfight(referee, start=False, humans=[make_user()])
    client = Client(enforce_csrf_checks=True)
    client.force_login(referee)
    client.get(reverse("referee_panel", args=[game.pk]))
    token = client.cookies["csrftoken"].value
    response = client.post(reverse("referee_start", args=[game.pk]), {"csrfmiddlewaretoken": token})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == "running"


def test_the_panel_refuses_a_post_and_the_actions_refuse_a_get(client):
    referee = make_user()
    game = make_dogfight(referee, start=False, humans=[make_user()])
    client.force_login(referee)
    assert client.post(reverse("referee_panel", args=[game.pk])).status_code == 405
    assert client.get(reverse("referee_start", args=[game.pk])).status_code == 405
    game.refresh_from_db()
    assert game.status == "open"


# --- what the referee does -----------------------------------------------------------------


def test_the_referee_starts_the_game_and_free_seats_become_computer_pilots(client):
    referee = make_user()
    game = make_dogfight(referee, start=False, humans={0: make_user()})
    client.force_login(referee)
    response = post_action(client, game, "referee_start")
    assert "The game has started" in response.content.decode()
    game.refresh_from_db()
    assert game.status == "running"
    assert open_round(game).number == 1
    assert game.seats.filter(computer=True).count() == 5


def test_a_game_nobody_joined_cannot_start(client):
    referee = make_user()
    game = make_dogfight(referee, start=False)
    client.force_login(referee)
    response = post_action(client, game, "referee_start")
    assert "no pilot has joined yet" in response.content.decode()
    game.refresh_from_db()
    assert game.status == "open"


@pytest.mark.parametrize("posted, stored", [("calm", "calm"), ("0", 0), ("5", 5)])
def test_the_referee_fixes_the_wind_of_the_coming_round(client, posted, stored):
    referee = make_user()
    game = make_dogfight(referee, humans=[make_user()])
    client.force_login(referee)
    response = post_action(client, game, "referee_input", wind=posted)
    assert "Saved for the coming round" in response.content.decode()
    assert open_round(game).referee_input == {"wind": stored}


def test_the_referee_gives_the_wind_back_to_the_weather(client):
    referee = make_user()
    game = make_dogfight(referee, humans=[make_user()])
    client.force_login(referee)
    post_action(client, game, "referee_input", wind="3")
    post_action(client, game, "referee_input", wind="")
    assert open_round(game).referee_input == {}


def test_the_panel_offers_the_wind_in_words(client):
    referee = make_user()
    game = make_dogfight(referee, humans=[make_user()])
    client.force_login(referee)
    page = client.get(reverse("referee_panel", args=[game.pk])).content.decode()
    assert "as the weather decides" in page
    assert "from the west (clouds drift one hex east)" in page


def test_a_windless_game_refuses_a_fixed_wind(client):
    referee = make_user()
    game = make_dogfight(referee, humans=[make_user()], windless=True)
    client.force_login(referee)
    response = post_action(client, game, "referee_input", wind="2")
    assert "this game is windless" in response.content.decode()
    assert open_round(game).referee_input == {}


def test_a_wind_that_is_no_direction_is_refused(client):
    referee = make_user()
    game = make_dogfight(referee, humans=[make_user()])
    client.force_login(referee)
    response = post_action(client, game, "referee_input", wind="7")
    assert "Not done" in response.content.decode()
    assert open_round(game).referee_input == {}


def test_a_removed_pilot_crashes_at_the_next_resolution(client):
    referee, pilot = make_user(), make_user()
    game = make_dogfight(referee, humans={2: pilot})
    client.force_login(referee)
    response = post_action(client, game, "referee_remove", number=2, confirm="1")
    assert "Seat 3 will be taken out" in response.content.decode()  # people count from 1
    rnd = open_round(game)
    assert rnd.referee_input == {"remove": [2]}
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PUBLISHED
    crashes = [(e["seat"], e["cause"]) for e in rnd.report.events if e["type"] == "crash"]
    assert (2, "removed") in crashes
    assert 2 not in services.registry.get("dogfight").active_seats(rnd.report.state)


def test_removing_a_pilot_who_is_out_is_refused(client):
    referee = make_user()
    game = make_dogfight(referee, duel=True, humans={0: make_user()})
    client.force_login(referee)
    response = post_action(
        client,
        game,
        "referee_remove",
        number=1,  # no seat 1 in a duel
        confirm="1",
    )
    assert "not in the game any more" in response.content.decode()
    assert open_round(game).referee_input == {}


def test_a_removal_needs_the_confirming_tick(client):
    referee = make_user()
    game = make_dogfight(referee, humans={2: make_user()})
    client.force_login(referee)
    response = post_action(client, game, "referee_remove", number=2)
    assert "tick the box to confirm the removal" in response.content.decode()
    assert open_round(game).referee_input == {}


def test_the_referee_undoes_a_removal_until_the_round_is_resolved(client):
    referee, pilot = make_user(), make_user()
    game = make_dogfight(referee, humans={2: pilot})
    client.force_login(referee)
    post_action(client, game, "referee_remove", number=2, confirm="1")
    page = client.get(reverse("referee_panel", args=[game.pk])).content.decode()
    assert "Undo: keep seat 3" in page  # people count from 1
    response = post_action(client, game, "referee_undo_remove", number=2)
    assert "Seat 3 stays in the game." in response.content.decode()
    rnd = open_round(game)
    assert rnd.referee_input == {}
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    assert 2 in services.registry.get("dogfight").active_seats(open_round(game).state)
    response = post_action(client, game, "referee_undo_remove", number=2)
    assert "that pilot is not being removed" in response.content.decode()


def test_a_removed_pilot_no_longer_holds_up_an_early_resolution(django_capture_on_commit_callbacks):
    """Five pilots send orders, the sixth is being removed: the round is all in, and a game
    that resolves early resolves it at once (tasks run eagerly in tests)."""
    referee = make_user()
    pilots = {n: make_user() for n in range(6)}
    game = make_dogfight(referee, humans=pilots, resolve_early=True)
    services.referee_remove(game=game, by=referee, number=5)
    with django_capture_on_commit_callbacks(execute=True):
        for number in range(5):
            services.orders_submit(
                seat=game.seats.get(number=number),
                user=pilots[number],
                payload=[{"maneuver": "G"}] * 3,
            )
    rnd = game.rounds.get(number=1)
    assert rnd.all_in_at is not None
    assert rnd.status == Round.Status.PUBLISHED
    crashes = [(e["seat"], e["cause"]) for e in rnd.report.events if e["type"] == "crash"]
    assert crashes == [(5, "removed")]


def test_removing_the_last_pilot_owing_orders_makes_the_round_all_in():
    referee = make_user()
    pilots = {n: make_user() for n in range(6)}
    game = make_dogfight(referee, humans=pilots)
    for number in range(5):
        services.orders_submit(
            seat=game.seats.get(number=number), user=pilots[number], payload=[{"maneuver": "G"}] * 3
        )
    assert open_round(game).all_in_at is None
    services.referee_remove(game=game, by=referee, number=5)
    assert open_round(game).all_in_at is not None
    services.referee_undo_remove(game=game, by=referee, number=5)
    assert open_round(game).all_in_at is None  # it waits for seat 5 again


def test_the_referee_resolves_the_round_now_from_the_panel(client):
    referee = make_user()
    game = make_dogfight(referee, humans={0: make_user()})
    client.force_login(referee)
    assert "Resolve now" in client.get(reverse("referee_panel", args=[game.pk])).content.decode()
    response = post_action(client, game, "referee_resolve_now")
    assert "tick the box to confirm" in response.content.decode()
    assert open_round(game).number == 1
    response = post_action(client, game, "referee_resolve_now", confirm="1")
    assert "The round is resolved and published." in response.content.decode()
    assert game.rounds.get(number=1).status == Round.Status.PUBLISHED
    assert open_round(game).number == 2


def test_the_referee_replaces_a_computer_pilot_with_a_person(client):
    referee = make_user()
    newcomer = make_user("newcomer")
    game = make_dogfight(referee, humans={0: make_user()})
    rnd = open_round(game)
    assert rnd.orders.filter(seat__number=3).exists()  # the computer's orders are in
    client.force_login(referee)
    response = post_action(client, game, "referee_replace", number=3, username="Newcomer")
    assert "Seat 4 now belongs to newcomer" in response.content.decode()
    seat = game.seats.get(number=3)
    assert seat.user == newcomer and not seat.computer
    assert not rnd.orders.filter(seat=seat).exists()  # now his orders are due


def test_replacing_a_seat_without_a_computer_or_with_nobody_is_refused(client):
    referee, pilot = make_user(), make_user()
    game = make_dogfight(referee, humans={0: pilot})
    make_user("newcomer")
    client.force_login(referee)
    response = post_action(client, game, "referee_replace", number=0, username="newcomer")
    assert "that seat has no computer pilot" in response.content.decode()
    response = post_action(client, game, "referee_replace", number=3, username="ghost")
    assert "There is nobody called" in response.content.decode()
    assert game.seats.get(number=0).user == pilot
    assert game.seats.get(number=3).computer


def test_a_failed_round_shows_its_error_and_the_referee_retries_it(client):
    referee = make_user()
    game = make_dogfight(referee, humans=[make_user()])
    Round.objects.filter(pk=open_round(game).pk).update(
        status=Round.Status.FAILED, failures=3, last_error="ValueError: the engine choked"
    )
    client.force_login(referee)
    page = client.get(reverse("referee_panel", args=[game.pk])).content.decode()
    assert "ValueError: the engine choked" in page
    response = post_action(client, game, "referee_retry")
    assert "queued again" in response.content.decode()
    rnd = game.rounds.get(number=1)
    assert rnd.status == Round.Status.OPEN and rnd.failures == 0


def test_retrying_without_a_failed_round_is_refused(client):
    referee = make_user()
    game = make_dogfight(referee, humans=[make_user()])
    client.force_login(referee)
    response = post_action(client, game, "referee_retry")
    assert "no round of this game is waiting" in response.content.decode()


# --- creating a game -----------------------------------------------------------------------


def settings_form(**overrides):
    data = {
        "title": "Bloody April",
        "time_zone": "Europe/Paris",
        "deadline_days": "3",
        "mode": "full",
        "balloon_rule": "none",
        "balloons": "0",
        "clouds": "6",
        "scoring": "hits",
    }
    for number in range(6):
        data[f"level_{number}"] = "novice"
    return {**data, **overrides}


def test_creating_a_game_needs_a_login(client):
    url = reverse("game_new", args=["dogfight"])
    assert client.get(url).url.startswith(reverse("login"))
    client.post(url, settings_form())
    assert not Game.objects.exists()


def test_the_form_offers_every_setting(client):
    client.force_login(make_user())
    page = client.get(reverse("game_new", args=["dogfight"])).content.decode()
    for name in (
        "title",
        "time_zone",
        "deadline_days",
        "resolve_early",
        "mode",
        "windless",
        "legacy_weather",
        "balloon_rule",
        "balloons",
        "clouds",
        "scoring",
        "computer_0",
        "level_5",
    ):
        assert f'name="{name}"' in page
    assert 'value="through"' in page and 'value="ace"' in page


def test_an_unknown_kind_of_game_is_404(client):
    client.force_login(make_user())
    assert client.get(reverse("game_new", args=["chess"])).status_code == 404


def test_the_creator_becomes_the_referee_and_lands_on_his_panel(client):
    creator = make_user()
    client.force_login(creator)
    response = client.post(
        reverse("game_new", args=["dogfight"]),
        settings_form(
            resolve_early="on",
            windless="on",
            balloon_rule="through",
            balloons="6",
            clouds="3",
            scoring="damage",
            computer_1="on",
            level_1="ace",
            computer_4="on",
            level_4="veteran",
        ),
    )
    game = Game.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("referee_panel", args=[game.pk])
    assert game.referee == creator and game.status == "open"
    assert (game.title, game.time_zone, game.deadline_days, game.resolve_early) == (
        "Bloody April",
        "Europe/Paris",
        3,
        True,
    )
    assert game.settings["windless"] and game.settings["balloon_rule"] == "through"
    assert (game.settings["balloons"], game.settings["clouds"], game.settings["scoring"]) == (
        6,
        3,
        "damage",
    )
    computers = {s.number: s.computer_level for s in game.seats.filter(computer=True)}
    assert computers == {1: "ace", 4: "veteran"}
    assert not game.scored


def test_a_duel_has_two_seats(client):
    client.force_login(make_user())
    client.post(reverse("game_new", args=["dogfight"]), settings_form(mode="duel"))
    assert list(Game.objects.get().seats.values_list("number", flat=True)) == [0, 3]


def test_an_unfair_balloon_count_shows_the_engines_message_and_creates_nothing(client):
    client.force_login(make_user())
    response = client.post(
        reverse("game_new", args=["dogfight"]), settings_form(balloon_rule="normal", balloons="4")
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "4 balloons cannot be placed fairly here; possible: 0, 1, 6, 7, 12, 13" in page
    assert not Game.objects.exists()


def test_a_computer_pilot_in_a_seat_a_duel_does_not_have_is_refused(client):
    client.force_login(make_user())
    response = client.post(
        reverse("game_new", args=["dogfight"]), settings_form(mode="duel", computer_2="on")
    )
    assert "a seat this game does not have" in response.content.decode()
    assert not Game.objects.exists()


def test_too_many_clouds_are_refused_by_the_form(client):
    client.force_login(make_user())
    response = client.post(reverse("game_new", args=["dogfight"]), settings_form(clouds="13"))
    assert response.status_code == 200
    assert not Game.objects.exists()


def test_a_windless_game_with_legacy_weather_is_refused_clearly(client):
    client.force_login(make_user())
    response = client.post(
        reverse("game_new", args=["dogfight"]),
        settings_form(windless="on", legacy_weather="on"),
        follow=True,
    )
    assert not Game.objects.exists()
    assert "choose windless or legacy weather, not both" in response.content.decode()


def test_a_windless_game_offers_no_wind_control(client):
    referee = make_user()
    client.force_login(referee)
    windless = make_dogfight(referee, humans={0: make_user()}, windless=True)
    windy = make_dogfight(referee, humans={0: make_user()})
    panel = client.get(reverse("referee_panel", args=[windless.pk])).content.decode()
    assert "The wind of this round" not in panel and 'name="wind"' not in panel
    panel = client.get(reverse("referee_panel", args=[windy.pk])).content.decode()
    assert "The wind of this round" in panel and 'name="wind"' in panel
