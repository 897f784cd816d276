"""A turn, start to end: the draft's picks, the station, a missed turn, a flight with its
equipment; then the next jet on turn (``advance``).

The order of a flight turn (the seed's quick guide): the boost is paid, ``before`` uses, the
flight (two with the Hyper Booster) with its slips, gates and buoys, ``after`` uses, the Take
Five's chips, the lift indicator, one damage chip removed. Everything is checked while it is
played, on a copy: an illegal order raises ``EngineError`` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.enginekit import EngineError

from .catalogue import KINDS, MAX_CARDS, STATION_ENERGY, may_take
from .equipment import card_for, use, why_not
from .flight import (
    LIMITS,
    Blocked,
    apply,
    free_arcs,
    place_chips,
    plan,
    position,
    ruler,
    within_lift,
)
from .geometry import distance
from .orders import parse
from .state import clone, find

MISSED_LIMIT = 3  # missed turns in a row retire a jet
LIFT0_LIMIT = 2  # turns in a row a jet may stand at Lift 0
STATION_REACH = 4  # the station is used within Lift 4 of one of its gate's buoys


class Turn:
    """What one turn keeps track of while it is played."""

    def __init__(
        self,
        state: dict[str, Any],
        jet: dict[str, Any],
        events: list[Any],
        order: dict[str, Any] | None,
    ) -> None:
        self.state, self.jet, self.events = state, jet, events
        self.controlled = jet["controller"] is not None
        self.damaged_at_start = {c["id"] for c in jet["equipment"] if c["chips"]}
        self.used: set[str] = set()
        self.used_by_victims: dict[str, set[str]] = {}
        self.order_lift = order["lift"] if order and "lift" in order else jet["lift"]
        self.boost = order.get("boost") if order else None
        self.flight_lift = 5 if self.boost == "take_five" else self.order_lift
        self.ruler_direction: float | None = None
        self.boost_card: int | None = None
        self.ram_chips = list(order.get("ram_chips", [])) if order else []

    def undamaged(self, jet: dict[str, Any], card: dict[str, Any]) -> bool:
        if jet is self.jet:
            return card["id"] not in self.damaged_at_start
        chips: int = card["chips"]
        return chips == 0


# --- what is open --------------------------------------------------------------------------


def open_lifts(jet: dict[str, Any]) -> list[int]:
    """Lifts open without a booster: one up, one down or the same; Lift 0 only for a jet that
    has started and stood still fewer than two turns in a row."""
    lifts = [n for n in (jet["lift"] - 1, jet["lift"], jet["lift"] + 1) if 0 <= n <= 5]
    if 0 in lifts and (not jet["started"] or jet["lift0_turns"] >= LIFT0_LIMIT):
        lifts.remove(0)
    return lifts


def boost_lifts(jet: dict[str, Any], boost: str) -> list[int]:
    """The lift indicators a booster opens."""
    if boost == "booster":
        return [jet["lift"] + 2] if jet["lift"] + 2 <= 5 else []
    if boost == "retro_booster":
        low = jet["lift"] - 2
        zero_ok = jet["started"] and jet["lift0_turns"] < LIFT0_LIMIT
        return [low] if low >= 1 or (low == 0 and zero_ok) else []
    if boost == "take_five":
        return [min(jet["lift"] + 1, 5)]
    return [n for n in open_lifts(jet) if n > 0]  # hyper: the same lift twice


def miss_allowed(state: dict[str, Any], jet: dict[str, Any]) -> bool:
    """A jet may miss its turn only when no course at its open lifts avoids contact."""
    return all(not free_arcs(state, jet, lift) for lift in open_lifts(jet))


# --- playing -----------------------------------------------------------------------------------


def play(
    state: dict[str, Any], raw_order: object | None, *, counted: bool = True
) -> tuple[dict[str, Any], list[Any]]:
    """Play the turn of the jet on turn on a copy of a loaded state: ``raw_order`` None is the
    missed-turn default (``counted`` False: flown by default without counting as missed).
    Returns the new state and the events."""
    if state["phase"] == "over":
        raise EngineError("the race is over", code="race_over")
    state = clone(state)
    order = None if raw_order is None else parse(raw_order)
    if state["phase"] == "draft":
        return _draft_turn(state, order)
    jet = find(state, state["turn"]["jet"])
    events = [
        {
            "type": "turn",
            "number": state["turn"]["number"],
            "round": state["turn"]["round"],
            "jet": jet["id"],
            "controller": jet["controller"],
            "how": "order" if order is not None else "missed" if counted else "default",
        }
    ]
    if order is not None and "pick" in order:
        raise EngineError("the draft is over: order a flight", code="draft_over")
    if order is None:
        _missed(state, jet, events, counted)
    elif "miss" in order:
        if not miss_allowed(state, jet):
            raise EngineError(
                "a course avoids contact: the jet may not miss its turn", code="miss_not_allowed"
            )
        jet["missed_in_row"] = 0
        events.append({"type": "stood", "jet": jet["id"], "why": "no_course"})
        _end_of_turn(Turn(state, jet, events, None), None)
    elif "station" in order:
        _station(state, jet, order, events)
    else:
        _flight_turn(state, jet, order, events)
    advance(state, events)
    return state, events


def play_sealed(
    state: dict[str, Any], raw_order: object | None
) -> tuple[dict[str, Any], list[Any]]:
    """Round mode: a turn ordered before the round began, played when its jet's time comes.
    Slips follow the default rule (straight from each blocker); an order that the round's
    earlier turns made illegal is flown as its lift and hinges alone, and if even that fails,
    as the missed-turn default without counting as missed. None: a missed turn."""
    if state["phase"] == "race" and find(state, state["turn"]["jet"])["controller"]:
        raw_order = _victims_order(find(state, state["turn"]["jet"]))
    if raw_order is None or state["phase"] != "race":
        return play(state, raw_order)
    order = parse(raw_order)
    attempts: list[Any] = []  # orders as the JSON face takes them
    if "lift" in order:
        attempts.append(_unparsed(order, slips=False))
        attempts.append({"lift": order["lift"], "hinge": list(order["hinge"])})
    else:
        attempts.append(raw_order)
    for number, attempt in enumerate(attempts):
        try:
            new_state, events = play(state, attempt)
        except EngineError:
            continue
        if number:
            events.insert(
                1,
                {
                    "type": "sealed_fallback",
                    "jet": state["turn"]["jet"],
                    "flown": "lift_and_hinges",
                },
            )
        return new_state, events
    new_state, events = play(state, None, counted=False)
    events.insert(1, {"type": "sealed_fallback", "jet": state["turn"]["jet"], "flown": "default"})
    return new_state, events


def _victims_order(victim: dict[str, Any]) -> dict[str, Any] | None:
    """A Traumatorpedo victim's turn in round mode: the flight its shooter sealed with the
    shot, in place of the order the victim's own pilot sealed (None: straight on, by default,
    not counted as missed)."""
    flight = victim["sealed_flight"]
    if flight is None:
        return None
    return {
        "lift": min(5, max(0, victim["lift"] + flight["change"])),
        "hinge": list(flight["hinge"]),
    }


def _unparsed(order: dict[str, Any], *, slips: bool) -> dict[str, Any]:
    """A parsed flight order as JSON again (``slips`` False: the default slips)."""
    raw = {
        key: order[key]
        for key in ("lift", "boost", "ram_chips", "remove_chip")
        if order[key] is not None
    }
    raw["hinge"] = list(order["hinge"])
    raw["slips"] = [list(s) for s in order["slips"]] if slips else []
    raw["before"] = [_use_json(u) for u in order["before"]]
    raw["after"] = [_use_json(u) for u in order["after"]]
    if order["hyper"]:
        raw["hyper"] = {
            "hinge": list(order["hyper"]["hinge"]),
            "slips": [list(s) for s in order["hyper"]["slips"]] if slips else [],
        }
    return raw


def _use_json(use: dict[str, Any]) -> dict[str, Any]:
    raw = {k: v for k, v in use.items() if k != "where"}
    if "hinge" in raw:
        raw["hinge"] = list(raw["hinge"])
    if "slips" in raw:
        raw["slips"] = [list(s) for s in raw["slips"]]
    if "use" in raw:
        raw["use"] = _use_json(raw["use"])
    return raw


def _missed(
    state: dict[str, Any], jet: dict[str, Any], events: list[Any], counted: bool = True
) -> None:
    """The missed-turn default: the current lift straight ahead, no equipment; the third
    missed turn in a row retires the jet (a turn flown for a Traumatorpedo's shooter does not
    count against the victim)."""
    if jet["controller"] is None and counted:
        jet["missed_in_row"] += 1
        events.append({"type": "missed", "jet": jet["id"], "in_row": jet["missed_in_row"]})
        if jet["missed_in_row"] >= MISSED_LIMIT:
            _retire(state, jet)
            events.append({"type": "retired", "jet": jet["id"]})
            return
    lift = jet["lift"] if jet["lift"] in open_lifts(jet) else 1
    turn = Turn(state, jet, events, {"lift": lift})
    try:
        _fly(turn, jet, lift, lift, (0.0, 0.0), [])
    except Blocked as blocked:
        events.append({"type": "blocked", "jet": jet["id"], "cause": "flight", "why": blocked.why})
    _set_lift(jet, lift, events)
    _end_of_turn(turn, None)


def _flight_turn(
    state: dict[str, Any], jet: dict[str, Any], order: dict[str, Any], events: list[Any]
) -> None:
    turn = Turn(state, jet, events, order)
    if turn.controlled and (order["boost"] or order["before"] or order["after"]):
        raise EngineError(
            "the jet's pilot is out of action (Traumatorpedo): lift, hinges and slips only",
            code="controlled_flight_only",
        )
    for chip in turn.ram_chips:
        card_for(turn, jet, chip, "order.ram_chips")
    lift, boost = order["lift"], order["boost"]
    if boost:
        card = card_for(turn, jet, boost, "order.boost")
        problem = why_not(turn, jet, card, "flight")
        if problem:
            raise EngineError(
                f"order.boost: {jet['id']} cannot use {boost} now ({problem})",
                code="cannot_use",
                jet=jet["id"],
                kind=boost,
                why=problem,
                where="order.boost",
            )
        if lift not in boost_lifts(jet, boost):
            raise EngineError(
                f"order.lift: {boost} allows lift {boost_lifts(jet, boost)}, not {lift}",
                code="boost_lift",
                kind=boost,
                lifts=boost_lifts(jet, boost),
                lift=lift,
            )
        turn.used.add(boost)
        turn.boost_card = card["id"]
        jet["energy"] -= KINDS[boost].cost
        events.append(
            {
                "type": "used",
                "jet": jet["id"],
                "card": card["id"],
                "kind": boost,
                "phase": "flight",
                "cost": KINDS[boost].cost,
                "energy": jet["energy"],
            }
        )
    elif lift not in open_lifts(jet):
        raise EngineError(
            f"order.lift must be one of {open_lifts(jet)}, not {lift}",
            code="lift_not_open",
            lifts=open_lifts(jet),
            lift=lift,
        )
    for raw in order["before"]:
        use(turn, jet, raw, "before")
    flights = [(order["hinge"], order["slips"])]
    if boost == "hyper_booster":
        flights.append((order["hyper"]["hinge"], order["hyper"]["slips"]))
    for number, (hinge, slips) in enumerate(flights):
        if jet["status"] != "racing":
            break
        try:
            _fly(turn, jet, lift, turn.flight_lift, hinge, slips)
        except Blocked as blocked:
            if number:  # the Hyper Booster's second flight
                raise EngineError(
                    f"order.hyper: {blocked}",
                    code=blocked.code,
                    during="hyper_booster",
                    **blocked.params,
                ) from None
            raise EngineError(f"order: {blocked}", code=blocked.code, **blocked.params) from None
    for raw in order["after"]:
        use(turn, jet, raw, "after")
    if boost and KINDS[boost].chips_after_use:
        chips = KINDS[boost].chips_after_use
        place_chips(jet, chips, [turn.boost_card] * chips, events, by=jet["id"])
    _set_lift(jet, lift, events)
    jet["missed_in_row"] = 0
    _end_of_turn(turn, order["remove_chip"])


def _fly(
    turn: Turn,
    jet: dict[str, Any],
    indicator: int,
    flight_lift: int,
    hinge: tuple[float, float],
    slips: list[Any],
) -> None:
    if flight_lift == 0:
        if hinge[0] or hinge[1] or slips:
            raise Blocked("hinge", "no turning at Lift 0", code="lift0_turn")
        return
    flown = plan(
        turn.state, jet, jet["heading"], ruler(flight_lift), LIMITS[flight_lift], hinge, list(slips)
    )
    if len(flown.slips) > jet["energy"]:
        raise Blocked(
            "energy",
            f"no energy to slip over {flown.slips[0]['blocker']}: choose a course without contact",
            code="slip_energy",
            jet=flown.slips[0]["blocker"],
        )
    apply(turn.state, jet, flown, turn.events, turn.ram_chips, "flight")
    turn.ruler_direction = flown.direction


def _set_lift(jet: dict[str, Any], lift: int, events: list[Any]) -> None:
    jet["lift"] = lift
    jet["lift0_turns"] = jet["lift0_turns"] + 1 if lift == 0 else 0
    events.append({"type": "lift", "jet": jet["id"], "lift": lift})


def _end_of_turn(turn: Turn, remove_chip: int | None) -> None:
    """The last action of a turn: one damage chip off (the chosen card, else the first card
    with chips); a Traumatorpedo's control ends with the turn it took."""
    jet = turn.jet
    card: dict[str, Any] | None
    if remove_chip is not None:
        card = card_for(turn, jet, remove_chip, "order.remove_chip")
        if not card["chips"]:
            raise EngineError(
                f"order.remove_chip: card {remove_chip} has no damage chip",
                code="no_chip",
                card=remove_chip,
                kind=card["kind"],
            )
    else:
        card = next((c for c in jet["equipment"] if c["chips"]), None)
    if card is not None:
        card["chips"] -= 1
        turn.events.append(
            {"type": "chip_removed", "jet": jet["id"], "card": card["id"], "chips": card["chips"]}
        )
    jet["controller"], jet["sealed_flight"] = None, None


