"""The duel's rules page (/duel/rules/): reached through the plug and from every duel page, in
English and German, its tables and the numbers of its prose read from the engine."""

from __future__ import annotations

import dataclasses
import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from duel.engine import board, classes, orders, state, turns
from duel.plugin import RULES

from .helpers import act, make_duel, page_url

pytestmark = pytest.mark.django_db
URL = "/duel/rules/"
POSITION_WORDS = {"en": {"nose": "nose", "tail": "tail"}, "de": {"nose": "Bug", "tail": "Heck"}}


class _ClassTable(HTMLParser):
    """The rows of the page's class table: {class key: {cell class: text}}."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: dict[str, dict[str, str]] = {}
        self.inside = False
        self.row: dict[str, str] | None = None
        self.cell: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table":
            self.inside = attrs.get("id") == "t-classes"
        elif self.inside and tag == "tr" and "data-class" in attrs:
            self.row = self.rows.setdefault(attrs["data-class"], {})
        elif self.row is not None and tag in ("td", "th"):
            self.cell = attrs.get("class")
            self.row[self.cell] = ""

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self.cell = None
        elif tag == "tr":
            self.row = None
        elif tag == "table":
            self.inside = False

    def handle_data(self, data):
        if self.row is not None and self.cell:
            self.row[self.cell] += data


def class_table(html: str) -> dict[str, dict[str, str]]:
    parser = _ClassTable()
    parser.feed(html)
    return parser.rows


def expected_row(kind: classes.FighterClass, language: str) -> dict[str, str]:
    def where(positions):
        words = [POSITION_WORDS[language][p] for p in ("nose", "tail") if p in positions]
        return ", ".join(words) or "—"

    return {
        "name": kind.name,
        "vmin": str(kind.vmin),
        "vmax": str(kind.vmax),
        "z": str(kind.z),
        "guns": where(kind.guns),
        "launchers": where(kind.launchers),
        "missiles": str(kind.missiles),
        "smart": str(kind.smart),
    }


def paragraph(html: str, element_id: str) -> str:
    found = re.search(rf'id="{element_id}">(.*?)</(?:p|li)>', html, re.DOTALL)
    assert found, element_id
    return re.sub(r"\s+", " ", found.group(1))


def test_the_plug_names_the_rules_page_and_anyone_may_read_it(client):
    assert RULES.rules_url() == reverse("duel:rules") == URL
    page = client.get(URL)
    assert page.status_code == 200 and page["Content-Language"] == "en"
    html = page.content.decode()
    assert '<html lang="en">' in html and "<h1>Duel: the rules</h1>" in html
    assert f'href="{URL}"' in client.get("/").content.decode()  # the header's rules menu


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_class_table_is_the_engines_in_both_languages(client, language):
    html = client.get(URL, {"lang": language}).content.decode()
    assert class_table(html) == {
        key: expected_row(kind, language) for key, kind in classes.CLASSES.items()
    }


def test_a_class_the_engine_changes_changes_in_the_table(client, monkeypatch):
    faster = dataclasses.replace(classes.CLASSES["wasp"], vmax=7, smart=2)
    monkeypatch.setitem(classes.CLASSES, "wasp", faster)
    row = class_table(client.get(URL).content.decode())["wasp"]
    assert (row["vmax"], row["smart"]) == ("7", "2")


def test_german_is_shown_for_lang_de_and_otherwise_the_active_language(client):
    german = client.get(URL, {"lang": "de"})
    assert german["Content-Language"] == "de"
    assert '<html lang="de">' in german.content.decode()
    assert "<h1>Duell: die Regeln</h1>" in german.content.decode()
    german_reader = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}
    active = client.get(URL, **german_reader).content.decode()
    asked = client.get(URL, {"lang": "en"}, **german_reader).content.decode()
    unknown = client.get(URL, {"lang": "xx"}, **german_reader).content.decode()
    assert "<h1>Duell: die Regeln</h1>" in active and "<h1>Duell: die Regeln</h1>" in unknown
    assert "<h1>Duel: the rules</h1>" in asked


def test_the_prose_names_the_engines_numbers(client):
    html = client.get(URL).content.decode()
    assert f"at most {state.MAX_DOCKED_TURNS} of its own turns in a row" in paragraph(
        html, "p-docks"
    )
    assert f"flies {turns.MISSILE_FLIGHT} hexes straight on" in paragraph(html, "p-missiles")
    assert f"within {board.DOCK_CLEARANCE} hexes of one" in paragraph(html, "p-asteroids")
    assert (
        f"{state.MISSED_IN_A_ROW_LIMIT} missed turns in a row, or "
        f"{state.MISSED_TOTAL_LIMIT} in the game" in paragraph(html, "p-missed")
    )
    assert f"{state.QUIET_TURN_LIMIT} turns in a row" in paragraph(html, "p-quiet")
    assert "change by at most 1 from its last turn" in paragraph(html, "p-speed")


@pytest.mark.parametrize(
    "language, sentence",
    [
        ("en", "at most 5 of its own turns in a row"),
        ("de", "höchstens 5 eigene Züge in Folge"),
    ],
)
def test_a_prose_number_follows_its_engine_constant(client, monkeypatch, language, sentence):
    assert sentence not in paragraph(
        client.get(URL, {"lang": language}).content.decode(), "p-docks"
    )
    monkeypatch.setattr(state, "MAX_DOCKED_TURNS", 5)
    assert sentence in paragraph(client.get(URL, {"lang": language}).content.decode(), "p-docks")


def test_a_single_docked_turn_is_worded_in_the_singular(client, monkeypatch):
    monkeypatch.setattr(state, "MAX_DOCKED_TURNS", 1)
    html = client.get(URL, {"lang": "de"}).content.decode()
    assert "höchstens 1 eigenen Zug in Folge" in paragraph(html, "p-docks")


def test_the_step_table_lists_every_step_the_engine_knows(client):
    html = client.get(URL).content.decode()
    assert re.findall(r'<tr data-code="(\w+)">', html) == list(orders.STEP_CODES)


def test_every_duel_page_links_the_rules(client, alice, bob, django_capture_on_commit_callbacks):
    game = make_duel(alice, bob, asteroids=1)
    act(game, alice, {"type": "asteroid", "hex": [9, 7]}, django_capture_on_commit_callbacks)
    client.force_login(alice)
    for url in (
        reverse("game", args=[game.pk]),
        page_url(game, 0),
        reverse("round_report", args=[game.pk, 1]),
    ):
        crumbs = re.search(r'<p class="crumbs">(.*?)</p>', client.get(url).content.decode())
        assert f'href="{URL}"' in crumbs.group(1), url  # not only the site's header menu
