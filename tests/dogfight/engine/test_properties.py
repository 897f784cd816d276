"""Property tests over random legal games: determinism and the invariants of the rules.

A game is drawn as settings plus a seed; each round every pilot still in the game picks random
maneuvers from ``legal_maneuvers`` and random legal fire (some pilots miss a round, now and then
the referee fixes the wind or removes a pilot), and the round is resolved.
"""

from __future__ import annotations

import json
from collections import Counter
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dogfight.engine import (
    Settings,
    career,
    legal_maneuvers,
    new_game,
    resolve_round,
    validate_orders,
)
from dogfight.engine.api import resolve_job, resolve_stored
from dogfight.engine.board import CORNERS
from dogfight.engine.hexgrid import BOARD_SET
from dogfight.engine.maneuvers import plan_round, route
from dogfight.engine.resolve import UNSET
from dogfight.engine.state import State
from dogfight.engine.weather import draw_wind

pytestmark = pytest.mark.slow  # property tests: many generated rounds each

FULL_BALLOONS = (0, 1, 6, 7, 12, 13)


@st.composite
def games(draw):
    duel = draw(st.booleans())
    game_settings = Settings(
        windless=draw(st.booleans()),
        legacy_weather=draw(st.booleans()),
        balloon_rule=draw(st.sampled_from(["none", "normal", "through"])),
        scoring=draw(st.sampled_from(["hits", "damage"])),
        scored=draw(st.booleans()),
        duel=duel,
    )
    seats = (0, 3) if duel else range(6)
    balloons = draw(st.integers(0, 5) if duel else st.sampled_from(FULL_BALLOONS))
    if game_settings.balloon_rule == "none":
        balloons = 0
    pilots = [
        {
            "seat": s,
            "career_points": draw(st.sampled_from([0, 19, 20, 40, 60, 80, 130])),
            "rank": draw(st.integers(0, 6)),
        }
        for s in seats
    ]
    state = new_game(
        draw(st.integers(0, 2**32)),
        game_settings,
        balloons=balloons,
        clouds=draw(st.integers(0, 12)),
        pilots=pilots,
    )
    if draw(st.booleans()):  # a mid-game melee: everyone already flying near the centre
        taken = {b.hex for b in state.balloons}
        spots = [
            h for h in BOARD_SET if max(map(abs, (h[0], h[1], h[0] + h[1]))) <= 3 and h not in taken
        ]
        for plane in state.planes:
            plane.status = "air"
            plane.hex = draw(st.sampled_from(sorted(spots)))
            plane.facing = draw(st.integers(0, 5))
            plane.damage = draw(st.integers(0, career.out_at(plane.rank) - 1))
            plane.ammo = draw(st.integers(0, career.ammo_capacity(plane.rank)))
    return state, draw(st.integers(0, 2**32)), draw(st.integers(2, 10))


def random_orders(state, rng):
    """Legal orders for some of the pilots still in the game (the others miss the round)."""
    orders = {}
    for plane in state.planes:
        if plane.status == "out" or rng.random() < 0.1:
            continue
        chosen = []
        for _ in range(3):
            options = legal_maneuvers(plane, chosen)
            safe = [c for c in options if route(plane, chosen + [c])[-1][0] in BOARD_SET]
            chosen.append(rng.choice(safe if safe and rng.random() < 0.9 else options))
        budget = min(plane.ammo, career.bursts_per_round(plane.rank))
        moves = []
        for n, code in enumerate(chosen, start=1):
            fire = []
            if plan_round(plane, chosen[:n]).plane.status == "air":
                fire = [d for d in rng.sample("ALR", 3) if rng.random() < 0.3][:budget]
            budget -= len(fire)
            through = bool(fire) and state.settings.balloon_rule == "through" and rng.random() < 0.5
            moves.append({"maneuver": code, "fire": fire, "through": through})
        orders[plane.seat] = validate_orders(plane, state.settings, moves)
    return orders


def referee(state, rng):
    wind = UNSET
    if rng.random() < 0.1:
        wind = rng.choice([None, 0, 1, 2, 3, 4, 5])
    alive = [p.seat for p in state.planes if p.status != "out"]
    remove = frozenset([rng.choice(alive)]) if rng.random() < 0.03 else frozenset()
    return wind, remove


def play(state, seed, rounds):
    """Yield ``(state before, orders, round seed, wind, remove, state after, events)``."""
    rng = Random(seed)
    for _ in range(rounds):
        if state.over:
            return
        orders = random_orders(state, rng)
        wind, remove = referee(state, rng)
        round_seed = rng.randrange(2**32)
        after, events = resolve_round(state, orders, round_seed, wind=wind, remove=remove)
        yield state, orders, round_seed, wind, remove, after, events
        state = after


PROPERTY = settings(max_examples=60, deadline=None)


@PROPERTY
@given(games())
def test_the_same_state_orders_and_seed_always_give_the_same_round(game):
    state, seed, rounds = game
    for before, orders, round_seed, wind, remove, after, events in play(state, seed, rounds):
        again, again_events = resolve_round(before, orders, round_seed, wind=wind, remove=remove)
        assert again.to_dict() == after.to_dict()
        assert again_events == events


@PROPERTY
@given(games())
def test_resolving_never_changes_the_state_it_was_given(game):
    state, seed, rounds = game
    for before, orders, round_seed, wind, remove, after, events in play(state, seed, rounds):
        snapshot = before.to_dict()
        resolve_round(before, orders, round_seed, wind=wind, remove=remove)
        assert before.to_dict() == snapshot
        assert after is not before


