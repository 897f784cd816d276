"""Inserting many new rows at once: the noon batch's writes.

On PostgreSQL the rows go in through ``COPY``, with their ids drawn from the table's own
sequence first, so each object knows its id afterwards (as with ``bulk_create``). ``COPY``
skips what a large ``INSERT`` costs the client: Django compiling a placeholder per value and
psycopg splitting a query of thousands of them. Elsewhere (the embedded SQLite default) this is
``bulk_create``. Only for plain new rows: no signals are sent, as with ``bulk_create``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.db import DEFAULT_DB_ALIAS, connections, models

from . import queries


def insert(objects: Sequence[models.Model]) -> None:
    """Insert new, unsaved ``objects`` of one model and give each its id."""
    if not objects:
        return
    model = type(objects[0])
    connection = connections[DEFAULT_DB_ALIAS]
    if connection.vendor != "postgresql":
        model._default_manager.bulk_create(objects)
        return
    meta = model._meta
    fields = [f for f in meta.concrete_fields if not (f.primary_key and f.auto_created)]
    values = [_database_value(field, connection) for field in fields]
    if meta.pk.auto_created:
        for obj, pk in zip(
            objects, queries.next_ids(meta.db_table, _column(meta.pk), len(objects))
        ):
            obj.pk = pk
        fields, values = [meta.pk, *fields], [_primary_key, *values]
    with connection.cursor() as cursor:
        columns = ", ".join(connection.ops.quote_name(_column(f)) for f in fields)
        rows = [[value(obj) for value in values] for obj in objects]
        # Raised as Django's database errors, like every other query's.
        with (
            connection.wrap_database_errors,
            cursor.cursor.copy(
                f"COPY {connection.ops.quote_name(meta.db_table)} ({columns}) FROM STDIN"
            ) as copy,
        ):
            for row in rows:
                copy.write_row(row)
    for obj in objects:
        obj._state.adding, obj._state.db = False, connection.alias


# Values psycopg takes as they are, and which a field other than a JSON one saves unchanged:
# they skip the field's conversion, a few Python calls per value, on every value of a batch.
# (So does a time zone aware datetime on PostgreSQL: Django would only check it is aware.)
_PLAIN = frozenset({int, str, bool, type(None)})


def _column(field: models.Field) -> str:
    """A concrete field's column (only fields without one, which ``COPY`` never gets, have None)."""
    assert field.column is not None, field
    return field.column


def _primary_key(obj: models.Model):
    return obj.pk


def _database_value(field, connection):
    """A function giving ``field``'s value of an object as it is written to the database."""
    attname = field.attname
    if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
        return lambda obj: field.get_db_prep_save(field.pre_save(obj, True), connection)
    if isinstance(field, models.JSONField):
        return lambda obj: field.get_db_prep_save(getattr(obj, attname), connection)

    def plain_or_prepared(obj):
        value = getattr(obj, attname)
        kind = type(value)
        if kind in _PLAIN or (kind is datetime and value.tzinfo is not None):
            return value
        return field.get_db_prep_save(value, connection)

    return plain_or_prepared
