"""The duel in German: its catalogue is complete and compiled, and its pages — the game page,
a seat page in every phase, the reports — say in German what they say in English.

Each page is fetched twice, by a browser asking for English and for German. For every
English phrase of ``PHRASES`` found on the English page, the German page must not show it and
must show its German counterpart; every phrase must be found on some page, so the list cannot
go stale. Only the visible text counts (tags, attributes and URLs are left out; SVG titles are
text). The platform's own words (the site's frame, "Round n" of a report) are not the duel's
and are not listed.
"""

from __future__ import annotations

import gettext
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

import duel
from duel import report
from duel.engine.orders import STEP_CODES

from .helpers import A_PLACEMENT, act, fly, make_duel, page_url, placed, stay

pytestmark = pytest.mark.django_db

CATALOGUE = Path(duel.__file__).parent / "locale" / "de" / "LC_MESSAGES"
HTMX = {"HTTP_HX_REQUEST": "true"}

# English phrase -> its German counterparts (any one of them must show where the English did).
PHRASES = {
    "Your fighters": ("Deine Jäger",),
    "Place an asteroid": ("Setze einen Asteroiden",),
    "You have 1 asteroid left": ("Du hast noch 1 Asteroiden",),
    "Setup: asteroids placed in turn": ("Aufbau: Asteroiden abwechselnd setzen",),
    "Waiting for bob": ("Warten auf bob",),
    "Place your fighters (sealed)": ("Stell deine Jäger auf (verdeckt)",),
    "Place my fighters (final)": ("Meine Jäger aufstellen (endgültig)",),
    "Your action is in": ("Deine Aktion ist eingegangen",),
    "both players place their fighters": ("beide Spieler stellen ihre Jäger auf",),
    "not placed": ("nicht aufgestellt",),
    "Your turn": ("Dein Zug",),
    "Fly A1": ("A1 fliegen",),
    "A1 stays docked": ("A1 bleibt angedockt",),
    "Next step": ("Nächster Schritt",),
    "after step 1": ("nach Schritt 1",),
    "fire the nose gun": ("Bugkanone abfeuern",),
    "launch a missile forward": ("Rakete nach vorn starten",),
    "launch a smart missile forward": ("Lenkrakete nach vorn starten",),
    "A draw": ("Remis",),
    "Resign…": ("Aufgeben …",),
    "Offer a draw": ("Remis anbieten",),
    "Resign": ("Aufgeben",),
    "bob offers a draw": ("bob bietet ein Remis an",),
    "Accept the draw": ("Remis annehmen",),
    "docked (0 turns)": ("angedockt (0 Züge)",),
    "docked (1 turn)": ("angedockt (1 Zug)",),
    "flying at speed": ("im Flug mit Geschwindigkeit",),
    "facing": ("mit Blick nach", "Ausrichtung"),
    "dock of player A": ("Dock von Spieler A",),
    "player A, red": ("Spieler A, rot",),
    "History, newest first": ("Verlauf, das Neueste zuerst",),
    "What happened": ("Was geschah",),
    "Replay": ("Wiederholung",),
    "took off from": ("startete von",),
    "launched a missile": ("startete eine Rakete",),
    "Missile 1 flew to": ("Rakete 1 flog nach",),
    "fired its nose gun": ("feuerte die Bugkanone",),
    "landed on": ("landete auf",),
    "The game is over": ("Die Partie ist vorbei",),
    "The duel is over": ("Das Duell ist vorbei",),
    "You won": ("Du hast gewonnen",),
    "alice won": ("alice hat gewonnen",),
    "Fighter": ("Jäger",),
    "Missiles": ("Raketen",),
    "missile": ("Rakete",),
    "destroyed": ("zerstört",),
    "docked": ("angedockt",),
    "turn": ("Zug",),
}


# --- the catalogue ------------------------------------------------------------------------


def _po_entries(text: str) -> list[dict]:
    """The .po file's entries: {"flags", "msgid", "msgid_plural", "msgstr": [forms]}."""
    entries = []
    for block in text.strip().split("\n\n"):
        entry, field = {"flags": "", "msgid": "", "msgid_plural": None, "msgstr": []}, None
        for line in block.splitlines():
            if line.startswith("#,"):
                entry["flags"] += line
            elif line.startswith("#"):
                continue
            elif match := re.match(
                r"(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) (\".*\")$", line
            ):
                field, value = match.group(1), json.loads(match.group(2))
                if field.startswith("msgstr"):
                    entry["msgstr"].append(value)
                else:
                    entry[field] = value
            elif line.startswith('"') and field:
                value = json.loads(line)
                if field.startswith("msgstr"):
                    entry["msgstr"][-1] += value
                else:
                    entry[field] += value
        entries.append(entry)
    return entries


def test_the_german_catalogue_translates_every_message_and_marks_none_fuzzy():
    header, *entries = _po_entries((CATALOGUE / "django.po").read_text(encoding="utf-8"))
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in header["msgstr"][0]
    assert "Language: de" in header["msgstr"][0] and "fuzzy" not in header["flags"]
    assert len(entries) > 200  # the duel's words, not a stub
    for entry in entries:
        assert "fuzzy" not in entry["flags"], entry["msgid"]
        assert entry["msgstr"] and all(entry["msgstr"]), entry["msgid"]
        assert len(entry["msgstr"]) == (2 if entry["msgid_plural"] else 1), entry["msgid"]


