"""A game's units of play, declared once through the plug (``GameRules.units``,
``round_name``), and their words in both languages."""

from types import SimpleNamespace

from django.utils import translation

from games import registry
from games.registry import MOVE, PICK, ROUND, STEP, TURN, Numbered, Units


def test_a_unit_names_a_number_counted_from_one_in_each_language():
    assert TURN.numbered(3) == "turn 3" and TURN.title(3) == "Turn 3"
    assert ROUND.count(1) == "1 round" and ROUND.count(2) == "2 rounds"
    assert registry.counted_from_one(0) == 1
    with translation.override("de"):
        words = [TURN.title(3), ROUND.title(2), MOVE.numbered(1), STEP.count(4), PICK.title(5)]
        assert words == ["Zug 3", "Runde 2", "Zug 1", "4 Schritte", "Wahl 5"]
        assert str(Numbered(TURN, 7)) == "Zug 7"


def test_by_default_a_round_is_a_round_numbered_as_the_platform_numbers_it():
    rules = registry.GameRules()
    assert rules.units == Units(round=ROUND, step=STEP)
    name = rules.round_name(SimpleNamespace(number=4, state={}))
    assert (str(name), name.title) == ("round 4", "Round 4")


def test_the_dogfight_steps_through_its_three_moves():
    assert registry.get("dogfight").units == Units(round=ROUND, step=MOVE)
