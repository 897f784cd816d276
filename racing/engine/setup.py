"""A new race: the course, the jets behind gate 1, the deck and the draft's snake order."""

from __future__ import annotations

from typing import Any

from games.enginekit import EngineError, as_choice, as_int, as_list, as_object, required

from .catalogue import LEVELS, deck
from .courses import shuffled_slots
from .state import START_ENERGY, TURN_ORDERS, as_id, load, load_course
from .turns import start_race

MIN_JETS, MAX_JETS = 3, 6


def new_race(
    course: object,
    jets: list[Any],
    level: int = 1,
    laps: int = 1,
    seed: int = 0,
    turn_order: str = "seats",
) -> dict[str, Any]:
    """A race at ``level`` (1-4) over ``laps`` (1-2): ``course`` a built-in name or
    ``{"gates": [...]}``, ``jets`` ``[{"id", "seat"}]`` (3-6). The seed shuffles the start
    places behind gate 1; from level 2 on the race begins with the draft. ``turn_order``
    "seats" (the seed's) or "race" (round mode: each round in race order, leader first)."""
    level = _setting(level, "level", 1, 4)
    laps = _setting(laps, "laps", 1, 2)
    seed = as_int(seed, "seed")
    course = load_course(course)
    jets = [as_object(j, f"jets[{i}]") for i, j in enumerate(as_list(jets, "jets"))]
    if not MIN_JETS <= len(jets) <= MAX_JETS:
        raise EngineError(
            f"a race has {MIN_JETS}-{MAX_JETS} jets, not {len(jets)}",
            code="jet_count",
            low=MIN_JETS,
            high=MAX_JETS,
            count=len(jets),
        )
    entries = sorted(
        (
            (
                as_int(required(j, "seat", f"jets[{i}]"), f"jets[{i}].seat", 0, 5),
                as_id(required(j, "id", f"jets[{i}]"), f"jets[{i}].id"),
            )
            for i, j in enumerate(jets)
        )
    )
    first = course["gates"][0]
    slots = shuffled_slots(first, seed)
    placed = [
        {
            "id": jet_id,
            "seat": seat,
            "x": slot[0],
            "y": slot[1],
            "heading": first["angle"],
            "energy": START_ENERGY,
        }
        for (seat, jet_id), slot in zip(entries, slots)
    ]
    rules = LEVELS[level]
    state = {
        "phase": "draft" if rules.cards else "race",
        "level": level,
        "laps": laps,
        "seed": seed,
        "course": course,
        "jets": placed,
        "turn_order": as_choice(turn_order, TURN_ORDERS, "turn_order"),
        "supply": deck(level) if rules.cards else [],
    }
    if rules.cards:
        state["draft"] = {"order": snake_order([jet_id for _, jet_id in entries], rules.cards)}
    state = load(state)
    if state["phase"] == "race":
        start_race(state)
    return state


def _setting(value: object, name: str, low: int, high: int) -> int:
    """A whole number the referee chooses, within ``low``..``high`` (a rule, with its code)."""
    value = as_int(value, name)
    if not low <= value <= high:
        raise EngineError(
            f"{name} must be {low}..{high}, not {value}",
            code="setting_range",
            setting=name,
            low=low,
            high=high,
            value=value,
        )
    return value


def snake_order(ids_by_seat: list[str], rounds: int) -> list[str]:
    """Snake order starting with the last seat, so that seat 0, which flies first, picks
    last: 5 4 3 2 1 0, 0 1 2 3 4 5, 5 4 ..."""
    backwards = list(reversed(ids_by_seat))
    return [jet for r in range(rounds) for jet in (backwards if r % 2 == 0 else ids_by_seat)]
