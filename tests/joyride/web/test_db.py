"""Joyride's plain reads (``joyride.db``) answer as the ORM does."""

import pytest

from joyride import db
from joyride.models import PlanDraft

from .helpers import HTMX, choice_value, legal_plan, make_game, open_round, url

pytestmark = pytest.mark.django_db


def test_the_draft_read_is_the_orm_s(client, alice, bob):
    game = make_game(alice, bob)
    rnd = open_round(game)
    seat = game.seats.get(number=0)
    assert db.draft_plan(rnd.pk, seat.pk) is None
    client.force_login(alice)
    for tile in legal_plan(rnd.state, 0, 2)["tiles"]:
        client.post(url(game, 0, "build"), {"do": "place", "choice": choice_value(tile)}, **HTMX)
    stored = PlanDraft.objects.get(round=rnd, seat=seat).plan
    assert db.draft_plan(rnd.pk, seat.pk) == stored and len(stored["tiles"]) == 2
    assert db.draft_plan(rnd.pk, game.seats.get(number=1).pk) is None
