"""The duel's public rules page (``/duel/rules/``; ``?lang=de`` shows it in German).

The prose lives in ``duel/rules.html`` (gettext). Every table and every number the prose
names is read here from the engine when the page is rendered (``classes``, ``board``,
``hexgrid``, ``orders``, ``state``, ``turns``), so the page cannot disagree with the rules the
server plays by. No HTML is built here: only data for the template.
"""

from __future__ import annotations

from django.conf import settings
from django.shortcuts import render
from django.utils import translation
from django.views.decorators.http import require_safe

from games.languages import in_asked_language

from . import plugin, report
from .engine import board, classes, hexgrid, orders, state, turns

POSITIONS = (classes.NOSE, classes.TAIL)  # the order a class's guns and launchers are listed in
POSITION_WORDS = {
    classes.NOSE: translation.gettext_lazy("nose"),
    classes.TAIL: translation.gettext_lazy("tail"),
}


def _positions(where: frozenset[str]) -> list[str]:
    return [str(POSITION_WORDS[p]) for p in POSITIONS if p in where]


def class_rows() -> list[dict]:
    """The fighter classes as the engine defines them, in its order."""
    return [
        {
            "key": c.key,
            "name": c.name,
            "vmin": c.vmin,
            "vmax": c.vmax,
            "z": c.z,
            "guns": _positions(c.guns),
            "launchers": _positions(c.launchers),
            "missiles": c.missiles,
            "smart": c.smart,
        }
        for c in classes.CLASSES.values()
    ]


def dock_rows() -> list[dict]:
    return [
        {
            "player": player,
            "letter": board.LETTERS[player],
            "hexes": [list(h) for h in board.DOCKS[player]],
        }
        for player in board.PLAYERS
    ]


def step_rows() -> list[dict]:
    return [{"code": code, "words": report.step_word(code)} for code in orders.STEP_CODES]


def facing_rows() -> list[dict]:
    return [{"number": n, "words": report.facing_word(n)} for n in range(len(hexgrid.FACINGS))]


def speed_change() -> int:
    """How far a flying fighter's speed may change from one turn to the next: the engine's
    ``speeds`` asked for a fighter flying in the middle of the widest class's range."""
    kind = max(classes.CLASSES.values(), key=lambda c: c.vmax - c.vmin)
    middle = (kind.vmin + kind.vmax) // 2
    flying = state.Fighter("X", board.PLAYERS[0], kind.key, (0, 0), 0, speed=middle, docked=False)
    return max(orders.speeds(flying)) - middle


def numbers() -> dict[str, int]:
    """Every number the prose names, each from the engine (or the duel's plug for deadlines)."""
    return {
        "cols": hexgrid.COLS,
        "rows": hexgrid.ROWS,
        "dock_clearance": board.DOCK_CLEARANCE,
        "docks": len(board.DOCKS[board.PLAYERS[0]]),
        "speed_change": speed_change(),
        "asteroids": state.Settings().asteroids,
        "max_asteroids": state.MAX_ASTEROIDS,
        "max_fighters": state.MAX_FIGHTERS,
        "missile_flight": turns.MISSILE_FLIGHT,
        "smart_range": turns.SMART_RANGE,
        "smart_launch_turn": turns.SMART_LAUNCH_TURN,
        "smart_launch_hex": turns.SMART_LAUNCH_TURN + 1,
        "max_docked_turns": state.MAX_DOCKED_TURNS,
        "quiet_turns": state.QUIET_TURN_LIMIT,
        "quiet_rounds": state.QUIET_TURN_LIMIT // len(board.PLAYERS),
        "missed_in_row": state.MISSED_IN_A_ROW_LIMIT,
        "missed_total": state.MISSED_TOTAL_LIMIT,
        "max_steps": orders.MAX_STEPS,
        "turn_hours": plugin.DEFAULT_TURN_HOURS,
        "min_turn_hours": plugin.MIN_TURN_HOURS,
        "max_turn_hours": plugin.MAX_TURN_HOURS,
    }


def _context() -> dict:
    return {
        "classes": class_rows(),
        "docks": dock_rows(),
        "steps": step_rows(),
        "facings": facing_rows(),
        "n": numbers(),
        "languages": settings.LANGUAGES,
    }


@require_safe
@in_asked_language
def rules(request):
    return render(request, "duel/rules.html", _context())
