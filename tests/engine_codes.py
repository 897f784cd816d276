"""Every refusal of a game engine carries a code its pages can word (``games.refusals``).

Read from the engine's source, never by running it: every ``EngineError(...)`` made in a
game's ``engine/`` package (raised at once, or built by a helper that returns it) must obey
``RULE``:

- it passes ``code="..."``, a literal snake_case id other than ``malformed`` (a rule of the
  game, worded by the game), or
- it passes ``code=<caught error>.code`` (a caught refusal re-raised with more English
  around it; its params go along), or
- it is the job's shape: no ``code`` (or ``code="malformed"``) and a ``where=`` naming the
  field (worded once for every game).

The code travels as a keyword, never positionally, so that the scan sees it. A game's own
exception that becomes an ``EngineError`` with its code (racing's ``Blocked``) is read with
``literal_codes`` and ``uncoded``.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SNAKE_CASE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")
MALFORMED = "malformed"
RULE = 'code="<snake_case id>", code=<caught>.code, or a structural malformed (no code) with where='


@dataclass(frozen=True)
class Made:
    """One ``EngineError(...)`` in the source: where, and the literal code it passes."""

    file: str
    line: int
    code: str | None  # the literal code; None when none is given or it is passed on
    passed_on: bool  # code=<caught>.code
    has_where: bool
    problem: str | None  # how it breaks RULE, or None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.problem}"


def engine_errors_in_source(source: str, file: str = "<source>") -> list[Made]:
    """Every ``EngineError(...)`` call of ``source``, judged against ``RULE``."""
    return [
        _judge(call, file)
        for call in ast.walk(ast.parse(source))
        if isinstance(call, ast.Call) and _called_name(call.func) == "EngineError"
    ]


def engine_errors(package: str) -> list[Made]:
    """Every ``EngineError(...)`` of a game's engine, e.g. ``engine_errors("duel")``."""
    folder = ROOT / package / "engine"
    made = []
    for path in sorted(folder.rglob("*.py")):
        made += engine_errors_in_source(
            path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))
        )
    assert made, f"no EngineError is made in {folder}"
    return made


def rule_breaks(package: str) -> list[str]:
    return [str(made) for made in engine_errors(package) if made.problem]


def codes_raised(package: str) -> set[str]:
    """The literal codes a game's engine refuses with (``malformed`` aside)."""
    return {made.code for made in engine_errors(package) if made.code and made.code != MALFORMED}


def literal_codes(package: str, name: str) -> set[str]:
    """The literal codes the calls of ``name`` (an exception class) pass in a game's engine."""
    return {
        code.value
        for call in _engine_calls(package, name)
        if isinstance(code := _keyword(call, "code"), ast.Constant)
    }


def uncoded(package: str, name: str) -> list[str]:
    """The calls of ``name`` in a game's engine with no literal ``code=``, as "file:line"."""
    return [
        f"{file}:{call.lineno}"
        for file, call in _engine_calls(package, name, where=True)
        if not isinstance(_keyword(call, "code"), ast.Constant)
    ]


def _engine_calls(package: str, name: str, where: bool = False) -> list:
    found = []
    for path in sorted((ROOT / package / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _called_name(node.func) == name:
                found.append((str(path.relative_to(ROOT)), node) if where else node)
    return found


def _keyword(call: ast.Call, name: str) -> ast.expr | None:
    return next((k.value for k in call.keywords if k.arg == name), None)


def _called_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _judge(call: ast.Call, file: str) -> Made:
    keywords = {k.arg: k.value for k in call.keywords if k.arg is not None}
    has_where = "where" in keywords
    code_node = keywords.get("code")
    code, passed_on, problem = None, False, None
    if len(call.args) > 1:
        problem = "the code is passed positionally: pass code=... as a keyword"
    elif code_node is None:
        if not has_where:
            problem = f"no code and no where=: {RULE}"
    elif isinstance(code_node, ast.Constant) and isinstance(code_node.value, str):
        code = code_node.value
        if not SNAKE_CASE.fullmatch(code):
            problem = f"code {code!r} is not a snake_case id"
        elif code == MALFORMED and not has_where:
            problem = "a malformed job needs where= (the field it is about)"
    elif isinstance(code_node, ast.Attribute) and code_node.attr == "code":
        passed_on = True
    else:
        problem = f"the code is neither a literal nor a caught error's code: {RULE}"
    return Made(file, call.lineno, code, passed_on, has_where, problem)


def assert_worded_in_both_languages(refusal, samples: dict[str, dict]) -> None:
    """Each code of ``samples`` (code -> params) read through the game's ``refusal`` in English
    and in German: filled (no ``%(`` left) and German of its own."""
    from django.utils.translation import override

    from games.enginekit import EngineError

    for code, params in samples.items():
        with override("en"):
            english = refusal(EngineError("x", code=code, **params))
        with override("de"):
            german = refusal(EngineError("x", code=code, **params))
        assert "%(" not in german and german != english, code
