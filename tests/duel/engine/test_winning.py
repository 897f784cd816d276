"""The end: all enemy fighters destroyed AND an own fighter on a dock, checked at the end of
every turn; both sides wiped out or 40 turns without a destruction is a draw; a side with no
fighters has its turns played automatically; resigning and agreed draws."""

from __future__ import annotations

import pytest

from duel.engine import EngineError, act, legal

from .helpers import SE, E, W, docked, find, flying, missile, move, play, state, stay


def test_destroying_the_last_enemy_with_a_fighter_docked_wins():
    st = state(
        [
            flying("A1", "coliber", (5, 7), E, speed=1),
            docked("A2", "bee", (0, 6), E),
            flying("B1", "bee", (7, 7), W),
        ]
    )
    new, events = play(st, move("A1", "A", "G"), stay("A2"))
    assert new.phase == "over" and new.winner == 0 and new.result == "victory"
    assert find(events, "game_over", winner=0, result="victory")
    assert new.to_act is None
    assert legal(new, 0)["actions"] == [] and legal(new, 1)["actions"] == []


def test_destroying_every_enemy_is_not_enough_without_landing():
    st = state([flying("A1", "coliber", (5, 7), E, speed=1), flying("B1", "bee", (7, 7), W)])
    new, events = play(st, move("A1", "A", "G"))
    assert new.phase == "play" and new.winner is None
    # the fighterless side's turn was played by itself: back to A, two turns on
    assert find(events, "turn", player=1, how="auto")
    assert new.to_act == 0 and new.turn == 3


def test_landing_after_the_enemy_is_gone_wins_at_the_end_of_that_turn():
    st = state(
        [
            flying("A1", "coliber", (2, 7), W, speed=2),
            flying("B1", "bee", (9, 9), W, destroyed=True),
        ]
    )
    new, events = play(st, move("A1", "A", "A"))
    assert find(events, "landed") and new.winner == 0 and new.result == "victory"


def test_an_auto_turn_still_flies_the_fighterless_sides_missiles():
    st = state(
        [
            flying("A1", "coliber", (5, 7), E, speed=1),
            flying("B1", "bee", (7, 7), W),
            flying("A2", "coliber", (10, 3), E, speed=1),
        ],
        missiles=[missile(1, 1, (13, 3), W)],
    )
    new, events = play(st, move("A1", "A", "G"), move("A2", "A"))
    auto = events.index(find(events, "turn", player=1, how="auto")[0])
    assert events.index(find(events, "destroyed", fighter="A2", cause="missile")[0]) > auto
    assert new.phase == "play" and new.to_act == 0


def test_when_both_sides_lose_every_fighter_the_game_is_a_draw():
    st = state([flying("A1", "coliber", (5, 7), E, speed=2), flying("B1", "bee", (7, 7), W)])
    new, _events = play(st, move("A1", "A", "A"))
    assert new.phase == "over" and new.winner is None and new.result == "both_destroyed"


def test_the_win_is_checked_at_the_end_of_the_opponents_turn_too():
    st = state([docked("A1", "coliber", (0, 6), E), flying("B1", "coliber", (19, 3), E)], to_act=1)
    new, _events = play(st, move("B1", "A"))  # flies off the board
    assert new.winner == 0 and new.result == "victory"


def test_forty_turns_in_a_row_without_a_destruction_are_a_draw():
    st = state([flying("A1", "coliber", (5, 7), E, speed=1)])
    st.quiet_turns = 38
    st, _ = play(st, move("A1", "A"))
    assert st.quiet_turns == 39 and st.phase == "play"
    st, _events = play(st)
    assert st.phase == "over" and st.result == "quiet" and st.winner is None


def test_a_destruction_starts_the_quiet_count_again():
    st = state(
        [
            flying("A1", "coliber", (5, 7), E, speed=1),
            flying("B1", "bee", (7, 7), SE),
            flying("B2", "bee", (9, 12), W),
        ]
    )
    st.quiet_turns = 39
    new, _ = play(st, move("A1", "A", "G"))
    assert new.quiet_turns == 0 and new.phase == "play"


def test_either_player_may_resign_at_any_time_and_the_other_wins():
    st = state([flying("A1", "coliber", (5, 7), E, speed=1)])
    new, events = act(st, 1, {"type": "resign"})
    assert new.winner == 0 and new.result == "resigned"
    assert find(events, "resigned", player=1)


def test_an_agreed_draw_ends_the_game_without_a_winner():
    new, _ = act(state([]), 0, {"type": "draw_agreed"})
    assert new.phase == "over" and new.winner is None and new.result == "agreed_draw"


def test_nothing_may_be_done_once_the_game_is_over():
    new, _ = act(state([]), 0, {"type": "resign"})
    with pytest.raises(EngineError, match="the game is over"):
        act(new, 1, {"type": "turn", "orders": []})


def test_a_turn_out_of_turn_is_refused():
    with pytest.raises(EngineError, match="it is player 0's turn, not player 1's"):
        act(state([]), 1, {"type": "turn", "orders": []})
    assert legal(state([]), 1)["actions"] == ["resign"]
