"""A game of Joyride: setup, the live check of a plan, the lock-step run, the gadget picks.

Every function is pure: the same state and input give the same answer, and the state given is
never changed (a new one is returned). States may be given as ``State`` or as its JSON dict.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable
from random import Random
from typing import Any

from games.enginekit import EngineError, as_int, as_list

from .cards import catalogue_data, hard_cards, standard_cards
from .geometry import (
    CHAINS,
    SHAPES,
    TILES_PER_SHAPE,
    Cell,
    Placement,
    first_placements,
    placements_touching,
)
from .route import Runner
from .scoring import score
from .state import Plan, State, parse_hard, parse_plan, per_seat
from .tables import (
    FREEZE_O_MATIC,
    GADGETS,
    INSTA_BALL,
    MISSIONS,
    MISSIONS_PER_ROUND,
    RATINGS,
    ROUNDS,
    SOLO_GADGETS_OFFERED,
    SOLO_TILES_PER_SHAPE,
    TILES_REMOVED,
    TURBO_BOOST,
    gadget_ids,
    mission_ids,
    rating_band,
)

# --- setup --------------------------------------------------------------------------------------


def new_game(players: int, seed: int = 0, hard: list[list[int]] | None = None) -> State:
    """A game for 1-4 players (1: the solo variant), ready for round 1's run. ``hard[seat]``
    names the hard cards (1 and/or 4) that replace that seat's standard ones."""
    players = as_int(players, "players", 1, 4)
    seed = as_int(seed, "seed")
    hard = [
        parse_hard(h, f"hard[{i}]")
        for i, h in enumerate(per_seat(players)([[]] * players if hard is None else hard, "hard"))
    ]
    rng = Random(seed)
    solo = players == 1
    pool = _first_pool(players, rng)
    missions = mission_ids(solo)
    rng.shuffle(missions)
    gadgets = gadget_ids(solo)
    rng.shuffle(gadgets)
    return State(
        players=players,
        seed=seed,
        hard=hard,
        round=1,
        phase="run",
        labs=_deal(hard, rng),
        pool=dict(pool),
        game_pool=dict(pool),
        missions={
            "deck": missions[MISSIONS_PER_ROUND:],
            "revealed": missions[:MISSIONS_PER_ROUND],
            "discard": [],
        },
        gadgets={
            "deck": gadgets,
            "revealed": [],
            "discard": [],
            "owned": [[] for _ in range(players)],
        },
        scores=[[] for _ in range(players)],
        reach=[[] for _ in range(players)],
    )


def _first_pool(players: int, rng: Random) -> dict[str, int]:
    if players == 1:
        return dict.fromkeys(SHAPES, SOLO_TILES_PER_SHAPE)
    tiles = [shape for shape in SHAPES for _ in range(TILES_PER_SHAPE)]
    rng.shuffle(tiles)
    kept = Counter(tiles[TILES_REMOVED[players] :])
    return {shape: kept[shape] for shape in SHAPES}


def _deal(hard: list[list[int]], rng: Random) -> list[list[tuple[str, str]]]:
    """A random card of each number for each seat (hard where asked), random sides."""
    labs: list[list[tuple[str, str]]] = [[] for _ in hard]
    for number in range(1, 5):
        piles = {
            False: standard_cards(number),
            True: hard_cards(number) if number in (1, 4) else [],
        }
        for pile in piles.values():
            rng.shuffle(pile)
        for seat, wanted in enumerate(hard):
            labs[seat].append((piles[number in wanted].pop(), rng.choice("ab")))
    return labs


def catalogue() -> dict[str, Any]:
    """The lab cards (cells of coins, scientists and obstacles per side, in the sector's own
    columns 0-8), the shapes (chains, terminals at the ends), missions, gadgets, ratings."""
    return {
        "cards": copy.deepcopy(catalogue_data()["cards"]),  # the cached data stays whole
        "shapes": {shape: [list(cell) for cell in chain] for shape, chain in CHAINS.items()},
        "missions": [m.to_dict() for m in MISSIONS.values()],
        "gadgets": [g.to_dict() for g in GADGETS.values()],
        "ratings": [list(band) for band in RATINGS],
    }


