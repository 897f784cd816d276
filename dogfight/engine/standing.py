"""A finished game's standing for the ratings: each pilot's points as the seed scores them
(rules §8: hits or damage, shared kills, balloons, the shoot-down and crash table, the pot),
and the pilots the game put out for missed orders (rules §7).

A scored game keeps those points on its planes. A game that is not scored (a computer pilot, a
duel) keeps none, so they are counted from its events, as the resolution would have counted
them; a test holds the two to the same numbers on scored games.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from . import career
from .resolve import BALLOON_POINTS, CRASH_POT, NMR_OUT_AT


def standing(
    state: dict[str, Any], events: Callable[[], Iterable[dict[str, Any]]]
) -> dict[int, tuple[int, int]]:
    """Each seat's standing in a finished game's final ``state`` (a snapshot dict), the higher
    the better: whether it stayed in the game past its missed orders, then its points.
    ``events()`` gives every event of the game, oldest first; only an unscored game reads it."""
    settings = state["settings"]
    if settings["scored"] and not settings["duel"]:
        points = {plane["seat"]: plane["points"] for plane in state["planes"]}
    else:
        points = seed_points(state, events())
    return {
        plane["seat"]: (int(plane["missed_rounds"] < NMR_OUT_AT), points[plane["seat"]])
        for plane in state["planes"]
    }


def seed_points(state: dict[str, Any], events: Iterable[dict[str, Any]]) -> dict[int, int]:
    """The points each seat would hold at the end of the game ``events`` made, had it been
    scored: what ``resolve`` adds up in a scored game (rules §8)."""
    planes = {plane["seat"]: plane for plane in state["planes"]}
    points = dict.fromkeys(planes, 0)
    by_damage = state["settings"]["scoring"] == "damage"
    pot = 0
    for event in events:
        kind = event["type"]
        if kind == "hit":
            points[event["shooter"]] += event["damage"] if by_damage else 1
        elif kind == "balloon_destroyed":
            for seat in event["by"]:
                points[seat] += career.share(BALLOON_POINTS, len(event["by"]))
        elif kind == "shot_down":
            victim = planes[event["seat"]]
            points[victim["seat"]] -= career.shootdown_loss(victim["career_points"], victim["rank"])
            gain = career.shootdown_gain(victim["career_points"], victim["rank"])
            for seat in event["by"]:
                points[seat] += career.share(gain, len(event["by"]))
        elif kind == "crash":
            victim = planes[event["seat"]]
            points[victim["seat"]] -= career.shootdown_loss(victim["career_points"], victim["rank"])
            pot += CRASH_POT
        elif kind == "winner" and event["seat"] is not None:
            points[event["seat"]] += pot
    return points
