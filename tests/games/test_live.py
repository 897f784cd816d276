"""Live pages (games/live.py): a page that waits on others carries its game's version, and the
live check answers 304 until the game changes, from one read, marking the person as watching."""

import re

import pytest
from django.urls import reverse

from games import live, presence, registry, resolution, services
from games.models import Game
from tests.factories import GROUND_ORDERS, make_dogfight, make_user, open_round

pytestmark = pytest.mark.django_db


def _hook(html: str) -> dict[str, str] | None:
    """The live script's data on a page, None if the page has no live hook."""
    tag = re.search(r'<script src="[^"]*js/live\.js"([^>]*)>', html)
    return dict(re.findall(r'data-([a-z]+)="([^"]*)"', tag.group(1))) if tag else None


@pytest.fixture
def game():
    return make_dogfight(humans={0: make_user("alice"), 1: make_user("bob")})


def _check(client, game, version: str | None = None):
    headers = {"HTTP_IF_NONE_MATCH": f'"{version}"'} if version else {}
    return client.get(reverse("live", args=[game.pk]), **headers)


def test_a_seat_page_and_the_public_page_carry_the_version_the_check_answers(client, game):
    client.force_login(game.seats.get(number=0).user)
    hook = _hook(client.get(f"/dogfight/games/{game.pk}/seat/0/").content.decode())
    assert hook is not None
    assert hook["url"] == reverse("live", args=[game.pk])
    assert hook["round"] == "1" and hook["seconds"] == "2" and hook["keep"] == "#orders"
    assert _hook(client.get(reverse("game", args=[game.pk])).content.decode()) == hook
    answer = _check(client, game, hook["version"])
    assert answer.status_code == 304 and answer["ETag"] == f'"{hook["version"]}"'
    assert "no-store" in answer["Cache-Control"]


def test_the_version_changes_when_a_round_is_published_and_then_answers_it(client, game):
    before = _check(client, game).json()
    assert before["round"] == 1
    for seat in game.seats.filter(computer=False):
        services.orders_submit(seat=seat, user=seat.user, payload=GROUND_ORDERS)
    resolution.round_resolve(round_id=open_round(game).pk, force=True)
    after = _check(client, game, before["version"])
    assert after.status_code == 200
    assert after.json()["round"] == 2 and after.json()["version"] != before["version"]
    assert _check(client, game, after.json()["version"]).status_code == 304


def test_a_referees_removal_and_a_games_own_news_change_the_version(client, game):
    first = _check(client, game).json()["version"]
    services.referee_remove(game=game, by=game.referee, number=1)
    removed = _check(client, game, first)
    assert removed.status_code == 200
    live.changed([game.pk])  # a game's own news, a draw offered say
    assert _check(client, game, removed.json()["version"]).status_code == 200


def test_the_check_is_one_read_and_marks_the_player_as_watching(
    client, game, django_assert_num_queries
):
    alice = game.seats.get(number=0).user
    version = _check(client, game).json()["version"]
    with django_assert_num_queries(1):
        assert _check(client, game, version).status_code == 304
    assert not presence.watching(alice.pk, game.pk)  # a spectator's check marks nobody
    client.force_login(alice)
    _check(client, game, version)
    assert presence.watching(alice.pk, game.pk)


def test_no_hook_on_a_finished_game_nor_a_page_that_does_not_wait(client, game):
    client.force_login(game.referee)
    assert _hook(client.get(reverse("referee_panel", args=[game.pk])).content.decode()) is None
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert _hook(client.get(reverse("game", args=[game.pk])).content.decode()) is None


def test_the_check_of_no_game_or_a_game_without_live_pages_is_404(client, game, monkeypatch):
    assert client.get(reverse("live", args=[game.pk + 1000])).status_code == 404
    monkeypatch.setattr(registry.get("dogfight"), "live_pages", ())
    assert _check(client, game).status_code == 404
    assert _hook(client.get(reverse("game", args=[game.pk])).content.decode()) is None


def test_the_check_takes_no_post(client, game):
    assert client.post(reverse("live", args=[game.pk])).status_code == 405


def test_a_computers_seat_given_to_a_person_is_news(
    client, game, django_capture_on_commit_callbacks
):
    version = _check(client, game).json()["version"]
    with django_capture_on_commit_callbacks(execute=True):
        services.referee_replace_computer(
            game=game, by=game.referee, number=2, user=make_user("carol")
        )
    assert _check(client, game, version).status_code == 200
