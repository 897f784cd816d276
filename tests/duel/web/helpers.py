"""Duels for the web tests: real rows through the platform's and the duel's services.

    game = make_duel(alice, bob, first=1)          # started: action 1 open
    act(game, alice, {"type": "asteroid", ...})    # submitted, and resolved at once

A small standard setup (``short_duel``) puts one Wasp each on the docks with no asteroids and
plays B's approach, so a test starts where it needs to.
"""

from __future__ import annotations

from django.urls import reverse

from games import services
from games.models import Game, Round

WASP = {"asteroids": 0, "fighters": ["wasp"]}
A_PLACEMENT = {"type": "fighters", "placements": [{"fighter": "A1", "hex": [0, 8], "facing": 1}]}
B_PLACEMENT = {"type": "fighters", "placements": [{"fighter": "B1", "hex": [19, 6], "facing": 3}]}


def make_duel(
    alice, bob=None, *, referee=None, start: bool = True, turn_hours: int = 24, **settings
) -> Game:
    game = services.game_create(
        referee=referee or alice,
        kind="duel",
        title="Test duel",
        time_zone="UTC",
        deadline_days=1,
        settings={**WASP, "turn_hours": turn_hours, **settings},
    )
    services.seat_join(game=game, number=0, user=alice)
    if bob is not None:
        services.seat_join(game=game, number=1, user=bob)
    if start:
        services.game_start(game=game, by=referee or alice)
    game.refresh_from_db()
    return game


def open_round(game: Game) -> Round | None:
    return game.rounds.filter(status=Round.Status.OPEN).first()


def state(game: Game) -> dict:
    rnd = open_round(game)
    if rnd is not None:
        return rnd.state
    return game.rounds.filter(status=Round.Status.PUBLISHED).last().report.state


def act(game: Game, user, payload: dict, capture) -> None:
    """Submit ``user``'s action and run what commits schedule (the resolution)."""
    seat = game.seats.get(user=user)
    with capture(execute=True):
        services.orders_submit(seat=seat, user=user, payload=payload)
    game.refresh_from_db()


def fly(fighter: str, hexes: int) -> dict:
    return {"type": "turn", "orders": [{"fighter": fighter, "steps": ["A"] * hexes}]}


def stay(fighter: str) -> dict:
    return {"type": "turn", "orders": [{"fighter": fighter, "stay": True}]}


def placed(game: Game, alice, bob, capture) -> None:
    act(game, alice, A_PLACEMENT, capture)
    act(game, bob, B_PLACEMENT, capture)


def page_url(game: Game, number: int, name: str = "seat") -> str:
    return reverse(f"duel:{name}", args=[game.pk, number])


def at_position(game: Game, position) -> None:
    """Put the duel's open turn at ``position`` (an engine ``State`` built with the engine
    tests' helpers), as if the game had been played there: the platform's flow goes on from
    it (orders are checked and resolved against it)."""
    rnd = open_round(game)
    rnd.state = {**position.to_dict(), "settings": rnd.state["settings"]}
    rnd.save(update_fields=["state"])