def _station(
    state: dict[str, Any], jet: dict[str, Any], order: dict[str, Any], events: list[Any]
) -> None:
    """The cracks' equipment station: the jet stands in a stasis field this turn and swaps
    cards with the supply, each card worth 3 energy either way; at most 7 cards."""
    number = state["course"]["station"]
    if number is None:
        raise EngineError(
            "order.station: there is no equipment station in this race", code="no_station"
        )
    if jet["controller"] is not None:
        raise EngineError(
            "order.station: the jet's pilot is out of action (Traumatorpedo)",
            code="station_controlled",
        )
    buoys = state["course"]["gates"][number - 1]["buoys"]
    if not any(within_lift(position(jet), tuple(b), STATION_REACH, 7.5) for b in buoys):
        raise EngineError(
            f"order.station: no buoy of gate {number} within Lift {STATION_REACH}",
            code="station_out_of_reach",
            gate=number,
            lift=STATION_REACH,
        )
    returned, taken = order["station"]["return"], order["station"]["take"]
    held = {c["id"]: c for c in jet["equipment"]}
    if len(set(returned)) != len(returned) or any(c not in held for c in returned):
        raise EngineError(
            "order.station.return: cards the jet holds, each once", code="station_return"
        )
    jet["equipment"] = [c for c in jet["equipment"] if c["id"] not in returned]
    state["supply"] += [{"id": c, "kind": held[c]["kind"]} for c in returned]
    state["supply"].sort(key=lambda c: c["id"])
    got = []
    for kind in taken:
        card = next((c for c in state["supply"] if c["kind"] == kind), None)
        if card is None:
            raise EngineError(
                f"order.station.take: no {kind} left in the supply", code="supply_empty", kind=kind
            )
        state["supply"].remove(card)
        jet["equipment"].append({"id": card["id"], "kind": kind, "chips": 0})
        got.append(card["id"])
    if len(jet["equipment"]) > MAX_CARDS:
        raise EngineError(
            f"order.station: at most {MAX_CARDS} cards on board",
            code="too_many_cards",
            most=MAX_CARDS,
        )
    cost = STATION_ENERGY * (len(taken) - len(returned))
    if cost > jet["energy"]:
        raise EngineError(
            "order.station: not enough energy for the cards taken",
            code="station_energy",
            cost=cost,
            energy=jet["energy"],
        )
    jet["energy"] -= cost
    jet["missed_in_row"] = 0
    events.append(
        {
            "type": "station",
            "jet": jet["id"],
            "returned": returned,
            "taken": got,
            "energy": jet["energy"],
        }
    )
    _end_of_turn(Turn(state, jet, events, None), order["remove_chip"])


