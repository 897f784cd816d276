"""What the engine tells a player before and while he builds a turn: his fighters that his own
missiles destroy before they move (they need no orders), fighters left with no surviving move,
the kills and gun shots of the turn so far, and where a smart missile may strike next."""

from __future__ import annotations

from duel.engine import act, legal, preview

from .helpers import NE, E, W, docked, find, flying, missile, move, state


def own_missile_ahead_of_a2(kind: str = "missile"):
    """A's missile at [3, 7] flies east at the start of A's turn; A2 sits in its path."""
    return state(
        [
            flying("A1", "bee", (5, 3), E, speed=3),
            flying("A2", "coliber", (6, 7), NE),
            flying("B1", "virus", (12, 12), W),
        ],
        missiles=[missile(1, 0, (3, 7), E, kind)],
    )


def test_legal_names_a_fighter_its_own_missile_destroys_before_it_moves():
    for kind in ("missile", "smart"):
        fighters = {f["fighter"]: f for f in legal(own_missile_ahead_of_a2(kind), 0)["fighters"]}
        assert fighters["A2"]["doomed"] == {"cause": "missile", "by": 1, "kind": kind, "owner": 0}
        assert fighters["A1"]["doomed"] is None


def test_a_doomed_fighter_needs_no_orders():
    st = own_missile_ahead_of_a2()
    new, events = act(st, 0, {"type": "turn", "orders": [move("A1", "A", "A", "A")]})
    assert find(events, "destroyed", fighter="A2", cause="missile", by=1)
    assert new.fighter("A1").hex == (8, 3)
    # a fighter that is not doomed still needs its orders
    st = state([flying("A1", "bee", (5, 3), E, speed=3), flying("A2", "coliber", (6, 9), NE)])
    try:
        act(st, 0, {"type": "turn", "orders": [move("A1", "A", "A", "A")]})
    except Exception as error:  # noqa: BLE001 - the engine's message is the point
        assert "no orders for A2" in str(error)
    else:
        raise AssertionError("A2's orders were not required")


def test_the_preview_names_the_doomed_and_shows_the_start_of_turn_flight_with_no_orders():
    answer = preview(own_missile_ahead_of_a2(), 0, [])
    assert answer["doomed"] == {"A2": {"cause": "missile", "by": 1, "kind": "missile", "owner": 0}}
    assert answer["missiles"] == [
        {
            "missile": 1,
            "kind": "missile",
            "from": [3, 7],
            "path": [[4, 7], [5, 7], [6, 7]],
            "removed": "hit",
            "hit": "A2",
        }
    ]
    assert answer["kills"] == [
        {"fighter": "A2", "player": 0, "cause": "missile", "by": 1, "hex": [6, 7]}
    ]


def test_the_preview_lists_gun_shots_with_their_line_and_every_kill():
    st = state([flying("A4", "virus", (5, 7), E, speed=3), flying("B1", "virus", (7, 7), W)])
    answer = preview(st, 0, [move("A4", "A", "G", "GT")])
    assert answer["shots"] == [
        {"fighter": "A4", "gun": "nose", "from": [6, 7], "hex": [7, 7], "hit": "B1"},
        {"fighter": "A4", "gun": "tail", "from": [6, 7], "hex": [5, 7], "hit": None},
    ]
    assert answer["kills"] == [
        {"fighter": "B1", "player": 1, "cause": "gun", "by": "A4", "hex": [7, 7]}
    ]


def test_act_tells_where_a_gun_was_fired_from():
    st = state([flying("A4", "wasp", (5, 7), E, speed=3), flying("B1", "virus", (8, 7), W)])
    _, events = act(st, 0, {"type": "turn", "orders": [move("A4", "A", "A", "G", "A")]})
    assert find(events, "fired")[0]["from"] == [7, 7]


def test_a_destroyed_fighter_is_offered_no_more_steps_and_its_order_is_completed():
    st = state([flying("A1", "wasp", (19, 4), E, speed=3)])
    answer = preview(st, 0, [move("A1", "A")])
    nxt = answer["next"]
    assert nxt["destroyed"] == "edge" and nxt["steps"] == [] and nxt["may_end"] is True
    assert nxt["finish"] == ["A", "A"]  # a Wasp at speed 3 flies at least 2 hexes
    _new, events = act(st, 0, {"type": "turn", "orders": [move("A1", *nxt["finish"])]})
    assert find(events, "destroyed", fighter="A1", cause="edge")
    assert preview(st, 0, [move("A1")])["next"]["destroyed"] is None


def test_a_fighter_left_with_no_surviving_move_is_trapped():
    # a Coliber ending on the last column facing east flies off the board next turn
    st = state(
        [flying("A1", "coliber", (17, 7), E, speed=1), flying("A2", "coliber", (5, 3), E, speed=1)]
    )
    answer = preview(st, 0, [move("A1", "A", "A"), move("A2", "A")])
    assert answer["trapped"] == ["A1"]
    # a Bee turns only after 2 hexes: ending right before an asteroid, it cannot miss it
    st = state([flying("A1", "bee", (6, 7), E, speed=2)], asteroids=[(9, 7)])
    assert preview(st, 0, [move("A1", "A", "A")])["trapped"] == ["A1"]
    # a Coliber turns after 1 hex: one hex before the asteroid, it may still turn away
    st = state([flying("A1", "coliber", (5, 7), E, speed=1)], asteroids=[(9, 7)])
    assert preview(st, 0, [move("A1", "A", "A")])["trapped"] == []
    # a move still being built is not judged
    st = state([flying("A1", "bee", (6, 7), E, speed=2)], asteroids=[(9, 7)])
    assert preview(st, 0, [move("A1", "A")])["trapped"] == []


def test_a_smart_missile_threatens_every_fighter_in_its_reach_its_owners_too():
    st = state(
        [
            flying("A1", "bee", (5, 3), E, speed=2),
            flying("B1", "virus", (7, 1), W),
            flying("B2", "virus", (2, 12), W),
            docked("A2", "coliber", (0, 5), E),
        ],
        missiles=[missile(1, 0, (1, 1), E, "smart"), missile(2, 0, (4, 10), E)],
    )
    answer = preview(st, 0, [move("A1", "A", "A")])
    assert answer["missiles"][0]["path"] == [[2, 1], [3, 1], [4, 1]]
    # from [4, 1]: B1 3 hexes away, A1 (where its move ends) 4; B2 far, A2 docked
    assert answer["threats"] == [
        {
            "missile": 1,
            "hex": [4, 1],
            "homes": "nearest",
            "reach": 4,
            "in_reach": [
                {"fighter": "B1", "player": 1, "hex": [7, 1], "distance": 3},
                {"fighter": "A1", "player": 0, "hex": [7, 3], "distance": 4},
            ],
        }
    ]
