"""The turn form in the order it is filled in: a docked fighter's facing select comes before
its buttons (tab order and reading order alike), so it is set before "Fly" or "stays docked"
is pressed."""

import pytest

from .helpers import page_url
from .test_duel_foresight import duel_in_play  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db


def test_the_facing_select_comes_before_the_fly_button(client, alice, duel_in_play):  # noqa: F811
    client.force_login(alice)
    page = client.get(page_url(duel_in_play, 0)).content.decode()
    for fighter in ("A1", "A2"):
        select = page.index(f'<select id="facing_{fighter}"')
        assert select < page.index(f'value="pick:{fighter}"')
        assert select < page.index(f'value="stay:{fighter}"')
