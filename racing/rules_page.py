"""The race's public rules page (``/racing/rules/``; ``?lang=de`` shows it in German).

The prose lives in ``racing/rules.html`` (gettext). The equipment table, the levels, the
courses, the lifts and every number the prose names are read here from the engine when the page
is rendered, so the page cannot disagree with the rules the server plays by. No HTML is built
here: only data for the template.
"""

from __future__ import annotations

from django.conf import settings
from django.shortcuts import render
from django.views.decorators.http import require_safe

from games.languages import in_asked_language

from . import engine, plugin, words
from .engine import equipment, flight, setup, state, turns
from .engine.catalogue import DECK_SIZE, KINDS
from .engine.courses import BUOY_RADIUS, GATE_HALF, JET_RADIUS, MAX_GATES, MIN_GATES


def equipment_rows() -> list[dict]:
    """The engine's catalogue, in its order."""
    return [
        {
            "kind": k["kind"],
            "name": words.kind_name(k["kind"]),
            "colour": words.COLOUR_NAMES[k["colour"]],
            "cost": k["cost"],
            "phases": [str(words.PHASE_NAMES[p]) for p in k["phases"]],
            "copies": k["copies"],
            "chips": k["chips_after_use"],
            "effect": words.KIND_EFFECTS[k["kind"]],
        }
        for k in engine.catalogue()["kinds"]
    ]


def level_rows() -> list[dict]:
    return [
        {
            "number": level["level"],
            "name": words.LEVEL_NAMES[level["level"]],
            "cards": level["cards"],
            "blue": level["blue"],
            "station": level["station"],
            "left_out": [words.kind_name(k) for k in KINDS if k not in level["kinds"]]
            if level["cards"]
            else [],
        }
        for level in engine.catalogue()["levels"]
    ]


def lift_rows() -> list[dict]:
    return [{"lift": n, "length": flight.ruler(n), "limit": flight.LIMITS[n]} for n in range(1, 6)]


def course_rows() -> list[dict]:
    return [
        {"name": c["name"], "words": words.course_words(c["name"]), "gates": len(c["gates"])}
        for c in engine.courses()
    ]


def numbers() -> dict:
    return {
        "energy": state.START_ENERGY,
        "refuel": flight.REFUEL,
        "ram_energy": flight.RAM_ENERGY,
        "ram_chips": flight.RAM_CHIPS,
        "jet": 2 * JET_RADIUS,
        "buoy": 2 * BUOY_RADIUS,
        "gate_width": 2 * GATE_HALF,
        "min_gates": MIN_GATES,
        "max_gates": MAX_GATES,
        "projector": equipment.PROJECTOR_LENGTH,
        "missed": turns.MISSED_LIMIT,
        "lift0": turns.LIFT0_LIMIT,
        "deck": DECK_SIZE,
        "turn_hours": plugin.DEFAULT_TURN_HOURS,
        "min_jets": setup.MIN_JETS,
        "max_jets": setup.MAX_JETS,
    }


def _context() -> dict:
    return {
        "equipment": equipment_rows(),
        "levels": level_rows(),
        "lifts": lift_rows(),
        "courses": course_rows(),
        "n": numbers(),
        "languages": settings.LANGUAGES,
    }


@require_safe
@in_asked_language
def rules(request):
    return render(request, "racing/rules.html", _context())
