"""The turn form tells a player what the engine foresees, in words and on the board: a fighter
his own missile destroys before it moves (no steps offered, no orders needed), what the turn so
far destroys and the gun shots' lines, the start-of-turn missile flight drawn before any click,
a fighter left with no surviving move, and where a smart missile may strike."""

import json

import pytest

from games.models import Round
from tests.duel.engine.helpers import NE, E, W, flying, missile
from tests.duel.engine.helpers import state as position

from .helpers import at_position, make_duel, page_url

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def duel_in_play(alice, bob, django_capture_on_commit_callbacks):
    game = make_duel(alice, bob, fighters=["coliber", "wasp"])
    placed_both(game, alice, bob, django_capture_on_commit_callbacks)
    return game


def placed_both(game, alice, bob, capture):
    from .helpers import act

    act(
        game,
        alice,
        {
            "type": "fighters",
            "placements": [
                {"fighter": "A1", "hex": [0, 5], "facing": 0},
                {"fighter": "A2", "hex": [0, 6], "facing": 0},
            ],
        },
        capture,
    )
    act(
        game,
        bob,
        {
            "type": "fighters",
            "placements": [
                {"fighter": "B1", "hex": [19, 6], "facing": 3},
                {"fighter": "B2", "hex": [19, 7], "facing": 3},
            ],
        },
        capture,
    )


def own_missile_dooms_a1():
    return position(
        [
            flying("A1", "coliber", (6, 7), NE),
            flying("A2", "wasp", (5, 3), E, speed=3),
            flying("B1", "coliber", (12, 12), W),
            flying("B2", "wasp", (14, 2), W),
        ],
        missiles=[missile(1, 0, (3, 7), E, "smart")],
    )


def test_a_fighter_doomed_by_its_own_missile_is_named_and_offered_no_steps(
    client, alice, duel_in_play, django_capture_on_commit_callbacks
):
    at_position(duel_in_play, own_missile_dooms_a1())
    client.force_login(alice)
    page = client.get(page_url(duel_in_play, 0)).content.decode()
    assert "A1 is destroyed by your own smart missile (1) before it moves." in page
    assert 'value="pick:A1"' not in page and 'value="pick:A2"' in page
    # the missile's start-of-turn flight is drawn before any click, with its kill
    assert 'class="missile-flight" data-missile="1"' in page
    assert 'class="kill" data-fighter="A1" data-player="0"' in page
    # A2's move alone completes the turn; the engine accepts it without orders for A1
    draft = json.dumps([{"fighter": "A2", "steps": ["A", "A", "A"]}])
    page = client.get(page_url(duel_in_play, 0), {"draft": draft, "current": ""}).content.decode()
    assert "Submit the turn (final)" in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            page_url(duel_in_play, 0, "submit"), {"action": "turn", "draft": draft}
        )
    assert response.status_code == 302
    report = duel_in_play.rounds.filter(status=Round.Status.PUBLISHED).last().report
    assert any(e["type"] == "destroyed" and e["fighter"] == "A1" for e in report.events)


def test_the_preview_marks_enemy_kills_draws_shots_and_stops_a_destroyed_fighter(
    client, alice, duel_in_play
):
    at_position(
        duel_in_play,
        position(
            [
                flying("A1", "coliber", (5, 7), E, speed=2),
                flying("A2", "wasp", (18, 3), E, speed=2),
                flying("B1", "coliber", (7, 7), W),
                flying("B2", "wasp", (10, 12), W),
            ]
        ),
    )
    client.force_login(alice)
    url = page_url(duel_in_play, 0, "preview")
    draft = json.dumps([{"fighter": "A1", "steps": ["A", "G"]}])
    page = client.get(url, {"draft": draft, "current": "A1"}, **HTMX).content.decode()
    assert '<line class="shot hit" data-fighter="A1"' in page
    assert "The enemy&#x27;s B1 is shot down by A1." in page
    assert 'class="kill" data-fighter="B1" data-player="1"' in page
    # A2 flies off the board on its second hex: no more steps, and finishing completes it
    draft = json.dumps(
        [{"fighter": "A1", "steps": ["A", "G", "A"]}, {"fighter": "A2", "steps": ["A", "A"]}]
    )
    page = client.get(url, {"draft": draft, "current": "A2"}, **HTMX).content.decode()
    assert "A2 is destroyed (left the board): it takes no more steps." in page
    assert 'value="step:' not in page and 'value="done"' in page
    page = client.get(url, {"draft": draft, "current": "A2", "do": "done"}, **HTMX).content.decode()
    assert "Submit the turn (final)" in page


def test_a_trapped_fighter_and_a_smart_missiles_reach_are_told(client, alice, duel_in_play):
    at_position(
        duel_in_play,
        position(
            [
                flying("A1", "coliber", (17, 7), E, speed=1),
                flying("A2", "wasp", (5, 3), E, speed=2),
                flying("B1", "coliber", (9, 1), W),
                flying("B2", "wasp", (10, 12), W),
            ],
            missiles=[missile(1, 0, (1, 1), E, "smart")],
        ),
    )
    client.force_login(alice)
    draft = json.dumps(
        [{"fighter": "A1", "steps": ["A", "A"]}, {"fighter": "A2", "steps": ["A", "A"]}]
    )
    page = client.get(page_url(duel_in_play, 0), {"draft": draft}).content.decode()
    assert "A1 ends where it cannot avoid an asteroid or the edge of the board next turn." in page
    assert (
        "Smart missile 1 homes on the nearest fighter, yours or the enemy&#x27;s. Within "
        "its reach now: A2 (yours, 4 hexes away)." in page
    )
    assert 'class="threat" data-missile="1" data-fighter="A2"' in page


def test_a_cornered_fighter_is_named_as_the_turn_opens(client, alice, duel_in_play):
    """A2 flies east at speed 3 one hex from the edge: every move it may make leaves the board.
    The page says so before the first click, not after the fatal step."""
    at_position(
        duel_in_play,
        position(
            [
                flying("A1", "coliber", (5, 7), E, speed=2),
                flying("A2", "coliber", (19, 3), E, speed=3),
                flying("B1", "coliber", (9, 12), W),
                flying("B2", "wasp", (10, 12), W),
            ]
        ),
    )
    client.force_login(alice)
    page = client.get(page_url(duel_in_play, 0)).content.decode()
    line = (
        "A2 cannot survive this turn: every move open to it ends off the board, "
        "in an asteroid or in a missile."
    )
    assert f'<li class="warning cornered">{line}</li>' in page
    assert "A1 cannot survive" not in page
