"""Notices: who gets which game mail, decided once for every game (games/notify.py), told here
with the dogfight; the games of turns have their own counts (tests/racing/web/test_racing_mail.py,
tests/duel/web/test_duel_mail.py).

A practice game played out by computers after its person's exit sends him one result mail; a
game's start goes to its players but not to who started it; the referee's removal is told; a
person who has the game's page open is not mailed; game mail goes only to a confirmed address,
at most ``GAME_MAILS_PER_DAY`` a day, each with a "no more game mail" link that works without a
login; a daily digest for those who chose it; the "your move" count is right on the next page.
"""

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from dogfight.practice import practice_game_create
from games import notify, presence, resolution, services
from games.models import Delivery, Profile, Round
from tests.factories import GROUND_ORDERS, make_dogfight, make_user, open_round, seat_of
from tests.helpers import cockpit, order_post, orders_url

pytestmark = pytest.mark.django_db


def mails_to(user) -> list:
    return [m for m in mail.outbox if m.to == [user.email]]


def resolve(game, capture) -> Round:
    rnd = open_round(game)
    with capture(execute=True):
        resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    return rnd


def link_in(text: str, path: str) -> str:
    return re.search(rf"https?://[^/\s]+({re.escape(path)}\S*)", text).group(1)


# --- a practice game the person leaves --------------------------------------------------------


@pytest.mark.slow  # the computers play the game out: some fifty rounds
def test_a_practice_dogfight_left_in_round_2_sends_its_player_one_result_mail(
    client, django_capture_on_commit_callbacks
):
    alice = make_user("alice")
    game = practice_game_create(user=alice)
    client.force_login(alice)
    assert client.get(cockpit(game, 0)).status_code == 200  # she plays on the page ...
    with django_capture_on_commit_callbacks(execute=True):
        client.post(orders_url(game, 0), order_post(["TB", "TB", "A"], name="Alice Falcon"))
    assert open_round(game).number == 2
    assert mails_to(alice) == []  # ... so round 1's "your orders are due" waits unsent

    with django_capture_on_commit_callbacks(execute=True):  # she takes herself out, as referee
        response = client.post(
            reverse("referee_remove", args=[game.pk]), {"number": 0, "confirm": "1"}
        )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == "finished" and game.rounds.count() > 3  # the computers played it out

    [result] = mails_to(alice)
    assert result.subject == f"{game.title}: the game is over"
    assert f"{game.title} is over." in result.body
    assert f"/games/{game.pk}/rounds/{game.rounds.count()}/" in result.body
    assert "earlier rounds are on the game's page" in result.body  # not every round told
    assert len(mail.outbox) == 1  # and nobody else was mailed either


# --- start, removal, presence -----------------------------------------------------------------


def test_the_start_is_mailed_to_the_players_but_not_to_who_started_it(
    django_capture_on_commit_callbacks,
):
    carol, alice, bob = make_user("carol"), make_user("alice"), make_user("bob")
    game = make_dogfight(carol, humans={0: alice, 1: bob, 2: carol}, start=False)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_start(game=game, by=carol)
    assert sorted(m.to[0] for m in mail.outbox) == [alice.email, bob.email]
    message = mails_to(alice)[0]
    assert message.subject == "Test skies has started: your turn"
    assert "your orders for round 1 are due by" in message.body
    assert f"/dogfight/games/{game.pk}/seat/0/" in message.body
    assert notify.send_start(open_round(game).pk, carol.pk) == 0  # each mail goes once
    assert Delivery.objects.filter(kind="start").count() == 2


def test_a_player_the_referee_removes_is_told_once_and_the_others_are_asked_for_orders(
    django_capture_on_commit_callbacks,
):
    carol, alice, bob = make_user("carol"), make_user("alice"), make_user("bob")
    game = make_dogfight(carol, humans={0: alice, 1: bob})
    services.referee_remove(game=game, by=carol, number=1)
    resolve(game, django_capture_on_commit_callbacks)
    [removed] = mails_to(bob)
    assert removed.subject == "Test skies: you were taken out of the game"
    assert "The referee has taken you out of Test skies." in removed.body
    [asked] = mails_to(alice)
    assert asked.subject == "Test skies: round 1 is published, your orders are due"
    resolve(game, django_capture_on_commit_callbacks)
    assert len(mails_to(bob)) == 1  # out of the game: no more rounds for him


