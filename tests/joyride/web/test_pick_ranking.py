"""The gadget ranking swaps as a ranking widget does: a slot set to a gadget another slot held
gives that slot its own former gadget."""

from joyride.views import swapped


def test_a_slot_set_to_anothers_gadget_swaps_with_it():
    was = {1: "GS-01", 2: "GS-02", 3: "GS-03"}
    assert swapped({1: "GS-02", 2: "GS-02", 3: "GS-03"}, was) == {
        1: "GS-02",
        2: "GS-01",
        3: "GS-03",
    }
    assert swapped({1: "GS-01", 2: "GS-03", 3: "GS-03"}, was) == {
        1: "GS-01",
        2: "GS-03",
        3: "GS-02",
    }


def test_without_what_was_shown_the_ranking_is_left_as_sent():
    assert swapped({1: "GS-02", 2: "GS-02"}, {}) == {1: "GS-02", 2: "GS-02"}
    assert swapped({1: "GS-02", 2: ""}, {1: "GS-01", 2: "GS-02"}) == {1: "GS-02", 2: ""}
