"""The documentation holds together: every relative link in README.md, CONTRIBUTING.md and
docs/ reaches a file (and its heading, for a #anchor), every page under docs/ can be reached
from the README, and the README stays short enough to read."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

import pytest

from .markdown import ROOT, anchors, doc_files, links, slug


def relative(target: str) -> bool:
    return not target.startswith(("http://", "https://", "mailto:"))


def shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def broken(page: Path, target: str) -> str | None:
    """Why ``target``, linked from ``page``, leads nowhere (None: it resolves)."""
    path_part, _, anchor = unquote(target).partition("#")
    destination = (page.parent / path_part).resolve() if path_part else page
    if not destination.exists():
        return f"{shown(destination)} does not exist"
    if anchor:
        if destination.suffix != ".md":
            return f"an anchor into {destination.name}, which is no Markdown page"
        if anchor not in anchors(destination.read_text()):
            return f"{shown(destination)} has no heading #{anchor}"
    return None


@pytest.mark.parametrize("page", doc_files(), ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_of_a_page_resolves(page):
    problems = [
        f"{target}: {why}"
        for target in links(page.read_text())
        if relative(target) and (why := broken(page, target))
    ]
    assert problems == []


def test_a_broken_link_and_a_missing_heading_are_found(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# A page\n\n## The `round` clock\n")
    assert broken(page, "#the-round-clock") is None
    assert broken(page, "page.md#a-page") is None
    assert "no heading #the-clock" in broken(page, "#the-clock")
    assert "does not exist" in broken(page, "elsewhere.md")


def test_links_in_code_are_not_links():
    text = "A [link](a.md), `[not](b.md)` and\n```\n[nor](c.md)\n```\n"
    assert links(text) == ["a.md"]


def test_anchors_are_githubs():
    assert slug("The dogfight engine's JSON face") == "the-dogfight-engines-json-face"
    assert slug("The noon batch (`games/resolution.py`, `games/db/`)") == (
        "the-noon-batch-gamesresolutionpy-gamesdb"
    )
    assert anchors("# Limits\n## Limits\n") == {"limits", "limits-1"}


def test_every_page_under_docs_is_reached_from_the_readme():
    reached, waiting = set(), [ROOT / "README.md"]
    while waiting:
        page = waiting.pop()
        if page in reached or not page.exists() or page.suffix != ".md":
            continue
        reached.add(page)
        waiting += [
            (page.parent / unquote(target).partition("#")[0]).resolve()
            for target in links(page.read_text())
            if relative(target) and not target.startswith("#")
        ]
    unreached = set(doc_files()) - reached
    assert sorted(str(page.relative_to(ROOT)) for page in unreached) == []


def test_the_readme_is_under_300_lines():
    assert len((ROOT / "README.md").read_text().splitlines()) < 300
