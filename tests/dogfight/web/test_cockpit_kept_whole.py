"""The pilot's page kept whole (``games.table.render_kept_table``): a named pilot's page without
fields is drawn once for what the page's read holds, his language and zone and the countdown's
words, and then served as the site's frame around the kept text with the request's own CSRF
token. It is the page drawn afresh, and it changes with an order, chatter, a resolution, a name,
the language, the zone and the time left; another pilot never gets it."""

import re
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from dogfight import views
from games import live, resolution, table, token_slots, viewer
from games.models import Profile, Seat
from tests.factories import make_dogfight, make_user, open_round
from tests.helpers import chatter_url, cockpit, fast_passwords, order_post, orders_url  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]

TOKEN = re.compile(r'(csrfmiddlewaretoken" value="|"X-CSRFToken": ")([A-Za-z0-9]+)')


@pytest.fixture
def alice():
    return make_user("alice")


@pytest.fixture
def game(alice):
    """Alice in seat 0 as "Red Falcon", Bob in seat 2 as "Blue Max", round 1 open."""
    bob = make_user("bob")
    game = make_dogfight(humans={0: alice, 2: bob})
    Seat.objects.filter(game=game, number=0).update(name="Red Falcon")
    Seat.objects.filter(game=game, number=2).update(name="Blue Max")
    return game


@pytest.fixture
def pilot(client, alice):
    client.force_login(alice)
    return client


def page(client, game, number: int = 0, language: str = "en") -> str:
    response = client.get(cockpit(game, number), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def without_tokens(html: str) -> str:
    return TOKEN.sub(r"\1TOKEN", html)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_kept_page_is_the_page_drawn_afresh(pilot, game, monkeypatch, language):
    table.forget_kept_pages()
    first = page(pilot, game, language=language)
    assert len(table._kept_pieces) and len(table._kept_pages)  # kept ...
    kept = page(pilot, game, language=language)
    with monkeypatch.context() as patched:  # ... and the page as render_table draws it
        patched.setattr(
            table,
            "render_kept_table",
            lambda request, template, page, build, more=(): table.render_table(
                request, template, build(), page
            ),
        )
        views._KEPT.clear()
        drawn = page(pilot, game, language=language)

    assert without_tokens(kept) == without_tokens(first) == without_tokens(drawn)
    assert '<form id="orders"' in kept and "Red Falcon" in kept


def test_each_answer_has_its_own_valid_csrf_token_and_never_the_stand_in(alice, game):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    first, second = page(browser, game), page(browser, game)
    tokens = [{token for _, token in TOKEN.findall(html)} for html in (first, second)]

    # one token a page, in the body's header for htmx and in every form
    assert len(tokens[0]) == len(tokens[1]) == 1 and tokens[0] != tokens[1]
    assert second.count("csrfmiddlewaretoken") >= 3  # the header's two forms, the orders
    assert token_slots.STAND_IN not in first + second
    post = order_post(["TB", "TB", "A"]) | {"csrfmiddlewaretoken": tokens[1].pop()}
    assert browser.post(orders_url(game, 0), post).status_code == 302  # the token is valid


def test_the_page_shows_the_orders_once_they_are_in_and_the_message_once(pilot, game):
    before = page(pilot, game)
    response = pilot.post(orders_url(game, 0), order_post(["TB", "TB", "A"]), follow=True)
    after, again = response.content.decode(), page(pilot, game)

    assert '<form id="orders"' in before and 'class="orders-in"' not in before
    assert '<form id="orders"' not in after and 'class="orders-in"' in after
    assert "Your orders are in. They are final" in after  # the message, in the frame ...
    assert without_tokens(again).count("Your orders are in. They are final") == 1  # ... once


def test_the_page_shows_saved_chatter(pilot, game):
    before = page(pilot, game)
    pilot.post(chatter_url(game, 0), {"l1": "Tally ho!"})

    assert "Tally ho!" not in before and 'value="Tally ho!"' in page(pilot, game)


def test_the_page_follows_the_resolution_of_its_round(pilot, game):
    before = page(pilot, game)
    rnd = open_round(game)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    after = page(pilot, game)

    assert "Round 1 · orders due" in before and "Round 2 · orders due" in after


def test_the_page_follows_another_pilots_new_name(pilot, game):
    before = page(pilot, game)
    Seat.objects.filter(game=game, number=2).update(name="Grey Owl")

    assert "Blue Max" in before and "Grey Owl" not in before
    assert "Grey Owl" in page(pilot, game) and "Blue Max" not in page(pilot, game)


def test_the_page_follows_the_pilots_language_and_zone(pilot, game, alice):
    english = page(pilot, game)
    profile = Profile.objects.get(user=alice)
    profile.language, profile.time_zone = "de", "Asia/Tokyo"
    profile.save()  # drops the cached preferences
    german = page(pilot, game)

    assert "Round 1 · orders due" in english and "Round 1 · orders due" not in german
    assert "Runde 1" in german
    assert " JST</time>" in german and " JST</time>" not in english


def test_the_countdown_follows_the_time_left(pilot, game, monkeypatch):
    now = timezone.now()
    before = page(pilot, game)
    monkeypatch.setattr(timezone, "now", lambda: now + timedelta(hours=3))
    later = page(pilot, game)
    countdown = re.compile(r'<span class="countdown">\(([^)]*)\)</span>')

    assert countdown.findall(before) != countdown.findall(later)


def test_another_pilot_gets_his_own_page(game, alice):
    pages = {}
    for user, number in ((alice, 0), (Seat.objects.get(game=game, number=2).user, 2)):
        client = Client()
        client.force_login(user)
        pages[number] = (page(client, game, number), page(client, game, number))

    assert all("<h1>Red Falcon " in html for html in pages[0])
    assert all("<h1>Blue Max " in html for html in pages[2])
    other = Client()
    other.force_login(alice)
    assert other.get(cockpit(game, 2)).status_code == 403  # never his page, kept or not


def test_a_page_with_fields_or_an_unnamed_seat_is_drawn_each_time(pilot, game):
    table.forget_kept_pages()
    pilot.get(cockpit(game, 0), {"m1": "TA"})
    Seat.objects.filter(game=game, number=0).update(name="")
    page(pilot, game)

    assert not len(table._kept_pieces) and not len(table._kept_pages)


def test_the_kept_page_follows_the_headers_count_of_games_waiting(pilot, game, alice):
    before = page(pilot, game)
    make_dogfight(humans={1: alice})  # a second game waits on her orders ...
    cache.delete(viewer.waiting_key(alice.pk))  # ... and her count is dropped (at the commit)

    assert "Your move: 1 game<" in before and "Your move: 2 games<" in page(pilot, game)


def test_the_kept_page_follows_the_live_hooks_version(pilot, game):
    version = re.compile(r'data-version="([^"]*)"')
    before = page(pilot, game)
    live.changed([game.pk])  # news of the game that the page's own read does not hold
    after = page(pilot, game)

    assert version.findall(before) and version.findall(before) != version.findall(after)
