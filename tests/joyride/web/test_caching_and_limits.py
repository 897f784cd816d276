"""The builder shows a player's sealed plan as it grows: its page, its htmx answers, the live
check, a refused seal and the pick form are never stored by a browser or a proxy, and the
builder's answers vary on ``HX-Request``. Seals and picks sent to a seat are limited as every
game's orders are, solo games as practice games are; a tampered pick field is refused, never a
500."""

import pytest
from django.urls import reverse
from django.utils.cache import has_vary_header

from games.models import Game, Order
from joyride.models import PlanDraft

from .helpers import HTMX, make_game, url

pytestmark = pytest.mark.django_db


def never_stored(response) -> bool:
    directives = {part.strip() for part in response["Cache-Control"].split(",")}
    return {"no-store", "private"} <= directives


def test_the_builder_and_its_answers_are_never_stored(client, alice, bob):
    game = make_game(alice, bob)
    client.force_login(alice)
    page = client.get(url(game, 0))
    built = client.post(url(game, 0, "build"), {"do": "stop"}, **HTMX)
    checked = client.get(url(game, 0, "check"), {"plan": ""}, **HTMX)
    refused = client.post(url(game, 0, "submit"), {"round": "99"})
    assert (page.status_code, built.status_code, checked.status_code, refused.status_code) == (
        200,
        200,
        200,
        400,
    )
    assert all(never_stored(r) for r in (page, built, checked, refused))
    assert has_vary_header(built, "HX-Request")


def test_seals_sent_to_a_seat_are_limited(client, alice, bob, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "orders_per_seat": "2/h"}
    game = make_game(alice, bob)
    client.force_login(alice)
    answers = [client.post(url(game, 0, "submit"), {"round": "99"}).status_code for _ in range(3)]
    assert answers == [400, 400, 429]
    assert not Order.objects.filter(seat__user=alice).exists()


def test_solo_games_are_limited_as_practice_games(client, alice, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "practice_games_per_person": "1/h"}
    client.force_login(alice)
    assert client.post(reverse("joyride:solo")).status_code == 302
    assert client.post(reverse("joyride:solo")).status_code == 429
    assert Game.objects.filter(referee=alice).count() == 1


def test_a_pick_field_that_is_no_plain_number_is_refused_without_a_500(client, alice, bob):
    game = make_game(alice, bob)
    client.force_login(alice)
    answer = client.post(url(game, 0, "pick"), {"choice_\u00b2": "GS-01", "round": "2"})
    assert answer.status_code == 400
    assert not Order.objects.filter(seat__user=alice).exists()


def test_a_deeply_nested_plan_is_refused_with_a_400_never_a_500(client, alice, bob):
    game = make_game(alice, bob)
    client.force_login(alice)
    deep = '{"tiles": ' + "[" * 3000 + "]" * 3000 + "}"
    built = client.post(url(game, 0, "build"), {"do": "text", "plan": deep})
    checked = client.get(url(game, 0, "check"), {"plan": deep})
    assert (built.status_code, checked.status_code) == (400, 400)
    for answer in (built, checked):
        assert "nested deeper than a plan can be" in answer.content.decode()
    partial = client.get(url(game, 0, "check"), {"plan": deep}, HTTP_HX_REQUEST="true")
    assert partial.status_code == 200 and "nested deeper" in partial.content.decode()
    assert all(not d.plan["tiles"] for d in PlanDraft.objects.filter(seat__number=0))


def test_builder_clicks_are_limited_per_seat(client, alice, bob, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "draft_edits_per_seat": "3/h"}
    game = make_game(alice, bob)
    client.force_login(alice)
    answers = [
        client.post(url(game, 0, "build"), {"do": "clear"}, HTTP_HX_REQUEST="true").status_code
        for _ in range(4)
    ]
    assert answers == [200, 200, 200, 429]