def test_nobody_is_mailed_about_a_game_whose_page_he_has_open(
    client, django_capture_on_commit_callbacks
):
    alice, bob = make_user("alice"), make_user("bob")
    game = make_dogfight(humans={0: alice, 1: bob})
    client.force_login(alice)
    client.get(cockpit(game, 0))
    resolve(game, django_capture_on_commit_callbacks)
    assert mails_to(alice) == [] and len(mails_to(bob)) == 1
    cache.clear()  # she closed it and her mark ran out: the next round is mailed
    resolve(game, django_capture_on_commit_callbacks)
    assert len(mails_to(alice)) == 1


def test_a_late_mail_asks_for_no_round_that_is_played_already():
    """The worker may send a round's mail late: by then the next round may be over."""
    alice = make_user("alice")
    game = make_dogfight(humans={0: alice})
    first = resolve_without_mail(game)
    resolve_without_mail(game)
    assert notify.send_reports([first.pk]) == 0
    assert mail.outbox == []


def test_presence_never_fails_a_page_when_the_cache_does_not_answer(settings):
    settings.CACHES = {
        "default": {  # Django's own Redis cache, which raises when Redis is away
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:9/0",  # nothing listens there
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    presence.touch(1, 1)
    assert presence.watching(1, 1) is False and presence.watchers([1], 1) == set()


def test_while_the_cache_is_down_a_player_on_the_page_is_mailed_all_the_same(
    settings, client, django_capture_on_commit_callbacks
):
    from config.settings import cache_aliases, shared_cache

    # production's, down
    settings.CACHES = cache_aliases(shared_cache("redis://127.0.0.1:9/0"), settings.RELEASE)
    alice = make_user("alice")
    game = make_dogfight(humans={0: alice})
    client.force_login(alice)
    assert client.get(cockpit(game, 0)).status_code == 200
    resolve(game, django_capture_on_commit_callbacks)
    assert len(mails_to(alice)) == 1


def resolve_without_mail(game) -> Round:
    rnd = open_round(game)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)  # its mail waits for a commit
    return rnd


# --- confirmed addresses only ----------------------------------------------------------------


def test_an_unconfirmed_address_gets_no_game_mail(django_capture_on_commit_callbacks):
    carol = make_user("carol")
    stranger = make_user("mallory", email="victim@example.invalid", confirmed=False)
    game = make_dogfight(carol, humans={0: stranger}, start=False, title="CHEAP WATCHES")
    with django_capture_on_commit_callbacks(execute=True):
        services.game_start(game=game, by=carol)
    for _ in range(3):
        resolve(game, django_capture_on_commit_callbacks)
    Round.objects.filter(pk=open_round(game).pk).update(
        deadline=timezone.now() + timedelta(hours=1)
    )
    assert notify.send_reminders(timezone.now()) == 0
    assert mail.outbox == []


def test_signing_up_mails_a_link_that_confirms_the_address_without_a_login(
    client, django_capture_on_commit_callbacks
):
    client.post(
        reverse("signup"),
        {
            "username": "wilma",
            "email": "wilma@example.invalid",
            "password1": "a-long-secret-9",
            "password2": "a-long-secret-9",
        },
    )
    [confirmation] = mail.outbox
    assert confirmation.to == ["wilma@example.invalid"]
    assert "no game mail goes to it" in confirmation.body
    page = client.get(reverse("my_games")).content.decode()
    assert "is not confirmed yet" in page

    link = link_in(confirmation.body, "/accounts/confirm/")
    response = Client().get(link)  # another browser, logged in nowhere
    assert response.status_code == 200 and "is confirmed" in response.content.decode()
    wilma = Profile.objects.get(user__username="wilma")
    assert wilma.confirmed_email == "wilma@example.invalid"
    assert "which you confirmed" in client.get(reverse("my_games")).content.decode()

    mail.outbox.clear()
    game = make_dogfight(humans={0: wilma.user})
    resolve(game, django_capture_on_commit_callbacks)
    assert len(mails_to(wilma.user)) == 1


def test_a_confirmation_link_holds_only_for_the_address_it_was_sent_to(client):
    wilma = make_user("wilma", confirmed=False)
    client.force_login(wilma)
    client.post(reverse("confirm_email_again"))
    link = link_in(mail.outbox[0].body, "/accounts/confirm/")
    wilma.email = "new@example.invalid"
    wilma.save()
    assert client.get(link).status_code == 400
    assert Profile.objects.get(user=wilma).confirmed_email == ""
    assert client.get(link[:-8] + "abcdefg/").status_code == 400  # tampered with


def test_asking_for_the_link_again_is_limited(client):
    wilma = make_user("wilma", confirmed=False)
    client.force_login(wilma)
    answers = [client.post(reverse("confirm_email_again")).status_code for _ in range(4)]
    assert answers == [302, 302, 302, 429]
    assert len(mail.outbox) == 3


# --- the cap and the link that turns it all off --------------------------------------------


def test_the_cap_holds_per_person(settings, django_capture_on_commit_callbacks):
    settings.GAME_MAILS_PER_DAY = 2
    alice, bob = make_user("alice"), make_user("bob")
    game = make_dogfight(humans={0: alice})
    Delivery.objects.create(  # a mail of another game, sent an hour ago
        user=bob, round=open_round(game), kind="reminder", sent_at=timezone.now()
    )
    other = make_dogfight(humans={0: bob})
    for _ in range(3):
        resolve(game, django_capture_on_commit_callbacks)
        resolve(other, django_capture_on_commit_callbacks)
    assert len(mails_to(alice)) == 2 and len(mails_to(bob)) == 1
    Delivery.objects.update(sent_at=timezone.now() - timedelta(days=1, minutes=1))
    rnd = open_round(game)  # a day later: mail again (a reminder before round 4's deadline)
    Round.objects.filter(pk=rnd.pk).update(deadline=timezone.now() + timedelta(hours=1))
    assert notify.send_reminders(timezone.now()) == 1
    assert len(mails_to(alice)) == 3


def test_every_game_mail_has_a_link_that_turns_game_mail_off_without_a_login(
    django_capture_on_commit_callbacks,
):
    alice = make_user("alice")
    game = make_dogfight(humans={0: alice})
    resolve(game, django_capture_on_commit_callbacks)
    [message] = mail.outbox
    link = link_in(message.body, "/mail/off/")
    assert message.extra_headers["List-Unsubscribe"] == f"<http://localhost:8000{link}>"
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"

    stranger = Client()
    page = stranger.get(link)  # a mail scanner opening every link changes nothing
    assert page.status_code == 200 and "Turn off all game mail" in page.content.decode()
    assert Profile.objects.get(user=alice).notices == "every"
    done = stranger.post(link)  # the one click
    assert done.status_code == 200 and "no more game mail" in done.content.decode()
    profile = Profile.objects.get(user=alice)
    assert profile.notices == "none" and not profile.mail_reminders

    resolve(game, django_capture_on_commit_callbacks)
    Round.objects.filter(pk=open_round(game).pk).update(
        deadline=timezone.now() + timedelta(hours=1)
    )
    assert notify.send_reminders(timezone.now()) == 0
    assert len(mail.outbox) == 1


def test_a_mail_programs_one_click_unsubscribe_and_a_forged_link(
    django_capture_on_commit_callbacks,
):
    alice, bob = make_user("alice"), make_user("bob")
    game = make_dogfight(humans={0: alice, 1: bob})
    resolve(game, django_capture_on_commit_callbacks)
    header = mails_to(alice)[0].extra_headers["List-Unsubscribe"].strip("<>")
    response = Client().post(header, {"List-Unsubscribe": "One-Click"})  # RFC 8058
    assert response.status_code == 200
    assert Profile.objects.get(user=alice).notices == "none"
    assert Profile.objects.get(user=bob).notices == "every"
    forged = Client().post(reverse("mail_off", args=[f"{bob.pk}:forged:signature"]))
    assert forged.status_code == 400
    assert Profile.objects.get(user=bob).notices == "every"


# --- the choice on "My games" -----------------------------------------------------------------


def test_my_games_offers_the_three_choices_and_says_who_gets_what(client):
    alice = make_user("alice")
    client.force_login(alice)
    page = client.get(reverse("my_games")).content.decode()
    for choice in ("every", "turn", "digest", "none"):
        assert f'type="radio" name="notices" value="{choice}"' in page
    assert "Never for the computer players’ moves" in page
    assert "which you confirmed" in page
    german = client.get(reverse("my_games"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Welche E-Mails du bekommst" in german


def test_settings_sent_without_the_choice_keep_it(client):
    alice = make_user("alice", notices="digest")
    client.force_login(alice)
    response = client.post(reverse("my_games"), {"time_zone": "Asia/Tokyo"})
    assert response.status_code == 302
    profile = Profile.objects.get(user=alice)
    assert profile.time_zone == "Asia/Tokyo" and profile.notices == "digest"
    client.post(reverse("my_games"), {"time_zone": "Asia/Tokyo", "notices": "turn"})
    assert Profile.objects.get(user=alice).notices == "turn"
    response = client.post(reverse("my_games"), {"time_zone": "UTC", "notices": "spam"})
    assert response.status_code == 200 and "Select a valid choice" in response.content.decode()
    assert Profile.objects.get(user=alice).notices == "turn"


def test_a_daily_digest_instead_of_mail_as_things_happen(django_capture_on_commit_callbacks):
    alice = make_user("alice", notices="digest", time_zone="Asia/Tokyo", language="de")
    bob = make_user("bob")
    game = make_dogfight(humans={0: alice, 1: bob})
    resolve(game, django_capture_on_commit_callbacks)
    resolve(game, django_capture_on_commit_callbacks)
    assert mails_to(alice) == [] and len(mails_to(bob)) == 2

    tokyo = ZoneInfo("Asia/Tokyo")
    six = datetime.combine(timezone.now().astimezone(tokyo).date(), datetime.min.time(), tokyo)
    assert notify.send_digests(six + timedelta(hours=6)) == 0  # not her hour yet
    assert notify.send_digests(six + timedelta(hours=7, minutes=1)) == 1
    [digest] = mails_to(alice)
    assert digest.subject == "Skies: deine tägliche Übersicht"
    assert "Test skies" in digest.body and f"/dogfight/games/{game.pk}/seat/0/" in digest.body
    assert "2 Runden" in digest.body and "/mail/off/" in digest.body
    assert notify.send_digests(six + timedelta(hours=7, minutes=30)) == 0  # once a day
    assert notify.send_digests(six + timedelta(days=1, hours=7)) == 1  # the next day's


# --- "your move" -------------------------------------------------------------------------------


def test_the_your_move_count_is_right_on_the_next_page_after_a_round_is_published(
    client, django_capture_on_commit_callbacks
):
    alice = make_user("alice")
    game = make_dogfight(humans={0: alice})
    client.force_login(alice)
    assert "Your move: 1 game" in client.get(reverse("lobby")).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        services.orders_submit(seat=seat_of(game, alice), user=alice, payload=GROUND_ORDERS)
    assert "Your move" not in client.get(reverse("lobby")).content.decode()
    resolve(game, django_capture_on_commit_callbacks)  # round 2 opens: her orders are due again
    page = client.get(reverse("lobby")).content.decode()
    assert "Your move: 1 game" in page
    assert "Orders due" in client.get(reverse("my_games")).content.decode()
