"""The rules page in both languages: every word through gettext, the German catalogue complete
and compiled, every number of the prose read from the engine at render time."""

import ast
import gettext
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from dogfight.engine import career, resolve, weather

pytestmark = pytest.mark.django_db

CATALOGUE = Path(settings.BASE_DIR) / "dogfight" / "locale" / "de" / "LC_MESSAGES"


def po_entries(path: Path) -> list[dict]:
    """The entries of a .po file: comments (flags), msgctxt, msgid, msgstr; the header first.
    A plural entry keeps its ``msgid_plural`` and its forms from ``msgstr[1]`` on as
    ``msgstr[n]``; its ``msgstr`` is form 0."""
    entries, entry, key = [], None, None
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        field = re.match(r"(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])? (\".*\")$", line)
        if entry is None or (
            entry["msgstr"] is not None
            and not line.startswith('"')
            and (line.startswith("#") or (field and field[1] != "msgstr"))
        ):
            entry = {"flags": [], "msgctxt": None, "msgid": None, "msgstr": None}
            entries.append(entry)
        if line.startswith("#,"):
            entry["flags"] += [flag.strip() for flag in line[2:].split(",")]
        elif field:
            key = field[1] if field[2] in (None, "0") else f"msgstr[{field[2]}]"
            entry[key] = ast.literal_eval(field[3])
        elif line.startswith('"'):
            entry[key] += ast.literal_eval(line)
    return entries


def messages() -> list[dict]:
    return po_entries(CATALOGUE / "django.po")[1:]


def article(client, lang=None) -> str:
    url = reverse("dogfight:rules") + (f"?lang={lang}" if lang else "")
    html = client.get(url).content.decode()
    return html.split("<article", 1)[1].split("</article>", 1)[0]


def text_runs(html: str) -> set[str]:
    """The page's text between tags, whitespace folded, holding three words or more (maneuver
    codes like ``TB TB A`` and fractions are the same in every language)."""
    runs = (" ".join(run.split()) for run in re.split(r"<[^>]+>", html))
    return {run for run in runs if len(re.findall(r"[^\W\d_]{3,}", run)) >= 3}


def test_the_german_catalogue_translates_every_message_and_has_no_fuzzy_entry():
    entries = messages()

    assert len(entries) > 200
    assert [e["msgid"] for e in entries if not e["msgstr"]] == []
    assert [e["msgid"] for e in entries if "fuzzy" in e["flags"]] == []
    assert "fuzzy" not in po_entries(CATALOGUE / "django.po")[0]["flags"]


def test_the_committed_mo_file_holds_exactly_the_po_files_translations():
    with open(CATALOGUE / "django.mo", "rb") as compiled:
        catalog = gettext.GNUTranslations(compiled)._catalog

    for entry in messages():
        key = (f"{entry['msgctxt']}\x04" if entry["msgctxt"] else "") + entry["msgid"]
        if entry.get("msgid_plural"):
            key = (key, 0)  # form 0 of a plural entry
        assert catalog.get(key) == entry["msgstr"], entry["msgid"]


def test_the_german_translations_keep_every_placeholder_of_their_message():
    placeholder = re.compile(r"%\(\w+\)s|\{\w+\}")
    for entry in messages():
        assert sorted(set(placeholder.findall(entry["msgid"]))) == sorted(
            set(placeholder.findall(entry["msgstr"]))
        ), entry["msgid"]


def test_the_german_page_shares_no_sentence_with_the_english_page(client):
    english, german = text_runs(article(client)), text_runs(article(client, "de"))

    assert len(english) > 100
    assert english & german == set()


def test_the_german_page_shows_every_message_of_the_catalogue_translated(client):
    """No English msgid text survives on the German page (placeholders and tags cut out)."""
    german = " ".join(article(client, "de").split())
    for entry in messages():
        if entry["msgid"] == entry["msgstr"]:
            continue
        for piece in re.split(r"%\(\w+\)s|\{\w+\}|<[^>]+>", entry["msgid"]):
            if len(piece.split()) >= 4:
                assert piece.strip() not in german, piece


def test_the_page_is_rendered_in_the_language_it_names(client):
    assert 'lang="en"' in article(client)[:40]
    assert 'lang="de"' in article(client, "de")[:40]
    assert 'lang="en"' in article(client, "xx")[:40]


def test_a_german_page_leaves_the_next_request_in_english(client):
    article(client, "de")

    assert translation.get_language() == settings.LANGUAGE_CODE
    assert "Dogfight: the rules" in article(client)


def test_each_language_links_to_the_other(client):
    assert 'href="/dogfight/rules/?lang=de" hreflang="de" lang="de">Deutsch</a>' in article(client)
    assert 'href="/dogfight/rules/?lang=en" hreflang="en" lang="en">English</a>' in article(
        client, "de"
    )


@pytest.mark.parametrize(
    "lang, sentence",
    [(None, "A promotion costs {} points"), ("de", "Eine Beförderung kostet {} Punkte")],
)
def test_the_promotion_cost_in_the_prose_follows_the_engine(client, monkeypatch, lang, sentence):
    assert sentence.format(career.PROMOTION_COST) in article(client, lang)

    monkeypatch.setattr(career, "PROMOTION_COST", 150)

    assert sentence.format(150) in article(client, lang)


def test_the_promotion_example_is_worked_out_from_the_engine(client, monkeypatch):
    monkeypatch.setattr(career, "PROMOTION_COST", 150)
    keep = max(career.ACE_MANEUVERS_AT.values())

    html = " ".join(article(client).split())
    assert f"waiting until {keep + 150} points and then taking it leaves you {keep}," in html


def test_the_crash_pot_in_the_prose_follows_the_engine(client, monkeypatch):
    monkeypatch.setattr(resolve, "CRASH_POT", 7)

    html = " ".join(article(client).split())
    assert "so only 7 points go into a pot" in html
    assert "counted as a crash (points lost, 7 into the pot)" in html


def test_the_weather_chances_in_the_prose_follow_the_engine(client, monkeypatch):
    monkeypatch.setattr(weather, "NEW_CLOUD_CHANCE", 1 / 3)
    monkeypatch.setattr(weather, "CHANGE_CHANCE", 1 / 10)

    html = " ".join(article(client, "de").split())
    assert "neue Wolken kommen mit Chance 1/3 pro windiger Runde" in html
    assert "etwa alle 10 Runden eine Drehung" in html


def test_without_lang_the_page_speaks_the_readers_language(client):
    url = reverse("dogfight:rules")
    assert (
        '<article class="rules" lang="de"'
        in client.get(url, HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9").content.decode()
    )
    assert (
        '<article class="rules" lang="en"'
        in client.get(url, HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9").content.decode()
    )
