"""What the seat page keeps beyond a request: each waiting fighter's choices on the turn form,
rendered once per process for each fighter's choices and language (``views._fighter_choice``),
the last action's replay address and the asteroid phase's hexes in the round's cache. What
comes from a cache equals what is drawn afresh, and the page shows what is new as soon as its
data change."""

import re

import pytest
from django.urls import reverse

from duel import kept, views
from duel.plugin import RULES
from games import table
from games.kept import cache
from games.models import Round

from .helpers import act, fly, make_duel, open_round, page_url, stay

pytestmark = pytest.mark.django_db


def turn_form(page: bytes) -> str:
    return re.search(r'<form id="turn-form".*?</form>', page.decode(), re.DOTALL).group(0)


def test_the_turn_form_from_the_cache_equals_the_form_drawn_afresh(client, alice, turn_one):
    client.force_login(alice)
    url = page_url(turn_one, 0)
    views._fighter_choice.cache_clear()
    afresh = turn_form(client.get(url).content)
    kept.bodies.clear()  # the page's body drawn again, its choices from their cache
    table.forget_kept_pages()
    cached = turn_form(client.get(url).content)

    assert views._fighter_choice.cache_info().hits >= 1
    assert cached == afresh
    assert '<div class="fighter-choice">\n      <strong>A1</strong> (Wasp, docked)' in cached
    assert '<button type="submit" name="do" value="pick:A1">Fly A1</button>' in cached


def test_a_fighter_in_flight_is_offered_with_its_speed(
    client, alice, bob, turn_one, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    before = turn_form(client.get(page_url(turn_one, 0)).content)
    act(turn_one, alice, fly("A1", 4), django_capture_on_commit_callbacks)
    act(turn_one, bob, stay("B1"), django_capture_on_commit_callbacks)
    after = turn_form(client.get(page_url(turn_one, 0)).content)

    assert "<strong>A1</strong> (Wasp, docked)" in before
    assert "<strong>A1</strong> (Wasp, speed 4)" in after
    assert 'value="stay:A1"' in before and 'value="stay:A1"' not in after


def test_each_language_has_its_own_choices(client, alice, turn_one):
    client.force_login(alice)
    url = page_url(turn_one, 0)
    english = turn_form(client.get(url, HTTP_ACCEPT_LANGUAGE="en").content)
    german = turn_form(client.get(url, HTTP_ACCEPT_LANGUAGE="de").content)

    assert "Fly A1</button>" in english and "Fly A1</button>" not in german
    assert "(Wasp, docked)" in english and "(Wasp, docked)" not in german


def replay_link(page: bytes) -> str:
    return re.search(r'<a href="([^"]*)">watch the replay</a>', page.decode()).group(1)


def last_report(game) -> str:
    published = game.rounds.filter(status=Round.Status.PUBLISHED)
    return reverse("round_report", args=[game.pk, max(r.number for r in published)])


def test_the_last_actions_replay_link_follows_each_new_round(
    client, alice, bob, turn_one, django_capture_on_commit_callbacks
):
    client.force_login(bob)
    act(turn_one, alice, fly("A1", 4), django_capture_on_commit_callbacks)
    first = client.get(page_url(turn_one, 1)).content
    cached = client.get(page_url(turn_one, 1)).content
    first_report = last_report(turn_one)
    act(turn_one, bob, stay("B1"), django_capture_on_commit_callbacks)
    act(turn_one, alice, fly("A1", 3), django_capture_on_commit_callbacks)
    after = client.get(page_url(turn_one, 1)).content

    assert replay_link(first) == replay_link(cached) == first_report
    assert replay_link(after) == last_report(turn_one) != first_report


def asteroid_options(page: bytes) -> list[str]:
    form = re.search(r'<select id="asteroid-hex".*?</select>', page.decode(), re.DOTALL).group(0)
    return re.findall(r'<option value="(\d+,\d+)"', form)


def test_the_asteroid_hexes_from_the_cache_equal_those_asked_afresh(client, alice, bob):
    game = make_duel(alice, bob, asteroids=2)
    rnd = open_round(game)
    [seat] = RULES.active_seats(rnd.state)
    client.force_login(alice if seat == 0 else bob)
    afresh = client.get(page_url(game, seat)).content
    cached = client.get(page_url(game, seat)).content

    assert cache.get(f"duel-asteroid-hexes:{rnd.pk}:{seat}") is not None
    assert asteroid_options(cached) == asteroid_options(afresh)
    assert asteroid_options(afresh) == [
        f"{c},{r}" for c, r in RULES.choices(rnd.state, seat)["hexes"]
    ]


def test_a_placed_asteroid_leaves_the_next_rounds_hexes(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob, asteroids=2)
    [seat] = RULES.active_seats(open_round(game).state)
    user = alice if seat == 0 else bob
    client.force_login(user)
    before = asteroid_options(client.get(page_url(game, seat)).content)
    col, row = (int(n) for n in before[0].split(","))
    act(game, user, {"type": "asteroid", "hex": [col, row]}, django_capture_on_commit_callbacks)
    [other] = RULES.active_seats(open_round(game).state)
    client.force_login(alice if other == 0 else bob)
    after = asteroid_options(client.get(page_url(game, other)).content)

    assert before[0] not in after
    assert after == [f"{c},{r}" for c, r in RULES.choices(open_round(game).state, other)["hexes"]]
