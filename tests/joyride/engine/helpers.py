"""Small factories shared by the engine tests (no Django, no database).

    lab = hand_lab({"coins": [[2, 1]], "obstacles": [zapper([1, 4])]})
    result = run(lab, straight(2, 12), gadgets=["GS-12"], missions=["MS-03"])

``hand_lab`` builds a lab from hand-made sector sides (in the sector's own columns 0-8; missing
sectors are empty); ``run`` lays the tiles through the engine's ``Runner`` and scores them with
``scoring.score``, the very code ``check`` and ``resolve_run`` use. ``game_state`` builds a
``State`` on real catalogue cards for lock-step and between-round tests.
"""

from __future__ import annotations

from joyride.engine import State, new_game
from joyride.engine.cards import Lab, cards
from joyride.engine.geometry import make_placement
from joyride.engine.route import Runner
from joyride.engine.scoring import score

EMPTY = {"coins": [], "scientists": [], "obstacles": []}


def hand_lab(*sides: dict) -> Lab:
    full = [dict(EMPTY, **side) for side in sides] + [EMPTY] * (4 - len(sides))
    return Lab.from_sides(full)


def zapper(*cells) -> dict:
    return {"kind": "zapper", "cells": [list(c) for c in cells]}


def missile(*cells) -> dict:
    return {"kind": "missile", "cells": [list(c) for c in cells]}


def laser(*cells) -> dict:
    return {"kind": "laser", "cells": [list(c) for c in cells]}


def tile(shape: str, *cells) -> dict:
    return {"shape": shape, "cells": [list(c) for c in cells]}


def straight(row: int, count: int) -> list[dict]:
    """A first I3 at columns -2..0 of ``row``, then ``count`` I3s on along the row (the 12th
    covers columns 34-36: it escapes)."""
    tiles = [tile("I3", (row, -2), (row, -1), (row, 0))]
    for i in range(count):
        c = 1 + 3 * i
        tiles.append(tile("I3", (row, c), (row, c + 1), (row, c + 2)))
    return tiles


def lay(lab: Lab, tiles: list[dict], gadgets=()) -> Runner:
    runner = Runner(lab, list(gadgets))
    for index, item in enumerate(tiles):
        runner.place(make_placement(item["shape"], [tuple(c) for c in item["cells"]]), index)
    return runner


def run(lab: Lab, tiles: list[dict], gadgets=(), missions=()) -> dict:
    runner = lay(lab, tiles, gadgets)
    return score(lab, runner.laid, list(gadgets), list(missions))


def mission(result: dict, mission_id: str) -> dict:
    return next(m for m in result["missions"] if m["id"] == mission_id)


def gadget_points(result: dict, gadget_id: str) -> int:
    return next(g["points"] for g in result["gadgets"] if g["id"] == gadget_id)


def sides_where(number: int, test) -> list[tuple[str, str]]:
    """Standard card sides of ``number`` (card, side) whose data passes ``test``, one a card."""
    found = {}
    for card, data in sorted(cards().items()):
        if data["number"] == number and not data["hard"]:
            for side in ("a", "b"):
                if card not in found and test(data["sides"][side]):
                    found[card] = side
    assert found, "no such side in the catalogue"
    return list(found.items())


def side_where(number: int, test) -> tuple[str, str]:
    return sides_where(number, test)[0]


def game_state(
    players: int,
    labs: list[list[tuple[str, str]]] | None = None,
    *,
    pool=None,
    owned=None,
    missions=None,
    round_=1,
    seed=1,
    **fields,
) -> State:
    """A game in round ``round_``'s run (earlier rounds scored 0) with what is given replaced."""
    state = new_game(players, seed)
    data = state.to_dict()
    if labs is not None:
        data["labs"] = [[{"card": c, "side": s} for c, s in lab] for lab in labs]
    if pool is not None:
        data["pool"] = data["game_pool"] = {
            s: pool.get(s, 0) for s in ("I3", "I4", "L4", "S4", "U5")
        }
    if owned is not None:
        deck = [g for g in data["gadgets"]["deck"] if not any(g in o for o in owned)]
        data["gadgets"] = dict(data["gadgets"], deck=deck, owned=owned)
    if missions is not None:
        deck = [
            m for m in data["missions"]["deck"] + data["missions"]["revealed"] if m not in missions
        ]
        data["missions"] = {"deck": deck, "revealed": list(missions), "discard": []}
    data["round"] = round_
    data["scores"] = [[0] * (round_ - 1) for _ in range(players)]
    data["reach"] = [[0] * (round_ - 1) for _ in range(players)]
    data.update(fields)
    return State.from_dict(data)


def clear_labs(players: int, row: int) -> list[list[tuple[str, str]]]:
    """Labs of distinct standard cards whose obstacles keep off ``row`` in every sector where
    the catalogue has enough such sides (in the others: any card), so a straight run along
    ``row`` breaks no rule there."""
    labs = [[] for _ in range(players)]
    for number in range(1, 5):
        clear = [
            (card, side)
            for card, data in cards().items()
            if data["number"] == number and not data["hard"]
            for side in ("a", "b")
            if all(r != row for o in data["sides"][side]["obstacles"] for r, _ in o["cells"])
        ]
        chosen = []
        for card, side in clear:
            if card not in {c for c, _ in chosen}:
                chosen.append((card, side))
        others = [
            (c, "a")
            for c in sorted(cards())
            if cards()[c]["number"] == number
            and not cards()[c]["hard"]
            and c not in {c2 for c2, _ in chosen}
        ]
        for seat in range(players):
            labs[seat].append((chosen + others)[seat])
    return labs


def row_is_clear(state, seat: int, row: int, columns: range) -> bool:
    lab = state.lab(seat)
    return not any((row, c) in lab.obstacle_at for c in columns)


def labs_of(players: int, number_one_sides: list[tuple[str, str]]) -> list[list[tuple[str, str]]]:
    """Labs whose #1 cards are the sides given (then spare #1 cards), numbers 2-4 side a of
    the seat's own set."""
    given = {card for card, _ in number_one_sides}
    spare = [(c, "a") for c in ("A1", "B1", "C1", "D1") if c not in given]
    firsts = list(number_one_sides) + spare
    return [
        [firsts[seat]] + [(f"{'ABCD'[seat]}{n}", "a") for n in (2, 3, 4)] for seat in range(players)
    ]
