"""Ramming a buoy puts three damage chips on the pilot's cards: the order form offers a choice
of card for each chip when its preview rams, and the engine places them as chosen."""

import pytest

from games.models import Order
from racing import engine
from tests.racing.engine.helpers import LINE, jet, race

from .helpers import make_race, open_round, page_url, state

pytestmark = pytest.mark.django_db


def rams_next(game) -> dict:
    """Seat 0's jet on turn, flying east along y = 85 at Lift 2 into gate 2's buoy a (200, 80),
    holding a booster (card 4) and Robert (card 9)."""
    ids = {j["seat"]: j["id"] for j in state(game)["jets"]}
    position = race(
        jet(
            ids[0],
            150,
            85,
            0,
            lift=2,
            seat=0,
            equipment=[{"id": 4, "kind": "booster"}, {"id": 9, "kind": "robert"}],
        ),
        jet(ids[1], 0, 900, seat=1),
        jet(ids[2], 0, -900, seat=2),
        course=LINE,
        level=3,
        turn=ids[0],
    )
    rnd = open_round(game)
    rnd.state = position
    rnd.save(update_fields=["state"])
    return position


def test_the_form_offers_a_card_for_each_chip_when_the_preview_rams(client, alice, bob):
    game = make_race(alice, bob)
    rams_next(game)
    client.force_login(alice)
    straight = client.get(page_url(game, 0), {"lift": "2", "h1": "0", "h2": "0"}).content.decode()
    assert "Buoys rammed at gate 2" in straight
    assert 'name="ram_chip_3"' in straight and ">Robert<" in straight.replace("> ", ">")
    elsewhere = client.get(page_url(game, 0), {"lift": "2", "h1": "-45", "h2": "0"})
    assert 'name="ram_chip_1"' not in elsewhere.content.decode()  # no ram, no choice


def test_the_chips_go_on_the_cards_the_pilot_picked(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_race(alice, bob)
    before = rams_next(game)
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        sent = client.post(
            page_url(game, 0, "submit"),
            {
                "lift": "2",
                "h1": "0",
                "h2": "0",
                "slips": "",
                "ram_chip_1": "9",
                "ram_chip_2": "9",
                "round": str(open_round(game).number),
            },
        )
    assert sent.status_code == 302, sent.content.decode()[-2000:]
    stored = Order.objects.get(seat__user=alice).payload
    assert stored["ram_chips"] == [9, 9]
    _after, events = engine.play_turn(before, stored)
    assert [e["cards"] for e in events if e["type"] == "chips"] == [[9, 9, 4]]


def test_a_chip_on_a_card_not_held_is_refused(client, alice, bob):
    game = make_race(alice, bob)
    rams_next(game)
    client.force_login(alice)
    refused = client.post(
        page_url(game, 0, "submit"),
        {
            "lift": "2",
            "h1": "0",
            "h2": "0",
            "ram_chip_1": "77",
            "round": str(open_round(game).number),
        },
    )
    assert refused.status_code == 400
    assert not Order.objects.filter(seat__user=alice).exists()


def test_a_station_field_that_is_no_plain_number_is_no_500(client, alice, bob):
    game = make_race(alice, bob)
    client.force_login(alice)
    answer = client.post(page_url(game, 0, "submit"), {"station": "1", "return_\u00b2": "1"})
    assert answer.status_code == 400