# --- the live check -----------------------------------------------------------------------------


def _seat(state: State, seat: object) -> int:
    return as_int(seat, "seat", 0, state.players - 1)


def _lay(state: State, seat: int, plan: Plan) -> tuple[Runner, list[dict[str, Any]]]:
    """The plan's tiles laid in turn up to the escape, uncontested; and their warnings."""
    runner = Runner(state.lab(seat), state.owned(seat))
    warnings = []
    for index, placement in enumerate(plan.tiles):
        if runner.escaped:
            warnings.append({"tile": index, "rule": "after_escape"})
            continue
        laid = runner.place(placement, index)
        warnings += [{"tile": index, "rule": rule} for rule in laid.rules]
    return runner, warnings


def _next_tiles(runner: Runner) -> dict[str, list[list[list[int]]]]:
    """Per shape, every placement the next tile may take breaking no rule (cells from entry to
    exit); none once the run has escaped."""
    found: dict[str, list[list[list[int]]]] = {}
    for shape in SHAPES:
        candidates: Iterable[Placement]
        if runner.escaped:
            candidates = ()
        elif runner.laid:
            assert runner.free_end is not None  # a laid tile leaves one
            candidates = placements_touching(runner.free_end, shape)
        else:
            candidates = first_placements(shape)
        seen: set[tuple[Cell, ...]] = set()
        for placement in candidates:
            cells, rules = runner.judge(placement)
            if not rules:
                seen.add(cells)
        found[shape] = [[list(cell) for cell in cells] for cells in sorted(seen)]
    return found


def check(
    state: State | dict[str, Any],
    seat: int,
    plan: dict[str, Any] | None,
    *,
    next_tiles: bool = False,
) -> dict[str, Any]:
    """The uncontested score of a plan: every tile placed in turn (no shortage, nobody else
    ends the run), the player's own escape ending it; warnings name each tile and the rule it
    breaks (``after_escape``: a tile after the escape, never placed, costs nothing). With
    ``next_tiles``, ``next`` lists where the next tile may go (before the Insta-Ball's)."""
    state = State.coerce(state)
    seat = _seat(state, seat)
    owned = state.owned(seat)
    parsed = parse_plan(plan, "plan", owned)
    runner, warnings = _lay(state, seat, parsed)
    following = _next_tiles(runner) if next_tiles else None
    unused, _ = _place_insta_ball(runner, list(enumerate(parsed.insta_ball)), seat)
    warnings += unused
    # what the run draws: the tiles up to the escape, and the Insta-Ball's before step 1
    needed = Counter(
        [t.shape for t in runner.laid if not t.insta] + [p.shape for p in parsed.insta_ball]
    )
    answer = score(state.lab(seat), runner.laid, owned, state.missions["revealed"])
    return {
        "seat": seat,
        "tiles": [t.to_dict() for t in runner.laid if not t.insta],
        "insta_ball": [t.to_dict() for t in runner.laid if t.insta],
        "free_end": list(runner.free_end) if runner.free_end else None,
        "warnings": warnings,
        **answer,
        "pool": {
            "needed": {s: needed[s] for s in SHAPES},
            "available": dict(state.pool),
            "short": {s: needed[s] - state.pool[s] for s in SHAPES if needed[s] > state.pool[s]},
        },
        **({"next": following} if next_tiles else {}),
    }


def validate_plan(
    state: State | dict[str, Any], seat: int, plan: dict[str, Any] | None
) -> dict[str, Any]:
    """The plan as the engine reads it (``Plan.to_dict``), for storing: an ``EngineError``
    names what is wrong with a malformed plan, and with one that needs more tiles of a shape
    than the pool of this run holds (it could never be laid whole)."""
    answer = check(state, seat, plan)
    for shape, missing in answer["pool"]["short"].items():
        held = answer["pool"]["available"][shape]
        raise EngineError(
            f"the plan needs {held + missing} of shape {shape}; the pool holds {held}",
            code="pool_short",
            shape=shape,
            needed=held + missing,
            held=held,
        )
    state = State.coerce(state)
    return parse_plan(plan, "plan", state.owned(answer["seat"])).to_dict()


