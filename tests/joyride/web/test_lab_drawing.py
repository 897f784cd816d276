"""The lab's own layer (grid, sectors, coins, scientists, obstacles) is drawn once and kept in
the cache; what is laid on it is drawn on every request. Each invariant of the layer's key:
the builder page changes when the plan changes; a lab's layer is its own lab's (another seat's
lab, or a lab that changed, is another key); a language's layer is in that language; and the
layer is read from the cache, not drawn again. The builder's check of a draft is kept too,
under its state, seat and plan."""

import pytest
from django.utils import translation

from games.kept import cache
from joyride import svg, views
from joyride.engine import State, check
from joyride.models import PlanDraft

from .helpers import HTMX, choice_value, legal_plan, make_game, open_round, url

pytestmark = pytest.mark.django_db


def layer_key(state: State, seat: int) -> str:
    return svg.layer_key(svg._lab_layer(state, seat))


def fresh_layer(state: State, seat: int) -> str:
    cache.delete(layer_key(state, seat))
    return str(svg.layer(state, seat))


def test_the_builder_page_changes_when_the_plan_changes(client, alice, bob):
    game = make_game(alice, bob)
    client.force_login(alice)
    state = open_round(game).state
    empty = client.get(url(game, 0)).content.decode()
    assert cache.get(layer_key(State.from_dict(state), 0)) is not None
    assert 'class="tile shape-' not in empty
    tile = legal_plan(state, 0, 1)["tiles"][0]
    client.post(url(game, 0, "build"), {"do": "place", "choice": choice_value(tile)}, **HTMX)
    one = client.get(url(game, 0)).content.decode()
    assert one.count('class="tile shape-') == 1 and 'class="free-end"' in one
    client.post(url(game, 0, "build"), {"do": "undo"}, **HTMX)
    assert client.get(url(game, 0)).content.decode().count('class="tile shape-') == 0
    assert PlanDraft.objects.get(seat__game=game).plan["tiles"] == []


def test_the_layer_is_read_from_the_cache(alice, bob):
    state = State.from_dict(open_round(make_game(alice, bob)).state)
    cache.set(layer_key(state, 0), "<g class='kept'></g>")
    assert "<g class='kept'></g>" in svg.lab(state, 0)


def test_a_seat_s_layer_is_its_own_lab_s(alice, bob):
    state = State.from_dict(open_round(make_game(alice, bob)).state)
    assert state.labs[0] != state.labs[1]
    assert layer_key(state, 0) != layer_key(state, 1)
    first, second = str(svg.layer(state, 0)), str(svg.layer(state, 1))
    assert first != second
    assert (first, second) == (fresh_layer(state, 0), fresh_layer(state, 1))


def test_a_lab_that_changes_has_a_new_layer(alice, bob):
    state = State.from_dict(open_round(make_game(alice, bob)).state)
    before = str(svg.layer(state, 0))
    card, side = state.labs[0][0]
    state.labs[0][0] = (card, "b" if side == "a" else "a")  # sector 1's card turned over
    after = str(svg.layer(state, 0))
    assert after != before and after == fresh_layer(state, 0)
    assert f"{card}{'b' if side == 'a' else 'a'}" in after


def test_a_language_s_layer_is_in_that_language(alice, bob):
    state = State.from_dict(open_round(make_game(alice, bob)).state)
    english = str(svg.layer(state, 0))
    with translation.override("de"):
        german = str(svg.layer(state, 0))
    assert "<title>coin</title>" in english and "Münze" not in english
    assert "<title>Münze</title>" in german and "Sektor 1" in german
    assert str(svg.layer(state, 0)) == english


def test_the_draft_s_check_is_kept_under_its_state_seat_and_plan(client, alice, bob):
    game = make_game(alice, bob)
    client.force_login(alice)
    state = open_round(game).state
    plan = legal_plan(state, 0, 2)
    empty = {"tiles": [], "insta_ball": []}
    keys = {
        views.check_key(state, 0, empty),
        views.check_key(state, 0, plan),
        views.check_key(state, 1, plan),
        views.check_key({**state, "round": state["round"] + 1}, 0, plan),
    }
    assert len(keys) == 4
    client.get(url(game, 0))
    assert cache.get(views.check_key(state, 0, empty)) == check(state, 0, empty, next_tiles=True)
    for tile in plan["tiles"]:
        client.post(url(game, 0, "build"), {"do": "place", "choice": choice_value(tile)}, **HTMX)
    draft = PlanDraft.objects.get(seat__game=game).plan
    kept = cache.get(views.check_key(state, 0, draft))
    assert kept == check(state, 0, draft, next_tiles=True) and len(draft["tiles"]) == 2
    shown = client.get(url(game, 0)).content.decode()
    assert shown.count('class="tile shape-') == 2
    assert f"Uncontested score: {kept['total']}" in shown
