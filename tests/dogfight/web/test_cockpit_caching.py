"""The cockpit shows the pilot's sealed orders: it, its htmx fragments and a refused submit's
page are never stored by a browser or a proxy (``Cache-Control: no-store, private``), and the
preview, a fragment for htmx and a redirect without, says it varies on ``HX-Request``."""

import pytest
from django.utils.cache import has_vary_header

from tests.factories import make_dogfight, make_user
from tests.helpers import HTMX, cockpit, fast_passwords, order_post, orders_url, preview_url  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]


def never_stored(response) -> bool:
    directives = {part.strip() for part in response["Cache-Control"].split(",")}
    return {"no-store", "private"} <= directives


@pytest.fixture
def pilot(client):
    alice = make_user("alice")
    client.force_login(alice)
    return client, make_dogfight(humans={0: alice})


def test_the_cockpit_and_its_fragments_are_never_stored(pilot):
    client, game = pilot
    page = client.get(cockpit(game, 0))
    fragment = client.get(preview_url(game, 0), {"m1": "TA"}, **HTMX)
    without_htmx = client.get(preview_url(game, 0), {"m1": "TA"})

    assert (page.status_code, fragment.status_code, without_htmx.status_code) == (200, 200, 302)
    assert never_stored(page) and never_stored(fragment) and never_stored(without_htmx)


def test_the_preview_varies_on_htmx(pilot):
    client, game = pilot

    assert has_vary_header(client.get(preview_url(game, 0), {"m1": "TA"}, **HTMX), "HX-Request")
    assert has_vary_header(client.get(preview_url(game, 0), {"m1": "TA"}), "HX-Request")


def test_a_refused_submit_shows_the_orders_again_and_is_never_stored(pilot):
    client, game = pilot
    refused = client.post(orders_url(game, 0), order_post(["TA", "A", "A"], name=""))

    assert refused.status_code == 400
    assert never_stored(refused)
