"""Setup: docks, asteroids placed in turn (no-adjacent option, none near a dock), fighters
placed sealed on the docks with a facing each, revealed together."""

from __future__ import annotations

import pytest

from duel.engine import EngineError, Settings, State, act, legal, missed, new_game
from duel.engine.api import view
from duel.engine.board import ALL_DOCKS, DOCKS, asteroid_hexes
from duel.engine.hexgrid import BOARD, distance, neighbours

from .helpers import E, W, find


def place(st, player, hex_):
    return act(st, player, {"type": "asteroid", "hex": list(hex_)})


def test_player_a_docks_at_column_0_rows_5_to_8_and_player_b_at_column_19_rows_6_to_9():
    assert DOCKS[0] == ((0, 5), (0, 6), (0, 7), (0, 8))
    assert DOCKS[1] == ((19, 6), (19, 7), (19, 8), (19, 9))


def test_a_new_game_starts_with_the_first_mover_placing_eight_asteroids_each():
    st = new_game()
    assert st.phase == "asteroids" and st.to_act == 0
    assert st.asteroids_left == [8, 8]
    assert [f.id for f in st.fighters] == ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"]
    assert [f.cls for f in st.fighters[:4]] == ["coliber", "virus", "bee", "wasp"]
    assert all(f.hex is None for f in st.fighters)
    assert new_game(Settings(first=1)).to_act == 1


def test_asteroids_are_placed_alternately_beginning_with_the_first_mover():
    st = new_game(Settings(asteroids=2, first=1))
    order = []
    for hex_ in [(5, 2), (10, 2), (5, 12), (10, 12)]:
        order.append(st.to_act)
        st, events = place(st, st.to_act, hex_)
    assert order == [1, 0, 1, 0]
    assert st.phase == "fighters" and st.to_act is None
    assert st.asteroids == [(5, 2), (10, 2), (5, 12), (10, 12)]
    assert find(events, "phase", phase="fighters")


def test_placing_out_of_turn_is_refused():
    with pytest.raises(EngineError, match="player 0's turn"):
        place(new_game(), 1, (5, 2))


def test_no_asteroid_on_a_dock_or_within_two_hexes_of_one():
    st = new_game()
    for hex_, why in [
        ((0, 6), "is a dock"),
        ((2, 6), "within 2 hexes of a dock"),
        ((17, 8), "within 2 hexes"),
    ]:
        with pytest.raises(EngineError, match=why):
            place(st, 0, hex_)
    place(st, 0, (3, 6))  # three hexes away is fine
    allowed = set(asteroid_hexes([], True))
    assert all(min(distance(h, d) for d in ALL_DOCKS) > 2 for h in allowed)
    assert len(allowed) == len(BOARD) - sum(
        1 for h in BOARD if min(distance(h, d) for d in ALL_DOCKS) <= 2
    )


def test_with_the_no_adjacent_option_asteroids_may_not_touch():
    st, _ = place(new_game(), 0, (10, 7))
    with pytest.raises(EngineError, match="touches another asteroid"):
        place(st, 1, (11, 7))
    assert not set(map(tuple, legal(st, 1)["hexes"])) & set(neighbours((10, 7)))


def test_without_the_no_adjacent_option_asteroids_may_touch_but_not_share_a_hex():
    st, _ = place(new_game(Settings(no_adjacent=False)), 0, (10, 7))
    st, _ = place(st, 1, (11, 7))
    with pytest.raises(EngineError, match="already holds"):
        place(st, 0, (11, 7))


def test_an_asteroid_off_the_board_is_refused_with_the_reason():
    with pytest.raises(EngineError, match="off the board"):
        place(new_game(), 0, (20, 3))


def test_a_missed_placement_loses_that_asteroid():
    st = new_game(Settings(asteroids=1))
    st, events = missed(st, 0)
    assert find(events, "asteroid_lost", player=0, why="missed")
    assert st.asteroids_left == [0, 1] and st.to_act == 1
    st, _ = place(st, 1, (10, 7))
    assert st.phase == "fighters" and st.asteroids == [(10, 7)]


def test_with_no_asteroids_the_game_goes_straight_to_placing_fighters():
    st = new_game(Settings(asteroids=0))
    assert st.phase == "fighters"
    assert legal(st, 0)["actions"] == ["fighters", "resign"]


def test_the_legal_list_offers_asteroid_hexes_only_to_the_player_to_act():
    st = new_game()
    assert legal(st, 0)["your_turn"] and len(legal(st, 0)["hexes"]) == len(asteroid_hexes([], True))
    assert not legal(st, 1)["your_turn"] and legal(st, 1)["hexes"] == []