# --- the referee ------------------------------------------------------------------------------


def retire(state: dict[str, Any], jet_id: object) -> tuple[dict[str, Any], list[Any]]:
    """The referee takes a jet out of the race, in the draft or the race: it retires at once
    (no place), and if it was on turn the next jet is. Played on a copy of a loaded state."""
    if state["phase"] == "over":
        raise EngineError("the race is over", code="race_over")
    state = clone(state)
    jet = find(state, jet_id)
    if jet["status"] != "racing":
        raise EngineError(f"retire: {jet['id']} is not racing", code="not_racing", jet=jet["id"])
    _retire(state, jet)
    events = [{"type": "retired", "jet": jet["id"], "why": "referee"}]
    turn = state["turn"]
    if jet["id"] in turn["queue"]:
        turn["queue"].remove(jet["id"])
    if not any(j["status"] == "racing" for j in state["jets"]):
        state["draft"] = None
        _over(state, events)
    elif state["phase"] == "draft":
        if turn["jet"] == jet["id"]:
            state["draft"]["index"] += 1
            turn["number"] += 1
            next_pick(state, events)
    elif turn["jet"] == jet["id"]:
        advance(state, events)
    return state, events


def _retire(state: dict[str, Any], jet: dict[str, Any]) -> None:
    """Out of the race. In turn mode a Traumatorpedo's victim it controlled is its own pilot's
    again; in round mode the victim still flies the flight sealed with the shot."""
    jet["status"], jet["stasis"] = "retired", False
    jet["controller"], jet["sealed_flight"] = None, None
    if state["turn_order"] == "race":
        return
    for other in state["jets"]:
        if other["controller"] == jet["id"]:
            other["controller"], other["sealed_flight"] = None, None
            if state["turn"]["jet"] == other["id"]:
                state["turn"]["controller"] = None


