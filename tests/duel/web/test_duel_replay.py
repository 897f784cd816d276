"""The replay of a published action, hex by hex: every missile's flight drawn hex by hex (those
used up in the same step too), gun shots as lines, only this action's losses marked, and the
fighters destroyed earlier not on the board at all."""

from __future__ import annotations

import re

from duel import report, svg
from duel.engine import act
from duel.engine.api import view
from tests.duel.engine.helpers import E, W, flying, move, state


def played():
    before = state(
        [
            flying("A1", "virus", (5, 7), E, speed=2),
            flying("A2", "coliber", (3, 11), E, speed=1),
            flying("B1", "coliber", (8, 7), W),
            flying("B2", "wasp", (9, 11), W),
            flying("B3", "bee", (14, 2), W, destroyed=True),
        ]
    )
    orders = [move("A1", "M", "A", "A"), move("A2", "A", "G")]
    after, events = act(before, 0, {"type": "turn", "orders": orders})
    return view(before.to_dict(), None), events, after.to_dict()


def frames():
    before, events, after = played()
    return report.frames(before, events, after, {0: "alice", 1: "bob"})


def test_a_missile_used_up_in_its_launch_step_is_drawn_hex_by_hex_to_its_victim():
    shown = frames()
    hit = next(f for f in shown if "Missile 1 hit B1" in f["title"])
    assert hit["flights"][1] == [[5, 7], [6, 7], [7, 7], [8, 7]]
    board = svg.board_svg(hit["state"], svg_id="replay-board", replay=hit)
    flight = re.search(r'<g class="missile-flight" data-missile="1".*?</g>', board).group(0)
    assert flight.count('class="missile-hex"') == 3
    assert 'class="kill" data-fighter="B1" data-player="1"' in board
    # the frames before it show the missile one hex at a time
    steps = [f["flights"].get(1) for f in shown[: shown.index(hit) + 1]]
    assert [len(s) for s in steps if s] == [1, 2, 3, 4]


def test_gun_shots_are_lines_and_only_this_actions_losses_are_marked():
    last = frames()[-1]
    board = svg.board_svg(last["state"], svg_id="replay-board", replay=last)
    assert re.search(r'<line class="shot[^"]*" data-fighter="A2"', board)
    assert [k["fighter"] for k in last["kills"]] == ["B1"]
    assert 'data-fighter="B3"' not in board  # destroyed before this action: no ghost
    assert board.count('class="kill"') == 1


def test_every_step_names_what_moved_and_rings_it():
    shown = frames()
    assert shown[0]["title"] == "Before" and shown[0]["moving"] is None
    assert any(f["moving"] == {"missile": 1} for f in shown)
    step = next(f for f in shown if f["moving"] == {"fighter": "A2"})
    assert 'class="moving"' in svg.board_svg(step["state"], replay=step)
