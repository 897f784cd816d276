"""Computer pilots (``dogfight.engine.bots``): legal, deterministic, blind to others' orders,
and sensible where the right move is plain (a sure shot, the board edge, landing to repair)."""

from __future__ import annotations

import inspect
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dogfight.engine import Settings, bots, new_game, resolve_round, validate_orders
from dogfight.engine.bots import LEVELS, bot_orders
from dogfight.engine.hexgrid import BOARD, BOARD_SET
from dogfight.engine.maneuvers import legal_maneuvers, route
from dogfight.engine.state import State
from tests.dogfight.engine.helpers import find, orders, parked, plane, resolve, state

CAREERS = [(0, 0), (0, 0), (25, 0), (45, 1), (65, 2), (85, 4), (30, 5), (90, 6)]


def random_round(st_: State, rng: random.Random) -> dict:
    """Random legal orders for every plane still in: mostly staying on the board, some fire."""
    chosen = {}
    for p in st_.alive():
        codes: list[str] = []
        for _ in range(3):
            options = legal_maneuvers(p, codes)
            safe = [c for c in options if route(p, codes + [c])[-1][0] in BOARD_SET]
            codes.append(rng.choice(safe if safe and rng.random() < 0.9 else options))
        budget = min(3, p.ammo)
        moves = []
        for code, status in zip(codes, _statuses(p, codes)):
            fire = [d for d in "ALR" if budget and status == "air" and rng.random() < 0.2]
            fire = fire[:budget]
            budget -= len(fire)
            moves.append({"maneuver": code, "fire": fire})
        chosen[p.seat] = validate_orders(p, st_.settings, moves)
    return chosen


def _statuses(p, codes):
    from dogfight.engine.maneuvers import plan_round

    return [plan_round(p, codes[: i + 1]).plane.status for i in range(len(codes))]


def mid_game(seed: int, rounds: int) -> State:
    """A seeded game with random careers, balloons and clouds, after ``rounds`` random rounds."""
    rng = random.Random(seed)
    rule = rng.choice(["none", "normal", "through"])
    pilots = [dict(zip(("career_points", "rank"), rng.choice(CAREERS)), seat=s) for s in range(6)]
    st_ = new_game(
        seed,
        Settings(balloon_rule=rule, windless=rng.random() < 0.2),
        balloons=0 if rule == "none" else rng.choice([1, 6, 7]),
        clouds=rng.choice([0, 6, 10]),
        pilots=pilots,
    )
    for _ in range(rounds):
        if st_.over:
            break
        st_, _events = resolve_round(st_, random_round(st_, rng), rng.randrange(2**62))
    return st_


positions = st.tuples(st.integers(0, 10**9), st.integers(0, 9))


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions, st.sampled_from(LEVELS), st.integers(0, 2**62))
def test_a_bot_never_submits_an_illegal_order(position, level, seed):
    st_ = mid_game(*position)
    if st_.over:
        return
    for p in st_.alive():
        raw = bot_orders(st_, p.seat, level, seed)
        validate_orders(p, st_.settings, raw)  # raises on anything illegal
        assert [set(m) for m in raw] == [{"maneuver", "fire", "through"}] * 3


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(positions, st.sampled_from(LEVELS), st.integers(0, 2**62))
def test_a_bot_is_deterministic_and_depends_on_the_public_state_only(position, level, seed):
    st_ = mid_game(*position)
    if st_.over:
        return
    before = st_.to_dict()
    for p in st_.alive():
        first = bot_orders(st_, p.seat, level, seed)
        bots._FIELDS.clear()  # no shared analysis left over: the same answer from scratch
        again = bot_orders(State.from_dict(st_.to_dict()), p.seat, level, seed)
        assert first == again
    assert st_.to_dict() == before  # the caller's state is not touched


def test_a_bot_is_given_no_orders_to_read():
    assert list(inspect.signature(bot_orders).parameters) == ["state", "seat", "level", "seed"]


