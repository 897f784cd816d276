"""The duel's plain reads (``games.db.rows``): where building and compiling the ORM's query
costs several times as much as running it, on the seat page's every request."""

from __future__ import annotations

from games.db.rows import fetch

from .models import DrawOffer

_OFFER_SEAT_SQL = f"SELECT seat FROM {DrawOffer._meta.db_table} WHERE game_id = %s"


def draw_offer_seat(game_id: int) -> int | None:
    """The player whose offer of a draw stands in the game, None if none does (one offer a
    game at most: the game is the offer's key)."""
    rows = fetch(_OFFER_SEAT_SQL, [game_id])
    return rows[0][0] if rows else None
