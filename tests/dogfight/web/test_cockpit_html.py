"""The cockpit's form rows (moves and chatter lines): escaped, read back exactly by a browser,
and every maneuver and burst direction of the engine named on the form."""

import pytest
from django.utils import translation

from dogfight import words
from dogfight.engine.maneuvers import NAMES
from dogfight.engine.orders import FIRE_DIRECTIONS
from games import services
from tests.factories import make_dogfight, make_user, seat_of
from tests.helpers import cockpit, fast_passwords, inputs  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]

HOSTILE = ['"><script>alert(1)</script>', "Tom & Jerry's <b>", "Rеd Falcon — α β γ"]


def test_chatter_lines_come_back_exactly_and_escaped(client):
    alice = make_user("alice")
    game = make_dogfight(humans={0: alice})
    services.chatter_save(seat=seat_of(game, alice), user=alice, lines=HOSTILE)
    client.force_login(alice)
    page = client.get(cockpit(game, 0)).content.decode()
    shown = [i.get("value") for i in inputs(page) if i.get("name", "").startswith("l")]
    assert shown == HOSTILE + ["", "", ""]
    assert "<script>alert(1)" not in page and "<b>" not in page
    assert [i["id"] for i in inputs(page) if i.get("name", "").startswith("l")] == [
        f"chatter-{n}" for n in range(1, 7)
    ]


def test_every_maneuver_and_burst_direction_of_the_engine_has_its_name_on_the_form():
    with translation.override("en"):
        assert {code: str(name) for code, name in words.MANEUVERS.items()} == NAMES
    assert list(words.in_language("FIRE_DIRECTIONS")) == list(FIRE_DIRECTIONS)