# --- the draft ---------------------------------------------------------------------------------


def _draft_turn(
    state: dict[str, Any], order: dict[str, Any] | None
) -> tuple[dict[str, Any], list[Any]]:
    """One pick in snake order; a missed pick (or ``{"pick": null}``) passes."""
    draft = state["draft"]
    jet = find(state, draft["order"][draft["index"]])
    events = [
        {
            "type": "turn",
            "number": state["turn"]["number"],
            "round": 0,
            "jet": jet["id"],
            "controller": None,
            "how": "missed" if order is None else "order",
        }
    ]
    if order is not None and "pick" not in order:
        raise EngineError('the draft is on: order {"pick": kind or null}', code="draft_on")
    kind = order["pick"] if order else None
    if kind is None:
        events.append({"type": "passed", "jet": jet["id"]})
    else:
        if kind not in pickable(state, jet):
            raise EngineError(
                f"order.pick: {jet['id']} may not take a {kind} now",
                code="pick_not_offered",
                jet=jet["id"],
                kind=kind,
            )
        card = next(c for c in state["supply"] if c["kind"] == kind)
        state["supply"].remove(card)
        jet["equipment"].append({"id": card["id"], "kind": kind, "chips": 0})
        events.append({"type": "picked", "jet": jet["id"], "kind": kind, "card": card["id"]})
    draft["index"] += 1
    state["turn"]["number"] += 1
    next_pick(state, events)
    return state, events


