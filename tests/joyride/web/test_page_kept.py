"""The seat page is kept whole while a round is open (``views.seat_page``, its parts by
``views._context``, the whole page by ``games.table.render_kept_table``): a page shown again
draws none of its parts, and the kept page follows everything it shows: the seat's plan sealed,
the run resolved into the gadget pick, the pick sealed, a seat's new name, the viewer's saved
language; the status line's deadline is in the viewer's time zone and its countdown is the
request's, never kept."""

import json
import re

import pytest

from games.models import Profile, Seat
from games.templatetags import clock
from joyride import views

from .helpers import legal_plan, make_game, open_round, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def drawn(monkeypatch) -> list[str]:
    """The seats' names whose page parts ``views._parts`` draws from now on, in turn."""
    names: list[str] = []
    real = views._parts

    def counted(context):
        names.append(str(context["seat"]))
        return real(context)

    monkeypatch.setattr(views, "_parts", counted)
    return names


def seal(client, game, number: int, tiles: int) -> None:
    plan = legal_plan(open_round(game).state, number, tiles)
    client.post(url(game, number, "build"), {"do": "text", "plan": json.dumps(plan)})
    assert client.post(url(game, number, "submit")).status_code == 302


def page(client, game, number: int = 0) -> str:
    response = client.get(url(game, number))
    assert response.status_code == 200
    return response.content.decode()


def test_a_page_shown_again_draws_none_of_its_parts(client, alice, bob, drawn):
    game = make_game(alice, bob)
    client.force_login(alice)
    views._KEPT.clear()
    first, second = page(client, game), page(client, game)
    assert drawn == ["alice"] and 'id="builder"' in second
    assert first.count('class="lab-wrap"') == second.count('class="lab-wrap"') == 1


def test_the_kept_page_follows_the_plan_sealed_the_run_resolved_and_the_pick(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_game(alice, bob)
    client.force_login(alice)
    assert 'id="builder"' in page(client, game)  # kept
    seal(client, game, 0, 3)
    sealed = page(client, game)
    assert '<section class="sealed">' in sealed and 'id="builder"' not in sealed
    client.force_login(bob)
    with django_capture_on_commit_callbacks(execute=True):
        seal(client, game, 1, 3)
    client.force_login(alice)
    pick = page(client, game)
    assert '<section class="pick">' in pick and '<section class="sealed">' not in pick
    offered = open_round(game).state["gadgets"]["revealed"]
    client.post(url(game, 0, "pick"), {"choice_1": offered[0]})
    assert '<p class="status">Your pick is sealed:' in page(client, game)


def test_the_kept_page_shows_a_seat_s_new_name(client, alice, bob):
    game = make_game(alice, bob)
    client.force_login(alice)
    assert "<h1>alice " in page(client, game)
    Seat.objects.filter(game=game, number=0).update(name="Barry")
    renamed = page(client, game)
    assert "<h1>Barry " in renamed and "<title>Barry — Test joyride</title>" in renamed


def test_the_kept_page_follows_the_viewer_s_saved_language(client, alice, bob):
    game = make_game(alice, bob)
    client.force_login(alice)
    english = page(client, game)
    assert "Build your run" in english and "Run 1 of 3" in english
    profile = Profile.objects.get(user=alice)
    profile.language = "de"
    profile.save()
    german = page(client, game)
    assert "Build your run" not in german and "Run 1 of 3" not in german
    assert "<h2>Standings</h2>" not in german and "<h2>On the board</h2>" not in german


def stamp(html: str) -> str:
    """The status line's deadline as the page writes it."""
    return re.search(r"<time datetime=[^>]*>([^<]*)</time>", html)[1]


def test_the_deadline_is_in_the_viewer_s_zone_and_its_countdown_is_the_request_s(
    client, alice, bob, monkeypatch
):
    game = make_game(alice, bob)
    client.force_login(alice)
    monkeypatch.setattr(clock, "remaining", lambda moment: "in 47 h 59 min")
    berlin = page(client, game)
    assert "(in 47 h 59 min)" in berlin and stamp(berlin).endswith(("CET", "CEST"))
    monkeypatch.setattr(clock, "remaining", lambda moment: "in 47 h 58 min")
    later = page(client, game)
    assert "(in 47 h 58 min)" in later and "in 47 h 59 min" not in later
    profile = Profile.objects.get(user=alice)
    profile.time_zone = "Asia/Tokyo"
    profile.save()
    assert stamp(page(client, game)).endswith("JST")
