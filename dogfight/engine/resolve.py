"""Round resolution (rules §2-§8): state + orders + seed -> new state + events.

Order of a round: the round's weather is drawn; removals and the fourth missed round take
planes out; then each of the three moves runs the fast group (Oberstleutnant and up) and then
everybody else, each group moving together and then firing together; then repairs, the drift
and new clouds. The game ends the moment one plane or none is left.
"""

from __future__ import annotations

from random import Random
from typing import Any

from games.enginekit import EngineError

from . import career
from .hexgrid import BOARD_SET, LINES, Hex
from .maneuvers import fly
from .orders import FIRE_NAMES, Move, Orders, nmr_orders
from .state import BALLOON_STRENGTH, Balloon, Plane, State
from .weather import draw_wind, drift, maybe_new_cloud

BALLOON_POINTS = 5
CRASH_POT = 5
NMR_OUT_AT = 4  # missed rounds in a row that put a pilot out (rules §7)
UNSET = object()  # no referee-fixed wind
CLOUD = object()  # what a burst meets in a cloud hex: it goes no further


class GameOver(Exception):
    """Raised inside a round when the game has ended; the round stops there."""


class Round:
    """One round in progress: a private copy of the state, the events, the points."""

    def __init__(self, state: State, orders: dict[int, Orders], seed: int) -> None:
        if state.over:
            raise EngineError("the game is over", code="game_over")
        self.state = state.copy()
        self.orders = orders
        self.rng = Random(seed)
        self.events: list[dict[str, Any]] = []
        self.scoring = state.settings.counts_points
        self.by_damage = state.settings.scoring == "damage"
        self.move: int | None = None
        self.balloon_hexes = {b.hex for b in self.state.balloons}  # flying in there crashes
        # a kill (plane or balloon) is shared by everyone who hit it in the move, in either group
        self.move_hitters: dict[object, list[Plane]] = {}

    # --- the round ------------------------------------------------------------------------

    def run(self, fixed_wind: object, remove: frozenset[int]) -> tuple[State, list[dict[str, Any]]]:
        state = self.state
        wind = self._weather(fixed_wind)
        try:
            plans = self._take_roll_call(remove)
            on_ground = [p for p in state.planes if p.status == "ground"]
            groups = self._groups(plans)
            for move in range(3):
                self.move = move + 1
                self.move_hitters = {}
                for group in groups:
                    self._move_and_fire(group, move)
                self._check_end()  # after both groups: going down in one move is together
            self.move = None
            self._repair(on_ground)
            if wind is not None:
                self._blow(wind)
        except GameOver:
            pass
        state.round += 1
        state.wind = wind
        return state, self.events

    def _weather(self, fixed_wind: object) -> int | None:
        state = self.state
        fixed = fixed_wind is not UNSET and not state.settings.windless
        wind = fixed_wind if fixed else draw_wind(state.settings, state.round, state.wind, self.rng)
        self.events.append(
            {
                "move": None,
                "type": "weather",
                "wind": wind,
                "fixed": fixed,
                "windless": state.settings.windless,
            }
        )
        return wind  # type: ignore[return-value]

    def _take_roll_call(self, remove: frozenset[int]) -> dict[Plane, Orders]:
        """Who flies what: removals, missed rounds and the NMR default (rules §7)."""
        plans = {}
        for plane in self.state.planes:
            if plane.status == "out":
                continue
            if plane.seat in remove:
                self._crash(plane, "removed")
                continue
            orders = self.orders.get(plane.seat)
            if orders is not None:
                plane.missed_rounds = 0
                plans[plane] = orders
                continue
            plane.missed_rounds += 1
            self.events.append(
                {
                    "move": None,
                    "type": "missed",
                    "seat": plane.seat,
                    "missed_rounds": plane.missed_rounds,
                }
            )
            if plane.missed_rounds >= NMR_OUT_AT:
                self._crash(plane, "nmr")
            else:
                plans[plane] = nmr_orders(plane)
        self._check_end()
        return plans

    @staticmethod
    def _groups(plans: dict[Plane, Orders]) -> list[list[tuple[Plane, Orders]]]:
        fast = [(p, o) for p, o in plans.items() if career.is_fast(p.rank)]
        rest = [(p, o) for p, o in plans.items() if not career.is_fast(p.rank)]
        return [group for group in (fast, rest) if group]

    # --- one group's move and fire --------------------------------------------------------

    def _move_and_fire(self, group: list[tuple[Plane, Orders]], move: int) -> None:
        firing = []
        for plane, orders in group:
            if plane.status == "out":
                continue
            order = orders[move]
            self._fly(plane, order.maneuver)
            if plane.status == "air" and order.fire:
                firing.append((plane, order))
        if firing:
            self._fire(firing)

    def _fly(self, plane: Plane, code: str) -> None:
        was = plane.status
        fly(plane, code)
        events = self.events
        events.append(
            {
                "move": self.move,
                "type": "moved",
                "seat": plane.seat,
                "maneuver": code,
                "q": plane.hex[0],
                "r": plane.hex[1],
                "facing": plane.facing,
            }
        )
        if plane.status == "ground":
            if was == "air":
                events.append({"move": self.move, "type": "landed", "seat": plane.seat})
            return
        if was == "ground":
            events.append({"move": self.move, "type": "took_off", "seat": plane.seat})
        if plane.hex not in BOARD_SET:
            self._crash(plane, "edge")
        elif plane.hex in self.balloon_hexes:
            self._crash(plane, "balloon")
        elif plane.hex in self.state.clouds:
            self._cloud_damage(plane)

    def _cloud_damage(self, plane: Plane) -> None:
        plane.damage += 1
        self.events.append(
            {"move": self.move, "type": "cloud_damage", "seat": plane.seat, "damage": plane.damage}
        )
        if plane.damage >= career.out_at(plane.rank):
            plane.damage = career.out_at(plane.rank)
            self._crash(plane, "cloud")

    def _fire(self, firing: list[tuple[Plane, Move]]) -> None:
        """Every burst of the group at once, against the board as it stands; then damage."""
        ahead = self._what_bursts_meet()
        plane_hits: list[tuple[Plane, Plane, int, int]] = []
        balloon_hits: list[tuple[Plane, Balloon, int]] = []
        for shooter, order in firing:
            reach = career.reach(shooter.rank)
            bonus = 1 if career.has_double_mg(shooter.career_points) else 0
            lines = LINES[shooter.hex]
            for turn in order.fire:
                shooter.ammo -= 1
                line = lines[(shooter.facing + turn) % 6]
                burst: dict[str, Any] = {
                    "move": self.move,
                    "type": "burst",
                    "seat": shooter.seat,
                    "direction": FIRE_NAMES[turn],
                    "through": order.through,
                }
                self.events.append(burst)
                halved = False
                reached = 0  # how far along its line the burst went
                for distance, hex_ in enumerate(line[:reach], start=1):
                    met = ahead.get(hex_)
                    if met is None:
                        reached = distance
                        continue
                    if met is CLOUD:
                        break
                    reached = distance
                    damage = career.RANGE_DAMAGE[distance] + bonus
                    if met.__class__ is list:
                        hit = damage // 2 if halved else damage
                        if hit:
                            plane_hits += [(shooter, target, distance, hit) for target in met]
                    elif order.through and not halved:
                        balloon_hits.append((shooter, met, (damage + 1) // 2))
                        halved = True
                    else:
                        balloon_hits.append((shooter, met, damage // 2 if halved else damage))
                        break
                burst["hexes"] = [[q, r] for q, r in line[:reached]]
        self._apply_plane_hits(plane_hits)
        self._apply_balloon_hits(balloon_hits)

    def _what_bursts_meet(self) -> dict[Hex, Any]:
        """By hex, what a burst meets there: CLOUD (it stops before the hex), a balloon, or the
        planes that can be hit (flying, not standing on their own corner)."""
        state = self.state
        ahead: dict[Hex, Any] = {b.hex: b for b in state.balloons}
        for plane in state.planes:
            if plane.status == "air":
                met = ahead.get(plane.hex)
                if met is None:
                    ahead[plane.hex] = [plane]
                elif met.__class__ is list:
                    met.append(plane)
        ahead.update(dict.fromkeys(state.clouds, CLOUD))
        return ahead

    def _apply_plane_hits(self, hits: list[tuple[Plane, Plane, int, int]]) -> None:
        hitters = self.move_hitters
        for shooter, target, distance, damage in hits:
            target.damage = min(target.damage + damage, career.out_at(target.rank))
            hitters.setdefault(target, [])
            if shooter not in hitters[target]:
                hitters[target].append(shooter)
            if self.scoring:
                shooter.points += damage if self.by_damage else 1
            self.events.append(
                {
                    "move": self.move,
                    "type": "hit",
                    "shooter": shooter.seat,
                    "target": target.seat,
                    "range": distance,
                    "damage": damage,
                }
            )
        for target in dict.fromkeys(target for _, target, _, _ in hits):
            by = hitters[target]
            if target.status != "out" and target.damage >= career.out_at(target.rank):
                self._shoot_down(target, by)

    def _apply_balloon_hits(self, hits: list[tuple[Plane, Balloon, int]]) -> None:
        hitters = self.move_hitters
        for shooter, balloon, damage in hits:
            balloon.damage += damage
            hitters.setdefault(balloon, [])
            if shooter not in hitters[balloon]:
                hitters[balloon].append(shooter)
            self.events.append(
                {
                    "move": self.move,
                    "type": "balloon_hit",
                    "shooter": shooter.seat,
                    "q": balloon.hex[0],
                    "r": balloon.hex[1],
                    "damage": damage,
                }
            )
        for balloon in dict.fromkeys(balloon for _, balloon, _ in hits):
            by = hitters[balloon]
            if balloon.damage >= BALLOON_STRENGTH:
                self.state.balloons.remove(balloon)
                self.balloon_hexes.discard(balloon.hex)
                each = career.share(BALLOON_POINTS, len(by)) if self.scoring else 0
                for shooter in by:
                    shooter.points += each
                self.events.append(
                    {
                        "move": self.move,
                        "type": "balloon_destroyed",
                        "q": balloon.hex[0],
                        "r": balloon.hex[1],
                        "by": sorted(p.seat for p in by),
                        "points": each,
                    }
                )

    # --- losses ---------------------------------------------------------------------------

    def _shoot_down(self, victim: Plane, by: list[Plane]) -> None:
        victim.status = "out"
        loss = gain = 0
        if self.scoring:
            loss = career.shootdown_loss(victim.career_points, victim.rank)
            gain = career.share(career.shootdown_gain(victim.career_points, victim.rank), len(by))
            victim.points -= loss
            for shooter in by:
                shooter.points += gain
        self.events.append(
            {
                "move": self.move,
                "type": "shot_down",
                "seat": victim.seat,
                "by": sorted(p.seat for p in by),
                "loss": loss,
                "gain": gain,
            }
        )

    def _crash(self, plane: Plane, cause: str) -> None:
        plane.status = "out"
        plane.landing = False
        loss = 0
        if self.scoring:
            loss = career.shootdown_loss(plane.career_points, plane.rank)
            plane.points -= loss
            self.state.pot += CRASH_POT
        self.events.append(
            {"move": self.move, "type": "crash", "seat": plane.seat, "cause": cause, "loss": loss}
        )

    def _check_end(self) -> None:
        state = self.state
        alive = [p for p in state.planes if p.status != "out"]
        if len(alive) > 1:
            return
        state.over = True
        state.winner = alive[0].seat if alive else None
        self.events.append({"move": self.move, "type": "winner", "seat": state.winner})
        if self.scoring and alive and state.pot:
            alive[0].points += state.pot
            self.events.append(
                {"move": self.move, "type": "pot", "seat": state.winner, "points": state.pot}
            )
        raise GameOver

    # --- end of round ---------------------------------------------------------------------

    def _repair(self, on_ground: list[Plane]) -> None:
        """Two points (a Major three) for each whole round on the ground, at most 8 a game."""
        for plane in on_ground:
            if plane.status != "ground" or not plane.damage:
                continue
            amount = min(
                career.repair_per_round(plane.rank),
                plane.damage,
                career.REPAIR_CAP - plane.repairs_used,
            )
            if amount > 0:
                plane.damage -= amount
                plane.repairs_used += amount
                self.events.append(
                    {
                        "move": None,
                        "type": "repaired",
                        "seat": plane.seat,
                        "amount": amount,
                        "damage": plane.damage,
                    }
                )

    def _blow(self, wind: int) -> None:
        state = self.state
        state.clouds = drift(state.clouds, wind)
        for plane in state.planes:
            if plane.status == "air" and plane.hex in state.clouds:
                self._cloud_damage(plane)
        self._check_end()
        cloud = maybe_new_cloud(state.clouds, wind, self.rng)
        if cloud:
            state.clouds = state.clouds.union(cloud)
            self.events.append(
                {"move": None, "type": "new_cloud", "hexes": [list(h) for h in cloud]}
            )


def resolve_round(
    state: State,
    orders: dict[int, Orders],
    seed: int,
    *,
    wind: object = UNSET,
    remove: frozenset[int] | set[int] = frozenset(),
) -> tuple[State, list[dict[str, Any]]]:
    """Resolve the round ``state.round`` with validated ``orders`` (seat -> three Moves).

    ``wind`` is a referee-fixed wind for this round (0..5, or None for calm); a seat missing from
    ``orders`` has missed the round. The caller's state is not changed.
    """
    return Round(state, orders, seed).run(wind, frozenset(remove))
