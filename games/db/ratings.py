"""The ratings' writes in a noon batch (``games.ratings``): each person's rating row locked
once per batch in one order, every changed row written back in one statement, the batch's
changes copied in as plain rows. On PostgreSQL each is one statement of SQL whose arrays go as
text; elsewhere (the embedded SQLite, which locks the whole database for a write) the ORM."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import connection

from ..models import Rating, RatingChange


@dataclass
class Held:
    """A person's rating as the batch moves it: its row's id (None for a newcomer's, made
    after his games are rated) and what ``update`` writes back (a batch's thousands of rows
    are not made into models)."""

    pk: int | None
    mu: float
    sigma: float
    games: int


_LOCK_SQL = """
    SELECT r.id, r.user_id, r.kind, r.mu, r.sigma, r.games FROM games_rating r
    WHERE (r.user_id, r.kind) IN (SELECT * FROM unnest(%s::bigint[], %s::text[]))
    ORDER BY r.id FOR UPDATE OF r"""


def locked(keys: list[tuple[int, str]]) -> dict[tuple[int, str], Held]:
    """The rating rows of ``keys`` ((user id, kind)) that exist, row-locked for the caller's
    transaction in the order of their ids, as ``Held`` by key: one statement.

    Two batches never wait on each other in a circle: each locks the rows it finds in the
    order of their ids, then makes the missing ones in the order of their keys (``make``); a
    batch waiting to make a row another batch made holds no row that batch still needs."""
    if not keys:
        return {}
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(_LOCK_SQL, _key_arrays(keys))
            rows = cursor.fetchall()
    else:
        wanted = set(keys)
        rows = [
            row
            for row in Rating.objects.select_for_update()
            .filter(user_id__in={user_id for user_id, _ in keys}, kind__in={k for _, k in keys})
            .order_by("pk")
            .values_list("pk", "user_id", "kind", "mu", "sigma", "games")
            if (row[1], row[2]) in wanted
        ]
    return {
        (user_id, kind): Held(pk, mu, sigma, games) for pk, user_id, kind, mu, sigma, games in rows
    }


_MAKE_SQL = """
    INSERT INTO games_rating (user_id, kind, mu, sigma, games, updated_at)
    SELECT v.user_id, v.kind, v.mu, v.sigma, v.games, %s
    FROM unnest(%s::bigint[], %s::text[], %s::float8[], %s::float8[], %s::integer[])
      WITH ORDINALITY AS v(user_id, kind, mu, sigma, games, n)
    ORDER BY v.n
    ON CONFLICT (user_id, kind) DO NOTHING
    RETURNING id, user_id, kind"""


def make(
    ratings: dict[tuple[int, str], Held], now: datetime
) -> tuple[dict[tuple[int, str], int], list[tuple[int, str]]]:
    """The rows of newcomers' ``ratings`` (no row when ``locked`` looked), made in the order of
    their keys at ``now``: one statement. Returns the ids of those made by key, and the keys
    whose rows another batch made first (its insert waited for that batch's end), made
    nothing here."""
    if not ratings:
        return {}, []
    keys = sorted(ratings)
    rows = [ratings[key] for key in keys]
    if connection.vendor != "postgresql":
        # SQLite's writes lock the whole database: the rows there now are all there will be.
        taken = set(locked(keys))
        Rating.objects.bulk_create(
            [
                Rating(
                    user_id=user_id,
                    kind=kind,
                    mu=r.mu,
                    sigma=r.sigma,
                    games=r.games,
                    updated_at=now,
                )
                for (user_id, kind), r in zip(keys, rows)
                if (user_id, kind) not in taken
            ]
        )
        found = locked([key for key in keys if key not in taken])
        return {key: held.pk for key, held in found.items() if held.pk is not None}, sorted(taken)
    with connection.cursor() as cursor:
        cursor.execute(
            _MAKE_SQL,
            [
                now,
                *_key_arrays(keys),
                *_number_arrays(rows),
            ],
        )
        made = {(user_id, kind): pk for pk, user_id, kind in cursor.fetchall()}
    return made, [key for key in keys if key not in made]


def _number_arrays(rows: list) -> list[str]:
    """The ratings' means, uncertainties and games as three arrays' text."""
    return [
        _array([r.mu for r in rows]),
        _array([r.sigma for r in rows]),
        _array([r.games for r in rows]),
    ]


def _key_arrays(keys: list[tuple[int, str]]) -> list[str]:
    """``keys`` as two arrays' text: their user ids and their kinds."""
    return [_array([user_id for user_id, _ in keys]), _text_array([kind for _, kind in keys])]


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
            assert held.pk is not None, "a row that exists"
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
                *_number_arrays(ratings),
            ],
        )


def _array(values: list) -> str:
    return "{" + ",".join(map(repr, values)) + "}"


def _text_array(values: list[str]) -> str:
    return (
        "{"
        + ",".join('"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"' for v in values)
        + "}"
    )


CHANGE_COLUMNS = (
    "game_id",
    "seat",
    "user_id",
    "kind",
    "place",
    "mu_before",
    "sigma_before",
    "mu_after",
    "sigma_after",
)

_COPY_CHANGES_SQL = f"COPY games_ratingchange ({', '.join(CHANGE_COLUMNS)}) FROM STDIN"


def insert_changes(rows: list[tuple]) -> None:
    """Insert the ``RatingChange`` rows given as tuples of ``CHANGE_COLUMNS``, in their order
    (their ids, from the table's sequence, in the same order: the order they were rated)."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        RatingChange.objects.bulk_create(
            [RatingChange(**dict(zip(CHANGE_COLUMNS, row))) for row in rows]
        )
        return
    # Raised as Django's database errors, like every other query's.
    with (
        connection.cursor() as cursor,
        connection.wrap_database_errors,
        cursor.cursor.copy(_COPY_CHANGES_SQL) as copy,
    ):
        for row in rows:
            copy.write_row(row)


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
