"""The dogfight's rules engine: pure Python, no Django, no I/O, no clock.

Everything a rule decides lives here; the web layer asks, it never re-implements:
``new_game`` sets a game up, ``legal_maneuvers`` lists a pilot's choices, ``validate_orders``
checks a round's orders, ``resolve_round`` flies a round, ``standing`` ranks the pilots of a finished game. Same state, orders and seed give the
same result.
"""

from games.enginekit import EngineError

from .maneuvers import legal_maneuvers, nmr_maneuvers, route
from .orders import Move, Orders, validate_orders
from .resolve import resolve_round
from .setup import new_game
from .standing import standing
from .state import Plane, Settings, State

__all__ = [
    "EngineError",
    "Move",
    "Orders",
    "Plane",
    "Settings",
    "State",
    "legal_maneuvers",
    "new_game",
    "nmr_maneuvers",
    "resolve_round",
    "route",
    "standing",
    "validate_orders",
]
