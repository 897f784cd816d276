"""The cockpit's kept parts (``dogfight.views.kept_part``: its status, its planes' table, its
legend and its order form's fields, rendered once per language and digest of what they read): the page built from them is
the page drawn afresh, in English and German, and it changes with each thing they show."""

import re

import pytest

from dogfight import views
from games.models import Round
from tests.factories import make_dogfight, make_user, open_round
from tests.helpers import cockpit, fast_passwords, set_planes  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]

TOKENS = re.compile(r'(csrfmiddlewaretoken" value=|"X-CSRFToken": )"[^"]*"')


@pytest.fixture
def pilot(client):
    alice = make_user("alice")
    client.force_login(alice)
    return client, make_dogfight(humans={0: alice})


def page(client, game, language: str = "en", **query) -> str:
    """The cockpit's HTML without its per-request CSRF tokens."""
    response = client.get(cockpit(game, 0), query, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return TOKENS.sub(r"\1TOKEN", response.content.decode())


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_page_from_kept_parts_is_the_page_drawn_afresh(pilot, language):
    client, game = pilot
    views._KEPT.clear()
    fresh = page(client, game, language)
    assert views._KEPT  # the parts were kept ...
    kept = page(client, game, language)
    views._KEPT.clear()

    assert kept == fresh == page(client, game, language)  # ... and drawn again alike


def test_the_kept_parts_follow_the_language(pilot):
    client, game = pilot
    english, german = page(client, game, "en"), page(client, game, "de")

    assert "The planes" in english and "On the board" in english and "Repairs used" in english
    assert "The planes" not in german and "On the board" not in german
    assert "Repairs used" not in german


def test_the_status_and_the_planes_table_change_with_the_plane(pilot):
    client, game = pilot
    rnd = open_round(game)
    set_planes(rnd, {0: {"damage": 0}})
    before = page(client, game)
    set_planes(rnd, {0: {"damage": 2, "missed_rounds": 2}})
    after = page(client, game)

    assert "<dd>2 of " not in before and "<dd>2 of " in after
    assert "<td>2 of " not in before and "<td>2 of " in after  # the planes' table's own row
    assert "NMR warning" not in before and "you missed the last 2 rounds" in after


def test_the_status_shows_a_removal_the_referee_asks_for(pilot):
    client, game = pilot
    before = page(client, game)
    Round.objects.filter(pk=open_round(game).pk).update(referee_input={"remove": [0]})

    assert "taking your plane out" not in before
    assert "taking your plane out" in page(client, game)


def test_the_planes_table_changes_with_a_plane_elsewhere(pilot):
    client, game = pilot
    rnd = open_round(game)
    set_planes(rnd, {1: {"status": "air", "q": 3, "r": 2, "facing": 1}})
    before = page(client, game)
    set_planes(rnd, {1: {"status": "air", "q": 4, "r": 2, "facing": 1}})

    assert "<td>(3, 2)</td>" in before and "<td>(4, 2)</td>" in page(client, game)


def test_the_order_form_changes_with_the_picks_the_chatter_and_the_name(pilot):
    client, game = pilot
    before = page(client, game)
    picked = page(client, game, m1="TA", l1="Tally <ho>!", pilot_name="Ace")

    assert 'value="TA" selected' not in before and 'value="TA" selected' in picked
    assert 'value="Tally &lt;ho&gt;!"' in picked and "Tally" not in before
    assert "is a rank" not in before and "is a rank" in picked  # the typed name's problem
    assert 'name="pilot_name" maxlength="30" value="Ace"' in picked


def test_the_order_form_keeps_the_request_s_own_csrf_token(pilot):
    client, game = pilot
    first = client.get(cockpit(game, 0)).content.decode()
    second = client.get(cockpit(game, 0)).content.decode()
    token = re.compile(r'csrfmiddlewaretoken" value="([^"]*)"')

    assert token.findall(first) and token.findall(first) != token.findall(second)
