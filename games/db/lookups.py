"""``field__any=[...]``: the noon batch's lists of hundreds of ids, as one parameter.

``__in`` writes a placeholder per value, ``IN (%s, %s, …)``: for a batch of 500 rounds Django
compiles 500 placeholders and psycopg splits and binds 500 parameters, for each of a batch's
handful of queries. On PostgreSQL ``__any`` sends the list as one array, ``= ANY(%s)``;
elsewhere (SQLite) it is ``__in``. For lists of plain values such as ids. Registered on import
(``games.apps`` imports it when the app is ready).
"""

from __future__ import annotations

from django.core.exceptions import EmptyResultSet
from django.db.models import Field, ForeignObject
from django.db.models.fields.related_lookups import RelatedIn
from django.db.models.lookups import In


class _AsArrayOnPostgres:
    lookup_name: str | None = "any"  # typed as Django's ``Lookup`` types it

    def as_postgresql(self, compiler, connection):
        if not self.rhs_is_direct_value():  # a subquery: as ``__in``
            return self.as_sql(compiler, connection)
        lhs, lhs_params = self.process_lhs(compiler, connection)
        values = [value for value in self.rhs if value is not None]
        if not values:
            raise EmptyResultSet
        return f"{lhs} = ANY(%s)", (*lhs_params, values)


@Field.register_lookup
class AnyOf(_AsArrayOnPostgres, In):
    pass


@ForeignObject.register_lookup  # relations keep lookups of their own
class RelatedAnyOf(_AsArrayOnPostgres, RelatedIn):
    pass
