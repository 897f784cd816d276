"""Computer pilots: a round's orders for one seat, from what a pilot in that seat could see.

``bot_orders(state, seat, level, seed)`` returns raw orders (three ``{"maneuver", "fire",
"through"}`` moves) that ``validate_orders`` accepts. It reads only the public state (positions,
noses, damage, ammunition, careers, clouds, balloons, wind) and never anybody's orders: it is
not given any. Same state, seat, level and seed give the same orders.

How a pilot decides:

1. **Candidates.** Every legal three-move sequence of its plane, walked with the engine's own
   ``RoundPlan`` (so ace maneuvers, take-offs and landings appear exactly when the legal list
   offers them). A sequence that leaves the board or enters a balloon's hex is a crash.
2. **Replies.** Every other plane's legal sequences are enumerated the same way and weighted by
   a reply model: *straight* (the no-orders default; a novice's naive guess), *uniform* over the
   sequences that do not crash (veteran), or *aimed*: each opponent prefers sequences that put
   others on its firing lines and keep it off theirs (ace; a one-level model of the others as
   uniform flyers). The weights give, per move, where each opponent is likely to be and how much
   damage a burst from it is likely to put into each hex.
3. **Score** (in damage points). Expected damage its bursts deal along the engine's firing
   ``LINES`` (clouds and balloons stop a burst, range damage from the career tables) minus the
   damage it expects to take (weighted more as its own damage grows), cloud damage per move and
   after the drift, a crash, an end position from which the board edge cannot be escaped in the
   next round(s), the room left to maneuver, the way home to the airfield's landing approaches
   when badly damaged or short of ammunition, repairs on the ground, and (ace) the next round's
   position: enemies in its forward cone versus itself in theirs.
4. **Fire.** For each candidate the best bursts (at most the round's allowance and the ammunition
   left) above a threshold that rises as ammunition runs short. A *sure shot* - an enemy that
   lands on its lines within reach whatever legal first move it makes - is always taken.

Levels: a *novice* guesses that everyone flies straight, looks no further than the round, fires
only straight ahead and picks at random among its better options; a *veteran* models replies as
uniform, checks the next round's escape from the edge and picks nearly the best; an *ace* models
aimed replies, checks two rounds of escape, weighs position and picks the best.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache
from random import Random
from typing import Any

from games.enginekit import EngineError

from . import career
from .board import APPROACHES
from .hexgrid import BOARD, BOARD_SET, DIRECTIONS, LINES, Hex, distance
from .maneuvers import AIR_BASICS, AIR_EFFECTS, MOVES_PER_ROUND, RoundPlan, nmr_maneuvers
from .orders import FIRE_NAMES
from .state import Plane, State
from .weather import drift

LEVELS = ("novice", "veteran", "ace")
FIRE_TURNS = (0, 1, 5)  # ahead, diagonal left, diagonal right (relative to the nose)

CRASH = 1000.0  # a crash in this round
TRAPPED = 400.0  # an end position from which the edge cannot be escaped
FIRE_CHANCE = 0.6  # how likely an opponent with ammunition fires down a line we are on
IDLE = 1.0  # the cost of a whole round on the ground


class Profile:
    """What distinguishes the levels."""

    def __init__(
        self,
        *,
        model: str,
        survive_rounds: int,
        temperature: float,
        fire_turns: tuple[int, ...],
        position: float,
        room: float,
        home: bool,
        fire_base: float,
        hunt: float,
    ) -> None:
        self.model = model
        self.survive_rounds = survive_rounds
        self.temperature = temperature
        self.fire_turns = fire_turns
        self.position = position
        self.room = room
        self.home = home
        self.fire_base = fire_base
        self.hunt = hunt


PROFILES = {
    "novice": Profile(
        model="straight",
        survive_rounds=0,
        temperature=2.0,
        fire_turns=(0,),
        position=0.0,
        room=1.0,
        home=False,
        fire_base=1.5,
        hunt=0.0,
    ),
    "veteran": Profile(
        model="uniform",
        survive_rounds=1,
        temperature=0.25,
        fire_turns=FIRE_TURNS,
        position=0.0,
        room=0.5,
        home=True,
        fire_base=0.5,
        hunt=0.05,
    ),
    "ace": Profile(
        model="aimed",
        survive_rounds=2,
        temperature=0.0,
        fire_turns=FIRE_TURNS,
        position=0.35,
        room=0.5,
        home=True,
        fire_base=0.45,
        hunt=0.15,
    ),
}


# --- the plane's legal sequences (walked with the engine's RoundPlan) ------------------------


def _clone(plan: RoundPlan) -> RoundPlan:
    twin = RoundPlan.__new__(RoundPlan)
    twin.plane = plan.plane.copy()
    twin.move, twin.last = plan.move, plan.last
    twin.taking_off, twin.landed = plan.taking_off, plan.landed
    return twin


def _plane_key(plane: Plane) -> tuple[Any, ...]:
    return (
        plane.seat,
        plane.hex,
        plane.facing,
        plane.status,
        plane.landing,
        plane.career_points,
        plane.rank,
    )


@lru_cache(maxsize=4096)
def _sequences(key: tuple[Any, ...]) -> tuple[Any, ...]:
    """Every legal round of a plane: ``(codes, steps, edge_crash)``.

    ``steps`` holds ``(hex, facing, status)`` after each move; ``edge_crash`` is the move (1-3)
    in which the plane leaves the board, or 0. After a crash only one continuation is kept.
    """
    seat, hex_, facing, status, landing, points, rank = key
    plane = Plane(
        seat, hex_, facing, status=status, landing=landing, career_points=points, rank=rank, ammo=0
    )
    found = []

    def walk(plan: RoundPlan, codes: tuple[Any, ...], steps: tuple[Any, ...]) -> None:
        if plan.move > MOVES_PER_ROUND:
            found.append((codes, steps, 0))
            return
        for code in plan.legal():
            nxt = _clone(plan)
            nxt.choose(code)
            p = nxt.plane
            step = (p.hex, p.facing, p.status)
            if p.status == "air" and p.hex not in BOARD_SET:
                crash_move = nxt.move - 1
                more_codes, more_steps = codes + (code,), steps + (step,)
                while nxt.move <= MOVES_PER_ROUND:
                    follow = nxt.legal()[0]
                    nxt.choose(follow)
                    more_codes += (follow,)
                    more_steps += ((nxt.plane.hex, nxt.plane.facing, nxt.plane.status),)
                found.append((more_codes, more_steps, crash_move))
                continue
            walk(nxt, codes + (code,), steps + (step,))

    walk(RoundPlan(plane), (), ())
    return tuple(found)


# --- board tables: escaping the edge, the way home, the forward cone ------------------------


def _next(hex_: Hex, facing: int, code: str) -> tuple[Hex, int]:
    travel, turn = AIR_EFFECTS[code]
    assert travel is not None  # a hold, the one maneuver without a step, is never walked
    dq, dr = DIRECTIONS[(facing + travel) % 6]
    return (hex_[0] + dq, hex_[1] + dr), (facing + turn) % 6


@cache
def _survives(hex_: Hex, facing: int, moves_left: int, held: bool) -> bool:
    """Can a plane here stay on the board for ``moves_left`` more moves (basic maneuvers only;
    a round starts when ``moves_left`` is a multiple of three: no hold in its first move)?"""
    if hex_ not in BOARD_SET:
        return False
    if moves_left == 0:
        return True
    first = moves_left % MOVES_PER_ROUND == 0
    if held and not first:
        return _survives(hex_, facing, moves_left - 1, True)
    for code in AIR_BASICS:
        nh, nf = _next(hex_, facing, code)
        if _survives(nh, nf, moves_left - 1, False):
            return True
    return not first and _survives(hex_, facing, moves_left - 1, True)


@cache
def _room(hex_: Hex, facing: int) -> float:
    """The share of first moves after which the plane can still escape the edge for a round."""
    good = 0
    for code in AIR_BASICS:
        nh, nf = _next(hex_, facing, code)
        if _survives(nh, nf, 5, False):
            good += 1
    return good / len(AIR_BASICS)


@cache
def _moves_home(seat: int) -> dict[Any, Any]:
    """Fewest basic moves from each (hex, facing) to a landing approach of ``seat``'s field."""
    states = [(h, f) for h in BOARD for f in range(6)]
    back: dict[Any, Any] = {}
    for h, f in states:
        for code in AIR_BASICS:
            nxt = _next(h, f, code)
            if nxt[0] in BOARD_SET:
                back.setdefault(nxt, []).append((h, f))
    dist = {s: 0 for s in APPROACHES[seat]}
    frontier = list(dist)
    while frontier:
        later = []
        for s in frontier:
            for prev in back.get(s, ()):
                if prev not in dist:
                    dist[prev] = dist[s] + 1
                    later.append(prev)
        frontier = later
    return dist


