"""The engines can be lifted out: each imports the standard library, its own package and the
engine kit (``games.enginekit``) only, and the kit imports the standard library alone. Views
reach an engine only through their game's plugin. Read from the source (every import, those
inside functions too), not from what a run happens to load."""

import importlib
import inspect
import re
import sys
from pathlib import Path

import pytest

from tests.imports import imports_of

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("dogfight", "duel", "racing", "joyride")
KIT = "games.enginekit"
STANDARD = set(sys.stdlib_module_names)


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def foreign_imports(path: Path, own: str, name: str = "") -> set[str]:
    """What ``path`` (module ``name``, by default as its place in the tree says) imports
    outside the standard library, ``own`` and the kit."""
    return {
        module
        for module in imports_of(path, name or _module_name(path))
        if module.split(".")[0] not in STANDARD
        and not _within(module, own)
        and not _within(module, KIT)
        and module != "games"  # ``from games import enginekit`` names the package on the way
    }


@pytest.mark.parametrize("game", GAMES)
def test_an_engine_imports_its_own_package_and_the_kit_only(game):
    engine = ROOT / game / "engine"
    found = {
        str(path.relative_to(ROOT)): foreign
        for path in sorted(engine.rglob("*.py"))
        if (foreign := foreign_imports(path, f"{game}.engine"))
    }
    assert found == {}


def test_the_kit_imports_the_standard_library_only():
    kit = ROOT / "games" / "enginekit"
    found = {
        str(path.relative_to(ROOT)): foreign
        for path in sorted(kit.rglob("*.py"))
        if (foreign := foreign_imports(path, KIT))
    }
    assert found == {}


def test_the_scan_finds_a_foreign_import(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import json\nfrom . import state\nfrom games.enginekit import EngineError\n"
        "def late():\n    from django.conf import settings\n"
        "from ..plugin import RULES\nimport games.models\n"
    )
    assert foreign_imports(probe, "duel.engine", "duel.engine.probe") == {
        "django.conf",
        "django.conf.settings",
        "duel.plugin",
        "duel.plugin.RULES",
        "games.models",
    }


# --- one set of entry points for every engine (docs/engines.md) ------------------------------

ENTRY_POINTS = {
    "new": ["settings", "seats", "seed"],
    "active": ["state"],
    "legal": ["state", "seat", "partial"],
    "preview": ["state", "seat", "orders"],
    "validate": ["state", "seat", "orders"],
    "play": ["state", "orders", "seed", "referee"],
    "computer": ["state", "seat", "level"],
    "public": ["state", "seat"],
    "standing": ["state", "events"],
}


@pytest.mark.parametrize("game", GAMES)
def test_every_engine_has_the_same_entry_points(game):
    entry = importlib.import_module(f"{game}.engine.entry")
    assert set(entry.__all__) >= set(ENTRY_POINTS)
    found = {
        name: list(inspect.signature(getattr(entry, name)).parameters) for name in ENTRY_POINTS
    }
    assert found == ENTRY_POINTS


def test_the_engines_page_names_every_entry_point_and_no_other():
    page = (ROOT / "docs" / "engines.md").read_text()
    table = page.split("## The entry points", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"^\| `(\w+)\(", table, re.MULTILINE))
    assert named == set(ENTRY_POINTS)


# --- views reach an engine only through their game's plugin -----------------------------------

# Besides the engine itself, the modules of a game that may import it: its plugin (the
# registry's interface, which answers through the engine), its writes where they store what
# the engine decides (services), and its words and pictures of the engine's own tables and
# constants (board geometry, classes, catalogue, codes): never a view.
MAY_IMPORT_THE_ENGINE = {
    "plugin.py",
    "services.py",
    "words.py",
    "cockpit_words.py",
    "report.py",
    "svg.py",
    "forms.py",
    "rules_page.py",
}


def imports_its_engine(path: Path, game: str) -> bool:
    return any(_within(module, f"{game}.engine") for module in imports_of(path, _module_name(path)))


def _game_modules(game: str) -> list[Path]:
    package = ROOT / game
    return [
        path
        for path in sorted(package.rglob("*.py"))
        if path.relative_to(package).parts[0] not in ("engine", "migrations", "management")
    ]


@pytest.mark.parametrize("game", GAMES)
def test_only_the_plugin_and_the_games_words_and_writes_import_its_engine(game):
    found = [
        str(path.relative_to(ROOT))
        for path in _game_modules(game)
        if path.name not in MAY_IMPORT_THE_ENGINE and imports_its_engine(path, game)
    ]
    assert found == []


def test_the_platform_imports_no_engine():
    found = {
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "games").rglob("*.py"))
        for game in GAMES
        if imports_its_engine(path, game)
    }
    assert found == set()
