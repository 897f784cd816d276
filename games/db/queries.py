"""Every hand-written SQL read of the platform, each behind a named function (each has a test in
tests/games/test_queries.py).

These are the reads of the busiest pages and of the order submit, where the ORM's building and
compiling of a query costs several times as much as running it (docs/performance.md). Each is
read through a plain cursor and made into models by ``rows.Columns``, converted as the ORM
converts them, so a caller cannot tell them from ORM reads. Everything else uses the ORM.
"""

from __future__ import annotations

import functools
import hashlib
import json
from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.db import connection

from ..models import Chatter, Game, Order, Round, Seat
from .rows import Columns, fetch

_SEAT, _GAME, _ROUND = Columns(Seat, "s"), Columns(Game, "g"), Columns(Round, "r")
_GAME_AT = len(_SEAT.fields)  # where a game's columns begin in a row that starts with a seat's
_ROUND_AT = _GAME_AT + len(_GAME.fields)


def ping() -> None:
    """``SELECT 1``: raises the database's error when it does not answer."""
    fetch("SELECT 1", [])


# --- the order submit -------------------------------------------------------------------------

_OPEN_ROUND_SQL = f"SELECT {_ROUND.sql} FROM games_round r WHERE r.game_id = %s AND r.status = %s"


def open_round(game_id: int, *, lock: bool = False) -> Round | None:
    """The game's open round (at most one: a unique constraint); with ``lock``, row-locked for
    the caller's transaction where the database has row locks (not SQLite, which locks the
    whole database for a write anyway)."""
    sql = _OPEN_ROUND_SQL
    if lock and connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    found = fetch(sql, [game_id, Round.Status.OPEN])
    return _ROUND.instance(found[0]) if found else None


# A person's seat of a ``kind`` game with the game and its open round, the round row-locked
# (only the round: ``OF r``) for the caller's transaction: the order submit's one read. No row
# if there is no such seat, it is not his, or no round is open.
_OWN_SEAT_OPEN_ROUND_SQL = f"""
    SELECT {_SEAT.sql}, {_GAME.sql}, {_ROUND.sql}
    FROM games_seat s JOIN games_game g ON g.id = s.game_id
    JOIN games_round r ON r.game_id = s.game_id AND r.status = %s
    WHERE s.game_id = %s AND s.number = %s AND s.user_id = %s AND g.kind = %s"""


def own_seat_open_round(
    game_id: int, number: int, user_id: int, kind: str
) -> tuple[Seat, Round] | None:
    """Seat ``number`` of a ``kind`` game if ``user_id`` holds it, its ``game`` read with it,
    and the game's open round, locked for the caller's transaction as ``open_round(lock=True)``
    locks it; None if there is no such seat, it is not his, or no round is open (the caller
    tells which apart, on that rare path). One statement instead of ``seat_with_game`` and
    ``open_round``."""
    sql = _OWN_SEAT_OPEN_ROUND_SQL
    if connection.features.has_select_for_update_of:
        sql += " FOR UPDATE OF r"
    found = fetch(sql, [Round.Status.OPEN, game_id, number, user_id, kind])
    if not found:
        return None
    (seat,) = _seats_with_their_game(found)
    return seat, _ROUND.instance(found[0], _ROUND_AT)


_SUBMITTED_SQL = """SELECT s.number FROM games_order o JOIN games_seat s ON s.id = o.seat_id
    WHERE o.round_id = %s"""


def submitted_seat_numbers(round_id: int) -> set[int]:
    """The numbers of the seats whose orders for the round are in."""
    return {number for (number,) in fetch(_SUBMITTED_SQL, [round_id])}


# The order and the seats whose orders were in before it, in one statement where the database
# writes in a CTE (PostgreSQL): the statement's snapshot is taken after the caller's round lock
# was granted, so it holds every order committed before; it does not see its own new row.
_INSERT_ORDER_SQL = """
    WITH new AS (
        INSERT INTO games_order (round_id, seat_id, payload, submitted_at)
        VALUES (%s, %s, %s, %s) RETURNING id
    ){chatter}
    SELECT new.id, s.number FROM new
    LEFT JOIN games_order o ON o.round_id = %s
    LEFT JOIN games_seat s ON s.id = o.seat_id"""
# With the seat's chatter for the round stored (inserted, or its lines replaced) in the same
# statement: PostgreSQL runs a writing CTE once whether or not the query reads it.
_CHATTER_CTE = """, said AS (
        INSERT INTO games_chatter (round_id, seat_id, lines, updated_at)
        VALUES (%s, %s, %s, %s)
        ON CONFLICT (round_id, seat_id)
        DO UPDATE SET lines = EXCLUDED.lines, updated_at = EXCLUDED.updated_at
    )"""
_INSERT_ORDER = _INSERT_ORDER_SQL.format(chatter="")
_INSERT_ORDER_AND_CHATTER = _INSERT_ORDER_SQL.format(chatter=_CHATTER_CTE)


