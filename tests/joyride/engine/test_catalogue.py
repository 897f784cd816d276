"""The lab catalogue: made by the generator from its fixed seed, shipped as data, every side of
every card crossable (the crossing replayed through the engine's own placement rules)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from joyride.engine import catalogue
from joyride.engine.cards import DATA, Lab, cards
from joyride.engine.geometry import make_placement
from joyride.engine.labgen import SEED, crossing, dumps, generate
from joyride.engine.route import Runner

from .helpers import EMPTY

SIDES = [(card, side) for card in sorted(cards()) for side in ("a", "b")]


def test_the_shipped_file_is_exactly_what_the_generator_makes_from_its_seed():
    assert DATA.read_text(encoding="utf-8") == dumps(generate(SEED))
    assert generate(SEED + 1) != generate(SEED)


def test_sixteen_standard_cards_in_four_sets_and_eight_hard_ones_numbered_1_and_4():
    standard = sorted(c for c, d in cards().items() if not d["hard"])
    hard = sorted(c for c, d in cards().items() if d["hard"])
    assert standard == [f"{s}{n}" for s in "ABCD" for n in (1, 2, 3, 4)]
    assert hard == [f"{s}{n}" for s in "EFGH" for n in (1, 4)]
    assert all(d["number"] == int(c[1]) for c, d in cards().items())


@pytest.mark.parametrize("card,side", SIDES)
def test_each_side_holds_what_the_reference_says(card, side):
    data = cards()[card]["sides"][side]
    hard = cards()[card]["hard"]
    obstacles = data["obstacles"]
    cells = [tuple(c) for c in data["coins"] + data["scientists"]] + [
        tuple(c) for o in obstacles for c in o["cells"]
    ]
    assert len(cells) == len(set(cells))
    assert all(0 <= r < 6 and 0 <= c < 9 for r, c in cells)
    assert len(data["coins"]) == 5
    assert len(data["scientists"]) in ((2,) if hard else (1, 2))
    assert (3 if hard else 2) <= len(obstacles) <= 4
    for obstacle in obstacles:
        rows = {r for r, _ in obstacle["cells"]}
        cols = sorted(c for _, c in obstacle["cells"])
        assert all(0 < c < 8 for c in cols)  # columns 0 and 8 stay free
        if obstacle["kind"] == "zapper":
            assert (2 if hard else 1) <= len(obstacle["cells"]) <= 3
        elif obstacle["kind"] == "missile":
            assert len(rows) == 1 and (2 if hard else 1) <= len(cols) <= 2
        else:
            assert obstacle["kind"] == "laser"
            assert len(rows) == 1 and (3 if hard else 2) <= len(cols) <= 3
        line = (
            len(rows) == 1
            and cols == list(range(cols[0], cols[0] + len(cols)))
            or (
                len(set(cols)) == 1
                and sorted(rows) == list(range(min(rows), min(rows) + len(rows)))
            )
        )
        assert line
    for i, a in enumerate(obstacles):  # obstacles never touch, not even at corners
        for b in obstacles[i + 1 :]:
            assert all(
                max(abs(r1 - r2), abs(c1 - c2)) > 1
                for r1, c1 in a["cells"]
                for r2, c2 in b["cells"]
            )


@pytest.mark.parametrize("card,side", SIDES)
def test_every_side_of_every_card_can_be_crossed(card, side):
    tiles = crossing(cards()[card]["sides"][side])
    assert tiles is not None
    # Replayed through the engine: the side as sector 1, an I3 left of the lab first, then the
    # crossing; no tile breaks a rule, all stay in columns 0-8, the last free end is column 8.
    lab = Lab.from_sides([cards()[card]["sides"][side], EMPTY, EMPTY, EMPTY])
    runner = Runner(lab, [])
    start = tuple(tiles[0]["cells"][0])
    runner.place(make_placement("I3", [(start[0], -3), (start[0], -2), (start[0], -1)]), 0)
    for index, item in enumerate(tiles, start=1):
        laid = runner.place(make_placement(item["shape"], [tuple(c) for c in item["cells"]]), index)
        assert laid.rules == () and all(0 <= c <= 8 for _, c in laid.cells)
    assert runner.free_end[1] == 8


def test_the_catalogue_answers_cards_shapes_and_tables():
    answer = catalogue()
    assert len(answer["cards"]) == 24 and set(answer["shapes"]) == {"I3", "I4", "L4", "S4", "U5"}
    assert [m["id"] for m in answer["missions"]][-1] == "MS-17"
    assert [g["id"] for g in answer["gadgets"]][-1] == "GS-16"
    assert answer["ratings"][0] == [None, 60] and answer["ratings"][-1] == [111, None]
    json.dumps(answer)


def test_the_generator_runs_as_a_program_and_writes_the_same_file(tmp_path):
    before = DATA.read_text(encoding="utf-8")
    program = (
        "import joyride.engine.labgen as g, pathlib;"
        f"g.DATA = pathlib.Path({str(tmp_path / 'labs.json')!r}); g.main()"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    )
    assert "wrote" in done.stdout
    assert (tmp_path / "labs.json").read_text(encoding="utf-8") == before
