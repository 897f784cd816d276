"""Maneuvers: what each one does, and which are legal for a pilot's next move (rules §3).

``fly`` moves one plane by one maneuver; ``legal_maneuvers`` replays the moves a pilot already
chose this round and lists what the next move may be. Both the order form and the resolution
use these two functions, so the legal list and the flight never disagree.
"""

from __future__ import annotations

from typing import Any

from games.enginekit import EngineError

from . import career
from .board import APPROACHES, RUNWAY_CODES, runway_heading, runway_hex
from .hexgrid import DIRECTIONS, Hex
from .state import Plane

CODES = ("A", "L", "R", "LS", "RS", "H", "I", "S", "O", "TA", "TB", "TG", "G", "LD")
NAMES = {
    "A": "ahead",
    "L": "turn left",
    "R": "turn right",
    "LS": "slip left",
    "RS": "slip right",
    "H": "hold",
    "I": "Immelmann",
    "S": "Split-S",
    "O": "loop",
    "TA": "take off on runway α",
    "TB": "take off on runway β",
    "TG": "take off on runway γ",
    "G": "stay on the ground",
    "LD": "land",
}
TAKE_OFFS = ("TA", "TB", "TG")
AIR_BASICS = ("A", "L", "R", "LS", "RS")
MOVES_PER_ROUND = 3

# Air maneuvers as (direction of travel, change of nose), both relative to the nose.
# None for travel means the plane stays in its hex (hold).
AIR_EFFECTS: dict[str, tuple[int | None, int]] = {
    "A": (0, 0),
    "L": (1, 1),
    "R": (5, 5),
    "LS": (1, 0),
    "RS": (5, 0),
    "H": (None, 0),
    "I": (0, 3),
    "S": (3, 3),
    "O": (3, 0),
}


def fly(plane: Plane, code: str) -> None:
    """Move ``plane`` by one maneuver, in place. Legality is the caller's business."""
    effect = AIR_EFFECTS.get(code)
    if effect is not None:
        travel, turn = effect
        facing = plane.facing
        if travel is not None:
            dq, dr = DIRECTIONS[(facing + travel) % 6]
            plane.hex = (plane.hex[0] + dq, plane.hex[1] + dr)
        if turn:
            plane.facing = (facing + turn) % 6
    elif code == "G":
        return
    elif code == "LD":
        _roll_ahead(plane)
        if plane.landing:
            plane.landing = False
            plane.status = "ground"
            plane.ammo = career.ammo_capacity(plane.rank)
        else:
            plane.landing = True
    else:  # a take-off: roll onto runway hex 1, then lift off onto hex 2
        if plane.status == "ground":
            runway = RUNWAY_CODES[code]
            plane.hex = runway_hex(plane.seat, runway, 1)
            plane.facing = runway_heading(plane.seat, runway)
            plane.status = "air"
        else:
            _roll_ahead(plane)


def _roll_ahead(plane: Plane) -> None:
    dq, dr = DIRECTIONS[plane.facing]
    plane.hex = (plane.hex[0] + dq, plane.hex[1] + dr)


class RoundPlan:
    """Where a plane stands within a round while its pilot picks moves one by one."""

    __slots__ = ("landed", "last", "move", "plane", "taking_off")

    def __init__(self, plane: Plane) -> None:
        self.plane = plane.copy()
        self.move = 1  # the move to be chosen next
        self.last: str | None = None  # the maneuver chosen for the move before
        self.taking_off = False  # rolling on a runway: the lift-off must follow
        self.landed = False  # stopped on the corner this round: stays there

    def legal(self) -> list[str]:
        plane, move = self.plane, self.move
        if plane.status == "ground":
            if self.landed or move == MOVES_PER_ROUND:
                return ["G"]
            return ["G", *TAKE_OFFS]
        if self.taking_off:
            assert self.last is not None  # the take-off chosen for the move before
            return [self.last]
        if plane.landing:
            return ["LD"]
        if self.last == "H":
            return ["H"]
        offered = list(AIR_BASICS)
        if move > 1:
            offered.append("H")
            offered += career.ace_maneuvers(plane.career_points)
        if (plane.hex, plane.facing) in APPROACHES[plane.seat]:
            offered.append("LD")
        return offered

    def choose(self, code: object) -> None:
        """Take ``code`` as the next move, or raise EngineError if it is not offered."""
        if self.move > MOVES_PER_ROUND:
            raise EngineError("a round has only three moves", code="three_moves_only")
        offered = self.legal()
        if code not in offered:
            raise EngineError(
                f"move {self.move}: {_describe(code)} is not offered "
                f"(offered: {', '.join(offered)})",
                code="not_offered",
                move=self.move,
                maneuver=code if isinstance(code, str) else None,
                offered=offered,
            )
        assert isinstance(code, str)  # it is offered
        was_on_ground = self.plane.status == "ground"
        fly(self.plane, code)
        self.taking_off = code in TAKE_OFFS and was_on_ground
        self.landed = self.landed or (code == "LD" and self.plane.status == "ground")
        self.last = code
        self.move += 1


def _describe(code: object) -> str:
    return f"{code} ({NAMES[code]})" if isinstance(code, str) and code in NAMES else repr(code)


def plan_round(plane: Plane, chosen: list[str]) -> RoundPlan:
    plan = RoundPlan(plane)
    for code in chosen:
        plan.choose(code)
    return plan


def legal_maneuvers(plane: Plane, chosen: list[str]) -> list[str]:
    """The maneuvers offered for the next move after ``chosen`` (0-2 codes) this round."""
    plan = plan_round(plane, chosen)
    if plan.move > MOVES_PER_ROUND:
        raise EngineError("all three moves are chosen already", code="three_moves_only")
    return plan.legal()


def route(plane: Plane, chosen: list[str]) -> list[tuple[Hex, int]]:
    """Where the plane is and where its nose points after each chosen move (for previews)."""
    plan = RoundPlan(plane)
    steps = []
    for code in chosen:
        plan.choose(code)
        steps.append((plan.plane.hex, plan.plane.facing))
    return steps


def order_form(plane: Plane, wanted: list[str]) -> list[dict[str, Any]]:
    """The three moves of an order form: for each, the legal list given the moves before, the
    pilot's pick (or the first legal one when his pick is no longer offered), where it takes
    the plane, and whether the plane may fire after it (not while standing on its airfield).
    """
    plan = RoundPlan(plane)
    moves = []
    for number in range(1, MOVES_PER_ROUND + 1):
        offered = plan.legal()
        pick = wanted[number - 1] if number <= len(wanted) else None
        if pick not in offered:
            pick = offered[0]
        plan.choose(pick)
        moves.append(
            {
                "number": number,
                "offered": offered,
                "maneuver": pick,
                "hex": plan.plane.hex,
                "facing": plan.plane.facing,
                "can_fire": plan.plane.status == "air",
            }
        )
    return moves


def nmr_maneuvers(plane: Plane) -> tuple[str, str, str]:
    """What a pilot flies when his orders are missing (rules §7)."""
    if plane.status == "ground":
        return ("TB", "TB", "A")
    if plane.landing:
        return ("LD", "G", "G")
    return ("A", "A", "A")
