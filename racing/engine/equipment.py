"""What each equipment kind does when used (rules reference: the seed's descriptions and the
[house] readings). ``use`` checks the card (held, undamaged at the start of the turn, the
phase, once per kind and turn, the energy), pays and applies the effect."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from games.enginekit import EngineError

from .catalogue import KINDS
from .courses import BUOY_RADIUS, course_fault, described
from .flight import LIMITS, Blocked, apply, place_chips, plan, position, ruler, within_lift
from .geometry import EPSILON, ahead, distance, norm, point_segment_distance, rotate
from .state import find

if TYPE_CHECKING:  # turns.py imports this module
    from .turns import Turn

Json = dict[str, Any]

PROJECTOR_LENGTH = 120.0  # the projector lift
HIT = 15.0  # a target is hit when its centre is this close to the line
PUSH = 3  # Höllenböller and Butt Kick move their victims with Lift 3
WARP_REACH = 4  # the Warpfeld reaches a buoy within Lift 4
NEAR = 1  # Abstauber and Höllenböller reach jets within Lift 1


def projector_line(jet: dict[str, Any], backwards: bool = False) -> tuple[Any, ...]:
    heading = jet["heading"] + (180.0 if backwards else 0.0)
    start = ahead(position(jet), heading, 15.0)
    return start, ahead(start, heading, PROJECTOR_LENGTH)


def hits(shooter: dict[str, Any], target: dict[str, Any], backwards: bool = False) -> bool:
    return (
        point_segment_distance(position(target), *projector_line(shooter, backwards))
        <= HIT + EPSILON
    )


def card_for(turn: Turn, jet: dict[str, Any], ref: object, where: str) -> dict[str, Any]:
    """The jet's card named by id, or by kind (an undamaged one first)."""
    equipment: list[Json] = jet["equipment"]
    if isinstance(ref, int):
        for card in equipment:
            if card["id"] == ref:
                return card
        raise EngineError(
            f"{where}: {jet['id']} holds no card {ref}",
            code="card_not_held",
            jet=jet["id"],
            card=ref,
            where=where,
        )
    cards = [c for c in equipment if c["kind"] == ref]
    if not cards:
        raise EngineError(
            f"{where}: {jet['id']} holds no {ref}",
            code="kind_not_held",
            jet=jet["id"],
            kind=ref,
            where=where,
        )
    fresh = [c for c in cards if turn.undamaged(jet, c)]
    return (fresh or cards)[0]


def why_not(turn: Turn, jet: dict[str, Any], card: dict[str, Any], phase: str) -> str | None:
    """A code for why ``jet`` cannot use ``card`` now, or None."""
    kind = KINDS[card["kind"]]
    if turn.controlled:
        return "controlled"
    if phase not in kind.phases:
        return "phase"
    if not turn.undamaged(jet, card):
        return "damaged"
    if kind.id in turn.used:
        return "used"
    if kind.cost > jet["energy"]:
        return "energy"
    if kind.id == "robert" and (turn.order_lift != 1 or turn.boost is not None):
        return "lift"
    if kind.id in ("photonenpaddel", "paddel_de_luxe") and turn.ruler_direction is None:
        return "no_flight"
    return None


WHY_WORDS = {
    "controlled": "the jet's pilot is out of action (Traumatorpedo): no equipment this turn",
    "phase": "it is not used at this point of the turn",
    "damaged": "it had a damage chip at the start of the turn",
    "used": "that kind was already used this turn",
    "energy": "not enough energy",
    "lift": "it works only in a turn flown with Lift 1, without a booster",
    "no_flight": "it needs this turn's flight",
}


def use(
    turn: Turn,
    jet: dict[str, Any],
    raw: dict[str, Any],
    phase: str,
    *,
    payer: dict[str, Any] | None = None,
) -> None:
    """``jet`` uses a card; ``payer`` (the Überhirn's victim is its own payer) pays."""
    where = raw["where"]
    card = card_for(turn, jet, raw["card"], where)
    kind = KINDS[card["kind"]]
    problem = why_not(turn, jet, card, phase)
    if problem:
        raise EngineError(
            f"{where}: {jet['id']} cannot use {kind.id} now: {WHY_WORDS[problem]}",
            code="cannot_use",
            jet=jet["id"],
            kind=kind.id,
            why=problem,
            where=where,
        )
    turn.used.add(kind.id)
    jet["energy"] -= kind.cost
    event = {
        "type": "used",
        "jet": jet["id"],
        "card": card["id"],
        "kind": kind.id,
        "phase": phase,
        "cost": kind.cost,
        "energy": jet["energy"],
    }
    turn.events.append(event)
    EFFECTS[kind.id](turn, jet, card, raw, event)
    if kind.chips_after_use:
        place_chips(
            jet,
            kind.chips_after_use,
            [card["id"]] * kind.chips_after_use,
            turn.events,
            by=jet["id"],
        )