@PROPERTY
@given(games())
def test_damage_ammunition_and_bursts_stay_within_their_bounds(game):
    state, seed, rounds = game
    for before, orders, _, _, _, after, events in play(state, seed, rounds):
        for p in after.planes:
            assert 0 <= p.damage <= career.out_at(p.rank)
            if p.status != "out":
                assert p.damage < career.out_at(p.rank)
            assert 0 <= p.ammo <= career.ammo_capacity(p.rank)
            assert 0 <= p.repairs_used <= career.REPAIR_CAP
        bursts = Counter(e["seat"] for e in events if e["type"] == "burst")
        for seat, count in bursts.items():
            plane = before.plane(seat)
            assert count <= career.bursts_per_round(plane.rank)
            assert count <= plane.ammo
        per_move = Counter(
            (e["seat"], e["move"], e["direction"]) for e in events if e["type"] == "burst"
        )
        assert all(n == 1 for n in per_move.values())  # two bursts in a move: two directions


@PROPERTY
@given(games())
def test_planes_that_were_out_before_the_round_never_act(game):
    state, seed, rounds = game
    for before, _, _, _, _, after, events in play(state, seed, rounds):
        out = {p.seat for p in before.planes if p.status == "out"}
        acting = {
            e.get("seat")
            for e in events
            if e["type"] in ("moved", "burst", "took_off", "landed", "missed")
        }
        assert not out & acting
        assert not out & {e["shooter"] for e in events if e["type"] in ("hit", "balloon_hit")}
        assert all(after.plane(s).status == "out" for s in out)


@PROPERTY
@given(games())
def test_no_plane_is_ever_in_two_places(game):
    state, seed, rounds = game
    for before, _, _, _, _, after, events in play(state, seed, rounds):
        assert len({p.seat for p in after.planes}) == len(after.planes)
        moved = Counter((e["seat"], e["move"]) for e in events if e["type"] == "moved")
        assert all(n == 1 for n in moved.values())
        last = {}
        for e in events:
            if e["type"] == "moved":
                last[e["seat"]] = (e["q"], e["r"], e["facing"])
        for p in after.planes:
            if p.status != "out" and p.seat in last:
                assert (p.hex[0], p.hex[1], p.facing) == last[p.seat]
            if p.status == "ground":
                assert p.hex == CORNERS[p.seat]
            if p.status == "air":
                assert p.hex in BOARD_SET


@PROPERTY
@given(games())
def test_balloons_hold_less_than_twelve_damage_while_they_stand(game):
    state, seed, rounds = game
    for before, _, _, _, _, after, events in play(state, seed, rounds):
        assert all(0 <= b.damage < 12 for b in after.balloons)
        destroyed = len([e for e in events if e["type"] == "balloon_destroyed"])
        assert len(after.balloons) == len(before.balloons) - destroyed
        assert after.clouds <= BOARD_SET


@PROPERTY
@given(games())
def test_the_round_counter_weather_and_the_end_of_the_game_agree(game):
    state, seed, rounds = game
    for before, _, _, wind, _, after, events in play(state, seed, rounds):
        assert after.round == before.round + 1
        (weather,) = [e for e in events if e["type"] == "weather"]
        assert after.wind == weather["wind"]
        if before.settings.windless:
            assert after.wind is None and after.clouds == before.clouds
        elif wind is not UNSET:
            assert after.wind == wind
        elif before.round == 1 and not before.settings.legacy_weather:
            assert after.wind is None
        if before.settings.legacy_weather and not before.settings.windless and wind is UNSET:
            assert after.wind is not None
        alive = [p for p in after.planes if p.status != "out"]
        assert after.over == (len(alive) <= 1)
        if after.over:
            assert after.winner == (alive[0].seat if alive else None)
        if not before.settings.counts_points:
            assert all(p.points == 0 for p in after.planes) and after.pot == 0


def test_the_long_run_share_of_calm_rounds_is_one_in_thirteen():
    rng = Random(20240613)
    wind, calm, rounds = None, 0, 200_000
    for round_no in range(1, rounds + 1):
        wind = draw_wind(Settings(), round_no, wind, rng)
        calm += wind is None
    assert abs(calm / rounds - 1 / 13) < 0.005


def test_random_orders_are_legal_and_validation_refuses_nothing_they_produce():
    # the strategy itself: every order it makes passes validation (else the properties lie)
    rng = Random(3)
    state = new_game(3, Settings(balloon_rule="through"), balloons=7)
    for _ in range(6):
        orders = random_orders(state, rng)
        assert orders
        state, _ = resolve_round(state, orders, rng.randrange(100))
        if state.over:
            break


@PROPERTY
@given(games())
def test_the_sites_stored_path_resolves_exactly_as_the_checked_json_face(game):
    """``resolve_stored`` (no second check of the site's own records) and ``resolve_job`` (every
    input checked) give the same round, and a snapshot reads back as the state it was."""
    for before, orders, seed, wind, remove, _, _ in play(*game):
        snapshot = json.loads(json.dumps(before.to_dict()))
        assert State.from_snapshot(snapshot).to_dict() == State.from_dict(snapshot).to_dict()
        stored = {seat: [move.to_dict() for move in moves] for seat, moves in orders.items()}
        face_wind = None if wind is UNSET else ("calm" if wind is None else wind)
        job = {
            "state": snapshot,
            "seed": seed,
            "remove": sorted(remove),
            "orders": {str(seat): moves for seat, moves in stored.items()},
        }
        if face_wind is not None:
            job["wind"] = face_wind
        assert resolve_stored(
            snapshot, stored, seed, wind=face_wind, remove=sorted(remove)
        ) == json.loads(json.dumps(resolve_job(job)))