def ready():
    return new_game(Settings(asteroids=0))


def placements(player, facing=None):
    facing = (E if player == 0 else W) if facing is None else facing
    letter = "AB"[player]
    return {
        "type": "fighters",
        "placements": [
            {"fighter": f"{letter}{i + 1}", "hex": list(DOCKS[player][i]), "facing": facing}
            for i in range(4)
        ],
    }


def test_fighter_placement_is_sealed_until_both_players_have_placed():
    st, events = act(ready(), 1, placements(1, facing=2))
    assert st.phase == "fighters" and st.sealed[1] is not None
    assert find(events, "fighters_sealed", player=1) and not find(events, "fighters_placed")
    assert all(f.hex is None for f in st.fighters)
    shown = view(st.to_dict(), 0)
    assert shown["sealed"] == [None, True]
    assert view(st.to_dict(), 1)["sealed"][1] == st.to_dict()["sealed"][1]
    assert not legal(st, 1)["your_turn"] and legal(st, 0)["your_turn"]
    with pytest.raises(EngineError, match="already placed"):
        act(st, 1, placements(1))
    st, events = act(st, 0, placements(0))
    assert find(events, "fighters_placed")
    assert st.phase == "play" and st.turn == 1 and st.to_act == 0
    assert st.fighter("B2").hex == (19, 7) and st.fighter("B2").facing == 2
    assert st.fighter("A1").hex == (0, 5) and st.fighter("A1").docked
    assert st.sealed == [None, None]


def test_fighters_start_docked_and_fully_armed_and_may_take_off_at_once():
    st, _ = act(ready(), 0, placements(0))
    st, _ = act(st, 1, placements(1))
    wasp = st.fighter("A4")
    assert wasp.docked and not wasp.landed and wasp.missiles == 1 and wasp.smart == 1
    options = {f["fighter"]: f for f in legal(st, 0)["fighters"]}
    assert options["A4"]["may_move"] and options["A4"]["may_stay"]
    assert options["A4"]["speeds"] == [2, 3, 4, 5]


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda p: p.__setitem__(0, {**p[0], "hex": [0, 9]}), "not one of player 0's docks"),
        (lambda p: p.__setitem__(0, {**p[0], "hex": [19, 6]}), "not one of player 0's docks"),
        (lambda p: p.__setitem__(1, {**p[1], "hex": p[0]["hex"]}), "two fighters on dock"),
        (lambda p: p.pop(), "fighters not placed: A4"),
        (lambda p: p.append(dict(p[0])), "placed twice"),
        (lambda p: p.__setitem__(0, {**p[0], "fighter": "B1"}), "not one of player 0's fighters"),
        (lambda p: p.__setitem__(0, {**p[0], "facing": 6}), "facing must be 0..5"),
    ],
)
def test_a_bad_fighter_placement_is_refused_with_the_reason(change, message):
    action = placements(0)
    change(action["placements"])
    with pytest.raises(EngineError, match=message):
        act(ready(), 0, action)


def test_a_missed_fighter_placement_docks_them_in_order_facing_the_enemy():
    st, _ = missed(ready(), 0)
    st, _events = missed(st, 1)
    assert [f.hex for f in st.fighters] == list(DOCKS[0]) + list(DOCKS[1])
    assert {f.facing for f in st.fighters if f.player == 0} == {E}
    assert {f.facing for f in st.fighters if f.player == 1} == {W}
    assert st.phase == "play"


def test_a_turn_is_not_an_action_of_the_setup():
    with pytest.raises(EngineError, match="not an action of the asteroids phase"):
        act(new_game(), 0, {"type": "turn", "orders": []})


def test_the_new_state_round_trips_through_its_json_form():
    st = new_game(Settings(asteroids=3, fighters=("wasp", "bee")), seed=5)
    assert State.from_dict(st.to_dict()).to_dict() == st.to_dict()
    assert [f.id for f in st.fighters] == ["A1", "A2", "B1", "B2"]


def test_an_asteroid_that_no_hex_can_take_is_lost():
    free = asteroid_hexes([], False)
    st = State(
        Settings(asteroids=15, no_adjacent=False),
        new_game().fighters,
        phase="asteroids",
        to_act=0,
        asteroids=free[:-1],
        asteroids_left=[1, 1],
    )
    st, events = place(st, 0, free[-1])
    assert find(events, "asteroid_lost", player=1, why="no_room")
    assert st.phase == "fighters" and st.asteroids_left == [0, 0]
