"""The engine's refusals reach a German player in German: each code the duel's engine refuses by
has words (``duel.report.REFUSALS``), filled from the refusal's params, and the seat page, the
turn form and the settings show them in the reader's language."""

from __future__ import annotations

import json
import re

import pytest
from django.utils.translation import override

from duel import report
from duel.engine import new_game
from duel.plugin import RULES
from games.models import Order
from games.registry import Rejected
from tests.engine_codes import assert_worded_in_both_languages, codes_raised

from .helpers import make_duel, page_url, placed

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def test_every_code_the_engine_refuses_by_has_words_and_no_words_wait_for_a_code():
    assert set(report.REFUSALS) == codes_raised("duel")


def test_every_wording_fills_from_the_params_it_is_given():
    hex_ = {"hex": [3, 4]}
    step = {"fighter": "A1", "number": 2, "fighter_class": "bee"}
    samples = {
        "game_over": {},
        "not_now": {"action": "turn", "phase": "asteroids"},
        "not_play_phase": {"phase": "fighters"},
        "not_your_turn": {"player": 1, "to_act": 0},
        "asteroid_off_board": hex_,
        "asteroid_taken": hex_,
        "asteroid_on_dock": hex_,
        "asteroid_near_dock": {**hex_, "clearance": 2},
        "asteroid_touching": hex_,
        "already_placed": {"player": 0},
        "not_your_fighter": {"fighter": "B1", "player": 0},
        "placed_twice": {"fighter": "A1"},
        "not_a_dock": {**hex_, "docks": [[0, 5], [0, 6]]},
        "dock_taken": hex_,
        "not_placed": {"fighters": ["A2", "A3"]},
        "off_board": {"where": "action.placements[0].hex", "hex": [30, 2]},
        "no_fighter": {"fighter": "Z9"},
        "landed_last_turn": {"fighter": "A1"},
        "too_many_steps": {"fighter": "A1", "most": 40},
        "no_take_off": {"fighter": "A1", "number": 1},
        "too_fast": {"fighter": "A1", "number": 4, "speed": 3},
        "turn_too_soon": {**step, "step": "R", "flown": 1, "z": 2},
        "no_gun": {**step, "gun": "tail"},
        "no_launcher": {**step, "launcher": "tail"},
        "no_missile_left": {"fighter": "A1", "number": 2, "missile": "smart"},
        "stay_flying": {"fighter": "A1"},
        "stay_too_long": {"fighter": "A1", "turns": 3},
        "stay_with_steps": {"fighter": "A1"},
        "facing_while_moving": {"fighter": "A1"},
        "speed_not_open": {"fighter": "A1", "speed": 5, "speeds": [2, 3, 4]},
        "speed_mismatch": {"fighter": "A1", "speed": 3, "ahead": 2},
        "speed_exceeded": {"fighter": "A1", "speed": 2},
        "wrong_distance": {"fighter": "A1", "ahead": 1, "speeds": [2, 3]},
        "orders_missing": {"fighters": ["A2"]},
        "orders_twice": {"fighter": "A1"},
        "fighter_destroyed": {"fighter": "A1"},
        "fighter_count": {"count": 5, "most": 4},
        "asteroids_out_of_range": {"asteroids": 16, "most": 15},
        "unknown_class": {"fighter_class": "tank"},
    }
    assert set(samples) == set(report.REFUSALS)
    assert_worded_in_both_languages(report.refusal, samples)


def test_an_action_refused_by_the_plugin_reads_in_the_readers_language():
    state = new_game().to_dict()
    action = {"type": "asteroid", "hex": [0, 5]}
    with override("de"), pytest.raises(Rejected) as refusal:
        RULES.validate_orders(state, 0, action)
    assert str(refusal.value) == "kein Asteroid auf [0, 5]: Das ist ein Dock"
    with override("de"), pytest.raises(Rejected) as refusal:
        RULES.clean_settings({"fighters": ["wasp"] * 5})
    assert str(refusal.value) == "eine Seite hat 1 bis 4 Jäger"


def _german(user):
    user.profile.language = "de"
    user.profile.save()


def test_the_seat_page_refuses_an_asteroid_in_german_and_keeps_nothing(client, alice, bob):
    _german(alice)
    game = make_duel(alice, bob, asteroids=1)
    client.force_login(alice)
    response = client.post(page_url(game, 0, "submit"), {"action": "asteroid", "hex": "1,6"})
    assert response.status_code == 400
    page = response.content.decode()
    assert (
        "Nicht angenommen: kein Asteroid auf [1, 6]: Das Feld liegt höchstens 2 Felder von "
        "einem Dock entfernt."
    ) in page
    assert "within 2 hexes" not in page
    assert not Order.objects.exists()


def test_the_turn_form_refuses_a_step_in_german(
    client, alice, bob, django_capture_on_commit_callbacks
):
    _german(alice)
    game = make_duel(alice, bob)
    placed(game, alice, bob, django_capture_on_commit_callbacks)
    client.force_login(alice)
    draft = json.dumps([{"fighter": "A1", "steps": ["A"]}])
    page = client.get(
        page_url(game, 0, "preview"), {"draft": draft, "current": "A1", "do": "step:L"}, **HTMX
    ).content.decode()
    [error] = re.findall(r'<p class="error" role="alert">(.*?)</p>', page)
    assert error == (
        "Nicht erlaubt: A1, Schritt 2 (nach links drehen): Ein Wasp dreht erst "
        "nach 2 Feldern seit dem Beginn seines Zugs oder seiner letzten Drehung "
        "(bisher 1)"
    )
