"""Rules §3/§4: a whole round's orders are checked, with a clear error for each kind of mistake."""

from __future__ import annotations

import pytest

from dogfight.engine import EngineError, Settings, validate_orders

from .helpers import orders, parked, plane


def check(p, *codes, settings=None, **kw):
    """Validate one seat's orders; returns the validated moves."""
    return validate_orders(p, settings or Settings(), orders(p.seat, *codes, **kw)[p.seat])


def flying(**kw):
    return plane(0, 0, 0, 0, **kw)


def test_good_orders_are_accepted_and_bursts_kept_per_move():
    moves = check(flying(), "A", "L", "H", fire={1: ["A", "L"], 3: ["R"]})
    assert [m.maneuver for m in moves] == ["A", "L", "H"]
    assert [len(m.fire) for m in moves] == [2, 0, 1]


# --- a maneuver not offered ---------------------------------------------------------------


@pytest.mark.parametrize(
    "codes, move, code",
    [
        (("H", "H", "H"), 1, "H"),  # hold is not offered in move 1
        (("I", "A", "A"), 1, "I"),  # no ace maneuver in move 1
        (("A", "H", "A"), 3, "A"),  # after hold only hold
        (("A", "I", "A"), 2, "I"),  # no Immelmann below 40 points
        (("A", "A", "LD"), 3, "LD"),  # no runway here
        (("TB", "TB", "A"), 1, "TB"),  # take-off is for planes on the ground
        (("A", "A", "G"), 3, "G"),  # staying on the ground, in the air
        (("X", "A", "A"), 1, "X"),  # no such maneuver
    ],
)
def test_a_maneuver_not_offered_is_refused_naming_the_move(codes, move, code):
    with pytest.raises(EngineError, match=rf"seat 0: move {move}: .*{code}.* is not offered"):
        check(flying(), *codes)


def test_the_refusal_lists_what_was_offered():
    with pytest.raises(EngineError, match=r"offered: A, L, R, LS, RS\)"):
        check(flying(), "H", "H", "H")


@pytest.mark.parametrize(
    "codes, move",
    [
        (("A", "G", "G"), 1),  # turns are not offered on the ground
        (("G", "G", "TA"), 3),  # take-off cannot start in move 3
        (("TA", "TB", "A"), 2),  # take-off is flown straight on one runway
        (("TA", "A", "A"), 2),  # and takes two moves
        (("TA", "TA", "G"), 3),  # airborne after the lift-off
    ],
)
def test_ground_orders_that_are_not_offered_are_refused(codes, move):
    with pytest.raises(EngineError, match=rf"seat 0: move {move}: .* is not offered"):
        check(parked(0), *codes)


def test_a_landed_plane_cannot_take_off_again_in_the_same_round():
    with pytest.raises(EngineError, match=r"move 3: TB .* is not offered \(offered: G\)"):
        check(plane(0, 7, 0, 0), "LD", "LD", "TB")


def test_a_landing_once_begun_must_be_finished():
    with pytest.raises(EngineError, match=r"move 2: A .* is not offered \(offered: LD\)"):
        check(plane(0, 7, 0, 0), "LD", "A", "A")
    with pytest.raises(EngineError, match=r"move 1: A .* is not offered \(offered: LD\)"):
        check(plane(0, 8, 0, 0, landing=True), "A", "A", "A")


def test_orders_must_be_three_moves():
    with pytest.raises(EngineError, match="three moves"):
        validate_orders(flying(), Settings(), [{"maneuver": "A"}] * 2)
    with pytest.raises(EngineError, match="three moves"):
        validate_orders(flying(), Settings(), [{"maneuver": "A"}] * 4)


def test_a_plane_out_of_the_game_has_no_orders():
    with pytest.raises(EngineError, match="out of the game"):
        check(flying(status="out"), "A", "A", "A")


# --- bursts -------------------------------------------------------------------------------


def test_more_than_three_bursts_in_a_round_are_refused():
    with pytest.raises(EngineError, match="4 bursts, but at most 3 per round"):
        check(flying(), "A", "A", "A", fire={1: ["A", "L"], 3: ["A", "R"]})


