"""Property tests over random games played from the legal lists.

A game is drawn as settings plus a seed; every action is picked at random from what ``legal``
offers (asteroid hexes, dock placements and facings, speeds, step by step the order form's
``next_steps``), now and then a player misses his turn. Invariants: a legal action is always
accepted, the same game plays the same, destroyed fighters never act, missiles fly straight
(smart ones turn at most 60° a hex, on the launch flight only before the 3rd), the state
round-trips through its JSON form, and ``act`` never touches the state it is given.
"""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duel.engine import Settings, State, act, legal, new_game
from duel.engine.classes import CLASSES
from duel.engine.hexgrid import distance, on_board, turn_between
from duel.engine.orders import next_steps

pytestmark = pytest.mark.slow  # property tests: many generated games each

ACTING = ("moved", "turned", "fired", "launched", "stayed", "took_off", "landed")


def random_action(state: State, player: int, rng: Random) -> dict | None:
    options = legal(state, player)
    if not options["your_turn"]:
        return None
    if rng.random() < 0.04:
        return {"type": "missed"}
    if state.phase == "asteroids":
        return {"type": "asteroid", "hex": rng.choice(options["hexes"])}
    if state.phase == "fighters":
        docks = rng.sample(options["docks"], len(options["fighters"]))
        return {
            "type": "fighters",
            "placements": [
                {"fighter": f["fighter"], "hex": hex_, "facing": rng.choice(options["facings"])}
                for f, hex_ in zip(options["fighters"], docks)
            ],
        }
    orders = []
    fighters = list(options["fighters"])
    rng.shuffle(fighters)
    for option in fighters:
        if option["may_stay"] and (not option["may_move"] or rng.random() < 0.3):
            orders.append(
                {
                    "fighter": option["fighter"],
                    "stay": True,
                    "facing": rng.choice(option["facings"]),
                }
            )
            continue
        fighter = state.fighter(option["fighter"])
        steps: list[str] = []
        while True:
            offer = next_steps(fighter, steps)
            if offer["may_end"] and (rng.random() < 0.35 or len(steps) > 12):
                break
            choices = offer["steps"]
            if len(steps) > 12 and "A" in choices:
                choices = ["A"]
            steps.append(rng.choice(choices))
        order = {"fighter": option["fighter"], "steps": steps}
        if rng.random() < 0.5:
            order["speed"] = steps.count("A")
        orders.append(order)
    return {"type": "turn", "orders": orders}


def play_game(game_settings: Settings, seed: int, actions: int):
    """(states, events per action) of a random game of at most ``actions`` actions."""
    rng = Random(seed)
    state = new_game(game_settings, seed)
    states, logs = [state], []
    for _ in range(actions):
        if state.phase == "over":
            break
        movers = [p for p in (0, 1) if legal(state, p)["your_turn"]]
        player = rng.choice(movers)
        action = random_action(state, player, rng)
        before = state.to_dict()
        state, events = act(state, player, action)
        assert states[-1].to_dict() == before, "act changed the state it was given"
        states.append(state)
        logs.append(events)
    return states, logs


games = st.builds(
    Settings,
    asteroids=st.integers(0, 15),
    no_adjacent=st.booleans(),
    first=st.integers(0, 1),
    fighters=st.lists(st.sampled_from(sorted(CLASSES)), min_size=1, max_size=4).map(tuple),
    spare_missiles=st.booleans(),
)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(games, st.integers(0, 2**32), st.integers(20, 120))
def test_the_same_game_plays_the_same_and_every_legal_action_is_accepted(gs, seed, n):
    states, logs = play_game(gs, seed, n)
    again_states, again_logs = play_game(gs, seed, n)
    assert [s.to_dict() for s in states] == [s.to_dict() for s in again_states]
    assert logs == again_logs


@SETTINGS
@given(games, st.integers(0, 2**32), st.integers(20, 120))
def test_the_state_round_trips_through_its_json_form(gs, seed, n):
    states, _ = play_game(gs, seed, n)
    for state in states:
        assert State.from_dict(state.to_dict()).to_dict() == state.to_dict()


@SETTINGS
@given(games, st.integers(0, 2**32), st.integers(20, 120))
def test_destroyed_fighters_never_act_and_are_never_offered(gs, seed, n):
    states, logs = play_game(gs, seed, n)
    gone: set[str] = set()
    for state, events in zip(states[1:], logs):
        for event in events:
            if event["type"] in ACTING:
                assert event["fighter"] not in gone, event
            if event["type"] == "destroyed":
                gone.add(event["fighter"])
        assert gone == {f.id for f in state.fighters if f.destroyed}
        for player in (0, 1):
            offered = {f["fighter"] for f in legal(state, player).get("fighters", [])}
            if state.phase == "play":
                assert not offered & gone


@SETTINGS
@given(games, st.integers(0, 2**32), st.integers(20, 120))
def test_missiles_fly_straight_and_smart_ones_turn_at_most_60_degrees_a_hex(gs, seed, n):
    states, logs = play_game(gs, seed, n)
    for before, events in zip(states, logs):
        where = {m.id: (m.hex, m.facing, m.kind, False) for m in before.missiles}
        flown: dict[int, int] = {}
        for event in events:
            if event["type"] == "launched":
                where[event["missile"]] = (
                    tuple(event["hex"]),
                    event["facing"],
                    event["kind"],
                    True,
                )
                flown[event["missile"]] = 0
            elif event["type"] == "turn":
                flown = {}
            elif event["type"] == "missile_moved":
                mid = event["missile"]
                hex_, facing, kind, launching = where[mid]
                new_hex, new_facing = tuple(event["hex"]), event["facing"]
                assert on_board(new_hex) and distance(hex_, new_hex) == 1
                change = turn_between(facing, new_facing)
                if kind == "missile":
                    assert change == 0
                else:
                    assert change <= 1
                    if launching and flown.get(mid, 0) < 2:
                        assert change == 0, "a smart missile turned before its 3rd hex"
                flown[mid] = flown.get(mid, 0) + 1
                where[mid] = (new_hex, new_facing, kind, launching)


@SETTINGS
@given(games, st.integers(0, 2**32), st.integers(20, 120))
def test_fighters_stay_on_the_board_apart_and_within_their_speed_limits(gs, seed, n):
    states, _ = play_game(gs, seed, n)
    for state in states:
        alive = state.alive()
        assert len({f.hex for f in alive}) == len(alive)
        for fighter in alive:
            assert on_board(fighter.hex) and fighter.hex not in state.asteroids
            if not fighter.docked and state.phase == "play":
                assert fighter.kind.vmin <= fighter.speed <= fighter.kind.vmax
            assert fighter.docked_turns <= 3