def _target(turn: Turn, jet: dict[str, Any], raw: dict[str, Any]) -> dict[str, Any]:
    if "target" not in raw:
        raise EngineError(f"{raw['where']}.target is missing", where=f"{raw['where']}.target")
    target = find(turn.state, raw["target"])
    if target is jet or target["status"] != "racing":
        raise EngineError(
            f"{raw['where']}.target must be another jet still racing",
            code="target_not_racing",
            jet=target["id"],
            where=f"{raw['where']}.target",
        )
    return target


def _field(raw: dict[str, Any], name: str) -> Any:
    """A field of a use that orders.py has read (its shape checked there)."""
    if name not in raw:
        raise EngineError(f"{raw['where']}.{name} is missing", where=f"{raw['where']}.{name}")
    return raw[name]


def _fire(turn: Turn, jet: Json, raw: Json, event: Json, backwards: bool = False) -> Json | None:
    """A projector's shot: the victim, or None on a miss (the energy is spent all the same)."""
    target = _target(turn, jet, raw)
    hit = hits(jet, target, backwards)
    start, end = projector_line(jet, backwards)
    event.update(target=target["id"], hit=hit, line=[list(start), list(end)])
    return target if hit else None


# --- boosters and steering aids (the boosters themselves act through the order's lift) -------


def _photonenpaddel(turn: Turn, jet: Json, card: Json, raw: Json, event: Json) -> None:
    h1, h2 = _field(raw, "hinge")
    limit = LIMITS[turn.flight_lift]
    if abs(h1) > limit + EPSILON or abs(h2) > limit + EPSILON:
        raise EngineError(
            f"{raw['where']}.hinge: at most {limit:g} degrees at Lift {turn.flight_lift}",
            code="use_angle_limit",
            kind=card["kind"],
            limit=limit,
            lift=turn.flight_lift,
            where=f"{raw['where']}.hinge",
        )
    # The lift is aligned once more: it is the turn's last ruler (a Paddel de Luxe after it
    # turns from it), and the jet is aligned on it again.
    turn.ruler_direction = norm(jet["heading"] + h1)
    jet["heading"] = norm(turn.ruler_direction + h2)
    event.update(heading=jet["heading"])


def _paddel_de_luxe(turn: Turn, jet: Json, card: Json, raw: Json, event: Json) -> None:
    angle = _field(raw, "angle")
    if abs(angle) > LIMITS[2] + EPSILON:
        raise EngineError(
            f"{raw['where']}.angle: at most {LIMITS[2]:g} degrees (Lift 2)",
            code="use_angle_limit",
            kind=card["kind"],
            limit=LIMITS[2],
            lift=2,
            where=f"{raw['where']}.angle",
        )
    jet["heading"] = norm(turn.ruler_direction + angle)
    event.update(heading=jet["heading"])


def _sidestep(turn: Turn, jet: Json, card: Json, raw: Json, event: Json) -> None:
    side, lift = _field(raw, "side"), _field(raw, "lift")
    direction = jet["heading"] + (90.0 if side == "left" else -90.0)
    try:
        stepped = plan(
            turn.state, jet, direction, ruler(lift), 0.0, (0.0, 0.0), [], keep_heading=True
        )
    except Blocked as blocked:
        raise EngineError(
            f"{raw['where']}: the sidestep cannot end clear: {blocked}",
            code="sidestep_blocked",
            where=raw["where"],
        ) from None
    if stepped.slips:
        raise EngineError(
            f"{raw['where']}: the sidestep would end touching {stepped.slips[0]['blocker']}",
            code="sidestep_touching",
            jet=stepped.slips[0]["blocker"],
            where=raw["where"],
        )
    apply(turn.state, jet, stepped, turn.events, turn.ram_chips, "sidestep")


# --- projectors -------------------------------------------------------------------------------


def _kupferwurm(turn: Turn, jet: Json, card: Json, raw: Json, event: Json) -> None:
    backwards = _field(raw, "direction") == "back"
    victim = _fire(turn, jet, raw, event, backwards)
    if victim:
        chosen = list(raw.get("chips", []))
        held = {c["id"] for c in victim["equipment"]}
        if any(c not in held for c in chosen):
            raise EngineError(
                f"{raw['where']}.chips: {victim['id']} holds no such card",
                code="victim_card_not_held",
                jet=victim["id"],
                where=f"{raw['where']}.chips",
            )
        place_chips(victim, 3, chosen, turn.events, by=turn.jet["id"])


def _sticky_fingers(turn: Turn, jet: Json, card: Json, raw: Json, event: Json) -> None:
    victim = _fire(turn, jet, raw, event)
    if victim:
        victim["lift"] = 0
        turn.events.append({"type": "lift", "jet": victim["id"], "lift": 0})


