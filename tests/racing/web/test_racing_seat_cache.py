"""The seat page's kept parts (racing.views: the page's body kept in the process without its
CSRF token and countdown, a page without fields per seat and state, a page with fields among
the last previews; the equipment fieldset and the standings, each drawn once per state,
names, seat, form fields and language and read back after): the page they make is the page
drawn afresh, and it changes with each thing they show."""

import re
from datetime import timedelta

import pytest
from django.test import Client

from games import token_slots
from games.kept import cache
from games.models import Profile, Seat
from racing import views
from tests.racing.engine.helpers import jet as placed
from tests.racing.engine.helpers import race

from .helpers import make_race, open_round, page_url, send, state, straight, uberhirn_race

pytestmark = pytest.mark.django_db

CSRF = re.compile(r'(X-CSRFToken": "|csrfmiddlewaretoken" value=")[^"]+')
UBERHIRN = 1


def speaking(client, user, language: str) -> None:
    """``user`` logged in on ``client`` afresh (no language cookie) with his pages in
    ``language``."""
    profile = Profile.objects.get(user=user)
    profile.language = language
    profile.save()  # which forgets his kept preferences (games/viewer.py)
    client.cookies.clear()
    client.force_login(user)


def page(client, game, fields: dict | None = None) -> str:
    """Seat 0's page, its CSRF tokens (different in every response) blanked."""
    html = client.get(page_url(game, 0), fields or {})
    assert html.status_code == 200
    return CSRF.sub(r"\1-", html.content.decode())


def part(html: str, start: str, end: str) -> str:
    found = re.search(re.escape(start) + ".*?" + re.escape(end), html, re.DOTALL)
    assert found, f"no {start}"
    return found.group(0)


def equipment(html: str) -> str:
    return part(html, '<fieldset class="equipment">', "</fieldset>\n    \n")


def standings(html: str) -> str:
    return part(html, '<table class="standings">', "</table>")


def kept(name: str, language: str) -> list[str]:
    """The kept parts called ``name`` in ``language`` (the tests' cache is this process's
    own, whose keys can be listed)."""
    return [key for key in cache._cache if f":racing:{name}:{language}:" in key]


def bodies(language: str) -> list[str]:
    """The seat pages without fields kept in the process, in ``language``."""
    return [key for key in views._BODIES if key.startswith(f"{language}:")]


def forget() -> None:
    """Nothing kept: neither in the cache nor in the process."""
    cache.clear()
    views._forget_kept()


def test_the_page_from_kept_parts_is_the_page_drawn_afresh(client, alice, bob):
    game = make_race(alice, bob)
    uberhirn_race(game, third_y=-100)
    for fields in ({}, {f"use_{UBERHIRN}": "before", f"inner_card_{UBERHIRN}": "butt_kick"}):
        for language in ("en", "de"):
            speaking(client, alice, language)
            forget()
            drawn = page(client, game, fields)
            assert kept("equipment", language) and kept("standings", language)
            assert bool(bodies(language)) == (not fields), "the page without fields whole"
            assert bool(views._PREVIEWS) == bool(fields), "with fields, among the previews"
            assert page(client, game, fields) == drawn
    assert "nicht eingesetzt" in equipment(drawn) and "<caption>Stand</caption>" in drawn


def test_a_page_with_fields_is_kept_among_the_last_previews_only(client, alice, bob, monkeypatch):
    """Every drag asks for the page with new hinges: the parts that stay the same while the
    hinges change are kept once, the pages themselves only among the last few previews (a
    drag's release asks again for the hinges its last preview showed)."""
    monkeypatch.setattr(views._PREVIEWS, "most", 2)
    game = make_race(alice, bob)
    uberhirn_race(game, third_y=-100)
    client.force_login(alice)
    drawn = [page(client, game, {"lift": "1", "h1": str(h1), "h2": "0"}) for h1 in range(5)]
    assert not bodies("en") and len(views._PREVIEWS) == 2
    assert len(kept("equipment", "en")) == 1 and len(kept("standings", "en")) == 1
    assert page(client, game, {"lift": "1", "h1": "4", "h2": "0"}) == drawn[4], "kept"
    assert page(client, game, {"lift": "1", "h1": "0", "h2": "0"}) == drawn[0], "drawn again"
    assert 'value="4"' in part(drawn[4], 'id="h1"', ">") and drawn[4] != drawn[0]


def test_every_page_from_the_kept_parts_has_its_own_csrf_token(alice, bob):
    """The kept page holds no CSRF token: each request's form gets its own, which its session
    accepts."""
    game = make_race(alice, bob)
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    tokens = []
    for client in (first, second):
        client.force_login(alice)
        html = client.get(page_url(game, 0)).content.decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
        answer = client.post(
            page_url(game, 0, "submit"),
            {"csrfmiddlewaretoken": token, "round": "1", "lift": "1", "preview": "1"},
        )
        assert answer.status_code == 200, "the session's own token"
        tokens.append(token)
    assert bodies("en")
    assert tokens[0] != tokens[1]
    for body in [*views._BODIES.values(), *views._PREVIEWS.values()]:
        assert token_slots.STAND_IN in body and not any(token in body for token in tokens)


