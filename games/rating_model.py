"""The rating model every game shares: OpenSkill's Plackett-Luce, on the scale people read.

Pure (no Django): the bot leagues in bench/ measure the computer levels' anchors with it.
Plackett-Luce rather than Thurstone-Mosteller: it rates a whole free-for-all ranking of two to
six seats with ties in one update whose cost grows with the seats, not their pairs, and it
is the model OpenSkill's own benchmarks found the most accurate on such games.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from openskill.models import PlackettLuce
from openskill.models.weng_lin.plackett_luce import PlackettLuceRating

# The classic OpenSkill defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300), all times 60: a
# newcomer starts at 1500, as on the chess sites, and a change reads in whole points.
SCALE = 60
MODEL = PlackettLuce(mu=25 * SCALE, sigma=25 / 3 * SCALE, beta=25 / 6 * SCALE, tau=25 / 300 * SCALE)
NEW = (MODEL.mu, MODEL.sigma)


def places(standings: Mapping[int, Any]) -> dict[int, int]:
    """Places from each seat's standing (anything that compares, the higher the better): 1
    for the best, seats with equal standings sharing a place, the next place after them
    skipping as many ("1, 2, 2, 4")."""
    order = sorted(standings.values(), reverse=True)
    return {seat: 1 + order.index(standing) for seat, standing in standings.items()}


def rate(before: list[tuple[float, float]], places: list[int]) -> list[tuple[float, float]]:
    """Each seat's (mu, sigma) after a game where seat i, rated ``before[i]``, took
    ``places[i]`` (1 first; equal places tie)."""
    return Rater().rate(before, places)


class Rater:
    """``rate`` for one game after another: OpenSkill's rating objects for the seats made
    once and given each game's numbers, since each object made draws a random id (the
    library's own copy of each, which it rates, draws another). The library never changes
    the objects it is given. One per batch: not to be shared between threads."""

    def __init__(self) -> None:
        self.seats: list[list[PlackettLuceRating]] = []

    def rate(
        self, before: list[tuple[float, float]], places: list[int]
    ) -> list[tuple[float, float]]:
        while len(self.seats) < len(before):
            self.seats.append([MODEL.rating()])
        teams = self.seats[: len(before)]
        for (seat,), (mu, sigma) in zip(teams, before):
            seat.mu, seat.sigma = mu, sigma
        after = MODEL.rate(teams, ranks=[float(place) for place in places])
        return [(new.mu, new.sigma) for (new,) in after]


def league(games: Iterable[list[tuple[str, int]]]) -> dict[str, tuple[float, float]]:
    """Each level's rating after a league's ``games`` (each a (level, place) per seat), every
    level a newcomer at the start; a level's seats in one game move it by their mean."""
    ratings: dict[str, tuple[float, float]] = {}
    for seats in games:
        after = rate([ratings.get(level, NEW) for level, _ in seats], [p for _, p in seats])
        moved: dict[str, list[tuple[float, float]]] = {}
        for (level, _), rating in zip(seats, after):
            moved.setdefault(level, []).append(rating)
        for level, new in moved.items():
            ratings[level] = (
                sum(mu for mu, _ in new) / len(new),
                sum(sigma for _, sigma in new) / len(new),
            )
    return ratings


def league_lines(ratings: dict[str, tuple[float, float]]) -> list[str]:
    """A league's ratings as the bench prints them, best first."""
    return [
        f"  {level}: {mu:.1f} ± {sigma:.1f}"
        for level, (mu, sigma) in sorted(ratings.items(), key=lambda item: -item[1][0])
    ]
