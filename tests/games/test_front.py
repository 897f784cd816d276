"""The front door without a browser: the boards as pictures (each game's own board code through
the plug, SVG for cards and PNG for link previews), the home page, a practice game one click
away, the lobby's filters, link previews, the manifest, and seats counted from 1."""

from __future__ import annotations

import json
import re

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.urls import reverse

from games import pictures, registry, selectors, services
from games.models import Game, Round, Seat
from tests.factories import GROUND_ORDERS, make_dogfight, make_user

pytestmark = pytest.mark.django_db
GAMES = ("dogfight", "duel", "racing", "joyride")
PNG = b"\x89PNG\r\n\x1a\n"


def published(django_capture_on_commit_callbacks) -> Game:
    """A dogfight whose round 1 is published and round 2 open (Alice against computers)."""
    alice = make_user("alice")
    game = make_dogfight(humans={0: alice}, resolve_early=True, title="First light")
    with django_capture_on_commit_callbacks(execute=True):
        services.orders_submit(seat=game.seats.get(number=0), user=alice, payload=GROUND_ORDERS)
    assert game.rounds.filter(status=Round.Status.PUBLISHED).count() == 1
    return game


# --- the plug: each game draws its own board ----------------------------------------------


@pytest.mark.parametrize("slug", GAMES)
def test_each_game_draws_a_real_position_as_a_standalone_svg(slug):
    rules = registry.get(slug)
    state = rules.sample_position()
    document = rules.board_picture(state, {})
    assert document.startswith('<?xml version="1.0" encoding="utf-8"?><svg ')
    assert 'xmlns="http://www.w3.org/2000/svg"' in document and "<style><![CDATA[" in document
    width, height = pictures.size(document)
    assert width == pictures.THUMBNAIL_WIDTH and height > 0
    assert pictures.png(document, 200).startswith(PNG)


def test_a_sample_position_is_played_on_from_the_setup():
    rules = registry.get("dogfight")
    sample = rules.sample_position()
    assert sample["round"] == 1 + rules.sample_rounds
    assert sample is rules.sample_position()  # worked out once


def test_a_standalone_picture_keeps_the_boards_proportions_and_drops_its_page_attributes():
    inline = '<svg id="board" class="board" viewBox="0 0 200 100" data-x="1" width="9">x</svg>'
    document = pictures.standalone(inline, width=300)
    assert 'width="300" height="150"' in document and 'class="board"' in document
    assert "id=" not in document and "data-x" not in document and document.endswith("x</svg>")


def test_a_game_without_a_picture_gives_none():
    assert registry.GameRules().board_picture({}, {}) is None


# --- the pictures' pages ---------------------------------------------------------------------


def test_a_running_games_picture_is_its_open_rounds_board_kept_for_a_year(client):
    game = make_dogfight(humans=[make_user()])
    url = reverse("game_picture", args=[game.pk])
    response = client.get(url, {"v": "r1", "lang": "de"})
    assert response["Content-Type"] == "image/svg+xml"
    assert "immutable" in response["Cache-Control"]
    assert "default-src 'none'" in response["Content-Security-Policy"]
    body = response.content.decode()
    english = client.get(url, {"v": "r1", "lang": "en"}).content.decode()
    assert 'class="board"' in body and body != english  # its words in the language asked
    planes = re.findall(r'class="plane seat-(\d)', body)
    assert sorted(planes) == ["0", "1", "2", "3", "4", "5"]


def test_a_picture_of_a_position_that_may_change_is_kept_a_minute(client):
    game = make_dogfight(humans=[make_user()])
    response = client.get(reverse("game_picture", args=[game.pk]), {"v": "last"})
    assert response.status_code == 200 and response["Cache-Control"] == "public, max-age=60"


def test_a_game_not_started_shows_its_kinds_sample_and_keeps_it_no_longer_than_a_minute(client):
    game = make_dogfight(start=False, humans=[make_user()])
    url = reverse("game_picture", args=[game.pk])
    before = client.get(url, {"v": "r1", "lang": "en"})
    assert before["Cache-Control"] == "public, max-age=60"
    sample = client.get(reverse("kind_picture", args=["dogfight"]), {"lang": "en"})
    assert before.content == sample.content
    services.game_start(game=game, by=game.referee)
    after = client.get(url, {"v": "r1", "lang": "en"})
    assert after.content != before.content and "immutable" in after["Cache-Control"]


def test_a_picture_of_a_round_that_never_was_is_404(client):
    game = make_dogfight(humans=[make_user()])
    url = reverse("game_picture", args=[game.pk])
    assert client.get(url, {"v": "r9"}).status_code == 404
    assert client.get(reverse("game_picture", args=[9999])).status_code == 404
    assert client.get(reverse("kind_picture", args=["chess"])).status_code == 404


def test_the_link_preview_picture_is_a_png_of_the_rounds_end(
    client, django_capture_on_commit_callbacks
):
    game = published(django_capture_on_commit_callbacks)
    response = client.get(reverse("game_picture_png", args=[game.pk]), {"v": "p1"})
    assert response["Content-Type"] == "image/png" and response.content.startswith(PNG)


def test_every_kind_has_a_sample_picture(client):
    for slug in GAMES:
        response = client.get(reverse("kind_picture", args=[slug]), {"lang": "en"})
        assert response.status_code == 200 and response["Content-Type"] == "image/svg+xml"


# --- the home page ----------------------------------------------------------------------------


def test_a_visitor_sees_every_game_as_a_card_with_its_picture_and_a_practice_game(client):
    page = client.get(reverse("home")).content.decode()
    for slug in GAMES:
        assert reverse("kind_picture", args=[slug]) in page
        assert f'href="{reverse("practice", args=[slug])}"' in page


