"""The missed-turn default: missiles fly on, every fighter keeps its speed and flies straight,
nothing fires, docked fighters stay (one that must take off flies out at its Vmin); three
missed turns in a row, or six in the game, forfeit it."""

from __future__ import annotations

from duel.engine import act, missed

from .helpers import E, W, docked, find, flying, missile, move, path_of, play, state


def test_a_missed_turn_flies_every_fighter_straight_on_at_its_speed_and_fires_nothing():
    st = state(
        [
            flying("A1", "bee", (5, 7), E, speed=3),
            flying("B1", "bee", (9, 7), W),
            docked("A2", "virus", (0, 6), E),
        ],
        missiles=[missile(1, 0, (5, 2), E)],
    )
    new, events = missed(st, 0)
    assert find(events, "missed", player=0, in_row=1, total=1)
    assert find(events, "turn", player=0, how="missed")
    assert path_of(events, 1) == [(6, 2), (7, 2), (8, 2)]
    assert new.fighter("A1").hex == (8, 7) and new.fighter("A1").speed == 3
    assert not find(events, "fired") and not find(events, "launched")
    assert new.fighter("A2").docked and new.fighter("A2").docked_turns == 1
    assert new.to_act == 1


def test_a_missed_turn_launches_a_fighter_that_must_take_off_at_its_vmin():
    st = state([docked("A1", "virus", (0, 6), E, docked_turns=3)])
    new, events = missed(st, 0)
    assert find(events, "took_off", fighter="A1")
    assert new.fighter("A1").hex == (2, 6) and new.fighter("A1").speed == 2


def test_a_fighter_flying_straight_off_the_board_in_a_missed_turn_is_lost():
    st = state([flying("A1", "bee", (18, 7), E, speed=3)])
    _new, events = missed(st, 0)
    assert find(events, "destroyed", fighter="A1", cause="edge")


def test_three_missed_turns_in_a_row_forfeit_the_game():
    st = state([flying("A1", "coliber", (5, 7), E, speed=1)])
    for _ in range(2):
        st, _ = missed(st, 0)
        st, _ = play(st)
    assert st.missed_in_row == [2, 0]
    st, events = missed(st, 0)
    assert find(events, "forfeit", player=0)
    assert st.phase == "over" and st.winner == 1 and st.result == "forfeit"


def test_a_turn_played_breaks_the_row_but_six_missed_in_the_game_forfeit_it():
    st = state([flying("A1", "coliber", (5, 7), E, speed=1)], to_act=1)
    for round_ in range(5):
        st, _ = missed(st, 1)
        st, _ = play(st, move("A1", "A"))
        if round_ % 2:
            st, _ = play(st)  # player 1 plays a turn: the row starts again
            st, _ = play(st, move("A1", "A"))
    assert st.missed_total == [0, 5] and st.missed_in_row[1] < 3 and st.phase == "play"
    st, _events = missed(st, 1)
    assert st.result == "forfeit" and st.winner == 0


def test_missed_is_also_an_action_of_the_json_face():
    st = state([flying("A1", "coliber", (5, 7), E, speed=1)])
    new, _events = act(st, 0, {"type": "missed"})
    assert new.fighter("A1").hex == (6, 7)
