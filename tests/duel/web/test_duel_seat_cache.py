"""What the seat page shows the same on every request of an open round (the opponent's last
action, the fighters' table, the board before anything is picked) is kept in the shared cache
under the round, the seat, the names and the language: the page shows what is new as soon as
any of them changes, and a request's own picks (a hex, a turn begun) are drawn for it alone."""

import re

import pytest
from django.middleware.csrf import _unmask_cipher_token
from django.test import Client

from duel import kept
from duel import services as duel_services
from duel.plugin import RULES
from games import services
from games.models import Seat

from .helpers import act, fly, make_duel, open_round, page_url, stay

pytestmark = pytest.mark.django_db


def test_a_new_round_shows_its_last_action_and_its_fighters(
    client, alice, bob, turn_one, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    before = client.get(page_url(turn_one, 0)).content.decode()
    act(turn_one, alice, fly("A1", 4), django_capture_on_commit_callbacks)
    act(turn_one, bob, stay("B1"), django_capture_on_commit_callbacks)
    after = client.get(page_url(turn_one, 0)).content.decode()

    assert "on [0, 8]" in before and "bob's last action" not in before
    assert "on [2, 4]" in after and "on [0, 8]" not in after
    assert "bob's last action" in after and "Turn 2 · bob · nothing destroyed" in after


def test_a_new_name_shows_in_the_table_and_the_last_action(
    client, alice, bob, turn_one, django_capture_on_commit_callbacks
):
    act(turn_one, alice, fly("A1", 4), django_capture_on_commit_callbacks)
    client.force_login(bob)
    before = client.get(page_url(turn_one, 1)).content.decode()
    Seat.objects.filter(game=turn_one, number=0).update(name="Red Baron")
    after = client.get(page_url(turn_one, 1)).content.decode()

    assert "alice's last action" in before and "Red Baron" not in before
    assert "Red Baron's last action" in after
    assert '<td data-label="Player">Red Baron</td>' in after


def test_each_language_has_its_own_table(client, alice, turn_one):
    client.force_login(alice)
    english = client.get(page_url(turn_one, 0), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    german = client.get(page_url(turn_one, 0), HTTP_ACCEPT_LANGUAGE="de").content.decode()

    assert "<th>Fighter</th>" in english and "<th>Jäger</th>" not in english
    assert "<th>Jäger</th>" in german and "<th>Fighter</th>" not in german
    assert 'aria-label="The duel board"' in board(english)
    assert 'aria-label="Das Spielbrett des Duells"' in board(german)


def board(page: str) -> str:
    return re.search(r"<svg id=\"board\".*?</svg>", page, re.DOTALL).group(0)


def test_a_step_picked_is_drawn_for_its_request_alone(client, alice, turn_one):
    client.force_login(alice)
    url = page_url(turn_one, 0)
    opening = board(client.get(url).content.decode())
    picked = board(
        client.get(url, {"draft": "[]", "current": "", "do": "pick:A1"}).content.decode()
    )
    stepped = client.get(
        url, {"draft": '[{"fighter": "A1", "steps": []}]', "current": "A1", "do": "step:A"}
    )
    again = board(client.get(url).content.decode())

    assert 'class="step-link"' not in opening and 'class="step-link"' in picked
    assert board(stepped.content.decode()) not in (opening, picked)
    assert again == opening


def test_a_hex_chosen_is_ringed_for_its_request_alone(client, alice, bob):
    game = make_duel(alice, bob, asteroids=1)
    rnd = open_round(game)
    [seat] = RULES.active_seats(rnd.state)
    col, row = RULES.choices(rnd.state, seat)["hexes"][0]
    client.force_login(alice if seat == 0 else bob)
    url = page_url(game, seat)
    opening = board(client.get(url).content.decode())
    chosen = board(client.get(url, {"hex": f"{col},{row}"}).content.decode())
    again = board(client.get(url).content.decode())

    assert 'class="selected"' not in opening and 'class="selected"' in chosen
    assert again == opening


def test_a_new_round_redraws_the_board(
    client, alice, bob, turn_one, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    before = board(client.get(page_url(turn_one, 0)).content.decode())
    act(turn_one, alice, fly("A1", 4), django_capture_on_commit_callbacks)
    act(turn_one, bob, stay("B1"), django_capture_on_commit_callbacks)
    after = board(client.get(page_url(turn_one, 0)).content.decode())

    assert "on [0, 8]</title>" in before and "on [2, 4]</title>" in after


def test_a_draw_offer_shows_on_both_pages_as_soon_as_it_is_made(client, alice, bob, turn_one):
    client.force_login(alice)
    before = client.get(page_url(turn_one, 0)).content.decode()
    duel_services.draw_offer(game=turn_one, user=alice)
    mine = client.get(page_url(turn_one, 0)).content.decode()
    client.force_login(bob)
    theirs = client.get(page_url(turn_one, 1)).content.decode()

    assert 'value="offer"' in before and "Your offer of a draw stands" not in before
    assert "Your offer of a draw stands until bob answers" in mine and 'value="withdraw"' in mine
    assert "alice offers a draw." in theirs and 'value="accept"' in theirs


def test_an_action_in_takes_the_choices_off_the_board_while_the_round_is_open(client, alice, bob):
    game = make_duel(alice, bob, asteroids=1)
    rnd = open_round(game)
    [number] = RULES.active_seats(rnd.state)
    seat = game.seats.get(number=number)
    client.force_login(seat.user)
    url = page_url(game, number)
    choosing = board(client.get(url).content.decode())
    hexes = RULES.choices(rnd.state, number)["hexes"]
    # What commits schedule (the resolution) is not run: the round stays open.
    services.orders_submit(seat=seat, user=seat.user, payload={"type": "asteroid", "hex": hexes[0]})
    sent = client.get(url).content.decode()

    assert open_round(game) == rnd
    assert 'class="choice"' in choosing and 'class="choice"' not in board(sent)


def form_tokens(page: str, action: str) -> list[str]:
    """The CSRF tokens of the page's forms posting to ``action``."""
    forms = re.findall(
        rf'<form[^>]*action="{re.escape(action)}"[^>]*>(.*?)</form>', page, re.DOTALL
    )
    return [re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', f).group(1) for f in forms]


def test_the_kept_forms_carry_each_requests_own_token(alice, bob):
    """The asteroid form and the draw and resign forms are rendered once per process and
    kept without a token: each request's page has its person's own, which the site accepts."""
    game = make_duel(alice, bob, asteroids=1)
    [number] = RULES.active_seats(open_round(game).state)
    mover, other = (alice, bob) if number == 0 else (bob, alice)
    pages = {}
    for user in (other, mover):  # the kept forms are rendered for the first, reused for the second
        strict = Client(enforce_csrf_checks=True)
        strict.force_login(user)
        seat = 1 - number if user == other else number
        pages[user.username] = (strict, strict.get(page_url(game, seat)).content.decode())
    strict, page = pages[mover.username]
    [asteroid_token] = form_tokens(page, page_url(game, number, "submit"))
    [draw_token] = form_tokens(page, page_url(game, number, "draw"))
    unmasked = {
        user: {_unmask_cipher_token(t) for t in form_tokens(p, page_url(game, seat, "draw"))}
        for user, seat, (_, p) in (
            ("mover", number, pages[mover.username]),
            ("other", 1 - number, pages[other.username]),
        )
    }
    col, row = RULES.choices(open_round(game).state, number)["hexes"][0]
    sent = strict.post(
        page_url(game, number, "submit"),
        {"action": "asteroid", "hex": f"{col},{row}", "csrfmiddlewaretoken": asteroid_token},
    )

    assert _unmask_cipher_token(asteroid_token) == _unmask_cipher_token(draw_token)
    assert unmasked["mover"].isdisjoint(unmasked["other"])
    assert sent.status_code == 302 and sent.headers["Location"] == page_url(game, number)


def test_a_round_part_kept_in_the_process_is_the_shared_caches(client, alice, turn_one):
    """A reload served by the same process reads the round's parts from the process: the
    same page as from the shared cache."""
    client.force_login(alice)
    first = client.get(page_url(turn_one, 0)).content.decode()
    from_process = client.get(page_url(turn_one, 0)).content.decode()
    kept._local.clear()
    from_shared_cache = client.get(page_url(turn_one, 0)).content.decode()

    assert board(first) == board(from_process) == board(from_shared_cache)
    assert "<th>Fighter</th>" in from_process and "<th>Fighter</th>" in from_shared_cache
