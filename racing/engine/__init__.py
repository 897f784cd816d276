"""The race's rules engine (*Jets*): pure Python, no Django, no I/O, no clock, no words.

Everything a rule decides lives here; the web layer asks, it never re-implements:

- ``new_race(course, jets, level=1, laps=1, seed=0)`` sets a race up (the draft first from
  level 2 on);
- ``normalised_order(order)`` is an order as the engine reads it, as JSON (defaults filled,
  a field it does not read refused): what the site stores;
- ``legal(state, order=None)`` lists what the jet on turn may do (lifts, hinge limits,
  equipment with cost or why not, landing arcs) and, with an order, the exact ``preview``;
- ``play_turn(state, order)`` plays the turn of the jet on turn (``order`` None: the
  missed-turn default) and returns ``(state, events)``;
- ``play_sealed(state, order)`` plays a turn sealed before its round began (round mode):
  default slips, and a fallback when the round's earlier turns made the order illegal;
- ``retire(state, jet_id)`` takes a jet out of the race (the referee's removal) and returns
  ``(state, events)``;
- ``standing(state)`` ranks the jets of a finished race by seat;
- ``computer_order(state, level=1)`` is a computer pilot's order for the jet on turn;
- ``courses()`` the built-in courses, ``catalogue()`` the equipment and the levels.

States are plain JSON dicts; every function accepts a state as the JSON face does (defaults
filled, checked) and never changes the caller's. Events are data with codes. Same state and
order, same result.
"""

from __future__ import annotations

from typing import Any

from games.enginekit import EngineError

from .catalogue import KINDS, LEVELS, catalogue
from .courses import course_problem, courses
from .legal import legal as _legal
from .orders import normalised as normalised_order
from .pilot import LEVELS as PILOT_LEVELS
from .pilot import computer_order
from .setup import new_race
from .state import load
from .turns import play as _play
from .turns import play_sealed as _play_sealed
from .turns import retire as _retire


def legal(state: dict[str, Any], order: object | None = None) -> dict[str, Any]:
    return _legal(load(state), order)


def play_turn(state: dict[str, Any], order: object | None) -> tuple[dict[str, Any], list[Any]]:
    return _play(load(state), order)


def play_sealed(state: dict[str, Any], order: object | None) -> tuple[dict[str, Any], list[Any]]:
    return _play_sealed(load(state), order)


def retire(state: dict[str, Any], jet_id: str) -> tuple[dict[str, Any], list[Any]]:
    return _retire(load(state), jet_id)


def standing(state: dict[str, Any]) -> dict[int, tuple[int, int]]:
    """Each seat's standing when the race is over, the higher the better: the jets that
    finished by their place, then every jet that retired (by the referee or after missed
    turns) alike."""
    return {
        jet["seat"]: (1, -jet["place"]) if jet["status"] == "finished" else (0, 0)
        for jet in load(state)["jets"]
    }


__all__ = [
    "KINDS",
    "LEVELS",
    "PILOT_LEVELS",
    "EngineError",
    "catalogue",
    "computer_order",
    "course_problem",
    "courses",
    "legal",
    "load",
    "new_race",
    "normalised_order",
    "play_sealed",
    "play_turn",
    "retire",
    "standing",
]
