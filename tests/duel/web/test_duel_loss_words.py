"""Every loss reads as a sentence with names, in both languages: no raw engine words ("by
None", "by 1", a bare cause in brackets)."""

import pytest
from django.utils import translation

from duel import report
from duel.svg import board_svg

KILLS = [
    (
        {"fighter": "A4", "player": 0, "cause": "asteroid", "by": None},
        "Your A4 flies into an asteroid and is destroyed.",
    ),
    (
        {"fighter": "B1", "player": 1, "cause": "missile", "by": 1},
        "The enemy's B1 is destroyed by missile 1.",
    ),
    (
        {"fighter": "B2", "player": 1, "cause": "gun", "by": "A1"},
        "The enemy's B2 is shot down by A1.",
    ),
    (
        {"fighter": "A2", "player": 0, "cause": "edge", "by": None},
        "Your A2 leaves the board and is lost.",
    ),
    (
        {"fighter": "A3", "player": 0, "cause": "collision", "by": "B3"},
        "Your A3 collides with B3; both are lost.",
    ),
]


@pytest.mark.parametrize("kill, english", KILLS)
def test_a_kill_is_a_sentence_in_both_languages(kill, english):
    with translation.override("en"):
        assert report.kill_words(kill, viewer=0) == english
    with translation.override("de"):
        german = report.kill_words(kill, viewer=0)
    assert "None" not in german and german != english and kill["fighter"] in german


def test_the_reports_line_names_the_fighters_owner():
    event = {"type": "destroyed", "fighter": "A4", "player": 0, "cause": "asteroid", "by": None}
    with translation.override("en"):
        line = report.describe_event(event, {0: "alice", 1: "bob"})
    assert line == "alice's A4 flies into an asteroid and is destroyed."


def test_the_boards_name_is_translated():
    state = {"fighters": [], "missiles": [], "asteroids": []}
    with translation.override("de"):
        board = str(board_svg(state))
    assert 'aria-label="Das Spielbrett des Duells"' in board