def _place_insta_ball(
    runner: Runner, grabbed: list[tuple[int, Placement]], seat: int
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """After the run: each grabbed tile placed only if it breaks no rule from the free end, on
    a route that has neither escaped nor broken (after a broken tile the free end is a tile
    that collects nothing). Answers the warnings for the tiles left unplaced, and the events."""
    warnings: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    for index, placement in grabbed:
        rules = (
            ("after_escape",)
            if runner.escaped
            else ("broken_route",)
            if runner.broken
            else runner.judge(placement)[1]
        )
        if rules:
            warnings += [{"insta": index, "rule": rule} for rule in rules]
            events.append(
                {
                    "step": None,
                    "type": "insta_unused",
                    "seat": seat,
                    "index": index,
                    "shape": placement.shape,
                    "rules": list(rules),
                }
            )
        else:
            laid = runner.place(placement, index, insta=True)
            events.append(
                {
                    "step": None,
                    "type": "placed",
                    "seat": seat,
                    "index": index,
                    "shape": laid.shape,
                    "cells": [list(c) for c in laid.cells],
                    "rules": [],
                    "gadget": INSTA_BALL,
                }
            )
    return warnings, events


# --- the lock-step run --------------------------------------------------------------------------


class _LockStep:
    """Every seat's plan replayed together: at each step every running seat takes its next
    planned tile from the shared pool; a shape in short supply goes to the seats with fewer
    coins first (ties in the round's rotating order); a seat refused its tile stops."""

    def __init__(self, state: State, plans: list[Plan]) -> None:
        self.state, self.plans = state, plans
        seats = range(state.players)
        self.runners = [Runner(state.lab(s), state.owned(s)) for s in seats]
        self.pool = dict(state.pool)
        self.next = [0] * state.players
        self.stops: list[dict[str, Any] | None] = [None] * state.players
        self.grabbed: list[list[Any]] = [[] for _ in seats]
        self.events: list[dict[str, Any]] = []
        self.tie = state.ties()

    def running(self) -> list[int]:
        return [s for s in range(self.state.players) if self.stops[s] is None]

    def ranked(self, seats: Iterable[int]) -> list[int]:
        return sorted(seats, key=lambda s: (self.runners[s].coins, self.tie.index(s)))

    def stop(self, seat: int, step: int, reason: str) -> None:
        self.stops[seat] = {"step": step, "reason": reason}
        self.events.append({"step": step, "type": "stopped", "seat": seat, "reason": reason})

    def draw(self, seats: list[int], step: int, gadget: str | None = None) -> None:
        """Each of ``seats`` takes its next planned tile at once."""
        wanted = {}
        for seat in seats:
            plan = self.plans[seat]
            if self.next[seat] >= len(plan.tiles):
                self.stop(seat, step, "pass" if plan.passed else "done")
            else:
                wanted[seat] = plan.tiles[self.next[seat]]
        order = self.ranked(wanted)
        for shape in SHAPES:
            asking = [s for s in order if wanted[s].shape == shape]
            if len(asking) > self.pool[shape]:
                self.events.append(
                    {
                        "step": step,
                        "type": "shortage",
                        "shape": shape,
                        "wanted": asking,
                        "given": asking[: self.pool[shape]],
                    }
                )
        for seat in order:
            placement = wanted[seat]
            if not self.pool[placement.shape]:
                self.events.append(
                    {
                        "step": step,
                        "type": "refused",
                        "seat": seat,
                        "index": self.next[seat],
                        "shape": placement.shape,
                    }
                )
                self.stop(seat, step, "refused")
                continue
            self.pool[placement.shape] -= 1
            laid = self.runners[seat].place(placement, self.next[seat], step)
            self.next[seat] += 1
            self.events.append(
                {
                    "step": step,
                    "type": "placed",
                    "seat": seat,
                    "index": laid.index,
                    "shape": laid.shape,
                    "cells": [list(c) for c in laid.cells],
                    "rules": list(laid.rules),
                    "gadget": gadget,
                }
            )
            if laid.escapes:
                self.events.append({"step": step, "type": "escaped", "seat": seat})
                self.stop(seat, step, "escaped")

    def before_step_one(self) -> None:
        """Insta-Ball grabs and Turbo Boost tiles, seat by seat in priority order."""
        for seat in self.ranked(range(self.state.players)):
            owned = self.state.owned(seat)
            if INSTA_BALL in owned:
                for index, placement in enumerate(self.plans[seat].insta_ball):
                    taken = self.pool[placement.shape] > 0
                    if taken:
                        self.pool[placement.shape] -= 1
                        self.grabbed[seat].append((index, placement))
                    self.events.append(
                        {
                            "step": 0,
                            "type": "insta_grab" if taken else "insta_refused",
                            "seat": seat,
                            "index": index,
                            "shape": placement.shape,
                        }
                    )
            if TURBO_BOOST in owned:
                for _ in range(2):
                    if self.stops[seat] is None:
                        self.draw([seat], 0, TURBO_BOOST)

    def ended(self, step: int) -> str | None:
        if any(r.escaped for r in self.runners):
            return "escape"
        if not any(self.pool.values()):
            return "pool_empty"
        if not self.running():
            return "plans_done"
        return None

    def play(self) -> None:
        self.before_step_one()
        step, cause = 0, self.ended(0)
        while cause is None:
            step += 1
            if step == 1:
                for seat in self.running():
                    if FREEZE_O_MATIC in self.state.owned(seat):
                        self.draw([seat], 1, FREEZE_O_MATIC)
            self.draw(self.running(), step)
            cause = self.ended(step)
        for seat in self.running():
            plan = self.plans[seat]
            finished = self.next[seat] >= len(plan.tiles)
            self.stop(seat, step, ("pass" if plan.passed else "done") if finished else "run_over")
        self.events.append({"step": step, "type": "run_over", "cause": cause})
        for seat, runner in enumerate(self.runners):
            self.events += _place_insta_ball(runner, self.grabbed[seat], seat)[1]


def resolve_run(state: State | dict[str, Any], plans: list[Any]) -> tuple[State, dict[str, Any]]:
    """Round ``state.round``'s run from every seat's plan (``None``: no plan), then scoring.
    Answers the state in phase ``pick`` (``over`` after round 3) and the result:
    ``{events, seats: [{seat, stop, placed, score}]}``."""
    state = State.coerce(state)
    if state.phase != "run":
        raise EngineError(
            f"the game is in phase {state.phase}, not run",
            code="wrong_phase",
            phase=state.phase,
            wanted="run",
        )
    plans = as_list(plans, "plans")
    if len(plans) != state.players:
        raise EngineError(f"plans must hold one plan per seat ({state.players})", where="plans")
    parsed = [parse_plan(p, f"plans[{s}]", state.owned(s)) for s, p in enumerate(plans)]
    run = _LockStep(state, parsed)
    run.play()
    seats = []
    for seat, runner in enumerate(run.runners):
        scored = score(state.lab(seat), runner.laid, state.owned(seat), state.missions["revealed"])
        state.scores[seat].append(scored["total"])
        state.reach[seat].append(scored["reach"])
        seats.append(
            {
                "seat": seat,
                "stop": run.stops[seat],
                "placed": [t.to_dict() for t in runner.laid],
                "score": scored,
            }
        )
        run.events.append({"step": None, "type": "scored", "seat": seat, "total": scored["total"]})
    state.pool = dict(run.pool)  # what is left; a multiplayer pool fills again at cleanup
    if state.round < ROUNDS:
        _reveal_gadgets(state)
        state.phase = "pick"
    else:
        _finish(state)
    return state, {"events": run.events, "seats": seats}


def _reveal_gadgets(state: State) -> None:
    count = SOLO_GADGETS_OFFERED if state.solo else state.players
    deck = state.gadgets["deck"]
    state.gadgets["revealed"], state.gadgets["deck"] = deck[:count], deck[count:]


def standing(state: State) -> list[tuple[int, int]]:
    """Each seat's standing after the rounds played, the higher the better: its total, then
    the seed's tie-break, how far it went through the lab in the last run."""
    return [(sum(state.scores[s]), state.reach[s][-1]) for s in range(state.players)]


def _finish(state: State) -> None:
    state.phase = "over"
    standings = standing(state)
    best = max(standings)
    state.winners = [s for s in range(state.players) if standings[s] == best]
    if state.solo:
        state.rating = rating_band(standings[0][0])


# --- gadget picks and cleanup -------------------------------------------------------------------


def pick_order(state: State | dict[str, Any]) -> list[int]:
    """Seats in the order they pick: lowest score this round first; ties: furthest right in
    this run first, then the round's rotating seat order."""
    state = State.coerce(state) if isinstance(state, dict) else state
    tie = state.ties()
    return sorted(
        range(state.players), key=lambda s: (state.scores[s][-1], -state.reach[s][-1], tie.index(s))
    )


def resolve_picks(state: State | dict[str, Any], picks: list[Any]) -> tuple[State, dict[str, Any]]:
    """The sealed gadget picks (``picks[seat]``: revealed gadget ids by preference; ``None``
    or a short list: the first revealed one still there), then cleanup and the next round."""
    state = State.coerce(state)
    if state.phase != "pick":
        raise EngineError(
            f"the game is in phase {state.phase}, not pick",
            code="wrong_phase",
            phase=state.phase,
            wanted="pick",
        )
    rankings = _rankings(state, picks)
    offered = list(state.gadgets["revealed"])
    events = []
    for seat in pick_order(state):
        choice = next((g for g in rankings[seat] if g in offered), None)
        if not offered:
            break
        gadget = choice or offered[0]
        offered.remove(gadget)
        state.gadgets["owned"][seat].append(gadget)
        events.append(
            {"type": "picked", "seat": seat, "gadget": gadget, "ranked": choice is not None}
        )
    state.gadgets["discard"] += offered
    state.gadgets["revealed"] = []
    _cleanup(state)
    return state, {"events": events}


def _rankings(state: State, picks: object) -> list[list[str]]:
    picks = as_list(picks, "picks")
    if len(picks) != state.players:
        raise EngineError(f"picks must hold one ranking per seat ({state.players})", where="picks")
    rankings = []
    for seat, ranking in enumerate(picks):
        where = f"picks[{seat}]"
        ranking = [] if ranking is None else as_list(ranking, where)
        for i, gadget in enumerate(ranking):
            if gadget not in state.gadgets["revealed"]:
                refused = f"{where}[{i}] is not a gadget on offer ({gadget!r})"
                if not isinstance(gadget, str):
                    raise EngineError(refused, where=f"{where}[{i}]")
                raise EngineError(
                    refused,
                    code="not_on_offer",
                    where=f"{where}[{i}]",
                    gadget=gadget,
                    offered=list(state.gadgets["revealed"]),
                )
        if len(set(ranking)) != len(ranking):
            raise EngineError(f"{where} names a gadget twice", code="gadget_twice", where=where)
        rankings.append(ranking)
    return rankings


def _cleanup(state: State) -> None:
    missions = state.missions
    missions["discard"] += missions["revealed"]
    missions["revealed"] = missions["deck"][:MISSIONS_PER_ROUND]
    missions["deck"] = missions["deck"][MISSIONS_PER_ROUND:]
    if state.solo:
        state.labs = _deal(state.hard, Random(state.seed * 10 + state.round))
    elif state.players == 2 and state.round == 2:
        state.labs = [
            [(card, "b" if side == "a" else "a") for card, side in lab] for lab in state.labs
        ]
    else:
        state.labs = [state.labs[(seat - 1) % state.players] for seat in range(state.players)]
    if not state.solo:
        state.pool = dict(state.game_pool)
    state.round += 1
    state.phase = "run"
