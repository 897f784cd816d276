"""A player's own turn form fed drafts no page of ours makes: a clear message, the form
started again, nothing stored, never a 500 (the test client re-raises a view's exception)."""

from __future__ import annotations

import json

import pytest

from games.models import Order
from tests.helpers import HTMX

from .helpers import make_duel, open_round, page_url, placed, stay

pytestmark = pytest.mark.django_db

BAD_DRAFTS = [
    (
        {"draft": json.dumps([{"fighter": "A1", "steps": 5}]), "current": "A1", "do": "step:A"},
        "steps not a list",
    ),
    ({"draft": json.dumps([{"fighter": "A1", "steps": 5}]), "do": "undo"}, "steps not a list"),
    ({"draft": json.dumps([{}]), "do": "undo"}, "no fighter"),
    ({"draft": json.dumps([{}]), "current": "A1", "do": "step:A"}, "no fighter"),
    (
        {"draft": json.dumps([{"fighter": "A1", "stay": True}]), "current": "A1", "do": "step:A"},
        "a stay order being flown",
    ),
    (
        {"draft": json.dumps([{"fighter": ["A1"], "steps": []}]), "current": "A1", "do": "step:A"},
        "a fighter that is no name",
    ),
    (
        {
            "draft": json.dumps([{"fighter": "A1", "steps": [["A"]]}]),
            "current": "A1",
            "do": "step:A",
        },
        "a step that is no code",
    ),
    ({"draft": "[" * 3000 + "]" * 3000, "do": "done"}, "3,000 deep"),
    ({"draft": "x" * 100_000, "do": "done"}, "100,000 characters"),
]


@pytest.fixture
def playing(client, alice, bob, django_capture_on_commit_callbacks):
    game = make_duel(alice, bob)
    placed(game, alice, bob, django_capture_on_commit_callbacks)
    client.force_login(alice)
    return game


@pytest.mark.parametrize("data,why", BAD_DRAFTS, ids=[why for _, why in BAD_DRAFTS])
@pytest.mark.parametrize("page", ["seat", "preview"])
def test_a_hostile_draft_restarts_the_turn_form_with_a_message(client, playing, data, why, page):
    response = client.get(page_url(playing, 0, page), data, **HTMX)
    assert response.status_code == 200, why
    html = response.content.decode()
    assert "The turn so far could not be read: build it again." in html
    assert 'name="draft" value="[]"' in html and 'value="pick:A1"' in html


@pytest.mark.parametrize("data,why", BAD_DRAFTS, ids=[why for _, why in BAD_DRAFTS])
def test_a_hostile_draft_posted_is_refused_with_a_message_and_nothing_stored(
    client, playing, data, why
):
    response = client.post(page_url(playing, 0, "submit"), {"action": "turn", **data})
    assert response.status_code == 400, why
    assert (
        "Not accepted: the turn so far could not be read: build it again."
        in response.content.decode()
    )
    assert not Order.objects.filter(round=open_round(playing)).exists()


def test_a_stay_order_in_a_draft_still_works(client, playing):
    draft = stay("A1")["orders"]
    response = client.get(page_url(playing, 0), {"draft": json.dumps(draft), "do": "undo"})
    html = response.content.decode()
    assert "could not be read" not in html and 'name="draft" value="[]"' in html
