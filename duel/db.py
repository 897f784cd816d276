"""The duel's plain reads (``games.db.rows``): where building and compiling the ORM's query
costs several times as much as running it, on the seat page's every request."""

from __future__ import annotations

import json

from games.db.rows import fetch
from games.models import Report, Round

from .models import DrawOffer

_OFFER_SEAT_SQL = f"SELECT seat FROM {DrawOffer._meta.db_table} WHERE game_id = %s"


def draw_offer_seat(game_id: int) -> int | None:
    """The player whose offer of a draw stands in the game, None if none does (one offer a
    game at most: the game is the offer's key)."""
    rows = fetch(_OFFER_SEAT_SQL, [game_id])
    return rows[0][0] if rows else None


_LAST_PUBLISHED_SQL = (
    f"SELECT r.number, p.events FROM {Report._meta.db_table} p"
    f" JOIN {Round._meta.db_table} r ON p.round_id = r.id"
    " WHERE r.game_id = %s AND r.status = %s ORDER BY r.number DESC LIMIT 1"
)


def last_published(game_id: int) -> tuple[int, list] | None:
    """The game's last published round: its number and its report's events; None before the
    first."""
    rows = fetch(_LAST_PUBLISHED_SQL, [game_id, Round.Status.PUBLISHED.value])
    if not rows:
        return None
    number, events = rows[0]
    return number, json.loads(events) if isinstance(events, str) else events