def test_the_compiled_catalogue_is_the_one_the_po_file_says():
    with open(CATALOGUE / "django.mo", "rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    for entry in _po_entries((CATALOGUE / "django.po").read_text(encoding="utf-8"))[1:]:
        if entry.get("msgctxt"):
            assert compiled.pgettext(entry["msgctxt"], entry["msgid"]) == entry["msgstr"][0]
        elif entry["msgid_plural"]:
            assert [
                compiled.ngettext(entry["msgid"], entry["msgid_plural"], n) for n in (1, 2)
            ] == entry["msgstr"]
        else:
            assert compiled.gettext(entry["msgid"]) == entry["msgstr"][0], entry["msgid"]


def test_every_step_the_engine_knows_has_its_own_german_words():
    english = {code: report.step_word(code) for code in STEP_CODES}
    with translation.override("de"):
        german = {code: report.step_word(code) for code in STEP_CODES}
    assert all(english[code] != code and german[code] != english[code] for code in STEP_CODES)


def test_docked_turns_take_the_plural_form_their_count_asks_for():
    rows = [{"hex": [0, 5], "docked": True, "docked_turns": n} for n in (1, 2)]
    assert [report.fighter_status(r) for r in rows] == ["docked (1 turn)", "docked (2 turns)"]
    with translation.override("de"):
        assert [report.fighter_status(r) for r in rows] == [
            "angedockt (1 Zug)",
            "angedockt (2 Züge)",
        ]


# --- the pages ----------------------------------------------------------------------------


class _Text(HTMLParser):
    """The text a person reads: no tags, no attributes, nothing inside <script> or <style>."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        self.skipping += tag in ("script", "style")

    def handle_endtag(self, tag):
        self.skipping -= tag in ("script", "style")

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return re.sub(r"\s+", " ", " ".join(parser.parts))


def shows(text: str, phrase: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text) is not None


def both_languages(client, url: str, **extra) -> tuple[str, str]:
    """The page's visible text in English and in German, as a browser asking for each gets
    it."""
    pages = []
    for language in ("en", "de"):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language, **extra)
        assert response.status_code == 200, url
        pages.append(visible_text(response.content.decode()))
    return pages[0], pages[1]


class Phrases:
    """Collects which phrases were found on which English page, and checks the German."""

    def __init__(self) -> None:
        self.found: set[str] = set()

    def check(self, client, url: str, **extra) -> None:
        english, german = both_languages(client, url, **extra)
        for phrase, counterparts in PHRASES.items():
            if not shows(english, phrase):
                continue
            self.found.add(phrase)
            assert not shows(german, phrase), f"{phrase!r} is still English on {url}"
            assert any(shows(german, c) for c in counterparts), f"{counterparts} not on {url}"


def report_url(game, number: int) -> str:
    return reverse("round_report", args=[game.pk, number])


@pytest.mark.slow
def test_every_duel_page_says_in_german_what_it_says_in_english(
    client, alice, bob, django_capture_on_commit_callbacks
):
    run = django_capture_on_commit_callbacks
    phrases = Phrases()
    # the setup: an asteroid each, then the sealed placement
    setup = make_duel(alice, bob, asteroids=1)
    client.force_login(alice)
    phrases.check(client, page_url(setup, 0))  # an asteroid to place
    phrases.check(client, reverse("game", args=[setup.pk]))
    act(setup, alice, {"type": "asteroid", "hex": [9, 7]}, run)
    phrases.check(client, page_url(setup, 0))  # waiting for bob
    phrases.check(client, report_url(setup, 1))
    act(setup, bob, {"type": "asteroid", "hex": [9, 3]}, run)
    phrases.check(client, page_url(setup, 0))  # the sealed placement
    act(setup, alice, A_PLACEMENT, run)
    phrases.check(client, page_url(setup, 0))  # her placement is in
    phrases.check(client, reverse("game", args=[setup.pk]))

    # the play: Bob crosses the board and launches a missile, Alice shoots him and lands
    game = make_duel(alice, bob, first=1)
    placed(game, alice, bob, run)
    client.force_login(bob)
    phrases.check(client, page_url(game, 1))  # his turn: fly or stay docked
    phrases.check(client, page_url(game, 1), data={"draft": "[]", "current": "", "do": "pick:B1"})
    phrases.check(
        client,
        page_url(game, 1, "preview"),
        data={
            "draft": json.dumps([{"fighter": "B1", "steps": []}]),
            "current": "B1",
            "do": "step:A",
        },
        **HTMX,
    )
    act(game, bob, fly("B1", 5), run)
    client.post(page_url(game, 1, "draw"), {"do": "offer"})
    client.force_login(alice)
    phrases.check(client, page_url(game, 0))  # Bob's offer of a draw
    act(game, alice, stay("A1"), run)
    phrases.check(client, reverse("game", args=[game.pk]))  # docked (1 turn), flying
    for hexes in (5, 4):
        act(game, bob, fly("B1", hexes), run)
        act(game, alice, stay("A1"), run)
    act(
        game,
        bob,
        {"type": "turn", "orders": [{"fighter": "B1", "steps": ["A", "A", "M", "A", "A"]}]},
        run,
    )
    launched = game.rounds.order_by("-number")[1].number
    phrases.check(client, report_url(game, launched))
    act(
        game,
        alice,
        {"type": "turn", "orders": [{"fighter": "A1", "steps": ["A", "G", "A", "L", "A"]}]},
        run,
    )
    assert game.status == "finished" and game.winner_seat == 0
    last = game.rounds.order_by("-number").first().number
    for step in (0, 1, 2):
        phrases.check(client, report_url(game, last), data={"step": step})
    phrases.check(client, page_url(game, 0))  # she won
    phrases.check(client, reverse("game", args=[game.pk]))
    assert not set(PHRASES) - phrases.found, "phrases on no page: take them off the list"