def _butt_kick(turn: Turn, jet: Json, card: Json, raw: Json, event: Json) -> None:
    hinge = raw.get("hinge", (0.0, 0.0))
    if max(abs(hinge[0]), abs(hinge[1])) > LIMITS[PUSH] + EPSILON:
        raise EngineError(
            f"{raw['where']}.hinge: at most {LIMITS[PUSH]:g} degrees (Lift 3)",
            code="use_angle_limit",
            kind=card["kind"],
            limit=LIMITS[PUSH],
            lift=PUSH,
            where=f"{raw['where']}.hinge",
        )
    victim = _fire(turn, jet, raw, event)
    if victim:
        forced_flight(
            turn, victim, victim["heading"], LIMITS[PUSH], hinge, raw.get("slips", []), "butt_kick"
        )


def _traumatorpedo(turn: Turn, jet: Json, card: Json, raw: Json, event: Json) -> None:
    """The shooter orders the victim's next turn: live in turn mode; in round mode, where
    every order is sealed before the round, with the shot (``flight``; none: straight on)."""
    sealed = turn.state["turn_order"] == "race"
    if "flight" in raw and not sealed:
        raise EngineError(
            f"{raw['where']}.flight: in turn mode the shooter orders the "
            f"victim's turn when it comes",
            code="flight_in_turn_mode",
        )
    victim = _fire(turn, jet, raw, event)
    if victim:
        victim["controller"] = turn.jet["id"]  # via an Überhirn too: its shooter
        victim["sealed_flight"] = raw.get("flight") if sealed else None
        turn.events.append(
            {"type": "controlled", "jet": victim["id"], "controller": victim["controller"]}
        )


def _stasisfeld(turn: Turn, jet: Json, card: Json, raw: Json, event: Json) -> None:
    victim = _fire(turn, jet, raw, event)
    if victim:
        victim["stasis"] = True
        turn.events.append({"type": "stasis", "jet": victim["id"]})


def _uberhirn(turn: Turn, jet: Json, card: Json, raw: Json, event: Json) -> None:
    inner = _field(raw, "use")
    their = card_for(turn, _target(turn, jet, raw), inner["card"], inner["where"])
    kind = KINDS[their["kind"]]
    if not kind.projector or kind.id == "uberhirn":
        raise EngineError(
            f"{inner['where']}: the Überhirn fires a projector of the victim",
            code="uberhirn_not_projector",
            kind=kind.id,
            where=inner["where"],
        )
    victim = _fire(turn, jet, raw, event)
    if not victim:
        return
    problem = _forced_use_problem(turn, victim, their)
    if problem:
        turn.events.append(
            {"type": "uberhirn_failed", "jet": victim["id"], "card": their["id"], "why": problem}
        )
        return
    turn.used_by_victims.setdefault(victim["id"], set()).add(kind.id)
    victim["energy"] -= kind.cost
    inner_event = {
        "type": "used",
        "jet": victim["id"],
        "card": their["id"],
        "kind": kind.id,
        "phase": "uberhirn",
        "cost": kind.cost,
        "energy": victim["energy"],
        "by": jet["id"],
    }
    turn.events.append(inner_event)
    EFFECTS[kind.id](turn, victim, their, inner, inner_event)


def _forced_use_problem(turn: Turn, victim: dict[str, Any], card: dict[str, Any]) -> str | None:
    """Why an Überhirn's victim cannot fire ``card``: a chip on it, its kind already fired
    through an Überhirn this turn, or too little energy."""
    kind = KINDS[card["kind"]]
    if card["chips"]:
        return "damaged"
    if kind.id in turn.used_by_victims.get(victim["id"], ()):
        return "used"
    if kind.cost > victim["energy"]:
        return "energy"
    return None


# --- other equipment --------------------------------------------------------------------------


def _warpfeld(turn: Turn, jet: Json, card: Json, raw: Json, event: Json) -> None:
    gates = turn.state["course"]["gates"]
    number = _field(raw, "gate")
    if not 1 <= number <= len(gates):
        raise EngineError(
            f"{raw['where']}.gate: no gate {number}",
            code="no_gate",
            gate=number,
            gates=len(gates),
            where=f"{raw['where']}.gate",
        )
    pivot, angle = _field(raw, "pivot"), norm(_field(raw, "angle"))
    g = gates[number - 1]
    buoys = [tuple(b) for b in g["buoys"]]
    if not any(within_lift(position(jet), b, WARP_REACH, BUOY_RADIUS) for b in buoys):
        raise EngineError(
            f"{raw['where']}: no buoy of gate {number} within Lift {WARP_REACH}",
            code="buoy_out_of_reach",
            gate=number,
            lift=WARP_REACH,
            where=raw["where"],
        )
    buoys[1 - pivot] = rotate(buoys[1 - pivot], buoys[pivot], angle)
    warped = [dict(h) for h in gates]
    warped[number - 1] = described(number, buoys)
    fault = course_fault(warped)
    if fault:
        raise EngineError(
            f"{raw['where']}: the warped course fails the course check: {fault.message}",
            code="warp_course_check",
            check=fault.code,
            **fault.params,
        )
    gates[number - 1] = warped[number - 1]
    event.update(gate=number, buoys=warped[number - 1]["buoys"])


