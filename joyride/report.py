"""A published round in words and frames, from the engine's events, and the tables of a
state (scores, missions, gadgets) for the pages. Every figure comes from the engine's answer;
here it only becomes words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext

from . import words

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

MAX_FRAMES = 11  # a run's steps in the replay at most: a whole game's frames stay cheap
END = None  # the frame after the last step: Insta-Ball tiles, stops and scores


def seat_name(names: dict[int, str], seat: int) -> str:
    return names.get(seat) or gettext("seat %(number)d") % {"number": seat + 1}


def _shape_list(seats: list[int], names) -> str:
    return ", ".join(seat_name(names, s) for s in seats) or "—"


def event_line(event: dict, names: dict[int, str]) -> str | None:
    """One event of the run as a line, or None for those the labs show (tiles placed)."""
    kind = event["type"]
    who = seat_name(names, event["seat"]) if "seat" in event else ""
    if kind == "shortage":
        given = set(event["given"])
        refused = _shape_list([s for s in event["wanted"] if s not in given], names)
        if not given:
            return gettext("No %(shape)s left for %(refused)s.") % {
                "shape": event["shape"],
                "refused": refused,
            }
        return gettext(
            "Not enough %(shape)s for everyone: %(given)s got one; %(refused)s did not."
        ) % {
            "shape": event["shape"],
            "given": _shape_list(event["given"], names),
            "refused": refused,
        }
    if kind == "refused":
        return gettext("%(name)s is refused an %(shape)s (tile %(tile)d).") % {
            "name": who,
            "shape": event["shape"],
            "tile": event["index"] + 1,
        }
    if kind == "escaped":
        return gettext("%(name)s escapes the lab!") % {"name": who}
    if kind == "stopped":
        return gettext("%(name)s %(stop)s.") % {
            "name": who,
            "stop": words.STOPS.get(event["reason"], ""),
        }
    if kind == "run_over":
        return gettext("The run is over: %(cause)s.") % {
            "cause": words.RUN_ENDS.get(event["cause"], event["cause"])
        }
    if kind == "insta_grab":
        return gettext("%(name)s grabs an %(shape)s with the Insta-Ball.") % {
            "name": who,
            "shape": event["shape"],
        }
    if kind == "insta_refused":
        return gettext("%(name)s finds no %(shape)s for the Insta-Ball.") % {
            "name": who,
            "shape": event["shape"],
        }
    if kind == "insta_unused":
        return gettext("%(name)s cannot place the Insta-Ball's %(shape)s.") % {
            "name": who,
            "shape": event["shape"],
        }
    if kind == "placed" and event.get("gadget"):
        return gettext("%(name)s places an %(shape)s with the %(gadget)s.") % {
            "name": who,
            "shape": event["shape"],
            "gadget": words.gadget_name(event["gadget"]),
        }
    if kind == "picked":
        return gettext("%(name)s takes the %(gadget)s.") % {
            "name": who,
            "gadget": words.gadget_name(event["gadget"]),
        }
    return None


def describe(events: list, names: dict[int, str]) -> list[str]:
    """A published round in plain lines (mail, feed, the report)."""
    lines = []
    for event in events:
        kind = event["type"]
        if kind == "result":
            score = event["score"]
            lines.append(
                gettext(
                    "%(name)s: %(total)d points (coins %(coins)d, missions %(missions)d, gadgets "
                    "%(gadgets)d, penalty %(penalty)d); %(stop)s."
                )
                % {
                    "name": seat_name(names, event["seat"]),
                    "total": score["total"],
                    "coins": score["coin_points"],
                    "missions": score["mission_points"],
                    "gadgets": score["gadget_points"],
                    "penalty": -score["penalty"],
                    "stop": _stop_words(event),
                }
            )
        elif kind in ("shortage", "refused", "escaped", "run_over", "picked"):
            line = event_line(event, names)
            if line:
                lines.append(line)
    return lines


def _stop_words(event: dict) -> StrOrPromise:
    """Why a seat's run ended early, from its result event ("" if it did not)."""
    reason = (event["stop"] or {}).get("reason")
    return words.STOPS.get(reason, "") if reason else ""


def _steps_shown(last_step: int) -> list[int | None]:
    """The steps the frames end at: every step (0: before step 1) and the end, or evenly
    spread ones when there are more than the replay's frames."""
    every = [*range(last_step + 1), END]
    if len(every) <= MAX_FRAMES:
        return every
    count = len(every) - 1
    return [every[round(i * count / (MAX_FRAMES - 1))] for i in range(MAX_FRAMES)]


def _frame_title(previous: int | None, upto: int | None) -> str:
    if upto is END:
        return gettext("the end of the run")
    if upto == 0:
        return gettext("before step 1")
    if previous is not None and upto - previous > 1:
        return gettext("steps %(first)d–%(last)d") % {"first": previous + 1, "last": upto}
    return gettext("step %(number)d") % {"number": upto}