def test_a_players_home_page_lists_the_game_waiting_on_him_first(client):
    alice = make_user("alice")
    due = make_dogfight(humans={0: alice}, title="Due first")
    done = make_dogfight(humans={1: alice}, title="Already in")
    services.orders_submit(seat=done.seats.get(number=1), user=alice, payload=GROUND_ORDERS)
    client.force_login(alice)
    page = client.get(reverse("home")).content.decode()
    assert page.index("Due first") < page.index("Already in")
    assert f"{reverse('game_picture', args=[due.pk])}?v=r1" in page


def test_practice_starts_a_game_and_opens_the_players_seat(client):
    alice = make_user("alice")
    client.force_login(alice)
    for slug in GAMES:
        response = client.post(reverse("practice", args=[slug]))
        game = Game.objects.get(kind=slug)
        seat = game.seats.get(user=alice)
        assert response.url == registry.get(slug).seat_url(game.pk, seat.number)
        assert game.status == Game.Status.RUNNING


def test_practice_asks_a_visitor_to_log_in_and_then_offers_the_one_button(client):
    url = reverse("practice", args=["duel"])
    response = client.get(url)
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    client.force_login(make_user())
    page = client.get(url).content.decode()
    assert f'action="{url}"' in page and not Game.objects.exists()


def test_practice_of_no_such_game_is_404(client):
    client.force_login(make_user())
    assert client.post(reverse("practice", args=["chess"])).status_code == 404


# --- the lobby's filters ----------------------------------------------------------------------


def lobby_of(client, **query) -> str:
    return client.get(reverse("lobby"), query).content.decode()


def test_the_lobby_filters_by_game_free_seats_and_the_referees_language(client):
    german = make_user("german", language="de")
    make_dogfight(german, start=False, title="Offene Lüfte")
    full = make_dogfight(start=False, title="Full house", computers=dict.fromkeys(range(6), "ace"))
    make_dogfight(humans=[make_user()], title="Busy skies")
    assert Seat.objects.filter(game=full, computer=False).count() == 0
    everything = lobby_of(client)
    assert all(t in everything for t in ("Offene Lüfte", "Full house", "Busy skies"))
    free = lobby_of(client, seats="on")
    assert "Offene Lüfte" in free and "Full house" not in free and "Busy skies" not in free
    german_only = lobby_of(client, lang="de")
    assert "Offene Lüfte" in german_only and "Full house" not in german_only
    assert "Busy skies" not in lobby_of(client, game="duel")
    assert "Busy skies" in lobby_of(client, game="nonsense", lang="xx")  # not understood: all


def test_the_lobby_filters_rated_games_from_unrated_ones(client):
    make_dogfight(start=False, title="For the ladder")
    make_dogfight(start=False, title="Just for fun")
    Game.objects.filter(title="For the ladder").update(rated=True)
    Game.objects.filter(title="Just for fun").update(rated=False)
    rated, unrated = lobby_of(client, rated="yes"), lobby_of(client, rated="no")
    assert "For the ladder" in rated and "Just for fun" not in rated
    assert "Just for fun" in unrated and "For the ladder" not in unrated
    either = lobby_of(client, rated="maybe")  # not understood: both
    assert "For the ladder" in either and "Just for fun" in either


def test_filters_cost_no_more_queries(client, django_assert_max_num_queries):
    for _ in range(3):
        make_dogfight(start=False)
        make_dogfight(humans=[make_user()])
    client.get(reverse("lobby"), {"open": "1"})
    with django_assert_max_num_queries(8):
        client.get(
            reverse("lobby"), {"game": "dogfight", "seats": "on", "lang": "en", "rated": "yes"}
        )


# --- link previews, the manifest, seats counted from 1 ---------------------------------------


def test_a_game_page_and_a_report_carry_open_graph_tags_with_a_png_of_the_board(
    client, django_capture_on_commit_callbacks
):
    game = published(django_capture_on_commit_callbacks)
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    picture = f"http://testserver{reverse('game_picture_png', args=[game.pk])}?v=r2"
    assert f'<meta property="og:image" content="{picture}' in page
    assert '<meta property="og:title" content="First light">' in page
    report = client.get(reverse("round_report", args=[game.pk, 1])).content.decode()
    assert "?v=p1" in report and 'property="og:image"' in report


def test_the_manifest_puts_the_site_on_a_home_screen(client):
    response = client.get(reverse("manifest"), HTTP_ACCEPT_LANGUAGE="de")
    manifest = json.loads(response.content)
    assert response["Content-Type"] == "application/manifest+json"
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}
    assert manifest["lang"] == "de"
    for icon in manifest["icons"]:
        assert finders.find(icon["src"].removeprefix(settings.STATIC_URL).lstrip("/"))
    assert 'rel="manifest"' in client.get(reverse("home")).content.decode()


def test_people_count_seats_from_1(client):
    game = make_dogfight(start=False, title="Counting")
    seat = game.seats.get(number=0)
    assert str(seat) == "seat 1" and seat.shown_number == 1
    page = lobby_of(client)
    assert "Seat 1 (red):" in page and "Seat 0" not in page
    client.force_login(make_user())
    assert "Join seat 6" in lobby_of(client)
    with_german = client.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Platz 0" not in with_german


def test_the_picture_version_names_a_position_that_never_changes():
    game = make_dogfight(humans=[make_user()])
    rnd = game.rounds.get(status=Round.Status.OPEN)
    assert selectors.picture_version(game, rnd) == "r1"
    assert selectors.picture_version(game, None) == "last"
    game.status = Game.Status.FINISHED
    assert selectors.picture_version(game, None) == "end"
