"""The cockpit's own forms fed fields no page of ours makes: never a 500."""

from __future__ import annotations

import pytest

from games.models import Chatter
from tests.factories import make_dogfight, make_user
from tests.helpers import chatter_url, messages_of

pytestmark = pytest.mark.django_db


@pytest.mark.slow
@pytest.mark.parametrize("field", ["l²", "l١", "l" + "9" * 40])
def test_chatter_with_a_line_field_that_is_no_plain_number_is_ignored(client, field):
    alice = make_user("alice")
    game = make_dogfight(humans={0: alice})
    client.force_login(alice)
    response = client.post(chatter_url(game, 0), {field: "hello", "l1": "tally ho"})
    assert response.status_code == 302
    assert messages_of(client.get(response.url))[0].startswith("Chatter saved")
    assert Chatter.objects.get(seat__game=game, seat__number=0).lines == ["tally ho"]
