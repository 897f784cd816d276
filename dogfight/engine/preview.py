"""What a pilot's orders would do to his own plane, told before he sends them (rules §3-§6).

The preview flies one plane alone through the moves picked so far, on the board as it stands:
the other planes' orders are secret, so only what the pilot's own orders decide is told. Each
move says where the plane ends and what the engine knows will happen there: leaving the board
or flying into a balloon (a crash), a move in a cloud (1 damage point), each burst's line with
the damage it would do at each range; after move 3, a landing roll that goes on into the next
round, and a cloud that drifts over the plane if last round's wind holds. Flying off is a
legal order: these are warnings, never refusals.
"""

from __future__ import annotations

from typing import Any

from games.enginekit import EngineError

from . import career
from .hexgrid import BOARD_SET, LINES, Hex
from .maneuvers import MOVES_PER_ROUND, RoundPlan
from .orders import FIRE_NAMES, move_path, parse_fire
from .state import Plane, State
from .weather import drift

WARNING_TYPES = ("edge", "balloon", "cloud", "landing_roll", "drift")


def preview(state: State, seat: int, moves: list[Any]) -> dict[str, Any]:
    """``moves``: the 0-3 moves picked so far, each ``{"maneuver", "fire", "through"}``."""
    plane = state.plane(seat)
    if plane.status == "out":
        raise EngineError(f"seat {seat} is out of the game", code="plane_out", seat=seat)
    if len(moves) > MOVES_PER_ROUND:
        raise EngineError("a round has only three moves", code="three_moves_only")
    flight = _Flight(state, plane)
    answers = [flight.move(number, item) for number, item in enumerate(moves, start=1)]
    end = flight.end_of_round() if len(moves) == MOVES_PER_ROUND else []
    warnings = [w for answer in answers for w in answer["warnings"]] + end
    return {"moves": answers, "warnings": warnings}


class _Flight:
    """One plane flown alone, move by move, tallying its cloud damage."""

    def __init__(self, state: State, plane: Plane) -> None:
        self.state = state
        self.plan = RoundPlan(plane)
        self.damage = plane.damage
        self.out_at = career.out_at(plane.rank)
        self.reach = career.reach(plane.rank)
        self.bonus = 1 if career.has_double_mg(plane.career_points) else 0
        self.balloons = {b.hex for b in state.balloons}
        self.crashed = False

    def move(self, number: int, item: object) -> dict[str, Any]:
        where = f"move {number}"
        if not isinstance(item, dict):
            raise EngineError(f"{where}: a move must be an object", where=move_path(number))
        self.plan.choose(item.get("maneuver"))
        fire = parse_fire(item.get("fire", []), where, number)
        through = item.get("through", False) is True
        plane = self.plan.plane
        answer: dict[str, Any] = {
            "number": number,
            "maneuver": self.plan.last,
            "q": plane.hex[0],
            "r": plane.hex[1],
            "facing": plane.facing,
            "status": "out" if self.crashed else plane.status,
            "landing": plane.landing,
            "bursts": [],
            "warnings": [],
        }
        if self.crashed:
            return answer  # the plane went down in an earlier move
        warnings = answer["warnings"]
        if plane.status == "air":
            warnings += self._where_it_ends(number, plane.hex)
        if self.crashed:
            answer["status"] = "out"
        elif plane.status == "air":
            answer["bursts"] = [self._burst(plane, turn, through) for turn in fire]
        return answer

    def _where_it_ends(self, number: int, hex_: Hex) -> list[dict[str, Any]]:
        if hex_ not in BOARD_SET:
            self.crashed = True
            return [{"move": number, "type": "edge"}]
        if hex_ in self.balloons:
            self.crashed = True
            return [{"move": number, "type": "balloon", "q": hex_[0], "r": hex_[1]}]
        if hex_ in self.state.clouds:
            return [self._cloud(number)]
        return []

    def _cloud(self, number: int | None) -> dict[str, Any]:
        self.damage = min(self.damage + 1, self.out_at)
        self.crashed = self.damage >= self.out_at
        kind = "cloud" if number is not None else "drift"
        return {"move": number, "type": kind, "damage": self.damage, "crash": self.crashed}

    def _burst(self, plane: Plane, turn: int, through: bool) -> dict[str, Any]:
        """The line of one burst as the resolution walks it (``resolve.Round._fire``): it
        stops before a cloud hex; a balloon takes it whole, or with the through tick half of
        it, the hexes behind then half their own damage rounded down."""
        hexes, stop, halved = [], "reach", False
        line = LINES[plane.hex][(plane.facing + turn) % 6][: self.reach]
        for distance, hex_ in enumerate(line, start=1):
            if hex_ in self.state.clouds:
                stop = "cloud"
                break
            damage = career.RANGE_DAMAGE[distance] + self.bonus
            spot = {"q": hex_[0], "r": hex_[1], "range": distance}
            if hex_ in self.balloons:
                first_through = through and not halved
                spot.update(
                    balloon=True,
                    damage=(damage + 1) // 2
                    if first_through
                    else damage // 2
                    if halved
                    else damage,
                )
                hexes.append(spot)
                if not first_through:
                    stop = "balloon"
                    break
                halved = True
                continue
            spot["damage"] = damage // 2 if halved else damage
            hexes.append(spot)
        else:
            if len(line) < self.reach:
                stop = "edge"
        return {"direction": FIRE_NAMES[turn], "through": through, "hexes": hexes, "stop": stop}

    def end_of_round(self) -> list[dict[str, Any]]:
        if self.crashed:
            return []
        plane = self.plan.plane
        warnings: list[dict[str, Any]] = []
        if plane.landing:
            warnings.append({"move": None, "type": "landing_roll"})
        wind = self.state.wind
        if (
            wind is not None
            and not self.state.settings.windless
            and plane.status == "air"
            and plane.hex in drift(self.state.clouds, wind)
        ):
            warnings.append({**self._cloud(None), "wind": wind})
        return warnings
