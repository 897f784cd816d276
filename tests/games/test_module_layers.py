"""The platform's modules import each other in one direction only: no circle, not even through
an import inside a function (which only puts off the circle to the first call)."""

from pathlib import Path

import games
from tests.imports import imports_of

PACKAGE = Path(games.__file__).resolve().parent


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The ``games.*`` modules that module ``name`` imports anywhere in its body, each with the
    packages it runs on the way (importing ``games.db.rows`` runs ``games.db`` first), but for
    the module's own packages: they are run before the module itself, whatever it imports."""
    targets = imports_of(path, name)
    imported = set()
    for target in targets:
        parts = target.split(".")
        imported |= {".".join(parts[:n]) for n in range(1, len(parts) + 1)}
    own_packages = {".".join(name.split(".")[:n]) for n in range(1, name.count(".") + 1)}
    return (imported & set(modules)) - {name} - own_packages


def _import_graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imported(name, path, modules) for name, path in modules.items()}


def _a_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of the graph, as the modules along it, or None."""
    done, path = set(), []

    def visit(name: str) -> list[str] | None:
        if name in path:
            return path[path.index(name) :] + [name]
        if name in done:
            return None
        path.append(name)
        for imported in sorted(graph[name]):
            circle = visit(imported)
            if circle:
                return circle
        path.pop()
        done.add(name)
        return None

    for name in sorted(graph):
        circle = visit(name)
        if circle:
            return circle
    return None


def test_the_platforms_modules_import_each_other_without_a_circle():
    graph = _import_graph()
    assert _a_circle(graph) is None, " -> ".join(_a_circle(graph))


def test_a_module_of_a_package_may_import_its_siblings():
    """``games.enginekit.face`` imports ``.errors``; the package's ``__init__`` imports both:
    no circle, since the package is already being run when its modules are."""
    graph = _import_graph()
    assert "games.enginekit.errors" in graph["games.enginekit.face"]
    assert "games.enginekit" not in graph["games.enginekit.face"]


def test_the_graph_sees_imports_inside_functions_and_relative_ones():
    graph = _import_graph()
    assert "games.resolution" in graph["games.services"]  # ``from . import resolution``
    assert "games.db.lookups" in graph["games.apps"]  # inside ``ready``: ``from .db import``
    assert {"games.db.rows", "games.models"} <= graph["games.db.queries"]
    assert "games.db" in graph["games.apps"]  # the package runs before its module


def test_a_circle_is_found_when_there_is_one():
    assert _a_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _a_circle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None