def pickable(state: dict[str, Any], jet: dict[str, Any]) -> list[str]:
    held = [c["kind"] for c in jet["equipment"]]
    kinds = []
    for card in state["supply"]:
        if card["kind"] not in kinds and may_take(state["level"], held, card["kind"]):
            kinds.append(card["kind"])
    return kinds


def next_pick(state: dict[str, Any], events: list[Any]) -> None:
    """Skip picks that cannot be made; when the draft is done the race begins, seat 0 first."""
    draft = state["draft"]
    while draft["index"] < len(draft["order"]):
        jet = find(state, draft["order"][draft["index"]])
        if jet["status"] == "racing" and pickable(state, jet):
            state["turn"].update(jet=jet["id"], seat=jet["seat"], controller=None)
            return
        draft["index"] += 1
    state["phase"], state["draft"] = "race", None
    start_race(state)
    events.append({"type": "race_started", "jet": state["turn"]["jet"]})


def start_race(state: dict[str, Any]) -> None:
    """The first round: seat 0 first, or the race order's leader in round mode. The race's
    turns count from 1 (the draft's picks counted apart)."""
    order = (
        race_order(state)
        if state["turn_order"] == "race"
        else [next(j["id"] for j in state["jets"] if j["status"] == "racing")]
    )
    first = find(state, order[0])
    state["turn"].update(
        number=1,
        round=1,
        jet=first["id"],
        seat=first["seat"],
        controller=None,
        queue=order[1:] if state["turn_order"] == "race" else [],
    )


