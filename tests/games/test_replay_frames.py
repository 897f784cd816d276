"""Each game's frames for the platform's replay player (``GameRules.game_replay``): a few
rounds played by its computer players, every step captioned and drawn, each round marked on its
first step, and the frames of the first rounds the first frames of the whole (a step's number
never changes once published)."""

from __future__ import annotations

import pytest

from games import registry
from games.registry import PlayedRound

ROUNDS = 12


def _played(rules: registry.GameRules) -> list[PlayedRound]:
    settings = rules.clean_settings({})
    seats = [
        {"number": number, "computer": True, "user_id": None}
        for number in rules.seat_numbers(settings)
    ]
    state = rules.setup(seed=7, settings=settings, seats=seats)
    played = []
    for number in range(1, ROUNDS + 1):
        owing = rules.active_seats(state)
        if not owing:
            break
        orders = {seat: rules.computer_orders(state, seat, "novice") for seat in owing}
        outcome = rules.resolve(state, orders, seed=number, referee_input={})
        played.append(PlayedRound(number, state, outcome.events, outcome.state))
        state = outcome.state
        if outcome.over:
            break
    return played


@pytest.mark.parametrize("rules", registry.all_games(), ids=lambda rules: rules.slug)
def test_every_step_of_a_games_replay_has_a_caption_a_board_and_its_rounds_marks(rules):
    played = _played(rules)
    names = {number: f"Pilot {number + 1}" for number in range(8)}
    frames = rules.game_replay(played, names)
    assert len(played) >= 3 and len(frames) >= len(played)
    assert [frame.mark for frame in frames if frame.mark] and frames[0].mark
    assert sum(1 for frame in frames if frame.mark) == len(played)
    for frame in frames:
        assert str(frame.caption).strip()
        assert "<svg" in frame.draw()
    first = rules.game_replay(played[:-1], names)
    assert [str(f.caption) for f in first] == [str(f.caption) for f in frames[: len(first)]]
    assert first[-1].draw() == frames[len(first) - 1].draw()
