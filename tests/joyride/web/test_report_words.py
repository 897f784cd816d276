"""The report's lines name everyone they speak of: a shortage that left the pool empty for all
who wanted the shape says so, with no blank where a name should be."""

from django.utils import translation

from joyride.report import event_line

NAMES = {0: "alice", 1: "bob"}


def test_a_shortage_with_nobody_served_names_who_went_without():
    event = {"step": 3, "type": "shortage", "shape": "I3", "wanted": [0, 1], "given": []}
    with translation.override("en"):
        assert event_line(event, NAMES) == "No I3 left for alice, bob."
    with translation.override("de"):
        assert event_line(event, NAMES) == "Kein I3 mehr übrig für alice, bob."


def test_a_shortage_with_some_served_names_both_sides():
    event = {"step": 3, "type": "shortage", "shape": "I3", "wanted": [1, 0], "given": [1]}
    with translation.override("en"):
        line = event_line(event, NAMES)
    assert line == "Not enough I3 for everyone: bob got one; alice did not."
    assert "—" not in line
