"""Model fields of the platform."""

from __future__ import annotations

import orjson
from django.db import models


class SnapshotField(models.JSONField):
    """A JSON document written whole and read whole (states, events, orders), never queried
    into.

    On PostgreSQL the column is ``text``: ``jsonb`` would take every document apart into a
    binary tree nobody here searches, and ``json`` would parse each document again to check it
    (both a large share of the database's work on a report row: docs/performance.md). The only
    writer is this field, through orjson, which writes nothing but valid JSON. Documents are
    written and read with orjson, the fastest reader of a state at hand.

    Its own placeholder makes Django's ``bulk_create`` insert rows as plain multi-row
    ``VALUES`` with real parameters: through ``UNNEST`` of arrays, psycopg would escape every
    document into an array literal character by character.
    """

    def db_type(self, connection):
        if connection.vendor == "postgresql":
            return "text"
        return super().db_type(connection)

    def get_placeholder(self, value, compiler, connection):
        return "%s"

    def get_db_prep_value(self, value, connection, prepared=False):
        if not prepared:
            value = self.get_prep_value(value)
        return _dumps(value).decode()

    def from_db_value(self, value, expression, connection):
        if isinstance(value, str):
            return orjson.loads(value)
        return value


def serialized(value) -> orjson.Fragment:
    """``value`` serialized once, now: a ``SnapshotField`` given it writes it as it is. For a
    document stored twice (a round's final state is also the next round's starting state)."""
    return orjson.Fragment(_dumps(value))


def _dumps(value) -> bytes:
    try:
        return orjson.dumps(value)
    except TypeError:  # keys other than strings (twice as slow to allow always)
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