def test_three_bursts_in_one_move_are_allowed_in_three_directions():
    moves = check(flying(), "A", "A", "A", fire={2: ["A", "L", "R"]})
    assert len(moves[1].fire) == 3


def test_a_hauptmann_may_fire_four_bursts_but_not_five():
    check(flying(rank=2), "A", "A", "A", fire={1: ["A", "L"], 3: ["A", "R"]})
    with pytest.raises(EngineError, match="5 bursts, but at most 4 per round"):
        check(flying(rank=2), "A", "A", "A", fire={1: ["A", "L", "R"], 3: ["A", "R"]})


def test_two_bursts_in_one_direction_in_one_move_are_refused():
    with pytest.raises(
        EngineError, match="move 2: two bursts in one move must go in different directions"
    ):
        check(flying(), "A", "A", "A", fire={2: ["L", "L"]})


def test_the_same_direction_in_different_moves_is_fine():
    check(flying(), "A", "A", "A", fire={1: ["A"], 2: ["A"], 3: ["A"]})


def test_a_burst_direction_must_be_ahead_left_or_right():
    with pytest.raises(EngineError, match=r"move 1: a burst goes A \(ahead\), L .* or R"):
        check(flying(), "A", "A", "A", fire={1: ["B"]})


def test_firing_with_no_ammunition_is_refused():
    with pytest.raises(EngineError, match="firing with no ammunition left"):
        check(flying(ammo=0), "A", "A", "A", fire={3: ["A"]})


def test_firing_more_bursts_than_are_left_on_board_is_refused():
    with pytest.raises(EngineError, match="2 bursts, but only 1 left on board"):
        check(flying(ammo=1), "A", "A", "A", fire={1: ["A"], 2: ["A"]})
    check(flying(ammo=1), "A", "A", "A", fire={2: ["A"]})


def test_a_plane_with_no_ammunition_may_still_fly():
    check(flying(ammo=0), "A", "A", "A")


def test_firing_from_the_ground_is_refused():
    with pytest.raises(EngineError, match="move 1: a plane on its airfield cannot fire"):
        check(parked(0), "G", "G", "G", fire={1: ["A"]})


def test_firing_in_the_move_that_stops_the_plane_on_its_corner_is_refused():
    with pytest.raises(EngineError, match="move 2: a plane on its airfield cannot fire"):
        check(plane(0, 7, 0, 0), "LD", "LD", "G", fire={2: ["A"]})


def test_a_plane_may_fire_while_taking_off_and_in_the_first_landing_roll():
    check(parked(0), "TB", "TB", "A", fire={1: ["A"], 2: ["L"]})
    check(plane(0, 7, 0, 0), "LD", "LD", "G", fire={1: ["A"]})


# --- the balloon tick ---------------------------------------------------------------------


@pytest.mark.parametrize("rule", ["none", "normal"])
def test_a_balloon_tick_where_the_game_does_not_allow_it_is_refused(rule):
    with pytest.raises(EngineError, match="move 2: this game does not allow firing through"):
        check(
            flying(),
            "A",
            "A",
            "A",
            fire={2: ["A"]},
            through={2},
            settings=Settings(balloon_rule=rule),
        )


def test_the_balloon_tick_is_accepted_where_the_game_allows_it():
    moves = check(
        flying(),
        "A",
        "A",
        "A",
        fire={2: ["A"]},
        through={2},
        settings=Settings(balloon_rule="through"),
    )
    assert moves[1].through and not moves[0].through


def test_the_balloon_tick_must_be_true_or_false():
    raw = orders(0, "A", "A", "A")[0]
    raw[0]["through"] = "yes"
    with pytest.raises(EngineError, match="through must be true or false"):
        validate_orders(flying(), Settings(balloon_rule="through"), raw)


def test_a_move_without_a_maneuver_is_refused():
    with pytest.raises(EngineError, match=r"seat 0: move 2: None is not offered"):
        validate_orders(flying(), Settings(), [{"maneuver": "A"}, {}, {"maneuver": "A"}])


def test_fire_must_be_a_list_of_directions():
    with pytest.raises(EngineError, match="move 1: fire must be a list of directions"):
        validate_orders(
            flying(),
            Settings(),
            [{"maneuver": "A", "fire": "A"}, {"maneuver": "A"}, {"maneuver": "A"}],
        )