def test_each_request_gets_its_own_countdown_and_time_zone(client, alice, bob):
    """The kept page holds no deadline: each answer writes the round's, as its viewer's zone
    shows it, with the time left now."""
    game = make_race(alice, bob)
    client.force_login(alice)
    rnd = open_round(game)
    first = page(client, game)
    rnd.deadline += timedelta(days=3)
    rnd.save(update_fields=["deadline"])
    later = page(client, game)
    assert len(bodies("en")) == 1, "the same kept page"
    assert rnd.deadline.isoformat() in later and rnd.deadline.isoformat() not in first
    assert "in 3 d" not in first and "in 3 d" in later
    profile = Profile.objects.get(user=alice)
    profile.time_zone = "Asia/Tokyo"
    profile.save()
    assert "JST" in page(client, game) and "JST" not in later
    assert len(bodies("en")) == 1


def test_each_seat_gets_its_own_page(client, alice, bob):
    """Two seats of the same race at the same state: each page is its own seat's."""
    game = make_race(alice, bob)
    client.force_login(alice)
    red = page(client, game)
    client.force_login(bob)
    blue = client.get(page_url(game, 1)).content.decode()
    assert 'id="order-form"' in red and 'id="order-form"' not in blue
    assert len(bodies("en")) == 2
    assert page_url(game, 1) in blue and page_url(game, 1) not in red


def test_a_sent_turn_changes_the_kept_page(client, alice, bob, django_capture_on_commit_callbacks):
    """Round mode: alice's turn sent, the round waits for bob; her page has no form then."""
    game = make_race(alice, bob, mode="round")
    client.force_login(alice)
    before = page(client, game)
    assert 'id="order-form"' in before
    send(game, alice, straight(), django_capture_on_commit_callbacks)
    after = page(client, game)
    assert 'id="order-form"' not in after and "Your turn is in." in after


def test_each_language_gets_its_own_parts(client, alice, bob):
    game = make_race(alice, bob)
    uberhirn_race(game, third_y=-100)
    speaking(client, alice, "en")
    english = page(client, game)
    speaking(client, alice, "de")
    german = page(client, game)
    assert "not used" in equipment(english) and "nicht eingesetzt" in equipment(german)
    assert "<caption>Standings</caption>" in standings(english)
    assert "<caption>Stand</caption>" in standings(german)


def test_a_new_turn_changes_the_standings_and_the_equipment(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_race(alice, bob)
    uberhirn_race(game, third_y=-100)
    client.force_login(alice)
    before = page(client, game)
    red = next(j for j in state(game)["jets"] if j["seat"] == 0)
    assert f'data-jet="{red["id"]}"' in standings(before)
    assert 'id="use_1"' in equipment(before)
    fields = {"round": "1", "lift": "2", "h1": "0", "h2": "0", "slips": ""}
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(page_url(game, 0, "submit"), fields).status_code == 302
    assert open_round(game).number == 2  # the next turn: blue's
    flown = page(client, game)
    assert standings(flown) != standings(before)
    assert '<td data-label="Lift">2</td>' in part(
        standings(flown), f'data-jet="{red["id"]}"', "</tr>"
    )
    # red on turn again in the next round, its Überhirn gone and a Booster in its place
    ids = {j["seat"]: j["id"] for j in state(game)["jets"]}
    rnd = open_round(game)
    rnd.state = race(
        placed(ids[0], 0, 0, 0, lift=1, seat=0, equipment=[{"id": 4, "kind": "robert"}]),
        placed(ids[1], 100, 0, 90, seat=1),
        placed(ids[2], 100, -100, 0, seat=2),
        level=3,
        turn=ids[0],
    )
    rnd.save(update_fields=["state"])
    again = page(client, game)
    assert "Überhirn" not in equipment(again) and 'id="use_4"' in equipment(again)


def test_the_same_round_with_another_state_is_drawn_again(client, alice, bob):
    """A round's state changed where it is (a test's hand, a referee's repair): the kept parts
    follow the state, not the round's id."""
    game = make_race(alice, bob)
    position = uberhirn_race(game, third_y=-100)
    client.force_login(alice)
    before = page(client, game)
    red = next(j for j in position["jets"] if j["seat"] == 0)
    red["energy"] = 3
    red["equipment"].append({"id": 9, "kind": "robert", "chips": 0})
    rnd = open_round(game)
    rnd.state = position
    rnd.save(update_fields=["state"])
    after = page(client, game)
    assert standings(after) != standings(before)
    assert 'id="use_9"' not in equipment(before) and "use_9" in equipment(after)


def test_a_cards_fields_change_its_part_and_a_hinge_does_not(client, alice, bob):
    game = make_race(alice, bob)
    uberhirn_race(game, third_y=-100)
    client.force_login(alice)
    plain = equipment(page(client, game))
    chosen = equipment(
        page(client, game, {f"use_{UBERHIRN}": "after", f"inner_direction_{UBERHIRN}": "back"})
    )
    assert '<option value="after" selected>' in chosen
    assert '<option value="back" selected>' in chosen
    assert '<option value="after" selected>' not in plain
    assert equipment(page(client, game, {"h1": "17", "h2": "-4"})) == plain


def test_a_new_name_is_shown_in_both_parts(client, alice, bob):
    game = make_race(alice, bob)
    uberhirn_race(game, third_y=-100)
    client.force_login(alice)
    before = page(client, game)
    assert "Zeppelin" not in before
    Seat.objects.filter(game=game, number=1).update(name="Zeppelin")
    after = page(client, game)
    assert "Zeppelin" in standings(after) and "Zeppelin" in equipment(after)
