"""The builder's page is kept whole in the process (its lab and panel: the palette, the check,
the buttons, the plain forms) under a digest of the round's state, the draft, the seat, the
game and the round, with the language: the page from kept parts is the page drawn afresh; a
kept panel holds no CSRF token (each answer carries the request's own, which a form posts back
and is taken); a language, a draft and another seat are each their own; a refusal's builder is
drawn afresh and never kept."""

import re

import pytest
from django.test import Client

from games import token_slots
from joyride import views
from joyride.models import PlanDraft

from .helpers import HTMX, choice_value, legal_plan, make_game, open_round, url

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]*)"')


def without_tokens(page: bytes) -> str:
    """The page with its CSRF tokens (masked anew on every request) left out."""
    return re.sub(r'(csrfmiddlewaretoken" value=|X-CSRFToken": )"[^"]*"', r"\1", page.decode())


def builder_of(page: bytes) -> str:
    found = re.search(
        r'<section class="builder".*?</details>\n</section>', page.decode(), re.DOTALL
    )
    assert found, "no builder"
    return found.group(0)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("tiles", [0, 2])
def test_the_page_from_kept_parts_is_the_page_drawn_afresh(client, alice, bob, language, tiles):
    game = make_game(alice, bob)
    client.force_login(alice)
    state = open_round(game).state
    for tile in legal_plan(state, 0, tiles)["tiles"] if tiles else []:
        client.post(url(game, 0, "build"), {"do": "place", "choice": choice_value(tile)}, **HTMX)
    views._KEPT.clear()
    afresh = client.get(url(game, 0), HTTP_ACCEPT_LANGUAGE=language).content
    assert any(key[0] == "page" for key in views._KEPT)  # the page was kept ...
    kept = client.get(url(game, 0), HTTP_ACCEPT_LANGUAGE=language).content
    assert without_tokens(kept) == without_tokens(afresh)  # ... and is the same page
    assert afresh.count(b'class="tile shape-') == tiles


def test_a_kept_builder_is_not_drawn_again(client, alice, bob, lab_draws):
    game = make_game(alice, bob)
    client.force_login(alice)
    views._KEPT.clear()
    first = client.get(url(game, 0)).content
    second = client.get(url(game, 0)).content
    assert lab_draws == [0] and without_tokens(first) == without_tokens(second)


def test_a_kept_builder_holds_no_token_and_its_forms_carry_the_request_s(alice, bob):
    game = make_game(alice, bob)
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    views._KEPT.clear()
    for _ in range(2):  # drawn, then from the kept builder
        page = browser.get(url(game, 0)).content.decode()
        tokens = TOKEN.findall(builder_of(page.encode()))
        assert len(tokens) == 4 and token_slots.STAND_IN not in page
    (kept,) = [parts for key, parts in views._KEPT.items() if key[0] == "page"]
    assert TOKEN.findall(kept["panel"]) == [token_slots.STAND_IN] * 4
    state = open_round(game).state
    tile = legal_plan(state, 0, 1)["tiles"][0]
    answer = browser.post(
        url(game, 0, "build"),
        {"csrfmiddlewaretoken": tokens[0], "do": "place", "choice": choice_value(tile)},
        **HTMX,
    )
    assert answer.status_code == 200
    assert PlanDraft.objects.get(seat__game=game).plan["tiles"] == [tile]


def test_a_language_a_draft_and_a_seat_each_have_their_own_builder(client, alice, bob):
    game = make_game(alice, bob)
    state = open_round(game).state
    client.force_login(alice)
    english = builder_of(client.get(url(game, 0)).content)
    german = builder_of(client.get(url(game, 0), HTTP_ACCEPT_LANGUAGE="de").content)
    assert "Build your run" in english and "Build your run" not in german
    tile = legal_plan(state, 0, 1)["tiles"][0]
    client.post(url(game, 0, "build"), {"do": "place", "choice": choice_value(tile)}, **HTMX)
    one = builder_of(client.get(url(game, 0)).content)
    assert without_tokens(one.encode()) != without_tokens(english.encode())
    client.force_login(bob)
    bobs = builder_of(client.get(url(game, 1)).content)
    assert url(game, 1, "build") in bobs and url(game, 0, "build") not in bobs


def test_a_refusal_s_builder_is_drawn_afresh_and_not_kept(client, alice, bob):
    game = make_game(alice, bob)
    client.force_login(alice)
    views._KEPT.clear()
    refused = client.post(
        url(game, 0, "build"), {"do": "text", "plan": "I3 0,0 zz"}, **HTMX
    ).content.decode()
    assert 'id="plain-forms" open' in refused and "I3 0,0 zz</textarea>" in refused
    assert not any(key[0] == "page" for key in views._KEPT)
    shown = client.get(url(game, 0)).content.decode()
    assert 'id="plain-forms">' in shown and "I3 0,0 zz" not in shown


def test_the_standings_and_the_legend_follow_the_language(client, alice, bob):
    game = make_game(alice, bob)
    client.force_login(alice)
    english = client.get(url(game, 0)).content.decode()
    german = client.get(url(game, 0), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "<h2>Standings</h2>" in english and "<h2>On the board</h2>" in english
    assert "<h2>Standings</h2>" not in german and "<h2>On the board</h2>" not in german
    assert "<h2>Standings</h2>" in client.get(url(game, 0)).content.decode()
