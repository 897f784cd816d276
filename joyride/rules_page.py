"""Joyride's public rules page (``/joyride/rules/``; ``?lang=de`` shows it in German).

The prose lives in ``joyride/rules.html`` (gettext). The tables (missions, gadgets, shapes,
the pool by player count, the solo rating) are read here from the engine's ``catalogue`` and
tables when the page is rendered, so the page cannot disagree with the rules the server plays
by. No HTML is built here: only data for the template.
"""

from __future__ import annotations

from django.conf import settings
from django.shortcuts import render
from django.views.decorators.http import require_safe

from games.languages import in_asked_language

from . import svg, words
from .engine import catalogue
from .engine.geometry import COLS, ROWS, SECTOR_COLS, TILES_PER_SHAPE
from .engine.scoring import PENALTY
from .engine.tables import (
    MISSIONS_PER_ROUND,
    ROUNDS,
    SOLO_GADGETS_OFFERED,
    SOLO_TILES_PER_SHAPE,
    TILES_REMOVED,
)


def _context() -> dict:
    data = catalogue()
    shapes = len(data["shapes"])
    return {
        "missions": [
            {**m, "name": words.MISSIONS[m["id"]][0], "text": words.MISSIONS[m["id"]][1]}
            for m in data["missions"]
        ],
        "gadgets": [
            {**g, "name": words.GADGETS[g["id"]][0], "text": words.GADGETS[g["id"]][1]}
            for g in data["gadgets"]
        ],
        "shapes": [
            {
                "shape": s,
                "name": words.SHAPES[s],
                "squares": [(c * 10, r * 10) for r, c in chain],
                "view": svg.shape_icon_view(10),
            }
            for s, chain in data["shapes"].items()
        ],
        "pools": [
            {"players": p, "tiles": shapes * TILES_PER_SHAPE - TILES_REMOVED[p]}
            for p in sorted(TILES_REMOVED)
        ],
        "ratings": [
            {"low": low, "high": high, "words": words.RATINGS[i]}
            for i, (low, high) in enumerate(data["ratings"])
        ],
        "rules_broken": [
            words.RULES_BROKEN[k] for k in ("start", "connect", "outside", "overlap", "obstacle")
        ],
        "n": {
            "rows": ROWS,
            "cols": COLS,
            "sector_cols": SECTOR_COLS,
            "last_col": COLS - 1,
            "penalty": PENALTY,
            "rounds": ROUNDS,
            "missions_per_round": MISSIONS_PER_ROUND,
            "solo_tiles": shapes * SOLO_TILES_PER_SHAPE,
            "solo_gadgets": SOLO_GADGETS_OFFERED,
            "cards": len(data["cards"]),
        },
        "languages": settings.LANGUAGES,
    }


@require_safe
@in_asked_language
def rules(request):
    return render(request, "joyride/rules.html", _context())
