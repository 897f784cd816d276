"""The seed's worked example: the yellow Wasp's turn.

"It flew at speed 3 last turn, so now it may fly 2, 3 or 4. It declares 4. It moves one hex
ahead and fires its nose gun, destroying an enemy. It moves another hex, now empty, and turns
60° to avoid an asteroid — it may, its manoeuvrability being 2. Now it launches a smart missile
from its nose launcher which, being smart, hits another enemy fighter. It moves 2 more hexes
and at the end turns 60° left (had it turned right or not at all, it would hit an asteroid next
turn)."

The board: the Wasp A4 at (5, 7) nose east; enemy B1 two hexes ahead at (7, 7), an asteroid
beyond it at (8, 7); enemy B2 at (8, 10), off the smart missile's straight line; asteroids two
hexes on to the south-east and south-west of where the Wasp ends, (9, 11) and (7, 11).
"""

from __future__ import annotations

import pytest

from duel.engine import EngineError, legal
from duel.engine.hexgrid import step

from .helpers import SE, SW, E, W, docked, find, flying, move, path_of, play, state

ASTEROIDS = [(8, 7), (9, 11), (7, 11)]
TURN = ["A", "G", "A", "R", "S", "A", "A", "L"]


def board():
    return state(
        [
            flying("A4", "wasp", (5, 7), E, speed=3),
            flying("B1", "virus", (7, 7), W),
            flying("B2", "bee", (8, 10), W),
            docked("B3", "coliber", (19, 9), W),
        ],
        asteroids=ASTEROIDS,
    )


def test_the_wasp_at_speed_3_may_choose_2_3_or_4():
    options = legal(board(), 0)["fighters"][0]
    assert options["fighter"] == "A4" and options["speeds"] == [2, 3, 4]
    with pytest.raises(EngineError, match="speed 5 is not open to A4 this turn"):
        play(board(), move("A4", *TURN, "A", speed=5))


def test_the_wasps_turn_plays_as_the_seed_tells_it():
    new, events = play(board(), move("A4", *TURN, speed=4))
    # one hex ahead, the nose gun destroys the first enemy
    assert find(events, "fired", fighter="A4", gun="nose", hex=[7, 7], hit="B1")
    assert find(events, "destroyed", fighter="B1", cause="gun", by="A4")
    # another hex into the now empty (7, 7); the turn after 2 hexes dodges the asteroid
    moves = [e["hex"] for e in find(events, "moved", fighter="A4")]
    assert moves[:2] == [[6, 7], [7, 7]]
    assert step((7, 7), E) in new.asteroids
    # the smart missile flies 2 hexes straight, then turns toward B2 and hits it
    launch = find(events, "launched", fighter="A4", kind="smart")[0]
    assert launch["hex"] == [7, 7] and launch["facing"] == SE
    assert path_of(events, launch["missile"]) == [(8, 8), (8, 9), (8, 10)]
    assert find(events, "missile_turned", missile=launch["missile"], facing=SW)
    assert find(events, "destroyed", fighter="B2", cause="missile", by=launch["missile"])
    # 2 more hexes (the missile is gone), and the final left turn
    assert moves[2:] == [[8, 8], [8, 9]]
    wasp = new.fighter("A4")
    assert (wasp.hex, wasp.facing, wasp.speed, wasp.smart) == ((8, 9), E, 4, 0)
    assert not wasp.destroyed and new.phase == "play"


def test_had_it_turned_right_or_not_at_all_it_would_hit_an_asteroid_next_turn():
    # next turn it flies at least 2 hexes and may turn only after 2: the first 2 are straight
    end = (8, 9)
    for facing in (SE, SW):  # no final turn, a final right turn
        assert step(end, facing, 2) in ASTEROIDS
    assert step(end, E, 1) not in ASTEROIDS and step(end, E, 2) not in ASTEROIDS


def test_the_first_turn_could_not_have_come_after_one_hex():
    with pytest.raises(EngineError, match="step 3 \\(R\\) needs a turn after 1 hex"):
        play(board(), move("A4", "A", "G", "R", "A", "S", "A", "A", speed=4))


def test_flying_on_without_the_turn_the_wasp_hits_the_asteroid():
    _new, events = play(board(), move("A4", "A", "G", "A", "A", speed=3))
    assert find(events, "destroyed", fighter="A4", cause="asteroid", hex=[8, 7])
