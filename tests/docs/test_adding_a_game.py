"""docs/adding-a-game.md stays true: every part of the plug it names exists (``GameRules``'
methods and attributes, the check ids, the modules and paths of every game), and every part
of ``GameRules`` is in it, so a new method of the plug cannot go undocumented."""

from __future__ import annotations

import importlib
import re
from dataclasses import fields
from types import ModuleType

from django.utils.module_loading import import_string

from games import registry
from games.forms import GameSettingsForm, RefereeInputForm
from games.registry import Frame, GameRules, Outcome, PlayedRound

from .markdown import ROOT, code_spans

DOC = ROOT / "docs" / "adding-a-game.md"
# The walkthrough's steps from the plug on (step 1, the engine, names its refusal codes, which
# tests/engine_codes.py holds to the engines).
PLUG_PART = DOC.read_text().split("2. **The rules", 1)[1]
NAME = re.compile(r"^([a-z_][a-z0-9_]*)(\(.*\))?$")
DOTTED = re.compile(r"^((?:games|config)(?:\.[A-Za-z_]\w*)+)(\(.*\))?$")
CHECK_ID = re.compile(r"games\.[EW]\d{3}")
# Modules a game may go without: the doc says which game has none.
OPTIONAL_MODULES = {"services.py"}


def games() -> list[registry.GameRules]:
    return registry.all_games()


def game_modules() -> list[ModuleType]:
    """Each game's modules that the walkthrough names functions of."""
    found = []
    for rules in games():
        for part in ("plugin", "forms", "views", "report", "engine"):
            try:
                found.append(importlib.import_module(f"{rules.slug}.{part}"))
            except ModuleNotFoundError:
                pass
    return found


def names_something(name: str) -> bool:
    owners = [GameRules, Outcome, GameSettingsForm, RefereeInputForm, *game_modules()]
    fields_of_the_replay = {field.name for kind in (Frame, PlayedRound) for field in fields(kind)}
    return name in fields_of_the_replay or any(hasattr(owner, name) for owner in owners)


def importable(dotted: str) -> bool:
    """Whether ``dotted`` names a module, or something in one."""
    try:
        importlib.import_module(dotted)
    except ImportError:
        try:
            import_string(dotted)
        except ImportError:
            return False
    return True


def test_every_name_of_the_plug_it_mentions_exists():
    spans = code_spans(PLUG_PART)
    names = {match.group(1) for span in spans if (match := NAME.match(span))}
    assert len(names) > 40
    assert sorted(name for name in names if not names_something(name)) == []


def test_every_part_of_game_rules_is_in_it():
    mentioned = {match.group(1) for span in code_spans(PLUG_PART) if (match := NAME.match(span))}
    public = {name for name in dir(GameRules) if not name.startswith("_")}
    assert sorted(public - mentioned) == []


def test_every_dotted_name_it_mentions_imports():
    dotted = {
        match.group(1)
        for span in code_spans(DOC.read_text())
        if (match := DOTTED.match(span)) and not CHECK_ID.fullmatch(span)
    }
    assert "games.registry.GameRules" in dotted
    missing = [name for name in sorted(dotted) if not importable(name)]
    assert missing == []


def test_every_path_it_mentions_exists_for_every_game():
    paths = {span for span in code_spans(DOC.read_text()) if "/" in span and " " not in span}
    paths = {path for path in paths if not path.startswith("/") and "<Name>" not in path}
    assert "<slug>/plugin.py" in paths
    missing = [
        resolved
        for path in sorted(paths)
        for slug in {rules.slug for rules in games()}
        if not (ROOT / (resolved := path.replace("<slug>", slug))).exists()
    ]
    assert missing == []


def test_every_module_it_names_is_in_every_game():
    modules = {span for span in code_spans(DOC.read_text()) if re.fullmatch(r"\w+\.py", span)}
    assert {"plugin.py", "forms.py", "views.py", "report.py"} <= modules
    missing = [
        f"{rules.slug}/{module}"
        for module in sorted(modules - OPTIONAL_MODULES)
        for rules in games()
        if not (ROOT / rules.slug / module).exists()
    ]
    assert missing == []


def test_it_names_every_template_a_game_brings():
    spans = set(code_spans(DOC.read_text()))
    assert [part for part in registry.TEMPLATE_PARTS if f"{part}.html" not in spans] == []


def test_its_check_ids_are_the_checks():
    written = set(CHECK_ID.findall((ROOT / "games" / "checks.py").read_text()))
    assert written
    assert set(CHECK_ID.findall(DOC.read_text())) == written