def _seen_by(event: dict, previous: int | None, upto: int | None) -> bool:
    """Whether ``event`` happens in the steps after ``previous`` up to ``upto``."""
    step = event.get("step")
    if upto is END:
        return step is None or (previous is not None and step > previous)
    return step is not None and step <= upto and (previous is None or step > previous)


def _placed_by(event: dict, upto: int | None) -> bool:
    return upto is END or (event.get("step") is not None and event["step"] <= upto)


def frames(
    state_before: dict, events: list, report_state: dict, names: dict[int, str]
) -> list[dict]:
    """The replay: a run step by step (every lab's tiles so far, the stops, the lines of those
    steps); a gadget pick as one frame of lines. Plain JSON (the API's ``frames``)."""
    if state_before["phase"] != "run":
        lines = [line for line in (event_line(e, names) for e in events) if line]
        return [{"title": gettext("the gadget picks"), "upto": None, "lines": lines, "labs": []}]
    seats = range(state_before["players"])
    last = max((e["step"] for e in events if e.get("step") is not None), default=0)
    shown, previous = [], None
    for upto in _steps_shown(last):
        labs = []
        for seat in seats:
            tiles = [
                {
                    "index": e["index"],
                    "shape": e["shape"],
                    "cells": e["cells"],
                    "rules": e["rules"],
                    "step": e["step"],
                    "gadget": e.get("gadget"),
                }
                for e in events
                if e["type"] == "placed" and e["seat"] == seat and _placed_by(e, upto)
            ]
            stop = next(
                (
                    {
                        "step": e["step"],
                        "reason": e["reason"],
                        "words": str(words.STOPS.get(e["reason"], "")),
                    }
                    for e in events
                    if e["type"] == "stopped" and e["seat"] == seat and _placed_by(e, upto)
                ),
                None,
            )
            labs.append(
                {
                    "seat": seat,
                    "name": seat_name(names, seat),
                    "colour": words.SEAT_COLOURS[seat],
                    "tiles": tiles,
                    "stop": stop,
                }
            )
        lines = [
            line
            for line in (event_line(e, names) for e in events if _seen_by(e, previous, upto))
            if line
        ]
        shown.append(
            {"title": _frame_title(previous, upto), "upto": upto, "lines": lines, "labs": labs}
        )
        previous = upto
    return shown


# --- tables of a state and of a run's scores ---------------------------------------------------


def result_rows(events: list, names: dict[int, str]) -> list[dict]:
    rows = []
    for event in events:
        if event["type"] != "result":
            continue
        score = event["score"]
        rows.append(
            {
                "name": seat_name(names, event["seat"]),
                "colour": words.SEAT_COLOURS[event["seat"]],
                "score": score,
                "stop": _stop_words(event),
                "missions": [{**m, "name": words.mission_name(m["id"])} for m in score["missions"]],
                "gadgets": [{**g, "name": words.gadget_name(g["id"])} for g in score["gadgets"]],
            }
        )
    return rows


def pick_rows(events: list, names: dict[int, str]) -> list[dict]:
    return [
        {"name": seat_name(names, e["seat"]), "gadget": words.gadget_name(e["gadget"])}
        for e in events
        if e["type"] == "picked"
    ]


def gadget_row(gadget_id: str) -> dict:
    name, text = words.GADGETS[gadget_id]
    return {"id": gadget_id, "name": name, "text": text}


def mission_row(mission_id: str, stars: int | None = None) -> dict:
    name, text = words.MISSIONS[mission_id]
    return {"id": mission_id, "name": name, "text": text, "stars": stars}


def table_context(state: dict, names: dict[int, str]) -> dict:
    """A state's standings, missions, gadgets and pool, for any page."""
    from .engine.tables import MISSIONS

    seats = []
    for seat in range(state["players"]):
        scores = state["scores"][seat]
        seats.append(
            {
                "seat": seat,
                "name": seat_name(names, seat),
                "colour": words.SEAT_COLOURS[seat],
                "scores": scores,
                "total": sum(scores),
                "winner": seat in state.get("winners", []),
                "gadgets": [gadget_row(g) for g in state["gadgets"]["owned"][seat]],
            }
        )
    rating = state.get("rating")
    return {
        "standings": seats,
        "round_number": state["round"],
        "missions": [mission_row(m, MISSIONS[m].stars) for m in state["missions"]["revealed"]],
        "offered": [gadget_row(g) for g in state["gadgets"]["revealed"]],
        "pool": state["pool"],
        "solo": state["players"] == 1,
        "rating": None if rating is None else words.RATINGS[rating],
        "rounds_played": range(1, len(state["scores"][0]) + 1),
    }