def _cone(facing: int) -> tuple[Any, ...]:
    """Offsets in the forward 120 degrees (between the diagonal lines) within 4 hexes, with the
    range damage of that distance."""
    left, right = DIRECTIONS[(facing + 1) % 6], DIRECTIONS[(facing - 1) % 6]
    cells = []
    for a in range(5):
        for b in range(5):
            if a or b:
                dist = max(a, b)
                if dist <= 4:
                    cells.append(
                        (
                            (a * left[0] + b * right[0], a * left[1] + b * right[1]),
                            career.RANGE_DAMAGE[dist] / 4,
                        )
                    )
    return tuple(cells)


CONES = tuple(_cone(f) for f in range(6))


def _around(hex_: Hex) -> tuple[Hex, ...]:
    return tuple((hex_[0] + dq, hex_[1] + dr) for dq, dr in DIRECTIONS)


# --- what everybody can see, analysed once per state ----------------------------------------


def _public_key(state: State) -> tuple[Any, ...]:
    return (
        state.round,
        state.wind,
        state.clouds,
        state.settings,
        tuple((b.hex, b.damage) for b in state.balloons),
        tuple(
            (
                p.seat,
                p.hex,
                p.facing,
                p.status,
                p.damage,
                p.ammo,
                p.career_points,
                p.rank,
                p.landing,
                p.repairs_used,
            )
            for p in state.planes
        ),
    )


