"""The ratings' writes in a noon batch (``games.ratings``): each person's rating row locked
once per batch in one order, and every changed row written back in one statement."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import connection

from ..models import Rating


@dataclass
class Held:
    """A locked rating row as the batch moves it: its id and what ``update`` writes back (a
    batch's thousands of rows are not made into models)."""

    pk: int
    mu: float
    sigma: float
    games: int
    updated_at: datetime | None = None


def locked(keys: list[tuple[int, str]], new: tuple[float, float], now: datetime) -> dict:
    """The ratings of ``keys`` ((user id, kind), sorted), row-locked for the caller's
    transaction and made at ``new`` where there were none, as ``Held`` by key.

    Two batches never wait on each other in a circle: each locks the rows it finds in the
    order of their ids, then makes the missing ones in the order of their keys; a batch
    waiting to make a row another batch made holds no row that batch still needs."""
    if not keys:
        return {}
    found = _lock(keys)
    missing = [key for key in keys if key not in found]
    if missing:
        Rating.objects.bulk_create(
            [
                Rating(user_id=user_id, kind=kind, mu=new[0], sigma=new[1], updated_at=now)
                for user_id, kind in missing
            ],
            ignore_conflicts=True,
        )
        found.update(_lock(missing))
    return found


def _lock(keys: list[tuple[int, str]]) -> dict:
    """The rows of exactly ``keys`` that exist, locked kind by kind, each kind's by id."""
    users: dict[str, list[int]] = {}
    for user_id, kind in keys:
        users.setdefault(kind, []).append(user_id)
    found = {}
    for kind in sorted(users):
        rows = (
            Rating.objects.select_for_update()
            .filter(kind=kind, user_id__any=users[kind])
            .order_by("pk")
            .values_list("pk", "user_id", "mu", "sigma", "games")
        )
        for pk, user_id, mu, sigma, games in rows:
            found[user_id, kind] = Held(pk, mu, sigma, games)
    return found


_UPDATE_SQL = """
    UPDATE games_rating r SET mu = v.mu, sigma = v.sigma, games = v.games, updated_at = %s
    FROM unnest(%s::bigint[], %s::float8[], %s::float8[], %s::integer[]) AS v(id, mu, sigma, games)
    WHERE r.id = v.id"""


def update(ratings: list[Held], now: datetime) -> None:
    """Write back the mean, uncertainty and games of each of ``ratings`` (rows that exist),
    moved at ``now``, in one statement: a batch's thousands of rows, where ``bulk_update``
    would compile a CASE of every id for each column. The arrays go as text (``repr`` of a
    float reads back as the same float), which psycopg would otherwise build value by value."""
    if not ratings:
        return
    if connection.vendor != "postgresql":
        for held in ratings:
            Rating.objects.filter(pk=held.pk).update(
                mu=held.mu, sigma=held.sigma, games=held.games, updated_at=now
            )
        return
    with connection.cursor() as cursor:
        cursor.execute(
            _UPDATE_SQL,
            [
                now,
                _array([r.pk for r in ratings]),
                _array([r.mu for r in ratings]),
                _array([r.sigma for r in ratings]),
                _array([r.games for r in ratings]),
            ],
        )


def _array(values: list) -> str:
    return "{" + ",".join(map(repr, values)) + "}"


def lock_tables() -> None:
    """Hold off every rating of a finished game until the caller's transaction ends (a
    rebuild's): PostgreSQL's table locks; elsewhere a write locks the whole database anyway."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("LOCK TABLE games_rating, games_ratingchange IN EXCLUSIVE MODE")


_RATED_ORDER_SQL = """
    SELECT game_id FROM games_ratingchange GROUP BY game_id ORDER BY min(id)"""


def rated_game_order() -> list[int]:
    """The ids of the games rated so far, in the order they were rated."""
    with connection.cursor() as cursor:
        cursor.execute(_RATED_ORDER_SQL)
        return [game_id for (game_id,) in cursor.fetchall()]