def insert_order(order: Order, chatter: Chatter | None = None) -> set[int]:
    """Insert ``order`` (its ``pk`` set) and answer the numbers of the seats whose orders for
    its round were in before it: one round trip instead of a read and an insert (the order
    submit's, under its round's lock). With ``chatter`` (of the same round and seat), store it
    too, in the same statement: a new one, or the lines and time of the one there (its ``pk``
    is not set). A second order of the seat raises the unique constraint's
    ``IntegrityError``, and stores no chatter either."""
    if connection.vendor != "postgresql":  # no writing CTE: the read, then the ORM's writes
        before = submitted_seat_numbers(order.round_id)
        if chatter is not None:
            Chatter.objects.update_or_create(
                round_id=chatter.round_id,
                seat_id=chatter.seat_id,
                defaults={"lines": chatter.lines, "updated_at": chatter.updated_at},
            )
        order.save(force_insert=True)
        return before
    values = _values(order, ("round_id", "seat_id", "payload", "submitted_at"))
    if chatter is None:
        rows = fetch(_INSERT_ORDER, [*values, order.round_id])
    else:
        said = _values(chatter, ("round_id", "seat_id", "lines", "updated_at"))
        rows = fetch(_INSERT_ORDER_AND_CHATTER, [*values, *said, order.round_id])
    order.pk = rows[0][0]
    order._state.adding = False
    order._state.db = connection.alias
    return {number for _, number in rows if number is not None}


def _values(instance, names: tuple[str, ...]) -> list:
    """The instance's values of these fields, as its model's fields send them for a write."""
    fields = _FIELDS.get((type(instance), names))
    if fields is None:
        by_name = {f.attname: f for f in instance._meta.concrete_fields}
        fields = _FIELDS[type(instance), names] = [by_name[name] for name in names]
    return [
        field.get_db_prep_save(getattr(instance, field.attname), connection) for field in fields
    ]


# The fields of a model's inserts above, looked up once per process.
_FIELDS: dict[tuple[type, tuple[str, ...]], list] = {}


# --- a published round's page -----------------------------------------------------------------

# Whether the round is published, and whether the next one is too (its page links to it then;
# a published round itself never changes).
_PUBLISHED_AND_LATER_SQL = """
    SELECT r.id, EXISTS(SELECT 1 FROM games_round n WHERE n.game_id = r.game_id
                        AND n.number = r.number + 1 AND n.status = %s)
    FROM games_round r WHERE r.game_id = %s AND r.number = %s AND r.status = %s"""


def published_round_and_later(game_id: int, number: int) -> tuple[int, bool] | None:
    """The id of the game's published round ``number`` and whether round ``number + 1`` is
    published too; None if round ``number`` is not published."""
    published = Round.Status.PUBLISHED
    found = fetch(_PUBLISHED_AND_LATER_SQL, [published, game_id, number, published])
    if not found:
        return None
    round_id, later = found[0]
    return round_id, bool(later)


# --- a player's page: the busiest page of the site --------------------------------------------

_SEAT_WITH_GAME_SQL = f"""
    SELECT {_SEAT.sql}, {_GAME.sql} FROM games_seat s JOIN games_game g ON g.id = s.game_id
    WHERE s.game_id = %s AND s.number = %s AND g.kind = %s"""


def seat_with_game(game_id: int, number: int, kind: str) -> Seat | None:
    """Seat ``number`` of a ``kind`` game, its ``game`` read with it; None if there is none."""
    seats = _seats_with_their_game(fetch(_SEAT_WITH_GAME_SQL, [game_id, number, kind]))
    return seats[0] if seats else None


# Every seat of the game with the game, and on the row of the asked seat, if the person holds
# it, the game's open round with his own orders and chatter (the other rows' are NULL).
_PLAYER_PAGE_SQL = f"""
    SELECT {_SEAT.sql}, {_GAME.sql}, {_ROUND.sql},
      (SELECT o.payload FROM games_order o WHERE o.round_id = r.id AND o.seat_id = s.id),
      (SELECT c.lines FROM games_chatter c WHERE c.round_id = r.id AND c.seat_id = s.id)
    FROM games_seat s JOIN games_game g ON g.id = s.game_id
    LEFT JOIN games_round r ON r.game_id = s.game_id AND r.status = %s
      AND s.number = %s AND s.user_id = %s
    WHERE s.game_id = %s AND g.kind = %s ORDER BY s.number"""


class PlayerPageRows(NamedTuple):
    """The game's seats in order, each with the game; and, only if ``user_id`` holds the asked
    seat, the open round with that seat's own orders (a payload) and chatter (lines)."""

    seats: list[Seat]
    round: Round | None
    own_orders: dict | None
    own_chatter: list[str] | None


