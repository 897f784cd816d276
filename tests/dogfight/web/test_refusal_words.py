"""The engine's refusals reach a German pilot in German: each code the dogfight's engine refuses
by has words (``dogfight.words.REFUSALS``), filled from the refusal's params, and the cockpit,
the settings and the promotion show them in the reader's language."""

from __future__ import annotations

import pytest
from django.utils.translation import override

from dogfight import services as dogfight_services
from dogfight import words
from dogfight.engine import Settings, new_game
from dogfight.models import Pilot
from dogfight.plugin import RULES
from games.models import Order
from games.registry import Rejected
from tests.engine_codes import assert_worded_in_both_languages, codes_raised
from tests.factories import make_dogfight, make_user
from tests.helpers import fast_passwords, messages_of, order_post, orders_url  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]


def test_every_code_the_engine_refuses_by_has_words_and_no_words_wait_for_a_code():
    assert set(words.REFUSALS) == codes_raised("dogfight")


def refused(call, *args, language: str) -> str:
    with override(language), pytest.raises(Rejected) as refusal:
        call(*args)
    return str(refusal.value)


def test_a_maneuver_not_offered_reads_in_the_readers_language():
    state = new_game(1, Settings()).to_dict()
    payload = [{"maneuver": code} for code in ("H", "A", "A")]
    assert refused(RULES.validate_orders, state, 0, payload, language="de") == (
        "Zug 1: Halten wird nicht angeboten (angeboten: am Boden bleiben, Start auf Bahn α, "
        "Start auf Bahn β, Start auf Bahn γ)"
    )
    assert refused(RULES.validate_orders, state, 0, payload, language="en") == (
        "move 1: hold is not offered (offered: stay on the ground, take off on runway α, "
        "take off on runway β, take off on runway γ)"
    )


def test_orders_not_in_the_orders_shape_read_as_such_in_german():
    state = new_game(1, Settings()).to_dict()
    payload = [{"maneuver": "TB", "fire": "A"}, {"maneuver": "TB"}, {"maneuver": "A"}]
    assert refused(RULES.validate_orders, state, 0, payload, language="de") == (
        "der Befehl hat nicht die erwartete Form (bei moves[0].fire)"
    )


def test_settings_the_engine_cannot_set_up_read_in_german():
    settings = {"balloon_rule": "normal", "balloons": 4}
    assert refused(RULES.clean_settings, settings, language="de") == (
        "4 Ballons lassen sich hier nicht gerecht verteilen; möglich sind: 0, 1, 6, 7, 12, 13"
    )


def test_a_promotion_out_of_reach_is_refused_in_german():
    pilot = Pilot.objects.create(
        user=make_user("gustav"), name="Gustav", key="gustav", skeleton="gustav", points=40
    )
    with override("de"), pytest.raises(Rejected) as refusal:
        dogfight_services.pilot_promote(pilot=pilot, user=pilot.user)
    assert str(refusal.value) == (
        "eine Beförderung braucht mindestens 100 Punkte und einen Dienstgrad unter General"
    )


def test_every_wording_fills_from_the_params_it_is_given():
    samples = {
        "plane_out": {"seat": 2},
        "no_plane": {"seat": 7},
        "three_moves_only": {},
        "not_offered": {"move": 2, "maneuver": None, "offered": ["A"]},
        "fire_on_ground": {"move": 1},
        "no_firing_through": {"move": 3},
        "twin_bursts": {"move": 2},
        "fire_direction": {"move": 1},
        "too_many_bursts": {"bursts": 4, "allowed": 3},
        "no_ammunition": {},
        "short_of_ammunition": {"bursts": 2, "ammo": 1},
        "game_over": {},
        "unknown_level": {"level": "ace"},
        "clouds_out_of_range": {"clouds": 13, "most": 12},
        "balloons_unfair": {"balloons": 4, "possible": [0, 1, 6]},
        "clouds_unplaceable": {"clouds": 12},
        "career_out_of_range": {"points": -1, "rank": 9},
        "no_promotion": {"cost": 100, "top": 6},
    }
    assert set(samples) == set(words.REFUSALS)
    assert_worded_in_both_languages(words.refusal, samples)


def test_the_cockpit_refuses_bad_orders_in_german_and_keeps_nothing(client):
    alice = make_user("alice")
    alice.profile.language = "de"
    alice.profile.save()
    game = make_dogfight(humans={0: alice})
    client.force_login(alice)
    response = client.post(
        orders_url(game, 0),
        order_post(["H", "A", "A"], name="Red Falcon"),
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 400
    [message] = messages_of(response)
    assert "Zug 1: Halten wird nicht angeboten" in message
    assert "is not offered" not in message and "hold" not in message
    assert not Order.objects.filter(seat__game=game, seat__number=0).exists()
