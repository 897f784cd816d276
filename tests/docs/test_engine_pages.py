"""Each engine's JSON face, a public contract, has its page under docs/engines/, and the page
names the commands the face answers, no more and no fewer."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from games import registry

from .markdown import ROOT, prose

ENGINES = sorted(
    rules.slug for rules in registry.all_games() if (ROOT / rules.slug / "engine").is_dir()
)


def answered_commands(slug: str) -> set[str]:
    """The commands ``python -m <slug>.engine`` answers, from its own usage line (exit 2)."""
    ran = subprocess.run(
        [sys.executable, "-m", f"{slug}.engine", "no-such-command"],
        input="{}",
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert ran.returncode == 2, ran.stderr
    usage = re.search(rf"python -m {slug}\.engine ([\w|-]+)", ran.stdout)
    assert usage, ran.stdout
    return set(usage.group(1).split("|"))


def documented_commands(slug: str) -> set[str]:
    page = (ROOT / "docs" / "engines" / f"{slug}.md").read_text()
    face = re.search(rf"`python -m {slug}\.engine ([\w|-]+)`", prose(page))
    assert face, f"docs/engines/{slug}.md does not name its face's commands"
    return set(face.group(1).split("|"))


def test_every_game_in_this_tree_has_an_engine():
    assert set(ENGINES) >= {"dogfight", "duel", "racing", "joyride"}


@pytest.mark.parametrize("slug", ENGINES)
def test_an_engines_page_names_the_commands_its_face_answers(slug):
    assert documented_commands(slug) == answered_commands(slug)
