"""Races for the web tests: real rows through the platform's services.

game = make_race(alice, bob)                  # started: turn 1 open, alice's red jet first
send(game, alice, order, capture)             # submitted and resolved at once
"""

from __future__ import annotations

from django.urls import reverse

from games import services
from games.models import Game, Round
from racing import engine
from tests.racing.engine.helpers import jet as placed
from tests.racing.engine.helpers import race

SETTINGS = {"course": "oval5", "level": 1, "laps": 1, "jets": 3, "mode": "turn", "turn_hours": 12}


def make_race(*users, referee=None, start: bool = True, computers=None, **settings) -> Game:
    settings = {**SETTINGS, **settings}
    computers = (
        {n: "novice" for n in range(len(users), settings["jets"])}
        if computers is None
        else computers
    )
    game = services.game_create(
        referee=referee or users[0],
        kind="racing",
        title="Test race",
        time_zone="UTC",
        deadline_days=1,
        settings=settings,
        computer_seats=computers,
    )
    for number, user in enumerate(users):
        services.seat_join(game=game, number=number, user=user)
    if start:
        services.game_start(game=game, by=referee or users[0])
    game.refresh_from_db()
    return game


def open_round(game: Game) -> Round | None:
    return game.rounds.filter(status=Round.Status.OPEN).first()


def state(game: Game) -> dict:
    rnd = open_round(game)
    if rnd is not None:
        return rnd.state
    return game.rounds.filter(status=Round.Status.PUBLISHED).last().report.state


def send(game: Game, user, order: dict, capture) -> None:
    seat = game.seats.get(user=user)
    with capture(execute=True):
        services.orders_submit(seat=seat, user=user, payload=order)
    game.refresh_from_db()


def straight(lift: int = 1) -> dict:
    return {"lift": lift, "hinge": [0, 0]}


def jet(game: Game, seat: int) -> dict:
    return next(j for j in state(game)["jets"] if j["seat"] == seat)


def page_url(game: Game, number: int, name: str = "seat") -> str:
    return reverse(f"racing:{name}", args=[game.pk, number])


def legal(game: Game) -> dict:
    return engine.legal(state(game))


def uberhirn_race(game: Game, third_y: float) -> dict:
    """Turn 1 set to a hand-made position: seat 0's red jet on turn at the origin, heading east
    at Lift 1, holding the Überhirn (card 1); blue 100 mm ahead of it, heading north, holding a
    Kupferwurm (2) and a Butt Kick (3); green at (100, ``third_y``), behind blue or ahead of it,
    holding Robert (7) and a booster (8)."""
    ids = {j["seat"]: j["id"] for j in state(game)["jets"]}
    position = race(
        placed(ids[0], 0, 0, 0, lift=1, seat=0, equipment=[{"id": 1, "kind": "uberhirn"}]),
        placed(
            ids[1],
            100,
            0,
            90,
            seat=1,
            equipment=[{"id": 2, "kind": "kupferwurm"}, {"id": 3, "kind": "butt_kick"}],
        ),
        placed(
            ids[2],
            100,
            third_y,
            0,
            seat=2,
            equipment=[{"id": 7, "kind": "robert"}, {"id": 8, "kind": "booster"}],
        ),
        level=3,
        turn=ids[0],
    )
    rnd = open_round(game)
    rnd.state = position
    rnd.save(update_fields=["state"])
    return position


def alone_on_turn(game: Game) -> dict:
    """Turn 1 set to a hand-made position: seat 0's red jet on turn heading east at Lift 2,
    south of its next gate's line (gate 2, y = 400) and west of its buoys, the other jets far
    off, so that every hinge flies clear and lands somewhere else."""
    ids = {j["seat"]: j["id"] for j in state(game)["jets"]}
    position = race(
        placed(ids[0], 2800, 250, 0, lift=2, seat=0),
        placed(ids[1], 0, 900, seat=1),
        placed(ids[2], 0, -900, seat=2),
        level=1,
        turn=ids[0],
    )
    rnd = open_round(game)
    rnd.state = position
    rnd.save(update_fields=["state"])
    return position
