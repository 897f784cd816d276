"""The engine's refusals carry a code and params besides their English, so that a page can word
them in its reader's language: every refusal in the source names its code (or is the job's
shape, with the field), hand-made orders are refused with the right code and params, and the
JSON face still answers the English alone."""

from __future__ import annotations

import json

import pytest

from games.jsonface import answer
from racing.engine import EngineError, new_race
from racing.engine.api import JOBS

from .refusal_cases import CASES, JETS
from .refusal_scan import engine_codes, rule_breaches, sources


def test_every_refusal_in_the_engine_names_its_code_or_else_the_field_of_the_jobs_shape():
    found = sources()
    assert {"turns.py", "equipment.py", "flight.py", "orders.py"} <= set(found)
    assert sum(text.count("raise EngineError(") for text in found.values()) > 50
    assert [breach for name, text in found.items()
            for breach in rule_breaches(text, name)] == []


@pytest.mark.parametrize("source, why", [
    ('raise EngineError("order.lift: no")', "no code= and no where="),
    ('raise EngineError("order.lift: no", "lift_not_open")', "one positional argument"),
    ('raise EngineError("no", code="malformed", where="x")', 'code="malformed" is the default'),
    ('raise EngineError("no", code=why)', "neither a string nor a caught Blocked's code"),
    ('try:\n    f()\nexcept ValueError as blocked:\n    raise EngineError("no", code=blocked.code)',
     "neither a string nor a caught Blocked's code"),
    ('raise Blocked("hinge", "past it")', "Blocked without a code= string"),
    ('return CourseFault("overlap", "gates_overlap", {})', "CourseFault without a code= string"),
])
def test_the_scan_finds_a_refusal_that_breaks_the_rule(source, why):
    (breach,) = rule_breaches(source if source.startswith(("try", "raise")) else
                              f"def f():\n    {source}")
    assert why in breach


def test_the_scan_lets_the_rules_three_forms_pass():
    assert rule_breaches('raise EngineError("no", code="race_over")\n'
                         'raise EngineError("order.lift is missing", where="order.lift")\n'
                         'try:\n    f()\nexcept Blocked as blocked:\n'
                         '    raise EngineError(f"order: {blocked}", code=blocked.code)\n'
                         'raise Blocked("hinge", "past it", code="hinge_limit", limit=60.0)\n') \
        == []


@pytest.mark.parametrize("make, code, params", CASES,
                         ids=[f"{n}-{code}" for n, (_, code, _) in enumerate(CASES)])
def test_a_hand_made_order_is_refused_with_its_code_and_params(make, code, params):
    with pytest.raises(EngineError) as refused:
        make()
    assert (refused.value.code, refused.value.params) == (code, params)
    assert json.loads(json.dumps(refused.value.params)) == params  # JSON values only


def test_the_hand_made_orders_meet_every_code_the_engine_refuses_with():
    assert {code for _, code, _ in CASES} == engine_codes() | {"malformed"}


def test_a_refusal_keeps_its_english_message():
    state = new_race("oval5", JETS)
    with pytest.raises(EngineError, match=r"^order: a hinge is past the limit of 60 degrees$"):
        JOBS["turn"]({"state": state, "order": {"lift": 1, "hinge": [61, 0]}})
    with pytest.raises(EngineError, match=r"^order\.lift must be one of \[1\], not 4$"):
        JOBS["turn"]({"state": state, "order": {"lift": 4}})


@pytest.mark.parametrize("order, message", [
    ({"lift": 1, "hinge": [61, 0]}, "order: a hinge is past the limit of 60 degrees"),
    ({"lift": 4}, "order.lift must be one of [1], not 4"),
    ({"lift": "x"}, "order.lift must be a whole number"),
    ({"pick": "booster"}, "the draft is over: order a flight"),
])
def test_the_json_face_answers_a_refusal_with_its_english_alone(order, message):
    state = new_race("oval5", JETS)
    assert answer(JOBS, "turn", {"state": state, "order": order}) == ({"error": message}, False)
    legal, ok = answer(JOBS, "legal", {"state": state, "order": order})
    assert ok and legal["preview"] == {"error": message}
