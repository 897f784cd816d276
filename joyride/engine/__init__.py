"""Joyride's rules engine: pure Python, no Django, no I/O (but reading its shipped lab
catalogue), no clock; randomness only from a game's seed.

Everything a rule decides lives here; the web layer asks, it never re-implements:
``new_game`` sets a game up, ``catalogue`` lists the lab cards and the tables, ``check`` scores
a plan as it grows (uncontested), ``resolve_run`` replays every seat's plan in lock-step and
scores the round, ``standing`` ranks the seats (total, then the tie-break), ``resolve_picks`` hands out the gadgets and cleans up for the next round;
``computer_plan`` and ``computer_picks`` play a seat; ``validate_plan`` checks a plan before it
is stored. Same state and input, same answer.
"""

from games.enginekit import EngineError

from .bots import LEVELS, computer_picks, computer_plan
from .game import (
    catalogue,
    check,
    new_game,
    pick_order,
    resolve_picks,
    resolve_run,
    standing,
    validate_plan,
)
from .state import Plan, State, parse_plan

__all__ = [
    "LEVELS",
    "EngineError",
    "Plan",
    "State",
    "catalogue",
    "check",
    "computer_picks",
    "computer_plan",
    "new_game",
    "parse_plan",
    "pick_order",
    "resolve_picks",
    "resolve_run",
    "standing",
    "validate_plan",
]