# --- the next jet ------------------------------------------------------------------------------


def progress(state: dict[str, Any], jet: dict[str, Any]) -> int:
    """Gates passed in the race so far (the start counts as one)."""
    if jet["status"] == "finished":
        return 1000
    if not jet["started"]:
        return 0
    gates = len(state["course"]["gates"])
    done = jet["next_gate"] - 1 if jet["next_gate"] > 1 else gates
    laps: int = jet["laps"]
    return 1 + laps * gates + done


def race_order(state: dict[str, Any]) -> list[str]:
    """The racing jets by race position, leader first: gates passed, then the distance to the
    next gate's centre, then the seat."""
    gates = state["course"]["gates"]

    def position_key(jet: dict[str, Any]) -> tuple[float, float, int]:
        g = gates[jet["next_gate"] - 1]
        return (
            -progress(state, jet),
            distance((jet["x"], jet["y"]), (g["x"], g["y"])),
            jet["seat"],
        )

    return [
        j["id"]
        for j in sorted((j for j in state["jets"] if j["status"] == "racing"), key=position_key)
    ]


def advance(state: dict[str, Any], events: list[Any]) -> None:
    """The next racing jet: in seat order, or (``turn_order`` "race", the referee's round mode)
    in race order fixed at the start of each round. A jet in a stasis field loses that turn.
    With no jet racing the race is over."""
    turn = state["turn"]
    if not any(j["status"] == "racing" for j in state["jets"]):
        _over(state, events)
        return
    for jet in _following(state):
        if jet["status"] != "racing":
            continue
        if jet["stasis"]:
            jet["stasis"] = False
            events.append({"type": "skipped", "jet": jet["id"], "why": "stasis"})
            continue
        turn.update(
            number=turn["number"] + 1, seat=jet["seat"], jet=jet["id"], controller=jet["controller"]
        )
        events.append(
            {
                "type": "next",
                "jet": jet["id"],
                "controller": jet["controller"],
                "number": turn["number"],
                "round": turn["round"],
            }
        )
        return
    raise AssertionError("a racing jet always follows within two rounds")


def _following(state: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The jets to come, round after round (at most two more rounds), counting the rounds."""
    turn, jets = state["turn"], state["jets"]
    if state["turn_order"] == "race":
        for _ in range(3):
            while turn["queue"]:
                yield find(state, turn["queue"].pop(0))
            turn["round"] += 1
            turn["queue"] = race_order(state)
        return
    index = next(i for i, j in enumerate(jets) if j["id"] == turn["jet"])
    for _ in range(2 * len(jets) + 1):
        index += 1
        if index >= len(jets):
            index = 0
            turn["round"] += 1
        yield jets[index]


def _over(state: dict[str, Any], events: list[Any]) -> None:
    state["phase"] = "over"
    state["turn"].update(seat=None, jet=None, controller=None)
    for jet in state["jets"]:
        jet["controller"], jet["sealed_flight"], jet["stasis"] = None, None, False
    events.append(
        {
            "type": "over",
            "winner": state["winner"],
            "places": [
                j["id"]
                for j in sorted(
                    (j for j in state["jets"] if j["place"] is not None), key=lambda j: j["place"]
                )
            ],
        }
    )
