"""The player's page shows his sealed placement and the turn he builds: it and its htmx
fragment are never stored by a browser or a proxy (``Cache-Control: no-store, private``), and
the preview, a fragment for htmx and a redirect without, varies on ``HX-Request``."""

import pytest
from django.utils.cache import has_vary_header

from .helpers import make_duel, page_url

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def never_stored(response) -> bool:
    directives = {part.strip() for part in response["Cache-Control"].split(",")}
    return {"no-store", "private"} <= directives


def test_the_players_page_and_its_fragment_are_never_stored(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob)
    client.force_login(alice)
    page = client.get(page_url(game, 0))
    fragment = client.get(page_url(game, 0, "preview"), **HTMX)
    without_htmx = client.get(page_url(game, 0, "preview"))

    assert (page.status_code, fragment.status_code, without_htmx.status_code) == (200, 200, 302)
    assert never_stored(page) and never_stored(fragment) and never_stored(without_htmx)
    assert has_vary_header(fragment, "HX-Request") and has_vary_header(without_htmx, "HX-Request")


def test_a_refused_action_is_never_stored(client, alice, bob):
    game = make_duel(alice, bob)
    client.force_login(alice)
    refused = client.post(page_url(game, 0, "submit"), {"action": "nonsense"})

    assert refused.status_code == 400
    assert never_stored(refused)