@settings(max_examples=15, deadline=None)
@given(positions, st.sampled_from(LEVELS))
def test_what_others_send_or_miss_cannot_change_a_bots_orders(position, level):
    """The state holds no one's orders; the book-keeping of other seats (points, missed rounds)
    does not steer a bot either."""
    st_ = mid_game(*position)
    if st_.over:
        return
    me = st_.alive()[0]
    changed = st_.copy()
    for p in changed.planes:
        if p.seat != me.seat:
            p.points += 17
            p.missed_rounds = (p.missed_rounds + 1) % 3
    assert bot_orders(st_, me.seat, level, 5) == bot_orders(changed, me.seat, level, 5)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("enemy_move", ["A", "L", "R", "LS", "RS"])
def test_a_shot_lined_up_at_range_1_is_taken(level, enemy_move):
    """An enemy one hex ahead, flying the same way: whatever first move it makes, the bot's
    first bursts hit it at range 1."""
    st_ = state([plane(0, -3, 0, 0), plane(1, -2, 0, 0)] + [parked(s) for s in range(2, 6)])
    raw = bot_orders(st_, 0, level, seed=11)
    assert raw[0]["fire"], raw
    enemy = orders(1, enemy_move, "A", "A")
    _new, events = resolve(st_, {0: raw}, enemy)
    assert find(events, "hit", shooter=0, target=1, range=1, move=1) or [
        e for e in find(events, "hit", shooter=0, target=1) if e["move"] == 1 and e["range"] == 1
    ], events


edge_states = st.tuples(
    st.sampled_from([h for h in BOARD if max(map(abs, (*h, -h[0] - h[1]))) >= 8]), st.integers(0, 5)
)


@settings(max_examples=60, deadline=None)
@given(edge_states, st.sampled_from(LEVELS), st.integers(0, 1000))
def test_a_bot_does_not_fly_off_the_board_when_it_can_stay(spot, level, seed):
    (q, r), facing = spot
    st_ = state([plane(0, q, r, facing), plane(1, 0, 0, 0)] + [parked(s) for s in range(2, 6)])
    me = st_.plane(0)
    stays = [seq for seq in bots._sequences(bots._plane_key(me)) if not seq[2]]
    raw = bot_orders(st_, 0, level, seed)
    codes = [m["maneuver"] for m in raw]
    if stays:
        assert all(h in BOARD_SET for h, _f in route(me, codes)), (codes, spot)


@pytest.mark.parametrize("level", ["veteran", "ace"])
def test_a_badly_damaged_bot_on_its_approach_lands_to_repair(level):
    """Seat 0 on runway beta's far hex, nose toward its corner, 9 damage points."""
    st_ = state(
        [plane(0, 7, 0, 0, damage=9), plane(1, -5, 2, 3)] + [parked(s) for s in range(2, 6)]
    )
    raw = bot_orders(st_, 0, level, seed=3)
    assert [m["maneuver"] for m in raw] == ["LD", "LD", "G"]
    new, events = resolve(st_, {0: raw}, orders(1, "A", "A", "A"))
    assert new.plane(0).status == "ground" and find(events, "landed", seat=0)


@pytest.mark.parametrize("level", ["veteran", "ace"])
def test_a_bot_on_the_ground_stays_to_repair_and_takes_off_when_whole(level):
    hurt = state([parked(0, damage=8), plane(1, 0, 0, 0)] + [parked(s) for s in range(2, 6)])
    assert [m["maneuver"] for m in bot_orders(hurt, 0, level, 1)] == ["G", "G", "G"]
    whole = state([parked(0), plane(1, 0, 0, 0)] + [parked(s) for s in range(2, 6)])
    assert bot_orders(whole, 0, level, 1)[0]["maneuver"] in ("TA", "TB", "TG", "G")
    assert any(m["maneuver"].startswith("T") for m in bot_orders(whole, 0, level, 1))


def test_an_ace_pilots_candidates_include_the_ace_maneuvers_his_career_allows():
    ace = plane(0, 0, 0, 0, career_points=85)
    codes = {c for seq in bots._sequences(bots._plane_key(ace)) for c in seq[0]}
    assert {"I", "S", "O"} <= codes
    rookie = plane(0, 0, 0, 0)
    codes = {c for seq in bots._sequences(bots._plane_key(rookie)) for c in seq[0]}
    assert not {"I", "S", "O"} & codes


def test_an_unknown_level_is_refused():
    st_ = state([plane(0, 0, 0, 0), plane(1, 3, 0, 3)])
    with pytest.raises(ValueError):
        bot_orders(st_, 0, "general", 1)
