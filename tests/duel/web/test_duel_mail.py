"""A duel's mail: after each action only the player who must act next gets "your turn" (the one
who just acted gets nothing); at the end both get "the duel is over"."""

import pytest
from django.core import mail

from duel import services as duel_services

from .helpers import act, fly, make_duel, placed

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
