"""What the seat page shows the same on every request of an open round (the opponent's last
action, the fighters' table, the board before anything is picked) is kept in the shared cache
under the round, the seat, the names and the language: the page shows what is new as soon as
any of them changes, and a request's own picks (a hex, a turn begun) are drawn for it alone."""

import re

import pytest

from duel import services as duel_services
from duel.plugin import RULES
from games import services
from games.models import Seat

from .helpers import act, fly, make_duel, open_round, page_url, placed, stay

pytestmark = pytest.mark.django_db


@pytest.fixture
def turn_one(alice, bob, django_capture_on_commit_callbacks):
    game = make_duel(alice, bob)
    placed(game, alice, bob, django_capture_on_commit_callbacks)
    return game


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