def _robert(turn: Turn, jet: Json, card: Json, raw: Json, event: Json) -> None:
    if _field(raw, "mode") == "energy":
        jet["energy"] += 3
    else:
        for other in jet["equipment"]:
            if other is not card:
                other["chips"] = 0
    event.update(mode=raw["mode"], energy=jet["energy"])


def _abstauber(turn: Turn, jet: Json, card: Json, raw: Json, event: Json) -> None:
    victim = _target(turn, jet, raw)
    if not within_lift(position(jet), position(victim), NEAR):
        raise EngineError(
            f"{raw['where']}: {victim['id']} is not within Lift {NEAR}",
            code="not_within_reach",
            jet=victim["id"],
            lift=NEAR,
            where=raw["where"],
        )
    taken = min(2, victim["energy"])
    victim["energy"] -= taken
    jet["energy"] += taken
    event.update(
        target=victim["id"], taken=taken, energy=jet["energy"], target_energy=victim["energy"]
    )


def _hollenboller(turn: Turn, jet: Json, card: Json, raw: Json, event: Json) -> None:
    here = position(jet)
    victims = sorted(
        (
            j
            for j in turn.state["jets"]
            if j is not jet and j["status"] == "racing" and within_lift(here, position(j), NEAR)
        ),
        key=lambda j: (distance(here, position(j)), j["seat"]),
    )
    event.update(victims=[v["id"] for v in victims])
    for victim in victims:
        forced_flight(
            turn,
            victim,
            _away(jet, victim, raw.get("side")),
            0.0,
            (0.0, 0.0),
            [],
            "hollenboller",
            keep_heading=True,
        )


def _away(user: dict[str, Any], victim: dict[str, Any], side: str | None) -> float:
    """At right angles to the victim's heading, away from the user; ``side`` (the victim's
    left or right) decides only when the user stands on the victim's heading line."""
    left = ahead((0.0, 0.0), victim["heading"] + 90.0, 1.0)
    offset = (user["x"] - victim["x"], user["y"] - victim["y"])
    user_left = offset[0] * left[0] + offset[1] * left[1]
    if abs(user_left) <= EPSILON:
        goes_left = side != "right"
    else:
        goes_left = user_left < 0
    heading: float = victim["heading"]
    return heading + (90.0 if goes_left else -90.0)


def forced_flight(
    turn: Turn,
    victim: Json,
    direction: float,
    limit: float,
    hinge: tuple[float, float],
    slips: Iterable[Any],
    cause: str,
    keep_heading: bool = False,
) -> None:
    """A flight forced on a victim: a real flight (gates, buoys, slips at the victim's cost);
    when it cannot end clear the victim stays where it is."""
    length = ruler(PUSH)
    try:
        flown = plan(
            turn.state,
            victim,
            direction,
            length,
            limit,
            hinge,
            list(slips),
            keep_heading=keep_heading,
        )
        if len(flown.slips) > victim["energy"]:
            raise Blocked(
                "energy", "no energy to slip", code="slip_energy", jet=flown.slips[0]["blocker"]
            )
    except Blocked as blocked:
        if blocked.why in ("hinge", "slips"):  # the shooter's order is to blame
            raise EngineError(
                f"{cause}: {blocked}", code=blocked.code, during=cause, **blocked.params
            ) from None
        turn.events.append(
            {"type": "blocked", "jet": victim["id"], "cause": cause, "why": blocked.why}
        )
        return
    apply(turn.state, victim, flown, turn.events, [], cause)


EFFECTS: dict[str, Callable[[Turn, Json, Json, Json, Json], None]] = {
    "photonenpaddel": _photonenpaddel,
    "paddel_de_luxe": _paddel_de_luxe,
    "sidestep": _sidestep,
    "kupferwurm": _kupferwurm,
    "sticky_fingers": _sticky_fingers,
    "butt_kick": _butt_kick,
    "traumatorpedo": _traumatorpedo,
    "stasisfeld": _stasisfeld,
    "uberhirn": _uberhirn,
    "warpfeld": _warpfeld,
    "robert": _robert,
    "abstauber": _abstauber,
    "hollenboller": _hollenboller,
}
