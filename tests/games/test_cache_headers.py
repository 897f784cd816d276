"""Responses that differ for htmx say so (``Vary: HX-Request``), so that no cache in between
hands a fragment to a page load or a page to htmx. (The players' own pages, which show sealed
orders, send ``Cache-Control: no-store``: their tests are in each game's folder.)"""

import pytest
from django.urls import reverse
from django.utils.cache import has_vary_header

from games import resolution
from tests.factories import make_dogfight, make_user, open_round
from tests.helpers import HTMX

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(db):
    game = make_dogfight(humans={0: make_user("alice")})
    rnd = open_round(game)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    return reverse("round_report", args=[game.pk, 1])


def test_a_report_and_its_replay_fragment_vary_on_htmx(client, published):
    page = client.get(published)
    fragment = client.get(published, {"step": 1}, **HTMX)

    assert page.status_code == fragment.status_code == 200
    assert "<html" in page.content.decode() and "<html" not in fragment.content.decode()
    assert has_vary_header(page, "HX-Request") and has_vary_header(fragment, "HX-Request")
    assert has_vary_header(page, "Cookie")  # a logged-in reader's page differs too


def test_a_logged_in_readers_report_varies_on_htmx_too(client, published):
    client.force_login(make_user("bob"))

    assert has_vary_header(client.get(published), "HX-Request")
