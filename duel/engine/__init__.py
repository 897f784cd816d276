"""The duel's rules engine: pure Python, no Django, no I/O, no clock, no dice.

Everything a rule decides lives here; the web layer asks, it never re-implements:
``new_game`` sets a game up, ``legal`` lists what a player may do now, ``act`` validates and
applies an action (``missed`` applies the missed-turn default), ``preview`` shows where a
half-built turn's fighters and missiles go, ``standing`` ranks the players of a finished duel. Same state and action, same result.
"""

from games.enginekit import EngineError

from .classes import CLASSES, STANDARD, FighterClass
from .game import act, legal, missed, new_game, preview, standing
from .orders import Order, next_steps, parse_turn
from .state import Fighter, Missile, Settings, State

__all__ = [
    "CLASSES",
    "STANDARD",
    "EngineError",
    "Fighter",
    "FighterClass",
    "Missile",
    "Order",
    "Settings",
    "State",
    "act",
    "legal",
    "missed",
    "new_game",
    "next_steps",
    "parse_turn",
    "preview",
    "standing",
]
