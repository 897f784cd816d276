"""Setting a race up (start places, the 45-card deck, the snake-order draft) and whole races
flown by computer pilots to the finish at every level."""

from __future__ import annotations

from collections import Counter

import pytest

from racing.engine import (
    KINDS,
    PILOT_LEVELS,
    EngineError,
    computer_order,
    courses,
    legal,
    new_race,
    play_turn,
)
from racing.engine.catalogue import deck
from racing.engine.courses import START_SLOTS, course_problem

from .helpers import find, of_type

SIX = [{"id": f"j{seat}", "seat": seat} for seat in range(6)]


def test_the_built_in_courses_have_5_7_and_9_gates_and_pass_the_course_check():
    built = courses()
    assert sorted(len(c["gates"]) for c in built) == [5, 7, 9]
    assert all(course_problem(c["gates"]) is None for c in built)


def test_jets_start_behind_gate_1_between_its_buoys_facing_through_it():
    state = new_race("oval5", SIX, seed=4)
    first = state["course"]["gates"][0]
    assert first["angle"] == 0 and first["x"] == 0  # oval5's gate 1 flies east at x = 0
    spots = {(round(j["x"], 6), round(j["y"] - first["y"], 6)) for j in state["jets"]}
    assert spots == {(-back, left) for back, left in START_SLOTS}
    assert all(j["heading"] == 0 and j["energy"] == 15 and j["lift"] == 0 for j in state["jets"])
    other = new_race("oval5", SIX, seed=5)
    assert [(j["x"], j["y"]) for j in other["jets"]] != [(j["x"], j["y"]) for j in state["jets"]]
    assert new_race("oval5", SIX, seed=4) == state


def test_a_race_has_3_to_6_jets_and_a_level_of_1_to_4():
    with pytest.raises(EngineError, match="3-6 jets"):
        new_race("oval5", SIX[:2])
    with pytest.raises(EngineError, match="level must be 1..4"):
        new_race("oval5", SIX, level=5)
    with pytest.raises(EngineError, match="no built-in course"):
        new_race("nowhere", SIX)


def test_the_deck_holds_45_cards_projectors_2_each_the_rest_3():
    cards = Counter(c["kind"] for c in deck(3))
    assert sum(cards.values()) == 45
    assert all(n == (2 if KINDS[k].projector else 3) for k, n in cards.items())
    assert not {"traumatorpedo", "stasisfeld", "uberhirn"} & {c["kind"] for c in deck(2)}


def test_the_draft_runs_in_snake_order_starting_with_the_last_seat():
    state = new_race("oval5", SIX[:3], level=3)
    assert state["phase"] == "draft" and len(state["supply"]) == 45
    assert state["draft"]["order"][:9] == ["j2", "j1", "j0", "j0", "j1", "j2", "j2", "j1", "j0"]
    assert state["turn"]["jet"] == "j2"
    after, events = play_turn(state, {"pick": "robert"})
    assert of_type(events, "picked") == [
        {"type": "picked", "jet": "j2", "kind": "robert", "card": 37}
    ]
    assert after["turn"]["jet"] == "j1" and len(after["supply"]) == 44
    with pytest.raises(EngineError, match="draft is on"):
        play_turn(state, {"lift": 1})


def test_the_second_race_allows_one_blue_card_and_three_red_or_green():
    state = new_race("oval5", SIX[:3], level=2)
    for pick in ("booster", None, None, "kupferwurm", None, None):
        state, _ = play_turn(state, {"pick": pick})
    assert find(state, "j2")["equipment"][0]["kind"] == "booster"
    assert "booster" not in legal(state)["picks"] and state["turn"]["jet"] == "j2"
    with pytest.raises(EngineError, match="may not take a photonenpaddel"):
        play_turn(state, {"pick": "photonenpaddel"})
    assert "uberhirn" not in legal(state)["picks"]


def test_the_draft_ends_with_the_race_seat_0_first_and_missed_picks_pass():
    state = new_race("oval5", SIX[:3], level=2)
    while state["phase"] == "draft":
        state, events = play_turn(state, None)
    assert state["phase"] == "race" and state["turn"]["jet"] == "j0"
    assert all(not j["equipment"] for j in state["jets"])
    assert of_type(events, "race_started")


def race_to_the_finish(level, pilot, laps=1, course="oval5", seed=1, limit=2000):
    state = new_race(course, SIX, level=level, laps=laps, seed=seed)
    turns = 0
    while state["phase"] != "over":
        state, _ = play_turn(state, computer_order(state, pilot))
        turns += 1
        assert turns < limit, "the race does not end"
    return state


@pytest.mark.slow
@pytest.mark.parametrize("pilot", PILOT_LEVELS)
@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_computer_pilots_fly_a_race_to_the_finish_at_every_level(level, pilot):
    state = race_to_the_finish(level, pilot, course=["oval5", "oval7", "eight9"][level % 3])
    places = sorted(j["place"] for j in state["jets"])
    assert places == [1, 2, 3, 4, 5, 6] and state["winner"] is not None
    assert all(j["status"] == "finished" for j in state["jets"])


def test_an_ace_uses_its_equipment_and_refuels():
    state = new_race("oval7", SIX, level=3, seed=2)
    uses, refuels = Counter(), 0
    while state["phase"] != "over":
        state, events = play_turn(state, computer_order(state, 2))
        uses.update(e["kind"] for e in of_type(events, "used"))
        refuels += len(of_type(events, "refuelled"))
    assert len(uses) >= 5 and refuels >= 6 * 7


def test_a_two_lap_race_counts_both_laps():
    state = race_to_the_finish(1, 1, laps=2)
    assert all(j["laps"] == 2 for j in state["jets"])
