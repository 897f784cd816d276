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


def test_a_report_is_one_page_for_htmx_too_and_varies_on_the_cookie(client, published):
    # The replay's boards come from their own address (``replay_board``), not a fragment of
    # the report: the report is the same page whoever asks, htmx or not.
    page = client.get(published)
    asked_by_htmx = client.get(published, **HTMX)

    assert page.status_code == asked_by_htmx.status_code == 200
    assert "<html" in page.content.decode() and "<html" in asked_by_htmx.content.decode()
    assert has_vary_header(page, "Cookie")  # a logged-in reader's page differs
