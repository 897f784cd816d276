"""The computer players: every action they choose is one the engine accepts, the same state and
seed give the same action, and the veteran does what a player would: shoots an enemy in front of
its gun, never its own fighter, stays out of a missile's path and goes home once the enemy is
gone (which wins). The league in bench/duel_league.py measures how well they play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from duel.engine import Settings, act, new_game
from duel.engine.board import DOCKS
from duel.engine.bots import bot_action
from duel.engine.hexgrid import distance

from .helpers import E, W, docked, find, flying, missile, state


def acting(game) -> int:
    if game.phase == "fighters":
        return 0 if game.sealed[0] is None else 1
    return game.to_act


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    levels=st.sampled_from([("novice", "veteran"), ("veteran", "novice"), ("veteran", "veteran")]),
    asteroids=st.integers(0, 10),
)
def test_every_action_a_computer_player_chooses_is_legal(seed, levels, asteroids):
    game = new_game(Settings(asteroids=asteroids, first=seed % 2), seed)
    for number in range(160):
        if game.phase == "over":
            break
        player = acting(game)
        game, _ = act(game, player, bot_action(game, player, levels[player], seed + number))


def test_the_same_state_and_seed_give_the_same_action():
    game = new_game(Settings(asteroids=2), 3)
    for level in ("novice", "veteran"):
        assert bot_action(game, 0, level, 7) == bot_action(game, 0, level, 7)
    play = state([flying("A1", "bee", (5, 7), E, speed=3), flying("B1", "virus", (9, 7), W)])
    assert bot_action(play, 0, "veteran", 1) == bot_action(play, 0, "veteran", 1)


def test_the_veteran_shoots_the_enemy_in_front_and_never_its_own():
    play = state(
        [
            flying("A1", "coliber", (5, 7), E, speed=1),
            flying("B1", "virus", (7, 7), W),
            flying("A2", "coliber", (5, 3), E, speed=1),
            flying("B2", "virus", (15, 12), W),
        ]
    )
    action = bot_action(play, 0, "veteran", 0)
    _, events = act(play, 0, action)
    assert find(events, "destroyed", fighter="B1")
    assert not [e for e in find(events, "destroyed") if e["player"] == 0]


def test_the_veteran_keeps_out_of_an_enemy_missiles_path():
    play = state(
        [flying("A1", "coliber", (5, 7), E, speed=1), flying("B1", "virus", (15, 12), W)],
        missiles=[missile(1, 1, (9, 8), 1)],
    )  # B's missile flies NE next turn
    for seed in range(5):
        new, _ = act(play, 0, bot_action(play, 0, "veteran", seed))
        path = [(9, 7), (10, 6), (10, 5)]
        assert new.fighter("A1").hex not in path


def test_the_veteran_goes_home_when_the_enemy_is_gone():
    play = state(
        [
            flying("A1", "coliber", (4, 6), W, speed=2),
            flying("B1", "virus", (15, 12), W, destroyed=True),
        ]
    )
    play.fighters = [f for f in play.fighters if f.id != "B9"]
    play.fighters.append(docked("B9", "coliber", (19, 9), W, destroyed=True))
    before = min(distance((4, 6), d) for d in DOCKS[0])
    game = play
    for _ in range(4):
        if game.phase == "over":
            break
        game, _ = act(game, 0, bot_action(game, 0, "veteran", 0))  # B's turns play themselves
        after = min(distance(game.fighter("A1").hex, d) for d in DOCKS[0])
        assert after < before or game.phase == "over"
        before = after
    assert game.phase == "over" and game.winner == 0 and game.result == "victory"


def test_a_fighter_its_own_missile_destroys_gets_no_orders():
    play = state(
        [
            flying("A1", "coliber", (6, 7), 1),
            flying("A2", "bee", (5, 3), E, speed=3),
            flying("B1", "virus", (15, 12), W),
        ],
        missiles=[missile(1, 0, (3, 7), E)],
    )
    action = bot_action(play, 0, "veteran", 0)
    assert [o["fighter"] for o in action["orders"]] == ["A2"]
