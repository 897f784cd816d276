"""A finished game's standing for the ratings: the points as the seed scores them, counted from
the events where the game kept none, the same as the resolution's own in a scored game."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from hypothesis import given

from dogfight.engine import Settings, new_game, resolve_round, standing
from dogfight.engine.standing import seed_points
from tests.dogfight.engine.test_properties import PROPERTY, games, play, random_orders


@PROPERTY
@given(games())
def test_the_points_counted_from_the_events_are_the_resolutions_own(game):
    state, seed, rounds = game
    state.settings = replace(state.settings, scored=True, duel=False)
    if len(state.planes) != 6:
        return
    events, final = [], state
    for *_, after, round_events in play(state, seed, rounds):
        events += round_events
        final = after
    counted = seed_points(final.to_dict(), events)
    assert counted == {plane.seat: plane.points for plane in final.planes}


def test_an_unscored_game_is_ranked_by_the_points_it_would_have_scored():
    state = new_game(3, Settings(scored=False))
    events = []
    for _ in range(3):
        state, more = resolve_round(state, {}, 1)  # everyone misses: the NMR default
        events += more
    assert all(plane.points == 0 for plane in state.planes)
    first = {"move": 1, "type": "hit", "shooter": 2, "target": 4, "range": 1, "damage": 4}
    ranked = standing(state.to_dict(), lambda: [*events, first])
    assert ranked[2] > ranked[0] == ranked[4]


def test_a_pilot_put_out_for_missed_orders_stands_below_every_other():
    rng = Random(11)
    state = new_game(5, Settings(scored=True))
    events = []
    for _ in range(4):
        orders = random_orders(state, rng)
        orders.pop(1, None)  # seat 1 never sends any
        state, more = resolve_round(state, orders, rng.randrange(2**32))
        events += more
    assert {"move": None, "type": "crash", "seat": 1, "cause": "nmr", "loss": 5} in events
    ranked = standing(state.to_dict(), lambda: events)
    assert all(ranked[1] < ranked[seat] for seat in ranked if seat != 1)
