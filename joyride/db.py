"""Joyride's plain reads (``games.db.rows``): where building and compiling the ORM's query
costs several times as much as running it, on the builder's every request."""

from __future__ import annotations

import json

from games.db.rows import fetch

from .models import PlanDraft

_DRAFT_SQL = f"SELECT plan FROM {PlanDraft._meta.db_table} WHERE round_id = %s AND seat_id = %s"


def draft_plan(round_id: int, seat_id: int) -> dict | None:
    """The seat's draft plan in the round, None if it has none (one draft a seat and round at
    most: a unique constraint). A JSON column comes through a plain cursor as text."""
    rows = fetch(_DRAFT_SQL, [round_id, seat_id])
    if not rows:
        return None
    plan = rows[0][0]
    return json.loads(plan) if isinstance(plan, str) else plan
