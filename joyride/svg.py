"""A player's lab as inline SVG: the 6 x 36 grid of four sectors with their coins, scientists
and obstacles, the table's margins (where the first tile starts and the escape ends), and the
tiles laid on it. This module only computes where things go; ``joyride/_lab.html`` draws them,
with the lab's own layer (``joyride/_lab_layer.html``: the grid, the sectors, the coins, the
scientists and the obstacles) drawn once and kept in the cache (``layer``).

Cells are the engine's ``[row, col]``; the drawing shows rows -1..6 and columns -4..39 (one row
of the table above and below the lab, the table's columns left and right of it).
"""

from __future__ import annotations

import hashlib
from functools import cache

from django.template.loader import get_template, render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from games.kept import cache as shared_cache

from .engine import State
from .engine.geometry import CHAINS, COLS, ROWS, SECTOR_COLS, SECTORS

CELL = 20
FIRST_ROW, LAST_ROW = -1, ROWS  # rows drawn
FIRST_COL, LAST_COL = -4, COLS + 3  # columns drawn
WIDTH = (LAST_COL - FIRST_COL + 1) * CELL
HEIGHT = (LAST_ROW - FIRST_ROW + 1) * CELL
SHAPE_COLOURS = {
    "I3": "#5dade2",
    "I4": "#48c9b0",
    "L4": "#f5b041",
    "S4": "#af7ac5",
    "U5": "#ec7063",
}


def x_of(col: int) -> int:
    return (col - FIRST_COL) * CELL


def y_of(row: int) -> int:
    return (row - FIRST_ROW) * CELL


def _centre(cell) -> tuple[int, int]:
    row, col = cell
    return x_of(col) + CELL // 2, y_of(row) + CELL // 2


# A drawn layer kept this long: a lab's drawing never changes while its key stays (see
# ``layer``); the timeout only clears labs no longer played.
LAYER_SECONDS = 24 * 3600


def _lab_layer(state: State, seat: int) -> dict:
    lab = state.lab(seat)
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "cell": CELL,
        "half": CELL // 2,
        "lab_x": x_of(0),
        "lab_y": y_of(0),
        "lab_w": COLS * CELL,
        "lab_h": ROWS * CELL,
        "columns": [{"x": x_of(c), "col": c} for c in range(FIRST_COL, LAST_COL + 1)],
        "rows": [{"y": y_of(r), "row": r} for r in range(FIRST_ROW, LAST_ROW + 1)],
        "sectors": [
            {
                "x": x_of(SECTOR_COLS * (n - 1)),
                "number": n,
                "card": card,
                "side": side,
                "label_x": x_of(SECTOR_COLS * (n - 1)) + 4,
            }
            for n, (card, side) in zip(range(1, SECTORS + 1), state.labs[seat])
        ],
        "coins": [_centre(c) for c in sorted(lab.coins)],
        "scientists": [_centre(c) for c in sorted(lab.scientists)],
        "obstacles": [
            {"kind": o.kind, "cells": [(x_of(c), y_of(r)) for r, c in sorted(o.cells)]}
            for o in lab.obstacles
        ],
    }


@cache
def _layer_template_digest() -> str:
    """The layer template's source, digested once a process: a new drawing, a new key."""
    source = get_template("joyride/_lab_layer.html").template.source  # type: ignore[attr-defined]
    return hashlib.sha256(source.encode()).hexdigest()[:16]


def layer_key(context: dict) -> str:
    """The cache key of a lab layer: what it is drawn from (its cards and sides, coins,
    scientists and obstacles where they are drawn), the language its titles are in and the
    template's digest. Anything that changes the drawing changes the key."""
    drawn = hashlib.sha256(repr(sorted(context.items())).encode()).hexdigest()[:24]
    return f"joyride-lab-layer:{_layer_template_digest()}:{get_language()}:{drawn}"


def layer(state: State, seat: int) -> SafeString:
    """The lab of ``seat`` without anything laid on it, as SVG elements: the same for every
    request that shows this lab in this language, so drawn once and kept in the cache."""
    context = _lab_layer(state, seat)
    key = layer_key(context)
    drawn = shared_cache.get(key)
    if drawn is None:
        drawn = render_to_string("joyride/_lab_layer.html", context)
        shared_cache.set(key, drawn, LAYER_SECONDS)
    return SafeString(drawn)


def tile_view(tile: dict, number: int | str, insta: bool = False) -> dict:
    """A tile as drawn: its squares, the line from its entry to its exit, its number."""
    cells = tile["cells"]
    centres = [_centre(c) for c in cells]
    return {
        "number": number,
        "shape": tile["shape"],
        "colour": SHAPE_COLOURS[tile["shape"]],
        "squares": [(x_of(c), y_of(r)) for r, c in cells],
        "line": " ".join(f"{x},{y}" for x, y in centres),
        "label": centres[0],
        "broken": bool(tile.get("rules")),
        "step": tile.get("step"),
        "insta": insta or bool(tile.get("insta")),
    }


def lab(
    state: dict | State,
    seat: int,
    *,
    tiles: list | None = None,
    stop: dict | None = None,
    free_end=None,
    insta_tiles: list | None = None,
    svg_id: str = "",
    builder: bool = False,
) -> SafeString:
    """The lab of ``seat`` with ``tiles`` (as the engine answers them, cells entry to exit) and
    the tiles planned for the Insta-Ball (``insta_tiles``, as planned: B1, B2)."""
    state = state if isinstance(state, State) else State.from_dict(state)
    tiles = tiles or []
    context = {
        "width": WIDTH,
        "height": HEIGHT,
        "cell": CELL,
        "svg_id": svg_id,
        "builder": builder,
        "first_row": FIRST_ROW,
        "first_col": FIRST_COL,
        "tiles": [tile_view(t, i + 1) for i, t in enumerate(tiles)]
        + [tile_view(t, f"B{i + 1}", insta=True) for i, t in enumerate(insta_tiles or [])],
        "free_end": _centre(free_end) if free_end else None,
        "stop": {**stop, "at": _centre(tiles[-1]["cells"][-1])} if stop and tiles else None,
        "layer": layer(state, seat),
    }
    return SafeString(render_to_string("joyride/_lab.html", context))


def shape_icon_view(square: int) -> str:
    """The viewBox of a shape's icon drawn with ``square``-unit squares: room for the widest
    and the tallest shape, and half a unit of stroke all round."""
    cols = 1 + max(c for chain in CHAINS.values() for _, c in chain)
    rows = 1 + max(r for chain in CHAINS.values() for r, _ in chain)
    return f"-1 -1 {cols * square + 2} {rows * square + 2}"
