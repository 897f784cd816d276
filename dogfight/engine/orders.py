"""A pilot's orders for one round, and their validation (rules §3, §4, §7).

Validated orders are a tuple of three ``Move``s; a burst is stored as the turn of its line
relative to the nose (ahead 0, diagonal left +1, diagonal right -1 = 5).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from typing import Any, NamedTuple

from games.enginekit import EngineError

from . import career
from .maneuvers import MOVES_PER_ROUND, RoundPlan, nmr_maneuvers
from .maneuvers import order_form as maneuver_form
from .state import Plane, Settings

FIRE_DIRECTIONS = {"A": 0, "L": 1, "R": 5}
FIRE_NAMES = {0: "A", 1: "L", 5: "R"}
# Every legal burst list (distinct directions, in the order given) and its turns.
_BURSTS = {
    names: tuple(FIRE_DIRECTIONS[n] for n in names)
    for count in range(1, len(FIRE_DIRECTIONS) + 1)
    for names in permutations(FIRE_DIRECTIONS, count)
}


class Move(NamedTuple):
    maneuver: str
    fire: tuple[int, ...] = ()
    through: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "maneuver": self.maneuver,
            "fire": [FIRE_NAMES[f] for f in self.fire],
            "through": self.through,
        }

    @classmethod
    def from_validated(cls, data: dict[str, Any]) -> Move:
        """A move as ``to_dict`` wrote it after ``validate_orders`` accepted it.

        At noon this runs for every move of every game: the bursts are looked up whole, and
        the tuple is made directly (a named tuple's own constructor is a Python call, twice
        as slow)."""
        fire = data.get("fire")
        return tuple.__new__(
            cls,
            (data["maneuver"], _BURSTS[tuple(fire)] if fire else (), data.get("through", False)),
        )


Orders = tuple[Move, Move, Move]


def validate_orders(plane: Plane, settings: Settings, raw: object) -> Orders:
    """Check one seat's orders for the round to come; raise EngineError naming the problem."""
    where = f"seat {plane.seat}"
    if plane.status == "out":
        raise EngineError(f"{where} is out of the game", code="plane_out", seat=plane.seat)
    if not isinstance(raw, list) or len(raw) != MOVES_PER_ROUND:
        raise EngineError(f"{where}: orders must be a list of three moves", where="moves")
    plan = RoundPlan(plane)
    moves = []
    for number, item in enumerate(raw, start=1):
        if not isinstance(item, dict):
            raise EngineError(
                f"{where}, move {number}: a move must be an object", where=move_path(number)
            )
        try:
            plan.choose(item.get("maneuver"))
        except EngineError as error:
            raise EngineError(f"{where}: {error}", code=error.code, **error.params) from None
        fire = parse_fire(item.get("fire", []), f"{where}, move {number}", number)
        if fire and plan.plane.status == "ground":
            raise EngineError(
                f"{where}, move {number}: a plane on its airfield cannot fire",
                code="fire_on_ground",
                move=number,
            )
        through = item.get("through", False)
        if not isinstance(through, bool):
            raise EngineError(
                f"{where}, move {number}: through must be true or false",
                where=f"{move_path(number)}.through",
            )
        if through and settings.balloon_rule != "through":
            raise EngineError(
                f"{where}, move {number}: this game does not allow firing through balloons",
                code="no_firing_through",
                move=number,
            )
        assert plan.last is not None  # just chosen
        moves.append(Move(plan.last, fire, through))
    _check_ammunition(plane, moves, where)
    return tuple(moves)  # type: ignore[return-value]


def move_path(number: int) -> str:
    """Where move ``number`` (1-3) is in an order: its field path, for ``EngineError``."""
    return f"moves[{number - 1}]"


def parse_fire(raw: object, where: str, number: int) -> tuple[int, ...]:
    """Move ``number``'s bursts; ``where`` names the move in the error's words."""
    path = f"{move_path(number)}.fire"
    if not isinstance(raw, list):
        raise EngineError(f"{where}: fire must be a list of directions", where=path)
    if any(not isinstance(direction, str) or direction not in FIRE_DIRECTIONS for direction in raw):
        raise EngineError(
            f"{where}: a burst goes A (ahead), L (diagonal left) or R (diagonal right)",
            code="fire_direction",
            move=number,
        )
    if len(set(raw)) != len(raw):
        raise EngineError(
            f"{where}: two bursts in one move must go in different directions",
            code="twin_bursts",
            move=number,
        )
    return tuple(FIRE_DIRECTIONS[direction] for direction in raw)


def _check_ammunition(plane: Plane, moves: list[Move], where: str) -> None:
    bursts = sum(len(move.fire) for move in moves)
    allowed = career.bursts_per_round(plane.rank)
    if bursts > allowed:
        raise EngineError(
            f"{where}: {bursts} bursts, but at most {allowed} per round",
            code="too_many_bursts",
            bursts=bursts,
            allowed=allowed,
        )
    if bursts > plane.ammo:
        if plane.ammo == 0:
            raise EngineError(f"{where}: firing with no ammunition left", code="no_ammunition")
        raise EngineError(
            f"{where}: {bursts} bursts, but only {plane.ammo} left on board",
            code="short_of_ammunition",
            bursts=bursts,
            ammo=plane.ammo,
        )


def bursts_allowed(plane: Plane) -> int:
    """How many bursts the plane may fire this round (rules §4): its rank's bursts a round,
    and no more than it has on board."""
    return max(0, min(career.bursts_per_round(plane.rank), plane.ammo))


def order_form(
    plane: Plane, wanted: list[str], fire: Sequence[Sequence[str]] = ()
) -> list[dict[str, Any]]:
    """The three moves of an order form (``maneuvers.order_form``: the legal list, the pick,
    where it takes the plane, ``can_fire``), each with the bursts kept of the pilot's ticks
    ``fire`` (per move; only where the move may fire, in the form's direction order, and in
    all no more than ``bursts_allowed``: the earlier moves' ticks first) and ``fire_offered``,
    the directions that may still be ticked: the kept ones, and while bursts are left, every
    other one of a move that may fire. Every order made of these picks passes
    ``validate_orders``'s fire checks."""
    moves = maneuver_form(plane, wanted)
    left = bursts_allowed(plane)
    for move in moves:
        ticked = fire[move["number"] - 1] if move["number"] <= len(fire) else ()
        kept = [d for d in FIRE_DIRECTIONS if d in ticked] if move["can_fire"] else []
        move["fire"] = kept[:left]
        left -= len(move["fire"])
    for move in moves:
        move["fire_offered"] = [
            d for d in FIRE_DIRECTIONS if d in move["fire"] or (move["can_fire"] and left > 0)
        ]
    return moves


def nmr_orders(plane: Plane) -> Orders:
    return tuple(Move(code) for code in nmr_maneuvers(plane))  # type: ignore[return-value]
