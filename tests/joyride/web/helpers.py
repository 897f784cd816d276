"""Joyride games for the web tests: real rows through the platform's and joyride's services.

game = make_game(alice, bob)               # two players, started: run 1 open
plan = legal_plan(state, 0, 3)             # three tiles that break no rule
"""

from __future__ import annotations

from django.urls import reverse

from games import services
from games.models import Game, Round
from joyride.engine import computer_plan

HTMX = {"HTTP_HX_REQUEST": "true"}


def make_game(
    *people,
    players: int | None = None,
    computers: dict | None = None,
    run_hours: int = 48,
    pick_hours: int = 24,
    start: bool = True,
) -> Game:
    players = players or len(people) + len(computers or {})
    game = services.game_create(
        referee=people[0],
        kind="joyride",
        title="Test joyride",
        time_zone="UTC",
        deadline_days=1,
        resolve_early=True,
        computer_seats=computers or {},
        settings={"players": players, "run_hours": run_hours, "pick_hours": pick_hours},
    )
    free = [n for n in range(players) if n not in (computers or {})]
    for number, person in zip(free, people):
        services.seat_join(game=game, number=number, user=person)
    if start:
        services.game_start(game=game, by=people[0])
    game.refresh_from_db()
    return game


def open_round(game: Game) -> Round | None:
    return game.rounds.filter(status=Round.Status.OPEN).first()


def legal_plan(state: dict, seat: int, tiles: int) -> dict:
    """The first ``tiles`` tiles of the engine's computer plan (each breaks no rule)."""
    return {"tiles": computer_plan(state, seat, "novice")["tiles"][:tiles]}


def url(game: Game, number: int, name: str = "seat") -> str:
    return reverse(f"joyride:{name}", args=[game.pk, number])


def choice_value(tile: dict) -> str:
    return tile["shape"] + "|" + ";".join(f"{r},{c}" for r, c in tile["cells"])
