"""The Überhirn on the order form: besides which projector of its victim and at whom, the form
takes that projector's own fields (the Kupferwurm's direction and chips, the Butt Kick's
hinges), and the engine plays the victim's shot as the pilot set it."""

import pytest

from games.models import Order
from racing import engine
from racing.engine.catalogue import KINDS
from racing.engine.orders import USE_FIELDS
from racing.views import order_from_form

from .helpers import make_race, open_round, page_url, uberhirn_race

pytestmark = pytest.mark.django_db


def send_form(client, game, fields: dict, capture):
    base = {
        "round": str(open_round(game).number),
        "lift": "1",
        "h1": "0",
        "h2": "0",
        "slips": "",
        "use_1": "before",
        "target_1": "blue",
    }
    with capture(execute=True):
        return client.post(page_url(game, 0, "submit"), {**base, **fields})


def after_turn(game) -> dict:
    return game.rounds.get(number=1).report.state


def jet_in(state_: dict, jet_id: str) -> dict:
    return next(j for j in state_["jets"] if j["id"] == jet_id)


def test_the_form_offers_each_projectors_own_fields_for_the_victim(client, alice, bob):
    game = make_race(alice, bob)
    uberhirn_race(game, third_y=-100)
    client.force_login(alice)
    page = client.get(
        page_url(game, 0),
        {
            "use_1": "before",
            "inner_card_1": "butt_kick",
            "inner_direction_1": "back",
            "inner_hinge1_1": "12",
        },
    ).content.decode()
    for name in (
        "inner_card_1",
        "inner_target_1",
        "inner_direction_1",
        "inner_chip1_1",
        "inner_chip3_1",
        "inner_hinge1_1",
        "inner_hinge2_1",
        "inner_slips_1",
    ):
        assert f'name="{name}"' in page
    assert "If the victim fires Kupferwurm HaZ IV:" in page
    assert "If the victim fires Butt Kick:" in page
    assert '<option value="butt_kick" selected>' in page  # what was chosen stays chosen
    assert '<option value="back" selected>' in page and 'value="12"' in page


def test_the_victim_fires_its_kupferwurm_backwards_on_the_chosen_cards(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_race(alice, bob)
    before = uberhirn_race(game, third_y=-100)  # the third jet is behind the victim (south)
    client.force_login(alice)
    sent = send_form(
        client,
        game,
        {
            "inner_card_1": "kupferwurm",
            "inner_target_1": "green",
            "inner_direction_1": "back",
            "inner_chip1_1": "8",
            "inner_chip2_1": "8",
        },
        django_capture_on_commit_callbacks,
    )
    assert sent.status_code == 302, sent.content.decode()[-2000:]
    stored = Order.objects.get(seat__user=alice).payload
    assert stored["before"] == [
        {
            "card": 1,
            "target": "blue",
            "use": {"card": "kupferwurm", "target": "green", "direction": "back", "chips": [8, 8]},
        }
    ]
    after = after_turn(game)
    chips = {c["id"]: c["chips"] for c in jet_in(after, "green")["equipment"]}
    assert chips == {8: 2, 7: 1}  # two where chosen, the third on the card with fewest
    assert jet_in(after, "blue")["energy"] == jet_in(before, "blue")["energy"] - 1
    assert after == engine.play_turn(before, stored)[0]


def test_fired_ahead_the_same_kupferwurm_misses_the_jet_behind(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_race(alice, bob)
    uberhirn_race(game, third_y=-100)
    client.force_login(alice)
    sent = send_form(
        client,
        game,
        {
            "inner_card_1": "kupferwurm",
            "inner_target_1": "green",
            "inner_direction_1": "front",
            "inner_chip1_1": "8",
        },
        django_capture_on_commit_callbacks,
    )
    assert sent.status_code == 302
    green = jet_in(after_turn(game), "green")
    assert all(c["chips"] == 0 for c in green["equipment"])


def test_the_victim_kicks_with_its_butt_kick_on_the_chosen_hinges(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_race(alice, bob)
    before = uberhirn_race(game, third_y=100)  # the third jet is ahead of the victim (north)
    client.force_login(alice)
    sent = send_form(
        client,
        game,
        {
            "inner_card_1": "butt_kick",
            "inner_target_1": "green",
            "inner_hinge1_1": "20",
            "inner_hinge2_1": "-10",
            "inner_direction_1": "back",
        },  # a Kupferwurm's: not sent
        django_capture_on_commit_callbacks,
    )
    assert sent.status_code == 302, sent.content.decode()[-2000:]
    stored = Order.objects.get(seat__user=alice).payload
    assert stored["before"][0]["use"] == {
        "card": "butt_kick",
        "target": "green",
        "hinge": [20.0, -10.0],
    }
    after = after_turn(game)
    green = jet_in(after, "green")
    assert green["heading"] == pytest.approx(10.0)
    assert (green["x"], green["y"]) != (100.0, 100.0)
    assert after == engine.play_turn(before, stored)[0]


def test_hinges_beyond_the_butt_kicks_limit_are_refused_by_the_engine(client, alice, bob):
    game = make_race(alice, bob)
    uberhirn_race(game, third_y=100)
    client.force_login(alice)
    refused = client.post(
        page_url(game, 0, "submit"),
        {
            "round": "1",
            "lift": "1",
            "use_1": "before",
            "target_1": "blue",
            "inner_card_1": "butt_kick",
            "inner_target_1": "green",
            "inner_hinge1_1": "170",
        },
    )
    assert refused.status_code == 400 and "at most" in refused.content.decode()
    assert not Order.objects.filter(seat__user=alice).exists()


@pytest.mark.parametrize("inner", ["uberhirn", "", "9999", "robert"])
def test_an_inner_use_that_is_no_projector_of_the_victim_is_refused(client, alice, bob, inner):
    game = make_race(alice, bob)
    uberhirn_race(game, third_y=100)
    client.force_login(alice)
    refused = client.post(
        page_url(game, 0, "submit"),
        {
            "round": "1",
            "lift": "1",
            "use_1": "before",
            "target_1": "blue",
            "inner_card_1": inner,
            "inner_target_1": "green",
            "inner_use_1": "x",
        },
    )
    assert refused.status_code == 400
    assert not Order.objects.filter(seat__user=alice).exists()


def test_no_two_projectors_share_a_field_so_each_inner_field_is_on_the_form_once():
    fields = [
        f
        for k in KINDS.values()
        if k.projector and k.id != "uberhirn"
        for f in USE_FIELDS.get(k.id, ())
    ]
    assert len(fields) == len(set(fields))


def test_a_butt_kicks_slips_are_read_from_the_form_for_a_plain_use_and_an_inner_one():
    options = {
        "lifts": [1],
        "equipment": [{"card": 3, "kind": "butt_kick"}, {"card": 1, "kind": "uberhirn"}],
    }
    order = order_from_form(
        {
            "lift": "1",
            "use_3": "before",
            "target_3": "blue",
            "hinge1_3": "10",
            "hinge2_3": "0",
            "slips_3": "10 -5; 0 0",
            "use_1": "after",
            "inner_card_1": "butt_kick",
            "inner_target_1": "green",
            "inner_slips_1": "-3 4",
        },
        options,
    )
    assert order["before"] == [
        {"card": 3, "target": "blue", "hinge": [10.0, 0.0], "slips": [[10.0, -5.0], [0.0, 0.0]]}
    ]
    assert order["after"][0]["use"] == {
        "card": "butt_kick",
        "target": "green",
        "hinge": [0.0, 0.0],
        "slips": [[-3.0, 4.0]],
    }
