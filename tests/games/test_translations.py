"""Every word a person reads goes through gettext, and German has a translation for each.

- Every German catalogue of the project (the platform's in ``locale/``, each game's in its own
  ``<app>/locale/``) is complete: no empty, no fuzzy entry, its placeholders kept, and its
  compiled ``.mo`` says what the ``.po`` says.
- Every template of the site holds no visible text outside a translation tag: its literal text
  and its visible attributes (``title``, ``alt``, ``aria-label``, ``placeholder``) are read with
  Django's own template lexer, skipping what ``{% blocktranslate %}`` and comments enclose.
- Pages answer with the ``<html lang>`` of the language they speak.
"""

from __future__ import annotations

import gettext
import re
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.template.base import Lexer, TokenType
from django.urls import reverse

ROOT = Path(settings.BASE_DIR)
SKIPPED_DIRS = {".venv", "node_modules", ".git"}


def catalogues() -> list[Path]:
    return sorted(
        path
        for path in ROOT.glob("**/locale/de/LC_MESSAGES/django.po")
        if not SKIPPED_DIRS & set(path.relative_to(ROOT).parts)
    )


def entries(po: Path) -> list[dict]:
    """The catalogue's messages (not its header), as {"msgid", "plural", "msgstr": [...],
    "fuzzy"}."""
    found = []
    for block in po.read_text(encoding="utf-8").split("\n\n"):
        lines = [line for line in block.splitlines() if not line.startswith("#~")]
        fields: dict[str, str] = {}
        key = None
        for line in lines:
            match = re.match(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) (\".*\")$", line)
            if match:
                key = match.group(1)
                fields[key] = ""
                line = match.group(2)
            if line.startswith('"') and key:
                fields[key] += _unquote(line)
        if fields.get("msgid"):
            found.append(
                {
                    "msgid": fields["msgid"],
                    "plural": fields.get("msgid_plural"),
                    "msgstr": [v for k, v in sorted(fields.items()) if k.startswith("msgstr")],
                    "fuzzy": any(line.startswith("#,") and "fuzzy" in line for line in lines),
                }
            )
    return found


def _unquote(quoted: str) -> str:
    return (
        quoted[1:-1]
        .replace('\\"', '"')
        .replace("\\n", "\n")
        .replace("\\t", "\t")
        .replace("\\\\", "\\")
    )


PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]|\{\w+\}")


def test_there_is_a_catalogue_for_the_platform_and_each_game_with_words():
    places = {po.relative_to(ROOT).parts[0] for po in catalogues()}
    assert {"locale", "dogfight"} <= places


@pytest.mark.parametrize("po", catalogues(), ids=lambda po: str(po.relative_to(ROOT)))
def test_a_catalogue_translates_every_message_and_keeps_its_placeholders(po):
    problems = []
    for entry in entries(po):
        if entry["fuzzy"] or not all(entry["msgstr"]):
            problems.append(f"untranslated or fuzzy: {entry['msgid']!r}")
        wanted = sorted(set(PLACEHOLDER.findall(entry["msgid"] + (entry["plural"] or ""))))
        for text in entry["msgstr"]:
            if sorted(set(PLACEHOLDER.findall(text))) != wanted and not entry["plural"]:
                problems.append(f"placeholders differ: {entry['msgid']!r} -> {text!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("po", catalogues(), ids=lambda po: str(po.relative_to(ROOT)))
def test_a_compiled_catalogue_says_what_its_source_says(po, tmp_path):
    """The committed .mo is the .po compiled (``manage.py compilemessages``)."""
    fresh = tmp_path / "fresh.mo"
    subprocess.run(["msgfmt", "--check", "-o", str(fresh), str(po)], check=True)
    with fresh.open("rb") as a, po.with_suffix(".mo").open("rb") as b:
        assert gettext.GNUTranslations(a)._catalog == gettext.GNUTranslations(b)._catalog


# --- templates: no visible text outside translation tags ---------------------------------------

# Not words to translate: the site's name.
ALLOWED = {"Skies"}
MARK = "\x00"  # stands for a tag or a variable of the template
VISIBLE_ATTRIBUTES = re.compile(r'\b(?:title|alt|aria-label|placeholder)="([^"]*)"')
TAG = re.compile(r"<[^>]*>", re.DOTALL)
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{2,}")


def template_files() -> list[Path]:
    places = [ROOT / "templates", *ROOT.glob("*/templates")]
    return sorted(
        path
        for place in places
        for path in place.rglob("*")
        if path.suffix in (".html", ".txt") and not SKIPPED_DIRS & set(path.parts)
    )


def untranslated(source: str) -> list[str]:
    """The visible words of a template that no translation tag encloses: its text between
    HTML tags and in visible attributes, each template tag or variable counted as no word."""
    shown = []
    depth = 0
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0] if token.contents else ""
            if name in ("blocktranslate", "blocktrans", "comment"):
                depth += 1
            elif name in ("endblocktranslate", "endblocktrans", "endcomment"):
                depth -= 1
            shown.append(MARK)
        elif token.token_type == TokenType.VAR:
            shown.append(MARK)
        elif token.token_type == TokenType.TEXT and depth == 0:
            shown.append(token.contents)
    page = "".join(shown)
    words = [word for value in VISIBLE_ATTRIBUTES.findall(page) for word in WORD.findall(value)]
    text = re.sub(r"&\w+;|&#\d+;", " ", TAG.sub(" ", page))
    words += WORD.findall(text)
    return [word for word in words if word not in ALLOWED]


@pytest.mark.parametrize("path", template_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_template_shows_no_text_outside_a_translation_tag(path):
    assert untranslated(path.read_text(encoding="utf-8")) == []


def test_the_scan_sees_a_new_english_only_string():
    assert untranslated("<p>{% translate 'Fine' %} Not fine</p>") == ["Not", "fine"]
    assert untranslated('<a title="Hover text" href="{% url "x" %}">{{ x }}</a>') == [
        "Hover",
        "text",
    ]
    assert untranslated('<a title="{% translate "Fine" %}" href="{{ url }}">x</a>') == []
    assert untranslated("{% blocktranslate %}Fine {{ x }}{% endblocktranslate %}") == []
    assert untranslated("<svg><text>N</text></svg>{# a comment #}") == []


# --- <html lang> --------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "accept, lang", [("de-DE,de;q=0.9,en;q=0.5", "de"), ("en-US,en;q=0.9", "en"), ("fr-FR", "en")]
)
def test_a_page_answers_in_the_browsers_language_with_its_html_lang(client, accept, lang):
    for name in ("home", "lobby", "login", "signup"):
        html = client.get(reverse(name), HTTP_ACCEPT_LANGUAGE=accept).content.decode()
        assert html.startswith(f'<!doctype html>\n<html lang="{lang}">'), name