class Flyer:
    """One plane as every pilot sees it: its legal rounds and, per reply model, where it is
    likely to be and where its bursts are likely to go."""

    def __init__(self, plane: Plane, balloon_hexes: frozenset[Any]) -> None:
        self.plane = plane
        self.seat = plane.seat
        self.fast = career.is_fast(plane.rank)
        self.reach = career.reach(plane.rank)
        self.bonus = 1 if career.has_double_mg(plane.career_points) else 0
        self.armed = plane.ammo > 0
        self.value = 1.0 + plane.damage / career.out_at(plane.rank)  # hurt: worth more to hit
        self.seqs = []
        for codes, steps, edge in _sequences(_plane_key(plane)):
            crash = edge
            for m, (h, _f, st) in enumerate(steps, start=1):
                if crash and m >= crash:
                    break
                if st == "air" and h in balloon_hexes:
                    crash = m
                    break
            self.seqs.append((codes, steps, crash))
        self.weights: dict[str, list[float]] = {}
        self.models: dict[str, tuple[Any, ...]] = {}


class Field:
    """The public board, with every plane's reply models (shared by all seats of a state)."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.clouds = state.clouds
        self.balloon_hexes = frozenset(b.hex for b in state.balloons)
        self.blocks = self.clouds | self.balloon_hexes  # a burst stops in either
        self.drifted = drift(state.clouds, state.wind) if state.wind is not None else None
        self.clouded = self.clouds | (self.drifted or frozenset())  # now or after the drift
        self.flyers = {
            p.seat: Flyer(p, self.balloon_hexes) for p in state.planes if p.status != "out"
        }

    def weights(self, flyer: Flyer, name: str) -> list[float]:
        """How likely ``flyer`` flies each of its rounds, under reply model ``name``."""
        weights = flyer.weights.get(name)
        if weights is None:
            if name == "straight":
                default = nmr_maneuvers(flyer.plane)
                weights = [1.0 if codes == default else 0.0 for codes, _s, _c in flyer.seqs]
            elif name == "uniform":
                weights = [0.0 if crash else 1.0 for _c, _s, crash in flyer.seqs]
            else:
                weights = self._aimed(flyer)
            if not any(weights):
                weights = [1.0] * len(flyer.seqs)
            flyer.weights[name] = weights
        return weights

    def model(self, flyer: Flyer, name: str) -> tuple[Any, ...]:
        """``(occupancy, danger, cover)`` of ``flyer`` under reply model ``name``: per time 0-3,
        hex -> probability of being there flying; per move 1-3, hex -> expected damage it fires
        there; hex -> how much the hex lies in its forward cone at the end of the round."""
        model = flyer.models.get(name)
        if model is None:
            model = flyer.models[name] = self._spread(flyer, self.weights(flyer, name))
        return model

    def _spread(self, flyer: Flyer, weights: list[float]) -> tuple[Any, ...]:
        total = sum(weights) or 1.0
        occupancy: list[dict[Any, Any]] = [{} for _ in range(MOVES_PER_ROUND + 1)]
        if flyer.plane.status == "air":
            occupancy[0][flyer.plane.hex] = 1.0
        spots: list[dict[Any, Any]] = [{} for _ in range(MOVES_PER_ROUND + 1)]
        for weight, (_codes, steps, crash) in zip(weights, flyer.seqs):
            if not weight:
                continue
            w = weight / total
            for m, (h, f, st) in enumerate(steps, start=1):
                if crash and m >= crash:
                    break
                if st == "air":
                    occupancy[m][h] = occupancy[m].get(h, 0.0) + w
                    spots[m][(h, f)] = spots[m].get((h, f), 0.0) + w
        danger: list[dict[Any, Any]] = [{} for _ in range(MOVES_PER_ROUND + 1)]
        if flyer.armed:
            blocks = self.blocks
            for m in range(1, MOVES_PER_ROUND + 1):
                out = danger[m]
                for (h, f), w in spots[m].items():
                    lines = LINES[h]
                    for turn in FIRE_TURNS:
                        for rng, target in enumerate(lines[(f + turn) % 6][: flyer.reach], 1):
                            if target in blocks:
                                break
                            hit = w * FIRE_CHANCE * (career.RANGE_DAMAGE[rng] + flyer.bonus)
                            out[target] = out.get(target, 0.0) + hit
        cover: dict[Any, Any] = {}
        for (h, f), w in spots[MOVES_PER_ROUND].items():
            for (dq, dr), weight in CONES[f]:
                target = (h[0] + dq, h[1] + dr)
                cover[target] = cover.get(target, 0.0) + w * weight
        return occupancy, danger, cover

    def _aimed(self, flyer: Flyer) -> list[float]:
        """Weights for ``flyer``'s rounds if it aims at the others (taken as uniform flyers)."""
        occ: list[dict[Any, Any]] = [{} for _ in range(MOVES_PER_ROUND + 1)]
        dng: list[dict[Any, Any]] = [{} for _ in range(MOVES_PER_ROUND + 1)]
        for other in self.flyers.values():
            if other is flyer:
                continue
            o_occ, o_dng, _cover = self.model(other, "uniform")
            for t in range(MOVES_PER_ROUND + 1):
                into = occ[t]
                for h, w in o_occ[t].items():
                    into[h] = into.get(h, 0.0) + w * other.value
                into = dng[t]
                for h, w in o_dng[t].items():
                    into[h] = into.get(h, 0.0) + w
        step_score: dict[Any, Any] = {}
        blocks, reach, bonus, clouds = self.blocks, flyer.reach, flyer.bonus, self.clouds
        scores: list[float | None] = []
        for _codes, steps, crash in flyer.seqs:
            if crash:
                scores.append(None)
                continue
            score = 0.0
            for m, (h, f, st) in enumerate(steps, start=1):
                if st != "air":
                    continue
                key = (m, h, f)
                value = step_score.get(key)
                if value is None:
                    best = 0.0
                    if flyer.armed:
                        here = occ[m]
                        for turn in FIRE_TURNS:
                            pot = 0.0
                            for rng, target in enumerate(LINES[h][(f + turn) % 6][:reach], 1):
                                if target in blocks:
                                    break
                                w = here.get(target)
                                if w:
                                    pot += w * (career.RANGE_DAMAGE[rng] + bonus)
                            best = max(best, pot)
                    value = best - dng[m].get(h, 0.0) - (1.0 if h in clouds else 0.0)
                    step_score[key] = value
                score += value
            h, f, st = steps[-1]
            if st == "air" and not _survives(h, f, 3, False):
                score -= 5.0
            scores.append(score)
        valid = [s for s in scores if s is not None]
        if not valid:
            return [1.0] * len(scores)
        top = max(valid)
        return [0.0 if s is None else math.exp(1.2 * (s - top)) for s in scores]


