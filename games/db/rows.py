"""Models from a plain cursor's rows, for the few reads where the ORM's building and compiling
of a query costs several times as much as running it (``queries``; figures in
docs/performance.md).

    ROUND = Columns(Round, "r")
    cursor.execute(f"SELECT {ROUND.sql} FROM games_round r WHERE ...")
    rnd = ROUND.instance(cursor.fetchone())
"""

from __future__ import annotations

from django.db import connection


def fetch(sql: str, params: list) -> list[tuple]:
    """The rows of one plain read."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


class Columns:
    """A model's columns in a SELECT (``alias.column, ...``) and its instances from those
    values in a row, converted as the ORM converts them (JSON, a backend's dates)."""

    def __init__(self, model, alias: str):
        self.model = model
        self.fields = model._meta.concrete_fields
        self.names = [f.attname for f in self.fields]
        self.sql = ", ".join(f"{alias}.{f.column}" for f in self.fields)
        self._by_vendor: dict[str, list] = {}

    def instance(self, row, start: int = 0):
        values = list(row[start : start + len(self.fields)])
        for index, converters, col in self._converters():
            for converter in converters:
                values[index] = converter(values[index], col, connection)
        return self.model.from_db(connection.alias, self.names, values)

    def _converters(self) -> list:
        found = self._by_vendor.get(connection.vendor)
        if found is None:
            found = self._by_vendor[connection.vendor] = self._find_converters()
        return found

    def _find_converters(self) -> list:
        found = []
        for index, field in enumerate(self.fields):
            col = field.get_col(self.model._meta.db_table)
            converters = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
            if converters:
                found.append((index, converters, col))
        return found
