"""The engine's refusals carry a code and params besides their English, so that a page can word
them in its reader's language: every refusal in the source names its code (or is the job's
shape, with the field), hand-made orders are refused with the right code and params, and the
JSON face still answers the English alone."""

from __future__ import annotations

import json

import pytest

from games.enginekit import answer
from racing.engine import EngineError, new_race
from racing.engine.api import JOBS
from tests.engine_codes import codes_raised, literal_codes, rule_breaks, uncoded

from .refusal_cases import CASES, JETS


def test_every_refusal_in_the_engine_names_its_code_or_else_the_field_of_the_jobs_shape():
    assert rule_breaks("racing") == []
    assert len(codes_raised("racing")) > 30


def test_every_blocked_flight_and_course_fault_names_its_code():
    assert uncoded("racing", "Blocked") == [] and uncoded("racing", "CourseFault") == []
    assert {"hinge_limit", "slip_chain", "slip_energy"} <= literal_codes("racing", "Blocked")


@pytest.mark.parametrize(
    "make, code, params", CASES, ids=[f"{n}-{code}" for n, (_, code, _) in enumerate(CASES)]
)
def test_a_hand_made_order_is_refused_with_its_code_and_params(make, code, params):
    with pytest.raises(EngineError) as refused:
        make()
    assert (refused.value.code, refused.value.params) == (code, params)
    assert json.loads(json.dumps(refused.value.params)) == params  # JSON values only


def test_the_hand_made_orders_meet_every_code_the_engine_refuses_with():
    assert {code for _, code, _ in CASES} == (
        codes_raised("racing") | literal_codes("racing", "Blocked") | {"malformed"}
    )


def test_a_refusal_keeps_its_english_message():
    state = new_race("oval5", JETS)
    with pytest.raises(EngineError, match=r"^order: a hinge is past the limit of 60 degrees$"):
        JOBS["turn"]({"state": state, "order": {"lift": 1, "hinge": [61, 0]}})
    with pytest.raises(EngineError, match=r"^order\.lift must be one of \[1\], not 4$"):
        JOBS["turn"]({"state": state, "order": {"lift": 4}})


@pytest.mark.parametrize(
    "order, message",
    [
        ({"lift": 1, "hinge": [61, 0]}, "order: a hinge is past the limit of 60 degrees"),
        ({"lift": 4}, "order.lift must be one of [1], not 4"),
        ({"lift": "x"}, "order.lift must be a whole number"),
        ({"pick": "booster"}, "the draft is over: order a flight"),
    ],
)
def test_the_json_face_answers_a_refusal_with_its_english_alone(order, message):
    state = new_race("oval5", JETS)
    assert answer(JOBS, "turn", {"state": state, "order": order}) == ({"error": message}, False)
    legal, ok = answer(JOBS, "legal", {"state": state, "order": order})
    assert ok and legal["preview"] == {"error": message}
