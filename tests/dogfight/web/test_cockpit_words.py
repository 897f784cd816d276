"""The cockpit's sentences: the weather that was (never stated as what will be), the
preview's warnings, the planes as text."""

import pytest
from django.utils import translation

from dogfight import cockpit_words
from dogfight.engine.setup import new_game
from dogfight.engine.state import Settings


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def state(round_=1, wind=None, **settings):
    st = new_game(3, Settings(**settings)).to_dict()
    return {**st, "round": round_, "wind": wind}


def test_round_1_has_no_weather_yet():
    assert cockpit_words.weather_lines(state()) == ["No weather yet: this is the first round."]


def test_a_calm_last_round_is_worded_as_what_was():
    lines = cockpit_words.weather_lines(state(4))
    assert lines[0] == "Round 3 was calm: no cloud moved."
    assert "may rise" in lines[1]


def test_a_windy_last_round_is_past_and_the_next_drift_only_if_it_holds():
    lines = cockpit_words.weather_lines(state(5, wind=4))
    assert lines[0] == (
        "In round 4 the wind blew from the north-east: every cloud drifted one hex south-west."
    )
    assert lines[1].startswith("If it holds, the clouds drift one hex south-west again")
    assert "may also turn or die down" in lines[1]


def test_a_windless_game_says_so_in_every_round():
    for round_ in (1, 7):
        assert cockpit_words.weather_lines(state(round_, windless=True)) == [
            "A windless game: the clouds never move."
        ]


@pytest.mark.parametrize(
    "found, words, crash",
    [
        ({"move": 2, "type": "edge"}, "Move 2 leaves the board: your plane crashes", True),
        ({"move": 1, "type": "balloon", "q": 3, "r": -1}, "the balloon at (3, -1)", True),
        (
            {"move": 3, "type": "cloud", "damage": 5, "crash": False},
            "1 damage point (5 in all)",
            False,
        ),
        ({"move": 3, "type": "cloud", "damage": 12, "crash": True}, "the plane breaks up", True),
        ({"move": None, "type": "landing_roll"}, "move 1 of the next round", False),
        (
            {"move": None, "type": "drift", "damage": 1, "crash": False, "wind": 2},
            "If last round's wind holds, a cloud drifts over your plane",
            False,
        ),
    ],
)
def test_each_warning_of_the_engine_has_its_sentence(found, words, crash):
    worded = cockpit_words.warning(found)
    assert words in worded["text"] and worded["crash"] is crash


def test_the_warnings_in_german():
    with translation.override("de"):
        text = cockpit_words.warning({"move": 2, "type": "edge"})["text"]
    assert "Zug 2" in text and "leaves" not in text


def test_the_planes_as_text_give_hex_nose_damage_and_ammunition():
    st = state()
    st["planes"][1] = {
        **st["planes"][1],
        "status": "air",
        "q": 2,
        "r": -1,
        "facing": 1,
        "damage": 5,
        "ammo": 9,
    }
    rows = cockpit_words.plane_rows(st, {1: "Blauer Max"})
    row = next(r for r in rows if r["seat"] == 1)
    assert (row["name"], row["q"], row["r"], str(row["facing"])) == (
        "Blauer Max",
        2,
        -1,
        "north-east",
    )
    assert (row["damage"], row["out_at"], row["ammo"], row["ammo_capacity"]) == (5, 12, 9, 16)
    assert str(row["status"]) == "flying"