def player_page_rows(game_id: int, number: int, user_id: int | None, kind: str) -> PlayerPageRows:
    """What a player's page reads, in one statement: see ``PlayerPageRows``. No seats if the
    game is not a ``kind`` game."""
    rows = fetch(_PLAYER_PAGE_SQL, [Round.Status.OPEN, number, user_id, game_id, kind])
    seats = _seats_with_their_game(rows)
    asked = next((row for seat, row in zip(seats, rows) if seat.number == number), None)
    if asked is None or asked[_ROUND_AT] is None:  # no such seat, not his, or no round open
        return PlayerPageRows(seats, None, None, None)
    own_orders, own_chatter = asked[_ROUND_AT + len(_ROUND.fields) :]
    return PlayerPageRows(
        seats, _ROUND.instance(asked, _ROUND_AT), _json(own_orders), _json(own_chatter)
    )


def _seats_with_their_game(rows: list[tuple]) -> list[Seat]:
    """Seats from rows that begin with a seat's and its game's columns, sharing one game."""
    if not rows:
        return []
    game = _GAME.instance(rows[0], _GAME_AT)
    seats = [_SEAT.instance(row) for row in rows]
    for seat in seats:
        seat.game = game
    return seats


def _json(value):
    """A JSON column read through a plain cursor comes as text (as the database sends it)."""
    return json.loads(value) if isinstance(value, str) else value


# --- ids for bulk inserts ---------------------------------------------------------------------

_NEXT_IDS_SQL = "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)"


def next_ids(table: str, column: str, count: int) -> list[int]:
    """``count`` new ids from the sequence of ``table.column`` (PostgreSQL only), in order."""
    return [pk for (pk,) in fetch(_NEXT_IDS_SQL, [table, column, count])]


# --- a live page's check ----------------------------------------------------------------------

# The game's kind and status with its latest round (the open one, else the last published):
# what a page that waits on others shows changes with one of these. The (game, number) unique
# index finds the round.
_LIVE_MARKER_SQL = """
    SELECT g.kind, g.status, r.number, r.status, CAST(r.referee_input AS text)
    FROM games_game g LEFT JOIN games_round r ON r.game_id = g.id
      AND r.number = (SELECT MAX(m.number) FROM games_round m WHERE m.game_id = g.id)
    WHERE g.id = %s"""


class LiveMarker(NamedTuple):
    kind: str
    status: str
    round_number: int | None  # the latest round, None before the game starts
    round_status: str | None
    referee_input: str | None  # as text: the referee's removals and fixings for that round


def live_marker(game_id: int) -> LiveMarker | None:
    """What a live page of the game compares (``games.live``); None if there is no such game."""
    found = fetch(_LIVE_MARKER_SQL, [game_id])
    return LiveMarker(*found[0]) if found else None


# --- a game's public page ---------------------------------------------------------------------

# Everything a game's public page shows that may change, as text rows (each kind of row tagged
# by its first column): the game's own columns, its referee's name, every seat with its
# person's name, its unpublished rounds (open, failed), the seats whose orders for the open
# round are in, and the count of its published rounds (published rounds never change).
_PUBLIC_MARKER_SQL = """
    SELECT 'g', g.status, g.title, CAST(g.settings AS TEXT), CAST(g.winner_seat AS TEXT),
        CAST(g.deadline_days AS TEXT), g.time_zone, CAST(g.resolve_early AS TEXT),
        CAST(g.scored AS TEXT) || CAST(g.rated AS TEXT), u.username,
        CAST(g.started_at AS TEXT) || CAST(g.finished_at AS TEXT)
    FROM games_game g JOIN {users} u ON u.id = g.referee_id WHERE g.id = %s
    UNION ALL
    SELECT 's', CAST(s.number AS TEXT), CAST(s.user_id AS TEXT), CAST(s.computer AS TEXT),
        s.computer_level, s.name, su.username, NULL, NULL, NULL, NULL
    FROM games_seat s LEFT JOIN {users} su ON su.id = s.user_id WHERE s.game_id = %s
    UNION ALL
    SELECT 'r', CAST(r.id AS TEXT), r.status, CAST(r.deadline AS TEXT),
        CAST(r.deadline_extended AS TEXT), CAST(r.referee_input AS TEXT),
        CAST(r.failures AS TEXT), NULL, NULL, NULL, NULL
    FROM games_round r WHERE r.game_id = %s AND r.status <> %s
    UNION ALL
    SELECT 'o', CAST(o.seat_id AS TEXT), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM games_order o JOIN games_round r ON r.id = o.round_id
    WHERE r.game_id = %s AND r.status = %s
    UNION ALL
    SELECT 'p', CAST(COUNT(*) AS TEXT), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM games_round r WHERE r.game_id = %s AND r.status = %s"""


@functools.cache
def _public_marker_sql() -> str:
    return _PUBLIC_MARKER_SQL.format(users=get_user_model()._meta.db_table)


def public_page_marker(game_id: int) -> str | None:
    """A digest of everything a game's public page shows that may change (it changes with any
    of it); None if there is no such game. One statement."""
    sql = _public_marker_sql()
    published, open_ = Round.Status.PUBLISHED, Round.Status.OPEN
    rows = fetch(sql, [game_id, game_id, game_id, published, game_id, open_, game_id, published])
    if not any(row[0] == "g" for row in rows):
        return None
    text = "\n".join(sorted(repr(row) for row in rows))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()
