"""The dogfight's game words (dogfight/words.py): one table per kind of engine code, each keyed
by exactly the codes the engine uses, each word translated into German; and every event the
engine emits has its sentence in the report."""

import re
from pathlib import Path

import pytest
from django.utils import translation

from dogfight import report, svg, words
from dogfight.engine import career, resolve
from dogfight.engine.board import SEATS
from dogfight.engine.hexgrid import DIRECTIONS
from dogfight.engine.maneuvers import CODES, NAMES
from dogfight.engine.orders import FIRE_DIRECTIONS
from dogfight.engine.state import BALLOON_RULES, SCORING_MODES

ENGINE = Path(resolve.__file__).parent


def _emitted(pattern: str, where: str = "*.py") -> set[str]:
    """The string literals the engine's source passes where ``pattern`` captures them (the
    preview's warnings are not events: they have a test of their own)."""
    return {
        found
        for path in ENGINE.glob(where)
        if path.name != "preview.py" or where != "*.py"
        for found in re.findall(pattern, path.read_text(encoding="utf-8"))
    }


def test_each_table_is_keyed_by_the_engines_codes():
    assert set(words.MANEUVERS) == set(CODES) == set(NAMES)
    assert list(words.FIRE_DIRECTIONS) == list(FIRE_DIRECTIONS)
    assert len(words.COMPASS) == len(DIRECTIONS)
    assert len(words.RANKS) == len(career.RANKS) == career.MAX_RANK + 1
    assert len(words.SEAT_COLOURS) == len(svg.SEAT_COLOURS) == len(SEATS)
    assert set(words.BALLOON_RULES) == set(BALLOON_RULES)
    assert set(words.SCORING_MODES) == set(SCORING_MODES)


def test_every_crash_cause_and_event_type_of_the_engine_has_its_words():
    causes = _emitted(r'_crash\(\w+, "(\w+)"\)')
    assert causes and causes == set(words.CRASH_CAUSES)
    kinds = _emitted(r'"type": "(\w+)"')
    assert kinds and kinds == set(report.SENTENCES)


def test_every_warning_of_the_preview_has_its_sentence():
    from dogfight import cockpit_words
    from dogfight.engine.preview import WARNING_TYPES

    assert _emitted(r'"type": "(\w+)"', "preview.py") | {"cloud", "drift"} == set(WARNING_TYPES)
    with translation.override("en"):
        for kind in WARNING_TYPES:
            found = {"type": kind, "move": 1, "q": 0, "r": 0, "damage": 1, "crash": False}
            assert not cockpit_words.warning(found)["text"].startswith("The engine warns")


def test_in_english_the_words_are_the_engines_and_the_ranks_english():
    with translation.override("en"):
        assert {code: str(name) for code, name in words.MANEUVERS.items()} == NAMES
        assert [str(rank) for rank in words.RANKS] == list(career.RANKS_EN)
        assert str(words.COMPASS[0]) == "east" and str(words.FIRE_DIRECTIONS["L"]) == (
            "diagonally left"
        )


def test_in_german_the_ranks_are_the_seeds_titles():
    with translation.override("de"):
        assert [str(rank) for rank in words.RANKS] == list(career.RANKS)
        assert str(words.ACE_TITLE) == career.ACE_TITLE == "Ass"


@pytest.mark.parametrize(
    "table",
    [
        "MANEUVERS",
        "FIRE_DIRECTIONS",
        "COMPASS",
        "SEAT_COLOURS",
        "CRASH_CAUSES",
        "BALLOON_RULES",
        "SCORING_MODES",
    ],
)
def test_every_word_of_a_table_is_german_in_german(table):
    entries = getattr(words, table)
    values = entries.values() if isinstance(entries, dict) else entries
    with translation.override("en"):
        english = [str(value) for value in values]
    with translation.override("de"):
        german = [str(value) for value in values]
    # Loanwords the seed uses as they are (Split-S, orange) may stay; the table as a whole not.
    same = [e for e, g in zip(english, german) if e == g]
    assert len(same) <= 1, same
    assert len(set(german)) == len(german)


def test_a_report_line_is_worded_in_the_language_active_when_it_is_made():
    event = {"move": 2, "type": "moved", "seat": 0, "maneuver": "O", "q": 1, "r": -2, "facing": 3}
    with translation.override("de"):
        assert report.describe_event(event, {0: "Kiebitz"}) == (
            "Kiebitz: Looping nach (1, -2), Nase nach Westen."
        )
    with translation.override("en"):
        assert report.describe_event(event, {0: "Kiebitz"}) == (
            "Kiebitz: loop to (1, -2), nose west."
        )


@pytest.mark.parametrize(
    "missed, english, german",
    [
        (2, "2 missed rounds in a row", "2 verpasste Runden in Folge"),
        (3, "3 missed rounds in a row", "3 verpasste Runden in Folge"),
    ],
)
def test_missed_rounds_are_counted_in_the_right_plural(missed, english, german):
    event = {"move": None, "type": "missed", "seat": 3, "missed_rounds": missed}
    with translation.override("en"):
        assert english in report.describe_event(event, {3: "Zaunkönig"})
    with translation.override("de"):
        assert german in report.describe_event(event, {3: "Zaunkönig"})
