"""A duel's mail: after each action only the player who must act next gets "your turn" (the one
who just acted gets nothing), and not while he has his page open; at the end both get "the duel
is over"; a draw offer goes to the opponent, if his address is confirmed."""

import pytest
from django.core import mail
from django.core.cache import cache
from django.urls import reverse

from duel import services as duel_services
from tests.factories import make_user

from .helpers import act, fly, make_duel, page_url, placed, stay

pytestmark = pytest.mark.django_db


def test_your_turn_goes_only_to_the_player_who_must_act(
    alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob)
    placed(game, alice, bob, django_capture_on_commit_callbacks)
    mail.outbox.clear()
    act(game, alice, fly("A1", 4), django_capture_on_commit_callbacks)
    assert [(m.to, m.subject) for m in mail.outbox] == [
        (["bob@example.invalid"], "Test duel: your turn")
    ]
    assert "A1 flew to [2, 4]." in mail.outbox[0].body
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        duel_services.duel_resign(game=game, user=bob)
    assert sorted((m.to[0], m.subject) for m in mail.outbox) == [
        ("alice@example.invalid", "Test duel: the duel is over"),
        ("bob@example.invalid", "Test duel: the duel is over"),
    ]


def test_a_draw_offer_is_mailed_to_the_opponent_with_a_link_to_his_page(
    alice, bob, settings, django_capture_on_commit_callbacks
):
    settings.SITE_URL = "https://skies.example"
    game = make_duel(alice, bob)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        duel_services.draw_offer(game=game, user=alice)
    [sent] = mail.outbox
    assert sent.to == ["bob@example.invalid"] and sent.subject == "Test duel: alice offers a draw"
    assert f"https://skies.example/duel/games/{game.pk}/seat/1/" in sent.body


def test_no_your_turn_mail_while_the_player_has_his_page_open(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob)
    placed(game, alice, bob, django_capture_on_commit_callbacks)
    client.force_login(bob)
    assert client.get(page_url(game, 1)).status_code == 200  # bob watches the duel
    mail.outbox.clear()
    act(game, alice, fly("A1", 4), django_capture_on_commit_callbacks)
    assert mail.outbox == []  # he sees her move on his page
    act(game, bob, stay("B1"), django_capture_on_commit_callbacks)
    assert [m.to for m in mail.outbox] == [[alice.email]]  # she is not on hers
    cache.clear()  # he left his page and his mark ran out
    mail.outbox.clear()
    act(game, alice, fly("A1", 3), django_capture_on_commit_callbacks)
    assert [(m.to, m.subject) for m in mail.outbox] == [
        (["bob@example.invalid"], "Test duel: your turn")
    ]


def test_a_draw_offer_goes_only_to_a_confirmed_address(alice, django_capture_on_commit_callbacks):
    stranger = make_user("mallory", confirmed=False)
    game = make_duel(alice, stranger)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        duel_services.draw_offer(game=game, user=alice)
    assert mail.outbox == []


def test_the_your_move_count_follows_the_opponents_action_on_the_next_page(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob)
    placed(game, alice, bob, django_capture_on_commit_callbacks)
    client.force_login(bob)
    lobby = reverse("lobby")
    assert "Your move" not in client.get(lobby).content.decode()  # alice moves first
    act(game, alice, fly("A1", 4), django_capture_on_commit_callbacks)
    assert "Your move: 1 game" in client.get(lobby).content.decode()
    assert "Orders due" in client.get(reverse("my_games")).content.decode()
    act(game, bob, stay("B1"), django_capture_on_commit_callbacks)
    assert "Your move" not in client.get(lobby).content.decode()
