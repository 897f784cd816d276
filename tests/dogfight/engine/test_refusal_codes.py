"""Every refusal of the dogfight's engine says what it refuses as data too: a code and its params
(``games.enginekit.EngineError``), which the pages word in their reader's language. The English
message stays the JSON face's."""

from __future__ import annotations

import pytest

from dogfight.engine import EngineError, Settings, validate_orders
from dogfight.engine.api import JOBS, new_job
from dogfight.engine.career import promote
from games.enginekit import answer
from tests.engine_codes import codes_raised, rule_breaks

from .helpers import orders, parked, plane


def refusal(p, *codes, settings=None, **kw) -> EngineError:
    with pytest.raises(EngineError) as refused:
        validate_orders(p, settings or Settings(), orders(p.seat, *codes, **kw)[p.seat])
    return refused.value


def flying(**kw):
    return plane(0, 0, 0, 0, **kw)


def test_every_refusal_of_the_engine_has_a_code_or_names_the_field_of_a_malformed_job():
    assert rule_breaks("dogfight") == []


def test_the_scan_finds_the_rules_the_engine_refuses_by():
    assert {
        "not_offered",
        "too_many_bursts",
        "fire_on_ground",
        "balloons_unfair",
        "no_promotion",
    } <= codes_raised("dogfight")


def test_a_maneuver_not_offered_names_the_move_the_maneuver_and_the_offered_ones():
    error = refusal(flying(), "H", "A", "A")
    assert (error.code, error.params) == (
        "not_offered",
        {"move": 1, "maneuver": "H", "offered": ["A", "L", "R", "LS", "RS"]},
    )
    assert str(error) == "seat 0: move 1: H (hold) is not offered (offered: A, L, R, LS, RS)"


def test_a_maneuver_that_is_no_text_is_named_as_none():
    with pytest.raises(EngineError) as refused:
        validate_orders(
            flying(), Settings(), [{"maneuver": "A"}, {"maneuver": 7}, {"maneuver": "A"}]
        )
    assert refused.value.code == "not_offered" and refused.value.params["maneuver"] is None


@pytest.mark.parametrize(
    "p, codes, fire, through, settings, code, params",
    [
        (parked(0), ("G", "G", "G"), {1: ["A"]}, (), Settings(), "fire_on_ground", {"move": 1}),
        (flying(), ("A", "A", "A"), {2: ["L", "L"]}, (), Settings(), "twin_bursts", {"move": 2}),
        (flying(), ("A", "A", "A"), {2: ["B"]}, (), Settings(), "fire_direction", {"move": 2}),
        (
            flying(),
            ("A", "A", "A"),
            {2: ["A"]},
            {2},
            Settings(balloon_rule="normal"),
            "no_firing_through",
            {"move": 2},
        ),
        (
            flying(),
            ("A", "A", "A"),
            {1: ["A", "L"], 3: ["A", "R"]},
            (),
            Settings(),
            "too_many_bursts",
            {"bursts": 4, "allowed": 3},
        ),
        (flying(ammo=0), ("A", "A", "A"), {3: ["A"]}, (), Settings(), "no_ammunition", {}),
        (
            flying(ammo=1),
            ("A", "A", "A"),
            {1: ["A"], 2: ["A"]},
            (),
            Settings(),
            "short_of_ammunition",
            {"bursts": 2, "ammo": 1},
        ),
        (flying(status="out"), ("A", "A", "A"), {}, (), Settings(), "plane_out", {"seat": 0}),
    ],
)
def test_bad_orders_are_refused_with_their_rule_and_its_numbers(
    p, codes, fire, through, settings, code, params
):
    error = refusal(p, *codes, fire=fire, through=through, settings=settings)
    assert (error.code, error.params) == (code, params)


@pytest.mark.parametrize(
    "raw, where",
    [
        ("A A A", "moves"),
        ([{"maneuver": "A"}, "A", {"maneuver": "A"}], "moves[1]"),
        ([{"maneuver": "A", "fire": "A"}, {"maneuver": "A"}, {"maneuver": "A"}], "moves[0].fire"),
        (
            [{"maneuver": "A"}, {"maneuver": "A"}, {"maneuver": "A", "through": 1}],
            "moves[2].through",
        ),
    ],
)
def test_orders_not_in_the_orders_shape_are_malformed_at_their_field(raw, where):
    with pytest.raises(EngineError) as refused:
        validate_orders(flying(), Settings(), raw)
    assert (refused.value.code, refused.value.params) == ("malformed", {"where": where})


def test_settings_the_engine_cannot_set_up_say_what_is_possible():
    with pytest.raises(EngineError) as refused:
        new_job({"seed": 0, "balloons": 4})
    assert (refused.value.code, refused.value.params) == (
        "balloons_unfair",
        {"balloons": 4, "possible": [0, 1, 6, 7, 12, 13]},
    )
    with pytest.raises(EngineError) as refused:
        new_job({"seed": 0, "clouds": 13})
    assert (refused.value.code, refused.value.params) == (
        "clouds_out_of_range",
        {"clouds": 13, "most": 12},
    )


def test_a_promotion_out_of_reach_is_refused_with_its_price_and_the_top_rank():
    with pytest.raises(EngineError) as refused:
        promote(99, 0)
    assert (refused.value.code, refused.value.params) == ("no_promotion", {"cost": 100, "top": 6})
    assert isinstance(refused.value, ValueError)


def test_the_json_face_answers_a_coded_refusal_with_its_english_alone():
    assert answer(JOBS, "new", {"seed": 0, "balloons": 4}) == (
        {"error": "4 balloons cannot be placed fairly here; possible: 0, 1, 6, 7, 12, 13"},
        False,
    )