_FIELDS: dict[Any, Any] = {}


def _field(state: State) -> Field:
    """The analysis of a public state; kept for the state's other seats (same result)."""
    key = _public_key(state)
    field = _FIELDS.get(key)
    if field is None:
        if len(_FIELDS) >= 16:
            _FIELDS.clear()
        field = _FIELDS[key] = Field(state)
    return field


# --- one seat's decision ----------------------------------------------------------------------


class Pilot:
    """One seat deciding its round at one level."""

    def __init__(self, state: State, seat: int, level: str) -> None:
        if level not in PROFILES:
            raise EngineError(
                f"a computer pilot is {', '.join(LEVELS)}, not {level!r}",
                code="unknown_level",
                level=level if isinstance(level, str) else None,
            )
        self.profile = profile = PROFILES[level]
        self.field = _field(state)
        me = self.field.flyers.get(seat)
        if me is None:
            raise EngineError(f"seat {seat} is out of the game", code="plane_out", seat=seat)
        self.me, self.plane = me, me.plane
        plane = me.plane
        self.out_at = career.out_at(plane.rank)
        self.hurt = 1.0 + 1.5 * plane.damage / self.out_at  # a hit costs more when hurt
        self.budget = min(career.bursts_per_round(plane.rank), plane.ammo)
        capacity = career.ammo_capacity(plane.rank)
        self.threshold = profile.fire_base + 1.5 * (1 - plane.ammo / capacity)
        repairs_left = career.REPAIR_CAP - plane.repairs_used
        self.repair_need = min(plane.damage, repairs_left) if plane.damage >= 5 else 0
        self.ammo_need = plane.ammo < career.bursts_per_round(plane.rank)
        self.need_home = profile.home and (self.repair_need > 0 or self.ammo_need)
        self.memo: dict[Any, Any] = {}
        self._combine()

    def _combine(self) -> None:
        """Sum the opponents' models, shifted for the fast group (rules §2)."""
        n = MOVES_PER_ROUND + 1
        me = self.me
        self.targets: list[dict[Any, Any]] = [
            {} for _ in range(n)
        ]  # where our move-m bursts find them
        self.hit_now: list[dict[Any, Any]] = [
            {} for _ in range(n)
        ]  # damage into our hex after move m
        self.hit_before: list[dict[Any, Any]] = [{} for _ in range(n)]  # ... into it before move m
        self.opponents = [o for o in self.field.flyers.values() if o is not me]
        self.covers = []
        for other in self.opponents:
            occ, dng, cover = self.field.model(other, self.profile.model)
            self.covers.append(cover)
            for m in range(1, n):
                seen = occ[m - 1] if me.fast and not other.fast else occ[m]
                out = self.targets[m]
                for h, w in seen.items():
                    out[h] = out.get(h, 0.0) + w * other.value
                into = self.hit_before[m] if other.fast and not me.fast else self.hit_now[m]
                for h, w in dng[m].items():
                    into[h] = into.get(h, 0.0) + w

    def line_value(self, m: int, hex_: Hex, facing: int, turn: int) -> float:
        key = (m, hex_, facing, turn)
        value = self.memo.get(key)
        if value is None:
            value = 0.0
            here, blocks, bonus = self.targets[m], self.field.blocks, self.me.bonus
            for rng, target in enumerate(LINES[hex_][(facing + turn) % 6][: self.me.reach], 1):
                if target in blocks:
                    break
                w = here.get(target)
                if w:
                    value += w * (career.RANGE_DAMAGE[rng] + bonus)
            self.memo[key] = value
        return value

    def sure_shot(self, hex_: Hex, facing: int) -> tuple[int, tuple[int, ...]]:
        """After our first move to ``hex_``: damage certain to land on one enemy whatever first
        move it makes, and the fewest bursts (turns) that cover all of its first moves."""
        key = ("sure", hex_, facing)
        found: tuple[int, tuple[int, ...]] | None = self.memo.get(key)
        if found is not None:
            return found
        best: tuple[int, tuple[int, ...]] = (0, ())
        reach, bonus, blocks = self.me.reach, self.me.bonus, self.field.blocks
        on_line: dict[Any, Any] = {}
        for turn in FIRE_TURNS:
            for rng, target in enumerate(LINES[hex_][(facing + turn) % 6][:reach], 1):
                if target in blocks:
                    break
                on_line[target] = (turn, career.RANGE_DAMAGE[rng] + bonus)
        for other in self.opponents:
            if other.plane.status != "air":
                continue
            if self.me.fast and not other.fast:
                places = {other.plane.hex}
            else:
                places = {steps[0][0] for _c, steps, _crash in other.seqs}
            if any(h not in on_line for h in places):
                continue
            turns = tuple(sorted({on_line[h][0] for h in places}))
            if len(turns) > self.budget:
                continue
            certain = min(on_line[h][1] for h in places)
            if certain >= 2 and (not best[1] or certain / len(turns) > best[0] / len(best[1])):
                best = (certain, turns)
        self.memo[key] = best
        return best

    def evaluate(self, seq: tuple[Any, ...]) -> tuple[float, list[tuple[int, ...]], bool]:
        """(score, bursts per move, whether it takes a sure shot) of one candidate round."""
        codes, steps, crash = seq
        if crash:
            return -CRASH + 10 * crash, [(), (), ()], False
        profile, field, plane = self.profile, self.field, self.plane
        score = 0.0
        taken = 0.0
        clouds_hit = 0
        slots = []
        prev = plane.hex if plane.status == "air" else None
        for m, (h, f, st) in enumerate(steps, start=1):
            if st == "air":
                taken += self.hit_now[m].get(h, 0.0)
                if prev is not None:
                    taken += self.hit_before[m].get(prev, 0.0)
                if h in field.clouds:
                    clouds_hit += 1
                if self.budget:
                    for turn in profile.fire_turns:
                        value = self.line_value(m, h, f, turn)
                        if value > self.threshold:
                            slots.append((value, m, turn))
                prev = h
            else:
                prev = None
        fire: list[list[int]] = [[], [], []]
        sure = False
        budget = self.budget
        h1, f1, st1 = steps[0]
        if st1 == "air" and budget:
            certain, turns = self.sure_shot(h1, f1)
            if turns:
                sure = True
                fire[0] = list(turns)
                budget -= len(turns)
                score += certain
        slots.sort(reverse=True)
        for value, m, turn in slots:
            if not budget:
                break
            if turn in fire[m - 1]:
                continue
            fire[m - 1].append(turn)
            budget -= 1
            score += value - self.threshold
        bursts = [tuple(f) for f in fire]
        if plane.damage + clouds_hit >= self.out_at:
            return -CRASH + 5, bursts, sure
        score -= self.hurt * (taken + clouds_hit)
        if clouds_hit and plane.damage + clouds_hit + 4 >= self.out_at:
            score -= 4.0 * clouds_hit  # one hit more and the cloud finishes it
        score += self._end(codes, steps, clouds_hit)
        return score, bursts, sure

    def _end(self, codes: tuple[Any, ...], steps: tuple[Any, ...], clouds_hit: int) -> float:
        """The worth of where the round leaves the plane."""
        profile, plane, field = self.profile, self.plane, self.field
        h, f, st = steps[-1]
        if st == "ground":  # on its own corner: safe; repairs, ammunition
            if plane.status == "ground":  # a whole round on the ground
                amount = min(
                    career.repair_per_round(plane.rank),
                    plane.damage,
                    career.REPAIR_CAP - plane.repairs_used,
                )
                return amount - IDLE - (0 if profile.home else 1.0)
            return self._landing_worth()
        score = 0.0
        last_point = plane.damage + clouds_hit + 1 >= self.out_at
        if field.drifted is not None and h in field.drifted:
            score -= CRASH / 4 if last_point else 0.9 * self.hurt
        if h in field.clouded and plane.damage + clouds_hit + 3 >= self.out_at:
            score -= 20.0  # starting the next round in a cloud, a move from the end
        elif last_point and any(n in field.clouds for n in _around(h)):
            score -= 4.0  # a change of wind or a new cloud would finish it
        if "LD" in codes:  # the landing ends in the next round's first move
            return score + self._landing_worth() - 0.5
        score += profile.room * _room(h, f)
        if profile.survive_rounds and not _survives(h, f, 3 * profile.survive_rounds, False):
            score -= TRAPPED
        if self.need_home:
            score -= 0.6 * _moves_home(plane.seat).get((h, f), 30)
        if profile.position:
            score += profile.position * self._position(h, f)
        if profile.hunt and plane.ammo and not self.need_home:
            score -= profile.hunt * self._to_nearest(h)
        return score

    def _to_nearest(self, h: Hex) -> int:
        """Hexes beyond firing range to the nearest flying enemy (the hunt)."""
        key = ("near", h)
        value = self.memo.get(key)
        if value is None:
            near = [distance(h, o.plane.hex) for o in self.opponents if o.plane.status == "air"]
            value = self.memo[key] = max(0, min(near) - 2) if near else 0
        return value

    def _landing_worth(self) -> float:
        if not self.need_home:
            return -2.0
        return -1.0 + 1.2 * self.repair_need + (4.0 if self.ammo_need else 0.0)

    def _position(self, h: Hex, f: int) -> float:
        """Next round's prospects: enemies likely in our forward cone minus us in theirs."""
        key = ("pos", h, f)
        value = self.memo.get(key)
        if value is None:
            here = self.targets[MOVES_PER_ROUND]
            value = 0.0
            for (dq, dr), weight in CONES[f]:
                w = here.get((h[0] + dq, h[1] + dr))
                if w:
                    value += w * weight
            for cover in self.covers:
                value -= self.hurt * cover.get(h, 0.0)
            self.memo[key] = value
        return value

    def decide(self, seed: int) -> list[dict[Any, Any]]:
        rng = Random(seed)
        rated = []
        for seq in self.me.seqs:
            score, bursts, sure = self.evaluate(seq)
            rated.append((score, sure, seq[0], bursts))
        safe_sure = [r for r in rated if r[1] and r[0] > -TRAPPED / 2]
        if safe_sure:  # a shot that cannot miss is taken
            rated = safe_sure
        pick = self._pick(rated, rng)
        _score, _sure, codes, bursts = pick
        return [
            {"maneuver": code, "fire": [FIRE_NAMES[t] for t in sorted(fire)], "through": False}
            for code, fire in zip(codes, bursts)
        ]

    def _pick(self, rated: list[Any], rng: Random) -> Any:
        top = max(r[0] for r in rated)
        temperature = self.profile.temperature
        if temperature <= 0:
            best = [r for r in rated if r[0] >= top - 1e-9]
            return best[rng.randrange(len(best))]
        pool = [r for r in rated if r[0] > top - 6 * temperature and r[0] > -TRAPPED / 2]
        if not pool:
            pool = [r for r in rated if r[0] >= top - 1e-9]
        weights = [math.exp((r[0] - top) / temperature) for r in pool]
        return rng.choices(pool, weights)[0]


def bot_orders(state: State, seat: int, level: str, seed: int) -> list[dict[Any, Any]]:
    """The raw orders of the computer pilot in ``seat`` at ``level`` for the coming round."""
    if state.over:
        raise EngineError("the game is over", code="game_over")
    return Pilot(state, seat, level).decide(seed)
