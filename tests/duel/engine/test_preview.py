"""The order form's route preview: a half-built turn, where each fighter is after each step,
where its missiles go now and at the start of the next turn, and which steps may follow."""

from __future__ import annotations

import pytest

from duel.engine import EngineError, preview

from .helpers import SE, E, W, docked, flying, missile, move, state


def board():
    return state(
        [
            flying("A4", "wasp", (5, 7), E, speed=3),
            flying("B1", "virus", (7, 7), W),
            flying("B2", "bee", (8, 10), W),
            docked("B3", "coliber", (19, 9), W),
        ],
        asteroids=[(8, 7)],
        missiles=[missile(1, 0, (3, 2), E)],
    )


def test_the_preview_shows_the_fighter_after_every_step():
    answer = preview(board(), 0, [move("A4", "A", "G", "A", "R")])
    assert answer["fighters"]["A4"]["route"] == [
        {"step": "A", "hex": [6, 7], "facing": E},
        {"step": "G", "hex": [6, 7], "facing": E},
        {"step": "A", "hex": [7, 7], "facing": E},
        {"step": "R", "hex": [7, 7], "facing": SE},
    ]
    assert answer["fighters"]["A4"]["destroyed"] is None


def test_the_preview_shows_where_the_missiles_go_now_and_next_turn():
    answer = preview(board(), 0, [move("A4", "A", "G", "A", "R", "S")])
    flights = {m["missile"]: m for m in answer["missiles"]}
    assert flights[1] == {
        "missile": 1,
        "kind": "missile",
        "from": [3, 2],
        "path": [[4, 2], [5, 2], [6, 2]],
        "removed": None,
        "hit": None,
    }
    assert flights[2] == {
        "missile": 2,
        "kind": "smart",
        "from": [7, 7],
        "path": [[8, 8], [8, 9], [8, 10]],
        "removed": "hit",
        "hit": "B2",
    }
    assert answer["next_flight"] == [
        {
            "missile": 1,
            "kind": "missile",
            "from": [6, 2],
            "path": [[7, 2], [8, 2], [9, 2]],
            "removed": None,
        }
    ]


def test_the_preview_lists_the_steps_that_may_follow_the_last_fighters_plan():
    answer = preview(board(), 0, [move("A4", "A", "G", "A")])
    assert answer["next"] == {
        "fighter": "A4",
        "steps": ["A", "L", "R", "G", "M", "S"],
        "may_end": True,
        "speeds": [2, 3, 4],
        "ahead": 2,
        "destroyed": None,
    }
    assert preview(board(), 0, [move("A4")])["next"]["steps"] == ["A", "G", "M", "S"]


def test_the_preview_shows_a_doomed_route_as_destroyed():
    answer = preview(board(), 0, [move("A4", "A", "G", "A", "A")])
    assert answer["fighters"]["A4"]["destroyed"] == "asteroid"
    st = state([flying("A1", "coliber", (19, 4), E, speed=1)])
    route = preview(st, 0, [move("A1", "A")])["fighters"]["A1"]
    assert route == {"route": [{"step": "A", "hex": None, "facing": E}], "destroyed": "edge"}


def test_the_preview_does_not_change_the_state():
    st = board()
    before = st.to_dict()
    preview(st, 0, [move("A4", "A", "G", "A", "R", "S", "A", "A", "L")])
    assert st.to_dict() == before


def test_the_preview_refuses_an_illegal_step_with_the_same_message_as_the_turn():
    with pytest.raises(EngineError, match="step 2 \\(L\\) needs a turn after 1 hex"):
        preview(board(), 0, [move("A4", "A", "L")])
    with pytest.raises(EngineError, match="it is player 0's turn"):
        preview(board(), 1, [])


def test_earlier_fighters_in_a_preview_must_be_complete():
    st = state(
        [flying("A1", "coliber", (5, 3), E, speed=1), flying("A2", "coliber", (5, 12), E, speed=1)]
    )
    with pytest.raises(EngineError, match="must fly 1 or 2 hexes"):
        preview(st, 0, [move("A1"), move("A2", "A")])
    answer = preview(st, 0, [move("A1", "A"), move("A2")])
    assert answer["fighters"]["A2"]["route"] == [] and answer["next"]["may_end"] is False
