"""The builder's list of where the next tile may go (some 700 options for an empty draft) is
drawn once per draft and language and kept in the cache under the draft's check key: the page
from the cache equals the page drawn afresh, the list changes when the draft does, and it is
the engine's places for the shapes the pool still holds. The page reads the draft's check
without those places (kept beside the whole check), and the places only when the list is
missing."""

import re

import pytest
from django.core.cache.utils import make_template_fragment_key

from games import table
from games.kept import cache
from joyride import views
from joyride.engine import check
from joyride.models import PlanDraft

from .helpers import HTMX, choice_value, legal_plan, make_game, open_round, url

pytestmark = pytest.mark.django_db

EMPTY = {"tiles": [], "insta_ball": []}


def fragment_key(state: dict, plan: dict, language: str = "en") -> str:
    return make_template_fragment_key(
        "joyride-next-places", [views.check_key(state, 0, plan), language]
    )


def without_tokens(page: bytes) -> str:
    """The page with its CSRF tokens (masked anew on every request) left out."""
    return re.sub(r'(csrfmiddlewaretoken" value=|X-CSRFToken": )"[^"]*"', r"\1", page.decode())


def shown_list(page: bytes) -> str:
    found = re.search(r'<select id="next-tile".*?</select>', page.decode(), re.DOTALL)
    assert found, "no list of next places"
    return found.group(0)


def engine_list(state: dict, plan: dict) -> str:
    """The list as the engine's ``next`` and ``pool`` give it, written out here."""
    answer = check(state, 0, plan, next_tiles=True)
    pool = answer["pool"]
    groups = []
    for shape, places in answer["next"].items():
        if not places or pool["available"][shape] - pool["needed"][shape] < 1:
            continue
        options = "".join(
            '<option value="{}|{}">{} {}</option>'.format(
                shape,
                ";".join(f"{r},{c}" for r, c in cells),
                shape,
                " ".join(f"[{r},{c}]" for r, c in cells),
            )
            for cells in places
        )
        groups.append(f'<optgroup label="{shape}">{options}</optgroup>')
    return '<select id="next-tile" name="choice"><option value="">—</option>{}</select>'.format(
        "".join(groups)
    )


def test_the_page_from_the_cache_equals_the_page_drawn_afresh(client, alice, bob):
    game = make_game(alice, bob)
    client.force_login(alice)
    state = open_round(game).state
    first = client.get(url(game, 0)).content
    assert cache.get(fragment_key(state, EMPTY)) is not None
    kept = client.get(url(game, 0)).content
    key = views.check_key(state, 0, EMPTY)
    cache.delete_many([fragment_key(state, EMPTY), key, key + ":page"])
    views._KEPT.clear()  # and the builder kept whole in this process
    afresh = client.get(url(game, 0)).content
    assert without_tokens(kept) == without_tokens(afresh) == without_tokens(first)
    assert shown_list(kept).count("<option") > 100


def test_the_list_is_read_from_the_cache(client, alice, bob):
    views._KEPT.clear()
    game = make_game(alice, bob)
    client.force_login(alice)
    state = open_round(game).state
    cache.set(fragment_key(state, EMPTY), '<select id="next-tile" class="kept"></select>')
    assert (
        '<select id="next-tile" class="kept"></select>' in client.get(url(game, 0)).content.decode()
    )


def test_the_list_changes_when_the_draft_changes(client, alice, bob):
    game = make_game(alice, bob)
    client.force_login(alice)
    state = open_round(game).state
    empty = shown_list(client.get(url(game, 0)).content)
    assert empty == engine_list(state, EMPTY)
    tile = legal_plan(state, 0, 1)["tiles"][0]
    assert f'value="{choice_value(tile)}"' in empty
    client.post(url(game, 0, "build"), {"do": "place", "choice": choice_value(tile)}, **HTMX)
    draft = PlanDraft.objects.get(seat__game=game).plan
    one = shown_list(client.get(url(game, 0)).content)
    assert one != empty and one == engine_list(state, draft)
    client.post(url(game, 0, "build"), {"do": "undo"}, **HTMX)
    assert shown_list(client.get(url(game, 0)).content) == empty


def test_a_language_s_list_is_kept_under_that_language(client, alice, bob):
    game = make_game(alice, bob)
    client.force_login(alice)
    state = open_round(game).state
    english = shown_list(client.get(url(game, 0)).content)
    german = shown_list(client.get(url(game, 0), HTTP_ACCEPT_LANGUAGE="de").content)
    assert cache.get(fragment_key(state, EMPTY, "de")) is not None
    assert german == english == engine_list(state, EMPTY)


def test_the_page_reads_the_check_without_the_places_and_the_list_reads_them_when_missing(
    client, alice, bob
):
    game = make_game(alice, bob)
    client.force_login(alice)
    state = open_round(game).state
    whole = check(state, 0, EMPTY, next_tiles=True)
    first = shown_list(client.get(url(game, 0)).content)
    key = views.check_key(state, 0, EMPTY)
    kept = cache.get(key + ":page")
    assert "next" not in kept and kept["total"] == whole["total"]
    assert kept["next_shapes"] == [shape for shape, places in whole["next"].items() if places]
    assert cache.get(key) == whole
    cache.delete(fragment_key(state, EMPTY))  # the list drawn again from the kept whole check
    views._KEPT.clear()
    table.forget_kept_pages()
    assert shown_list(client.get(url(game, 0)).content) == first == engine_list(state, EMPTY)
    cache.delete_many([fragment_key(state, EMPTY), key])  # and from a check judged again
    views._KEPT.clear()
    table.forget_kept_pages()
    assert shown_list(client.get(url(game, 0)).content) == first
    assert cache.get(key) == whole
