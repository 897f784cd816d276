"""``foresight.cornered``: as a turn opens, the player's fighters that every path open to them
destroys (off the board, into an asteroid, into a missile standing in the way), named by
``legal`` so the page warns before the first step, not after the fatal one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from duel.engine import legal, preview
from duel.engine.classes import CLASSES
from duel.engine.foresight import cornered
from duel.engine.hexgrid import COLS, ROWS, step
from duel.engine.orders import next_steps
from duel.engine.state import MAX_DOCKED_TURNS

from .helpers import NE, E, W, docked, flying, missile, state

FAR_B = flying("B1", "coliber", (19, 14), W)


def test_a_fighter_at_the_edge_flying_out_is_cornered():
    st_ = state([flying("A1", "coliber", (19, 7), E, speed=3), FAR_B])
    assert cornered(st_, 0) == ["A1"]
    assert legal(st_, 0)["fighters"][0]["cornered"] is True


def test_a_fighter_with_room_to_turn_is_not_cornered():
    st_ = state([flying("A1", "coliber", (17, 7), E, speed=3), FAR_B])
    assert cornered(st_, 0) == []
    assert legal(st_, 0)["fighters"][0]["cornered"] is False


def test_an_asteroid_or_a_standing_missile_ahead_corners_a_fighter_that_may_not_turn_yet():
    virus = flying("A1", "virus", (5, 7), E, speed=2)
    assert cornered(state([virus, FAR_B], asteroids=[(6, 7)]), 0) == ["A1"]
    assert cornered(state([virus, FAR_B], missiles=[missile(1, 1, (6, 7), W)]), 0) == ["A1"]


def test_the_players_own_missile_flies_away_first_and_frees_the_way():
    virus = flying("A1", "virus", (5, 7), E, speed=2)
    assert cornered(state([virus, FAR_B], missiles=[missile(1, 0, (6, 7), NE)]), 0) == []


def test_a_fighter_the_start_flight_destroys_is_doomed_not_cornered():
    virus = flying("A1", "virus", (9, 7), E, speed=2)
    st_ = state([virus, FAR_B], missiles=[missile(1, 0, (7, 7), E)])
    assert cornered(st_, 0) == []
    assert legal(st_, 0)["fighters"][0]["doomed"] is not None


def test_a_docked_fighter_is_cornered_only_when_it_must_take_off():
    may_stay = docked("A1", "virus", (0, 7), E)
    assert cornered(state([may_stay, FAR_B], asteroids=[(1, 7)]), 0) == []
    must_go = docked("A1", "virus", (0, 7), E, docked_turns=MAX_DOCKED_TURNS)
    assert cornered(state([must_go, FAR_B], asteroids=[(1, 7)]), 0) == ["A1"]


def test_only_the_player_to_acts_fighters_are_named():
    st_ = state([flying("A1", "coliber", (19, 7), E, speed=3), FAR_B])
    assert all(not f["cornered"] for f in legal(st_, 1)["fighters"])


# --- against every path, flown one by one -------------------------------------------------


def paths(fighter):
    """Every move (ahead and turns only) the order form lets ``fighter`` finish."""
    found, todo = [], [[]]
    while todo:
        steps = todo.pop()
        offer = next_steps(fighter, steps)
        if offer["may_end"]:
            found.append(steps)
        todo += [[*steps, code] for code in offer["steps"] if code in ("A", "L", "R")]
    return found


def lost(st_, steps) -> bool:
    """Whether this path alone destroys A1 on the board (a collision is not counted: fighters
    are not obstacles to ``cornered``)."""
    route = preview(st_, 0, [{"fighter": "A1", "steps": steps}])["fighters"]["A1"]
    return route["destroyed"] in ("edge", "asteroid", "missile")


hexes = st.tuples(st.integers(0, COLS - 1), st.integers(0, ROWS - 1))


@st.composite
def corners(draw):
    """A fighter of A's somewhere, asteroids and B's standing missiles around it."""
    cls = draw(st.sampled_from(sorted(CLASSES)))
    kind = CLASSES[cls]
    where = draw(st.tuples(st.integers(0, COLS - 1), st.integers(0, ROWS - 2)))
    facing = draw(st.integers(0, 5))
    speed = draw(st.integers(kind.vmin, kind.vmax))
    near = st.tuples(
        st.integers(max(0, where[0] - 4), min(COLS - 1, where[0] + 4)),
        st.integers(max(0, where[1] - 4), min(ROWS - 2, where[1] + 4)),
    )
    rocks = draw(st.lists(near, max_size=10, unique=True))
    shots = draw(st.lists(near, max_size=3, unique=True))
    ahead = step(where, facing)
    if draw(st.booleans()):  # often something right ahead, where it hurts
        rocks.append(ahead)
    taken = {where}
    rocks = [h for h in rocks if h not in taken]
    shots = [h for h in shots if h not in taken and h not in rocks]
    fighter = flying("A1", cls, where, facing, speed=speed)
    return state(
        [fighter, flying("B1", "coliber", (19, 14), W)],
        asteroids=rocks,
        missiles=[missile(i + 1, 1, h, NE) for i, h in enumerate(shots)],
    )


@settings(max_examples=150, deadline=None)
@given(corners())
def test_cornered_is_exactly_every_path_lost(st_):
    every_path_lost = all(lost(st_, steps) for steps in paths(st_.fighter("A1")))
    assert (cornered(st_, 0) == ["A1"]) == every_path_lost
