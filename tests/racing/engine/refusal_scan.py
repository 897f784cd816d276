"""The racing engine's refusals read from its source (``racing/engine/*.py``).

The rule: every ``EngineError(...)`` names its code with ``code=``, either a string (never
"malformed": that is the default) or the code of a ``Blocked`` it converts
(``code=blocked.code`` inside ``except Blocked as blocked``); an ``EngineError`` without
``code=`` is the job's shape and names the field with ``where=``. Its English message is its one
positional argument. Every ``Blocked(...)`` and ``CourseFault(...)`` names its ``code=`` as a
string.
"""

from __future__ import annotations

import ast
from pathlib import Path

import racing.engine

ENGINE = Path(racing.engine.__file__).parent
CODED = ("EngineError", "Blocked", "CourseFault")


def sources() -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(ENGINE.glob("*.py"))}


def _calls(tree: ast.AST, name: str) -> list[ast.Call]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name) and node.func.id == name]


def _keyword(call: ast.Call, name: str) -> ast.expr | None:
    return next((k.value for k in call.keywords if k.arg == name), None)


def _blocked_conversions(tree: ast.AST) -> set[int]:
    """The ids of the calls inside an ``except Blocked as <name>`` handler whose ``code=`` is
    that ``<name>.code``."""
    found = set()
    for handler in ast.walk(tree):
        if not (isinstance(handler, ast.ExceptHandler) and isinstance(handler.type, ast.Name)
                and handler.type.id == "Blocked" and handler.name):
            continue
        for statement in handler.body:
            for call in _calls(statement, "EngineError"):
                code = _keyword(call, "code")
                if (isinstance(code, ast.Attribute) and code.attr == "code"
                        and isinstance(code.value, ast.Name) and code.value.id == handler.name):
                    found.add(id(call))
    return found


def rule_breaches(source: str, filename: str = "<source>") -> list[str]:
    """Where ``source`` breaks the rule (the module's docstring), as "file:line: why"."""
    tree = ast.parse(source)
    converted = _blocked_conversions(tree)
    breaches = []

    def breach(call: ast.Call, why: str) -> None:
        breaches.append(f"{filename}:{call.lineno}: {why}")

    for call in _calls(tree, "EngineError"):
        code = _keyword(call, "code")
        if len(call.args) != 1:
            breach(call, "the English message is the one positional argument")
        elif code is None:
            if _keyword(call, "where") is None:
                breach(call, "no code= and no where= (a rule needs a code, a shape its field)")
        elif isinstance(code, ast.Constant) and isinstance(code.value, str):
            if code.value == "malformed":
                breach(call, 'code="malformed" is the default: give where= instead')
        elif id(call) not in converted:
            breach(call, "code= is neither a string nor a caught Blocked's code")
    for name in ("Blocked", "CourseFault"):
        for call in _calls(tree, name):
            code = _keyword(call, "code")
            if not (isinstance(code, ast.Constant) and isinstance(code.value, str)):
                breach(call, f"{name} without a code= string")
    return breaches


def literal_codes(source: str, name: str) -> set[str]:
    """The string codes the calls of ``name`` pass as ``code=``."""
    return {code.value for call in _calls(ast.parse(source), name)
            if isinstance(code := _keyword(call, "code"), ast.Constant)}


def engine_codes() -> set[str]:
    """Every code the engine refuses with: its EngineErrors' and the Blocked flights' (which
    become EngineErrors with their code)."""
    return {code for source in sources().values()
            for name in ("EngineError", "Blocked") for code in literal_codes(source, name)}


def course_check_codes() -> set[str]:
    return {code for source in sources().values()
            for code in literal_codes(source, "CourseFault")}
