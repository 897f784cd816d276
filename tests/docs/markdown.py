"""Reading the project's Markdown as GitHub shows it: its links, its headings' anchors and its
code spans, outside fenced code blocks."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"!?\[([^\]]*)\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
CODE_SPAN = re.compile(r"`[^`\n]*`")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def doc_files() -> list[Path]:
    """Every page a reader is sent to: the README, the contributing guide and docs/."""
    return [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]


def prose(text: str) -> str:
    """``text`` without its fenced code blocks (a ``#`` in a shell example is no heading)."""
    kept, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            kept.append("")
        else:
            kept.append("" if fenced else line)
    return "\n".join(kept)


def links(text: str) -> list[str]:
    """The targets of the inline links and images in ``text``'s prose (not in code)."""
    return [target for _label, target in LINK.findall(CODE_SPAN.sub("", prose(text)))]


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading: its text
    text = unicodedata.normalize("NFC", text).lower()
    text = "".join(char for char in text if char.isalnum() or char in " -_")
    return text.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every heading's anchor in ``text``; a repeated heading's gets -1, -2, ... as on GitHub."""
    seen: dict[str, int] = {}
    found = set()
    for line in prose(text).splitlines():
        match = HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def code_spans(text: str) -> list[str]:
    """The contents of the inline code spans in ``text``'s prose."""
    return [span.strip("`") for span in CODE_SPAN.findall(prose(text))]
