"""Who must act now, in every game: the one answer that the mail, the header's "your move"
count and "My games" all ask.

A game of turns (one seat acts), of simultaneous rounds (every seat still flying) or with a
draft (the seat whose pick it is) says which seats a round waits for (``GameRules.owing_seats``:
its active seats less the referee's pending removals); a seat must act while the round waits for
it, its orders are not in, and a person, not a computer, holds it.
"""

from __future__ import annotations

from collections.abc import Collection

from .registry import GameRules


def seats_to_act(
    rules: GameRules,
    state: dict,
    *,
    referee_input: dict | None = None,
    submitted: Collection[int] = (),
    computers: Collection[int] = (),
) -> set[int]:
    """The seats that must act in the round starting from ``state``: those it waits for, less
    the ``submitted`` ones and the ``computers``' (whose orders go in as the round opens).

    A round just opened has no referee input and no orders but the computers': the report
    state of a published round is the next round's start, so mail asks with it alone."""
    owing = rules.owing_seats(state, referee_input or {})
    return owing - set(submitted) - set(computers)
