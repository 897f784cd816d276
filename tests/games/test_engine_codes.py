"""The scan of ``tests/engine_codes.py`` that every game's engine test runs: it tells a refusal
a page can word from one it cannot."""

from __future__ import annotations

import pytest

from tests.engine_codes import engine_errors_in_source


def judged(source: str):
    [made] = engine_errors_in_source(source)
    return made


@pytest.mark.parametrize(
    "source",
    [
        'raise EngineError("a round has only three moves", code="three_moves_only")',
        'raise EngineError(f"{where}: {n} bursts", code="too_many_bursts", bursts=n, allowed=3)',
        'return EngineError("no asteroid there", code="asteroid_on_dock", hex=[0, 5])',
        'raise EngineError(f"{where} must be a pair", where=where)',
        'raise EngineError("job.orders: not a seat", code="malformed", where="job.orders")',
        'raise EngineError(f"{where}: {error}", code=error.code, **error.params)',
        'raise state.EngineError("the game is over", code="game_over")',
    ],
)
def test_a_coded_refusal_or_a_structural_one_naming_its_field_keeps_the_rule(source):
    assert judged(source).problem is None


@pytest.mark.parametrize(
    "source, problem",
    [
        ('raise EngineError("the game is over")', "no code and no where="),
        ('raise EngineError("the game is over", "game_over")', "positionally"),
        ('raise EngineError("x", code="malformed")', "needs where="),
        ('raise EngineError("x", code="GameOver")', "not a snake_case id"),
        ('raise EngineError("x", code=f"asteroid_{why}")', "neither a literal"),
        ('raise EngineError("x", code=CODES[why])', "neither a literal"),
    ],
)
def test_a_refusal_no_page_can_word_breaks_the_rule(source, problem):
    assert problem in judged(source).problem


def test_the_literal_codes_are_read_and_a_passed_on_one_is_told_apart():
    made = engine_errors_in_source(
        "def f():\n"
        '    raise EngineError("x", code="not_offered", move=1)\n'
        '    raise EngineError("x", code=error.code, **error.params)\n'
        '    raise EngineError("x", where="moves")\n'
    )
    assert [(m.line, m.code, m.passed_on, m.has_where) for m in made] == [
        (2, "not_offered", False, False),
        (3, None, True, False),
        (4, None, False, True),
    ]


def test_other_calls_are_not_refusals():
    assert engine_errors_in_source('raise ValueError("x")\nRejected("y")\nerror.code') == []
